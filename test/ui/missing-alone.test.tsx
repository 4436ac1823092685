/**
 * `ToolCall.Missing` (also exported as `MissingToolCall`) used on its own follows the rule a
 * card's `missing` follows: what it says is its children, or with `asChild` the caller's
 * element's own children. Words React draws as nothing (`null`, `false`, `true`, `''`, a list of
 * those, `undefined` in a list) draw no note and leave the ref null; no words at all (no
 * children, or an element without children) draw the default note; anything else is what the
 * note says. With `asChild` the note is the caller's element (an `<li>` in a list), with its
 * props and ref. In the browser, and as server markup that hydrates without a complaint. Under
 * React 19 (unit) and React 18.
 */
import { render } from '@testing-library/react';
import { MissingToolCall, ToolCall } from '@toolpane/ui';
import { type ComponentType, createElement, type ReactNode, type Ref, version } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';
import { MISSING_WORDS } from '../utils/missing-words.js';

type Note = ComponentType<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;

const NOTES: Record<string, Note> = {
  'ToolCall.Missing': ToolCall.Missing as never,
  MissingToolCall: MissingToolCall as never,
};

interface Drawn {
  readonly key: string;
  readonly words: string | null;
  readonly asChild: boolean;
  readonly ref: { current: HTMLElement | null };
}

/** Every note and set of words, as itself (in a `div`) and with `asChild` (an `<li>` in a list). */
function drawAll(id: string): { drawn: Drawn[]; tree: ReactNode[] } {
  const drawn: Drawn[] = [];
  const tree: ReactNode[] = [];
  for (const [name, note] of Object.entries(NOTES)) {
    for (const [label, words, says] of MISSING_WORDS) {
      for (const asChild of [false, true]) {
        const key = `${name} words=${label}${asChild ? ' asChild' : ''}`;
        const ref = { current: null as HTMLElement | null };
        drawn.push({ key, words: says(id), asChild, ref });
        const props = { toolCallId: id, ref, className: 'mine', 'data-testid': key };
        tree.push(
          createElement(
            asChild ? 'ul' : 'div',
            { key, 'data-note': drawn.length - 1 },
            asChild
              ? createElement(
                  note,
                  { ...props, asChild: true },
                  createElement('li', { 'data-host': '' }, words),
                )
              : createElement(note, props, words),
          ),
        );
      }
    }
  }
  return { drawn, tree };
}

/** What is wrong with each drawn note. */
function problems(drawn: readonly Drawn[], root: ParentNode): string[] {
  const found: string[] = [];
  for (const [index, { key, words, asChild, ref }] of drawn.entries()) {
    const outer = root.querySelector(`[data-note="${index}"]`) as HTMLElement;
    const say = (what: string) => found.push(`${key}: ${what}`);
    const shown = outer.firstElementChild as HTMLElement | null;
    if (ref.current !== shown) say(`ref is ${ref.current?.tagName ?? 'null'}`);
    if (words === null) {
      if (outer.childNodes.length > 0) say(`shows ${outer.innerHTML}`);
      continue;
    }
    if (outer.childNodes.length !== 1) say(`${outer.childNodes.length} nodes`);
    if (shown === null) {
      say('no note');
      continue;
    }
    if (shown.getAttribute('data-slot') !== 'tool-call-missing') say('not the note');
    if (shown.getAttribute('role') !== 'note') say('the note is not a note');
    if (!shown.classList.contains('mine')) say('without the caller className');
    if (asChild && (shown.tagName !== 'LI' || !shown.hasAttribute('data-host')))
      say(`a <${shown.tagName.toLowerCase()}>, not the caller element`);
    if (shown.textContent !== words) say(`says ${JSON.stringify(shown.textContent)}`);
  }
  return found;
}

afterEach(() => {
  unmountHydrated();
  vi.restoreAllMocks();
});

describe(`ToolCall.Missing on its own, on React ${version}`, () => {
  it('draws the note its words call for, or nothing', () => {
    const complaints: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
    const { drawn, tree } = drawAll('call-1');
    const { container } = render(<div>{tree}</div>);
    expect(problems(drawn, container)).toEqual([]);
    expect(complaints).toEqual([]);
  });

  it('server markup of each note hydrates without a complaint', async () => {
    const { drawn, tree } = drawAll('call-1');
    const page = <div>{tree}</div>;
    const html = renderToString(page);
    const { container, complaints } = await hydrateIn(html, page);
    expect(complaints).toEqual([]);
    expect(problems(drawn, container)).toEqual([]);
  });
});
