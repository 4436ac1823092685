import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { MAX_NESTED_SUBAGENTS, Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { deepChain } from '../utils/deep-chain';

/** Subagent chains deeper than a page can nest: capped, said so, and the rest opens. */
describe('deep subagent chains', () => {
  function renderChain(depth: number) {
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(depth));
    return render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
  }

  const nestedCards = (container: HTMLElement) =>
    container.querySelectorAll('[data-slot="subagent-run"]').length;

  it('nests at most the cap, says so, and opens the rest down to the approval', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    const depth = 100;
    const { container } = renderChain(depth);
    expect(nestedCards(container)).toBe(MAX_NESTED_SUBAGENTS);
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    let note = screen.getByRole('note');
    expect(note).toHaveTextContent(`more than ${MAX_NESTED_SUBAGENTS} levels deep`);
    expect(note).toHaveTextContent('A call below it waits for you.');

    // Each opening shows the next levels as a view of their own, never deeper than the cap.
    let opened = 0;
    while (screen.queryByRole('button', { name: /^Approve/ }) === null) {
      await user.click(within(note).getByRole('button', { name: 'Open what it did' }));
      opened++;
      expect(nestedCards(container)).toBeLessThanOrEqual(MAX_NESTED_SUBAGENTS);
      expect(screen.getByRole('button', { name: 'Back to the outermost subagent' })).toHaveFocus();
      if (screen.queryByRole('button', { name: /^Approve/ }) !== null) break;
      note = screen.getByRole('note');
    }
    expect(opened).toBe(Math.ceil(depth / (MAX_NESTED_SUBAGENTS - 1)) - 1);
    expect(screen.getByRole('group', { name: 'deleteTool' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to the outermost subagent' }));
    expect(screen.queryByRole('region', { name: /^Deeper/ })).toBeNull();
    expect(nestedCards(container)).toBe(MAX_NESTED_SUBAGENTS);
  });

  it('shows a chain within the cap whole, with no note', () => {
    const { container } = renderChain(MAX_NESTED_SUBAGENTS - 1);
    expect(nestedCards(container)).toBe(MAX_NESTED_SUBAGENTS - 1);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
  });
});
