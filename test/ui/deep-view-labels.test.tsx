/**
 * The deeper view a subagent card shows in its place keeps saying what it is, "Deeper: <the
 * subagent>", whatever labels the caller gives: an `aria-label`, an `aria-labelledby` (whose
 * elements name the view first, as they would without it), or both, on the card
 * (`SubagentRun.Root`, `ToolCallCard`, `Transcript.ToolCall`) or, with `asChild`, on the
 * caller's element, with and without an `id` of the caller's. Names are computed as a screen
 * reader's are (testing-library's `getByRole(…, { name })`). One deeper view, then one opened
 * from inside it, then back to the card, which has the caller's labels again. Under React 19
 * (unit) and React 18.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { MAX_NESTED_SUBAGENTS, SubagentRun, ToolCallCard, Transcript } from '@toolpane/ui';
import { type ComponentType, createElement, type Ref, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deepChain } from '../utils/deep-chain';

type Card = ComponentType<{ toolCallId: string; ref: Ref<HTMLElement> } & Record<string, unknown>>;

const CARDS: Record<string, Card> = {
  'SubagentRun.Root': SubagentRun.Root as never,
  ToolCallCard: ToolCallCard as never,
  'Transcript.ToolCall': Transcript.ToolCall as never,
};

/** The caller's labels, the card's name with them, and the deeper view's. */
const LABELS: readonly [string, Record<string, string>, string, string][] = [
  ['no labels', {}, 'sub', 'Deeper: sub'],
  ['aria-label', { 'aria-label': 'Research' }, 'Research', 'Research, Deeper: sub'],
  [
    'aria-labelledby',
    { 'aria-labelledby': 'team draft' },
    'Team notes Draft',
    'Team notes Draft Deeper: sub',
  ],
  [
    'aria-label and aria-labelledby',
    { 'aria-label': 'Research', 'aria-labelledby': 'team draft' },
    'Team notes Draft',
    'Team notes Draft Research, Deeper: sub',
  ],
];

/** Where the caller's labels (and id) go: the card's props, or the `asChild` element's. */
const PLACES = ['the card', 'the card, asChild', "the asChild element's own"] as const;

const CASES = Object.keys(CARDS).flatMap((card) =>
  PLACES.flatMap((place) =>
    LABELS.flatMap(([labels]) => [false, true].map((id) => [card, place, labels, id] as const)),
  ),
);

afterEach(() => vi.restoreAllMocks());

describe(`the name of a subagent's deeper view, on React ${version}`, () => {
  it.each(CASES)('%s, labels on %s: %s, id %s', { timeout: 60_000 }, (name, place, labels, id) => {
    const [, given, cardName, viewName] = LABELS.find(([named]) => named === labels) ?? [];
    if (given === undefined || cardName === undefined || viewName === undefined)
      throw new Error(labels);
    const complaints: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(3 * MAX_NESTED_SUBAGENTS));
    const caller: Record<string, string> = {
      ...given,
      ...(id ? { id: 'mine' } : {}),
      'data-testid': 'mine',
    };
    const asChild = place !== 'the card';
    const onElement = place === "the asChild element's own";
    render(
      <ToolpaneProvider store={store}>
        <h2 id="team">Team notes</h2>
        <p id="draft">Draft</p>
        {createElement(
          asChild ? 'ul' : 'div',
          null,
          createElement(
            CARDS[name] as Card,
            {
              toolCallId: 'agent-0',
              ref: () => {},
              ...(onElement ? {} : caller),
              ...(asChild ? { asChild: true } : {}),
            },
            asChild ? createElement('li', onElement ? caller : {}) : undefined,
          ),
        )}
      </ToolpaneProvider>,
    );
    const card = screen.getByTestId('mine');
    expect(card).toHaveAttribute('data-slot', 'subagent-run');
    expect(card).toHaveAccessibleName(cardName);

    for (const depth of ['first', 'second']) {
      const notes = screen.getAllByRole('note');
      const open = within(notes[notes.length - 1] as HTMLElement).getByRole('button', {
        name: 'Open what it did',
      });
      act(() => fireEvent.click(open));
      const view = screen.getByRole('region', { name: viewName });
      expect(view, depth).toBe(screen.getByTestId('mine'));
      expect(view, depth).toHaveAttribute('data-slot', 'subagent-run-deep-view');
      expect(view.tagName, depth).toBe(asChild ? 'LI' : 'SECTION');
      if (id) expect(view, depth).toHaveAttribute('id', 'mine');
      expect(screen.getAllByRole('region', { name: /Deeper/ }), depth).toHaveLength(1);
    }

    act(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Back to the outermost subagent' })),
    );
    const back = screen.getByTestId('mine');
    expect(back).toHaveAttribute('data-slot', 'subagent-run');
    expect(back).toHaveAccessibleName(cardName);
    if (id) expect(back).toHaveAttribute('id', 'mine');
    expect(screen.queryByRole('region', { name: /Deeper/ })).toBeNull();
    expect(complaints).toEqual([]);
  });
});
