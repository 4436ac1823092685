import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStoreOptions } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * Reading layout or computed style while React commits makes the browser style and lay out the
 * page there and then, once per element that asks; in a live transcript that happened for every
 * subagent card that appeared open. These tests count such reads while a recording streams in
 * chunk by chunk, and while a person closes and opens a card.
 */
function countReads() {
  let reads = 0;
  const count = () => {
    reads++;
  };
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    count();
    return rect.call(this);
  });
  const style = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    count();
    return style(element, pseudo);
  });
  const offset = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')?.get;
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    count();
    return offset?.call(this) ?? 0;
  });
  return () => reads;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each<[string, string, ToolpaneStoreOptions]>([
  ['native, two deep', 'subagent-two-level', {}],
  ['native, three deep', 'subagent-three-deep', {}],
  ['native, in parallel', 'subagents-parallel', {}],
  ['AI SDK UI', 'subagent-aisdk-ui-v6', { formats: [aiSdk] }],
])('A live transcript with subagents (%s)', (_, name, options) => {
  it('mounts every card, nested ones too, without reading layout or computed style', async () => {
    const store = createToolpaneStore(options);
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const reads = countReads();
    for (const chunk of loadFixture(name)) act(() => store.dispatch(chunk));
    act(() => store.dispatch({ type: 'toolpane/stream-end' }));
    expect(store.getState().issues).toEqual([]);
    const cards = [...container.querySelectorAll<HTMLElement>('[data-slot="subagent-run"]')];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card).toHaveAttribute('data-state', 'open');
      expect(card.querySelector(':scope > [data-slot="subagent-run-content"]')).not.toBeNull();
    }
    expect(reads()).toBe(0);

    // Closed by keyboard, the body goes and the trigger says so; opened again, it is back, and
    // the trigger names it.
    const card = cards[0] as HTMLElement;
    // Found by slot: a role query reads computed style itself.
    const trigger = card.querySelector(
      ':scope > [data-slot="subagent-run-trigger"]',
    ) as HTMLElement;
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(card).toHaveAttribute('data-state', 'closed');
    expect(card.querySelector(':scope > [data-slot="subagent-run-content"]')).toBeNull();
    await userEvent.keyboard('{Enter}');
    const content = card.querySelector(':scope > [data-slot="subagent-run-content"]');
    expect(content).not.toBeNull();
    expect(content).toHaveAttribute('data-state', 'open');
    expect(trigger).toHaveAttribute('aria-controls', content?.id);
    expect(reads()).toBe(0);
  });
});
