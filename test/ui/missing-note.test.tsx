/**
 * The note a card draws for a call the store lacks (`missing`), through `ToolCall.Root`,
 * `ToolCallCard` and `Transcript.ToolCall`, as itself and with `asChild` (an `<li>` of the
 * caller's inside a `<ul>`), in every state of every recording with calls (native and AI SDK),
 * and across a request and the recordings that answered it in one store. A `missing` React draws
 * as nothing (`null`, `false`, `true`, `''`, a list of those) draws nothing and the ref is null;
 * `undefined` draws the default note; anything else is what the note says. With `asChild` the
 * note is the caller's element, with its props and ref, saying the note's words in place of the
 * element's own children, so it nests where the caller put it without a warning, and hydrates.
 * Once the call arrives the caller's element is the card. Under React 19 (unit) and React 18.
 */
import { act, render } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall, ToolCallCard, Transcript } from '@toolpane/ui';
import {
  type ComponentType,
  createElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  version,
} from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';
import { MISSING_WORDS } from '../utils/missing-words.js';
import { callsOf, playChecking, RECORDINGS, SEQUENCES, storeFor } from '../utils/refs.js';

type Card = ComponentType<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;

const CARDS: Record<string, Card> = {
  'ToolCall.Root': ToolCall.Root as never,
  ToolCallCard: ToolCallCard as never,
  'Transcript.ToolCall': Transcript.ToolCall as never,
};

/** The element given with `asChild`: bare, or holding parts of the card it stands for. */
const HOSTS: readonly [string, () => ReactElement][] = [
  ['<li />', () => <li className="mine" data-host="" />],
  [
    '<li> with parts',
    () => (
      <li className="mine" data-host="">
        <ToolCall.Title />
      </li>
    ),
  ],
];

interface Drawn {
  readonly key: string;
  readonly id: string;
  readonly words: string | null;
  readonly asChild: boolean;
  readonly ref: { current: HTMLElement | null };
}

/**
 * Every card, `missing` and host for each call (the values take turns across calls and cards,
 * and every one is drawn for the first call), each in an element of its own (with `asChild`, a
 * list).
 */
function drawAll(ids: readonly string[]): { drawn: Drawn[]; tree: ReactNode } {
  const drawn: Drawn[] = [];
  const tree: ReactNode[] = [];
  for (const [index, id] of ids.entries()) {
    for (const [cardIndex, [cardName, card]] of Object.entries(CARDS).entries()) {
      for (const [missingIndex, [label, missing, words]] of MISSING_WORDS.entries()) {
        if (index > 0 && (index + cardIndex) % MISSING_WORDS.length !== missingIndex) continue;
        for (const [hostLabel, makeHost] of [['', undefined] as const, ...HOSTS]) {
          const key = `${cardName} ${id} missing=${label}${hostLabel ? ` asChild ${hostLabel}` : ''}`;
          const ref = { current: null as HTMLElement | null };
          drawn.push({ key, id, words: words(id), asChild: makeHost !== undefined, ref });
          tree.push(
            createElement(
              makeHost === undefined ? 'div' : 'ul',
              { key, 'data-card': drawn.length - 1 },
              createElement(
                card,
                {
                  toolCallId: id,
                  missing,
                  ref,
                  ...(makeHost === undefined ? {} : { asChild: true, id: `probe-${drawn.length}` }),
                },
                makeHost?.(),
              ),
            ),
          );
        }
      }
    }
  }
  return { drawn, tree };
}

/** What is wrong with each drawn card in this state: `has(id)` says whether the store has the call. */
function problems(drawn: readonly Drawn[], has: (id: string) => boolean): string[] {
  const found: string[] = [];
  for (const [index, { key, id, words, asChild, ref }] of drawn.entries()) {
    const list = document.querySelector(`[data-card="${index}"]`) as HTMLElement;
    const say = (what: string) => found.push(`${key}: ${what}`);
    const shown = list.firstElementChild as HTMLElement | null;
    if (ref.current !== shown) say(`ref is ${ref.current?.getAttribute('data-slot') ?? 'null'}`);
    if (list.childNodes.length > 1) say(`${list.childNodes.length} nodes`);
    if (asChild && shown !== null) {
      if (shown.tagName !== 'LI') say(`a <${shown.tagName.toLowerCase()}> in the list`);
      if (!shown.classList.contains('mine') || !shown.hasAttribute('data-host'))
        say('not the caller element');
    }
    if (has(id)) {
      if (!['tool-call', 'subagent-run'].includes(shown?.getAttribute('data-slot') ?? ''))
        say(`shows ${shown?.getAttribute('data-slot') ?? 'nothing'}, not the card`);
      continue;
    }
    if (words === null) {
      if (list.childNodes.length > 0) say(`shows ${list.innerHTML}`);
      continue;
    }
    if (shown?.getAttribute('data-slot') !== 'tool-call-missing') say('no note');
    else if (shown.getAttribute('role') !== 'note') say('the note is not a note');
    else if (shown.textContent !== words) say(`the note says ${shown.textContent}`);
  }
  return found;
}

const CASES = [...RECORDINGS.map((name) => [name]), ...SEQUENCES].map(
  (names) => [names.join(' then '), names] as const,
);

afterEach(() => {
  unmountHydrated();
  vi.restoreAllMocks();
});

describe(`the note for a call the store lacks, on React ${version}`, () => {
  it.each(CASES)('%s', { timeout: 120_000 }, (_, names) => {
    const recordings = names.map((name) => loadFixture(name));
    const chunks = recordings.flat();
    const ids = ['call-from-elsewhere', ...callsOf(chunks).keys()];
    const store = storeFor(chunks);
    const warnings: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => warnings.push(args));
    const { drawn, tree } = drawAll(ids);
    render(<ToolpaneProvider store={store}>{tree}</ToolpaneProvider>);
    const check = (state: string) => {
      const { toolCalls } = store.getState();
      expect(
        problems(drawn, (id) => toolCalls.has(id)),
        state,
      ).toEqual([]);
      expect(warnings, state).toEqual([]);
    };
    playChecking(store, recordings, act, check, true);
  });

  it.each(Object.keys(CARDS))(
    '%s: server markup of each note hydrates without a complaint',
    async (cardName) => {
      const { drawn, tree } = drawAll(['call-1']);
      const page = <ToolpaneProvider store={createToolpaneStore()}>{tree}</ToolpaneProvider>;
      const html = renderToString(page);
      const { container, complaints } = await hydrateIn(html, page);
      expect(complaints).toEqual([]);
      const ofCard = [...drawn.entries()].filter(([, { key }]) => key.startsWith(`${cardName} `));
      expect(ofCard.length).toBeGreaterThan(0);
      for (const [index, { key, words, ref }] of ofCard) {
        const list = container.querySelector(`[data-card="${index}"]`);
        expect(ref.current, key).toBe(list?.firstElementChild ?? null);
        expect(ref.current?.textContent ?? null, key).toBe(words);
      }
    },
  );
});
