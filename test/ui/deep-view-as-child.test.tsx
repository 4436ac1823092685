/**
 * A subagent card given `asChild` (directly, through `ToolCallCard`, or through
 * `Transcript.ToolCall`) that shows a deeper view in its place: the view is the caller's element
 * too (an `<li>` stays the list's item, with no warning), with the caller's props and ref, the
 * way back and the deeper card in place of the element's own children; and a caller's
 * `aria-label` keeps its place in the view's name, which still says it is the deeper view of the
 * subagent it shows. One deeper view, then one opened from inside it, then back. Under React 19
 * (unit) and React 18.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { MAX_NESTED_SUBAGENTS, SubagentRun, ToolCallCard, Transcript } from '@toolpane/ui';
import { type ComponentType, createElement, type ReactElement, type Ref, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deepChain } from '../utils/deep-chain';

type Card = ComponentType<{ toolCallId: string; ref: Ref<HTMLElement> } & Record<string, unknown>>;

const CARDS: Record<string, Card> = {
  'SubagentRun.Root': SubagentRun.Root as never,
  ToolCallCard: ToolCallCard as never,
  'Transcript.ToolCall': Transcript.ToolCall as never,
};

/** The caller's element, in the element it belongs in; `parts` gives it the card's parts. */
const HOSTS: readonly [string, string, string, boolean][] = [
  ['<li> in a <ul>', 'ul', 'li', false],
  ['<article> with the parts of the card', 'div', 'article', true],
  ['<div>', 'div', 'div', false],
];

const CASES = Object.keys(CARDS).flatMap((card) =>
  HOSTS.flatMap(([host]) => [undefined, 'Research'].map((label) => [card, host, label] as const)),
);

afterEach(() => vi.restoreAllMocks());

describe(`a subagent card with asChild, in its deeper view, on React ${version}`, () => {
  it.each(CASES)('%s, %s, aria-label %s', { timeout: 60_000 }, (name, host, label) => {
    const [, outer, tag, withParts] = HOSTS.find(([named]) => named === host) ?? [];
    if (outer === undefined || tag === undefined) throw new Error(host);
    const complaints: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(3 * MAX_NESTED_SUBAGENTS));
    const seen: (HTMLElement | null)[] = [];
    const onClick = vi.fn();
    const element: ReactElement = createElement(
      tag,
      { 'data-host': '' },
      withParts ? [<SubagentRun.Trigger key="t" />, <SubagentRun.Content key="c" />] : undefined,
    );
    render(
      <ToolpaneProvider store={store}>
        {createElement(
          outer,
          null,
          createElement(
            CARDS[name] as Card,
            {
              toolCallId: 'agent-0',
              asChild: true,
              ref: (node: HTMLElement | null) => {
                seen.push(node);
              },
              id: 'mine',
              className: 'mine',
              'data-testid': 'mine',
              'aria-description': 'Research',
              ...(label === undefined ? {} : { 'aria-label': label }),
              onClick,
            },
            element,
          ),
        )}
      </ToolpaneProvider>,
    );
    const carries = (shown: HTMLElement, slot: string) => {
      expect(screen.getByTestId('mine')).toBe(shown);
      expect(shown.tagName).toBe(tag.toUpperCase());
      expect(shown).toHaveAttribute('data-host', '');
      expect(shown).toHaveAttribute('data-slot', slot);
      expect(shown).toHaveAttribute('id', 'mine');
      expect(shown).toHaveClass('mine');
      expect(shown).toHaveAttribute('aria-description', 'Research');
      expect(shown.parentElement?.tagName).toBe(outer.toUpperCase());
      expect(seen.at(-1)).toBe(shown);
    };
    const card = screen.getByTestId('mine');
    carries(card, 'subagent-run');
    if (label !== undefined) expect(card).toHaveAccessibleName(label);

    for (const depth of ['first', 'second']) {
      const notes = screen.getAllByRole('note');
      const open = within(notes[notes.length - 1] as HTMLElement).getByRole('button', {
        name: 'Open what it did',
      });
      act(() => fireEvent.click(open));
      const view = screen.getByRole('region', {
        name: label === undefined ? 'Deeper: sub' : `${label}, Deeper: sub`,
      });
      carries(view, 'subagent-run-deep-view');
      expect(view.firstElementChild, depth).toBe(
        screen.getByRole('button', { name: 'Back to the outermost subagent' }),
      );
      expect(view.firstElementChild, depth).toHaveFocus();
      // The deeper card is the subagent's own, without the caller's element or props.
      expect(view.querySelectorAll('[data-host], #mine, .mine'), depth).toHaveLength(0);
      expect(view.querySelectorAll(':scope > [data-slot="subagent-run"]'), depth).toHaveLength(1);
      onClick.mockClear();
      act(() => fireEvent.click(view));
      expect(onClick, depth).toHaveBeenCalledTimes(1);
    }

    act(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Back to the outermost subagent' })),
    );
    carries(screen.getByTestId('mine'), 'subagent-run');
    expect(screen.queryByRole('region', { name: /Deeper/ })).toBeNull();
    expect(complaints).toEqual([]);
  });
});
