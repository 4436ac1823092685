import { act, render } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { SubagentRun, Transcript } from '@toolpane/ui';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitText } from '../../packages/ui/src/run-parts/long-text.js';
import { loadFixture } from '../utils/fixtures';
import { runs } from '../utils/property';

/*
 * A long answer is shown in pieces, so a text delta makes the browser set and lay out the last
 * piece rather than the whole text (the long-answer story checks in Chromium that the pieces
 * look, measure and copy as one text node).
 */

const EMPTY = splitText({ closedText: '', closed: [], open: 0, atLineStart: true }, '');

/** Texts with long lines, short lines, blank lines, spaces, and letters outside the BMP. */
const texts = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }) },
      { weight: 2, arbitrary: fc.constantFrom(' ', '\n', '\n\n', '😀', 'é') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 9000 }) },
    ),
    { maxLength: 600 },
  )
  .map((parts) => parts.join(''));

/** The text the pieces of `text` hold, in order. */
const joined = (text: string) => {
  const pieces = splitText(EMPTY, text);
  return pieces.closed.map((piece) => piece.text).join('') + text.slice(pieces.open);
};

describe('splitText', () => {
  it('holds the text exactly, in pieces that never cut a surrogate pair', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(joined(text)).toBe(text);
        const pieces = splitText(EMPTY, text);
        let at = 0;
        for (const piece of pieces.closed) {
          expect(piece.start).toBe(at);
          at += piece.text.length;
          const last = piece.text.charCodeAt(piece.text.length - 1);
          expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
          expect(piece.text.length).toBeGreaterThanOrEqual(2048);
          expect(piece.text.length).toBeLessThanOrEqual(8192);
        }
        expect(pieces.open).toBe(at);
      }),
      runs(200),
    );
  });

  it('keeps the pieces it closed while the text grows, and finds the same as all at once', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        let pieces = EMPTY;
        const ends = [...cuts.map((cut) => cut % (text.length + 1)), text.length].sort(
          (a, b) => a - b,
        );
        for (const end of ends) {
          const before = pieces;
          pieces = splitText(pieces, text.slice(0, end));
          // What was closed stays, the same objects.
          expect(pieces.closed.slice(0, before.closed.length)).toStrictEqual(before.closed);
          for (const [i, piece] of before.closed.entries()) expect(pieces.closed[i]).toBe(piece);
        }
        expect(pieces.closed).toEqual(splitText(EMPTY, text).closed);
      }),
      runs(200),
    );
  });

  it('a block begins where a line begins', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const piece of splitText(EMPTY, text).closed) {
          if (!piece.block) continue;
          expect(piece.text.endsWith('\n')).toBe(true);
          expect(piece.start === 0 || text[piece.start - 1] === '\n').toBe(true);
        }
      }),
      runs(200),
    );
  });

  it('starts again when the text is not the one it split before', () => {
    const long = `${'a'.repeat(3000)}\n${'b'.repeat(3000)}\n${'c'.repeat(10)}`;
    const pieces = splitText(EMPTY, long);
    const other = `${'x'.repeat(3000)}\n${'y'.repeat(10)}`;
    expect(joined(other)).toBe(other);
    expect(splitText(pieces, other).closed.map((piece) => piece.text)).toEqual([
      `${'x'.repeat(3000)}\n`,
    ]);
  });
});

/** The recorded weather answer, its text deltas replaced by `deltas`. */
function answer(deltas: readonly string[]): unknown[] {
  const chunks = loadFixture('tool-then-text') as { type: string; payload?: { text?: string } }[];
  const first = chunks.findIndex((chunk) => chunk.type === 'text-delta');
  const template = chunks[first]!;
  const rest = chunks.slice(first).filter((chunk) => chunk.type !== 'text-delta');
  return [
    ...chunks.slice(0, first),
    ...deltas.map((text) => ({ ...template, payload: { ...template.payload, text } })),
    ...rest,
  ];
}

describe('a long answer in the transcript', () => {
  it('sets only the last piece per update, however long the text is', () => {
    // 40 lines of about 100 characters make 4 KB; 60 of them, 240 KB.
    const line = (i: number) => `Line ${i}: ${'lorem ipsum dolor sit amet '.repeat(3)}\n`;
    const deltas = Array.from({ length: 2400 }, (_, i) => line(i));
    const chunks = answer(deltas);
    const firstDelta = chunks.findIndex(
      (chunk) => (chunk as { type: string }).type === 'text-delta',
    );
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, firstDelta));
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const written: number[] = [];
    const pending: MutationRecord[] = [];
    const observer = new MutationObserver((records) => pending.push(...records));
    observer.observe(container, { subtree: true, characterData: true, childList: true });
    let shown = '';
    for (let i = firstDelta; i < firstDelta + deltas.length; i += 10) {
      act(() => store.dispatchMany(chunks.slice(i, Math.min(i + 10, firstDelta + deltas.length))));
      pending.push(...observer.takeRecords());
      let length = 0;
      for (const record of pending.splice(0)) {
        if (record.type === 'characterData') length += record.target.textContent?.length ?? 0;
        for (const node of record.addedNodes) length += node.textContent?.length ?? 0;
      }
      written.push(length);
      shown = deltas.slice(0, i - firstDelta + 10).join('');
      const text = container.querySelector('.tp-transcript-text') as HTMLElement;
      expect(text.textContent).toBe(shown);
    }
    observer.disconnect();
    expect(shown.length).toBeGreaterThan(200_000);
    // Each update wrote at most one open piece and the piece it closed, not the whole answer.
    const text = container.querySelector('.tp-transcript-text') as HTMLElement;
    expect(text.querySelectorAll('.tp-long-text-block').length).toBeGreaterThan(50);
    expect(Math.max(...written)).toBeLessThan(2 * 8192 + 10 * line(9999).length);
  });

  it('shows a short answer as one text node, as it came', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('tool-then-text'));
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const text = container.querySelector('.tp-transcript-text') as HTMLElement;
    expect(text.childNodes).toHaveLength(1);
    expect(text.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect(text.textContent).toBe('It is 21°C and sunny in Paris.');
  });

  it("shows a subagent's long answer in pieces too", () => {
    const long = Array.from(
      { length: 400 },
      (_, i) => `Step ${i}: ${'done and checked '.repeat(4)}\n`,
    ).join('');
    const chunks = JSON.parse(
      JSON.stringify(loadFixture('subagent')).replace(
        '"text":"Paris: "',
        `"text":${JSON.stringify(long)}`,
      ),
    ) as unknown[];
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const { container } = render(
      <ToolpaneProvider store={store}>
        <SubagentRun.Root toolCallId="call-agent-1" />
      </ToolpaneProvider>,
    );
    const answer = container.querySelector('[data-slot="subagent-run-answer"] > p') as HTMLElement;
    expect(answer.textContent).toBe(`${long}21°C, sunny.`);
    expect(answer.querySelectorAll('.tp-long-text-block').length).toBeGreaterThan(5);
  });
});
