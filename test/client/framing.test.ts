import { createToolpaneStore, reduceAll, selectRunText, type WireFormat } from '@toolpane/client';
import { consumeStream, createFrameDecoder } from '@toolpane/client/stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteStream, loadFixture } from '../utils/fixtures';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

const chunks = loadFixture('subagent-two-level');

/** Decodes `text` fed in the given pieces; returns the frames and issues it produced. */
function decode(format: WireFormat, pieces: readonly string[]) {
  const values: unknown[] = [];
  const issues: string[] = [];
  const decoder = createFrameDecoder(format, {
    value: (value) => values.push(value),
    issue: (issue) => issues.push(issue.message),
  });
  for (const piece of pieces) decoder.feed(piece);
  decoder.end();
  return { values, issues };
}

/** `text` cut at the given offsets. */
function cut(text: string, offsets: readonly number[]): string[] {
  const points = [...new Set(offsets.map((o) => o % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

describe('SSE framing, however the text is cut', () => {
  const lineEnds = ['\n', '\r\n', '\r'] as const;

  it('decodes the same chunks for every cut and line ending', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lineEnds),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (eol, offsets, comments) => {
          const frames = chunks.map((chunk) => {
            const data = JSON.stringify(chunk, null, 1)
              .split('\n')
              .map((line) => `data: ${line}`)
              .join(eol);
            return `${comments ? `: keep-alive${eol}` : ''}${data}${eol}${eol}`;
          });
          const text = frames.join('');
          const { values, issues } = decode('sse', cut(text, offsets));
          expect(issues).toEqual([]);
          expect(values).toEqual(chunks);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('delivers a last frame without its blank line, and a long line cut into many pieces', () => {
    const long = {
      type: 'text-delta',
      runId: 'r1',
      payload: { id: 't', text: 'x'.repeat(200_000) },
    };
    const text = `data: ${JSON.stringify(long)}\n\ndata: ${JSON.stringify(chunks[0])}`;
    const pieces = cut(
      text,
      Array.from({ length: 60 }, (_, i) => i * 3_500),
    );
    expect(decode('sse', pieces).values).toEqual([long, chunks[0]]);
  });
});

describe('framing guessed from the bytes, however they are split', () => {
  // A response without a content type: the framing is guessed from the first frame. Blank lines
  // (and a BOM) before it say nothing yet, in whatever pieces the bytes come.
  const chunks = loadFixture('tool-call-then-text');
  const sse = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('');
  const jsonl = chunks.map((chunk) => `${JSON.stringify(chunk)}\n`).join('');
  const expected = reduceAll(chunks);

  for (const [name, text] of [
    ['SSE', sse],
    ['JSON lines', jsonl],
  ] as const) {
    for (const lead of ['', '\n', '\r\n\r\n', '\uFEFF\n']) {
      it(`${name} after ${JSON.stringify(lead)}, in pieces of 1, 2, 3, 7 and 64 bytes`, async () => {
        for (const size of [1, 2, 3, 7, 64]) {
          const store = createToolpaneStore();
          await consumeStream(store, byteStream(`${lead}${text}`, size));
          const state = store.getState();
          expect(state.issues, `${size}`).toEqual([]);
          expect([...state.toolCalls.keys()], `${size}`).toEqual([...expected.toolCalls.keys()]);
          const texts = (of: typeof state) => of.runOrder.map((id) => selectRunText(of, id));
          expect(texts(state), `${size}`).toEqual(texts(expected));
        }
      });
    }
  }
});
