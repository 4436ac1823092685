import { expect, userEvent, waitFor, within } from 'storybook/test';

/**
 * Plays a Replay story to its end: switches the player to Instant, then waits until every chunk
 * is in the store ("Done: chunk n of n"), so what follows (the play's checks, then axe) sees the
 * replayed end state, never a page half-way through.
 */
export async function playToEnd(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Speed' }), 'Instant');
  await waitFor(
    async () => {
      const progress = canvasElement.querySelector('.replay-progress');
      await expect(progress).toHaveAttribute('data-done');
      const [, position, total] = /chunk (\d+) of (\d+)/.exec(progress?.textContent ?? '') ?? [];
      await expect(position).toBe(total);
    },
    { timeout: 10_000 },
  );
}

/**
 * Collects the text of everything the story showed while it ran, from the first mutation on, so
 * a play can check that a value never appeared, not only that it is gone at the end.
 */
export function watchText(root: HTMLElement): { seen(): string; stop(): void } {
  const texts: string[] = [root.textContent ?? ''];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      texts.push(target?.textContent ?? '');
      if (target instanceof Element) texts.push(target.outerHTML);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  return {
    seen: () => texts.join('\n'),
    stop: () => observer.disconnect(),
  };
}
