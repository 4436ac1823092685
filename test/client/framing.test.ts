import {
  createToolpaneStore,
  reduceAll,
  selectRunText,
  type ToolpaneStore,
  type WireFormat,
} from '@toolpane/client';
import { serializeState } from '@toolpane/client/history';
import { consumeStream, createFrameDecoder } from '@toolpane/client/stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteStream, loadFixture, toSse } from '../utils/fixtures';
// Sets and prints the seed of every property below (FC_SEED replays one).
import { runs } from '../utils/property';

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

/** Frames of a recording as each format carries them, with `eol` for the line ends. */
function framesOf(format: WireFormat, chunks: readonly unknown[], eol: string): string[] {
  return chunks.map((chunk) => {
    const json = JSON.stringify(chunk);
    if (format === 'sse') return `data: ${json}${eol}${eol}`;
    return format === 'jsonl' ? `${json}${eol}` : `${json}\x1e`;
  });
}

/**
 * A byte stream of `pieces` that is read one piece at a time (no piece is pulled before the
 * reader asks for it), calling `beforeRead(i)` when the reader asks for piece `i`: by then it has
 * handled pieces 0 to i − 1.
 */
function pulledStream(pieces: readonly Uint8Array[], beforeRead: (index: number) => void) {
  let index = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        beforeRead(index);
        if (index === pieces.length) controller.close();
        else controller.enqueue(pieces[index++]!);
      },
    },
    { highWaterMark: 0 },
  );
}

/** `bytes` cut at the given offsets. */
function cutBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...points, bytes.length].map((end, i) =>
    bytes.subarray(i === 0 ? 0 : points[i - 1], end),
  );
}

/**
 * Reads `frames` (after `lead`) sniffed, in the given pieces, and checks that every frame applied
 * as soon as its last byte was read: before each read, what was dispatched is at least every
 * frame that ended in the reads before. Returns the chunks dispatched and the issues.
 */
async function readLive(
  lead: string,
  frames: readonly string[],
  cutAt: (bytes: Uint8Array) => Uint8Array[],
) {
  const encoder = new TextEncoder();
  const bytes = encoder.encode(lead + frames.join(''));
  let end = encoder.encode(lead).length;
  const frameEnds = frames.map((frame) => (end += encoder.encode(frame).length));
  const pieces = cutAt(bytes);
  const chunks: unknown[] = [];
  const issues: unknown[] = [];
  const take = (value: unknown) => {
    const type = (value as { type?: string }).type;
    if (type === 'toolpane/issue') issues.push((value as { issue: unknown }).issue);
    else if (!type?.startsWith('toolpane/')) chunks.push(value);
  };
  // Only what the reader dispatches is looked at.
  const store = {
    dispatch: take,
    dispatchMany: (values: Iterable<unknown>) => {
      for (const value of values) take(value);
    },
  } as unknown as ToolpaneStore;
  const late: string[] = [];
  let read = 0;
  const stream = pulledStream(pieces, (index) => {
    const ended = frameEnds.filter((frameEnd) => frameEnd <= read).length;
    if (chunks.length < ended) late.push(`before read ${index}: ${chunks.length} of ${ended}`);
    read += pieces[index]?.length ?? 0;
  });
  const result = await consumeStream(store, stream);
  expect(result.status).toBe('done');
  expect(late.slice(0, 3)).toEqual([]);
  return { chunks, issues };
}

describe('framing guessed from the bytes applies each frame as its end is read', () => {
  // A response without a content type, or a byte stream: the framing is told from the first
  // frame, whose end may be the first byte of a read (a server that writes each frame and then
  // its line end, reads of one byte) or anywhere else.
  const recordings = ['tool-call-then-text', 'approval-request', 'subagent-two-level'] as const;
  const shapes = [
    ['sse', '\n'],
    ['sse', '\r\n'],
    ['sse', '\r'],
    ['jsonl', '\n'],
    ['jsonl', '\r\n'],
    ['record-separated', ''],
  ] as const;
  const leads = ['', '\n', '\r\n\r\n', '\uFEFF', '\uFEFF\r\n'] as const;

  /** Cut before every line end and record separator: each read starts with one. */
  const endsOf = (bytes: Uint8Array) =>
    [...bytes.keys()].filter((i) => bytes[i] === 10 || bytes[i] === 13 || bytes[i] === 0x1e);
  const beforeEachEnd = (bytes: Uint8Array) => cutBytes(bytes, endsOf(bytes));

  it.each(shapes)(
    '%s with %j line ends, each line end at the start of a read',
    async (format, eol) => {
      // Mastra's `sseFlushOnConnect` starts with a comment.
      const sseLeads = format === 'sse' ? [`: connected${eol}${eol}`] : [];
      for (const name of recordings) {
        for (const lead of [...leads, ...sseLeads]) {
          const chunks = loadFixture(name);
          const read = await readLive(lead, framesOf(format, chunks, eol), beforeEachEnd);
          expect(read.issues).toEqual([]);
          expect(read.chunks).toEqual(chunks);
        }
      }
    },
  );

  it.each(shapes)('%s with %j line ends, in reads of one byte', async (format, eol) => {
    const chunks = loadFixture('tool-call-then-text');
    const read = await readLive('\r\n', framesOf(format, chunks, eol), (bytes) =>
      [...bytes.keys()].map((i) => bytes.subarray(i, i + 1)),
    );
    expect(read.issues).toEqual([]);
    expect(read.chunks).toEqual(chunks);
  });

  it('every format, line end style, lead and cut', async () => {
    // Cuts anywhere, and cuts just before the n-th line end (a read that starts with one).
    const cuts = fc.array(
      fc.oneof(
        fc.nat().map((at) => ({ at })),
        fc.nat({ max: 12 }).map((end) => ({ end })),
      ),
      { maxLength: 80 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...recordings),
        fc.constantFrom(...shapes),
        fc.constantFrom(...leads),
        cuts,
        async (name, [format, eol], lead, points) => {
          const chunks = loadFixture(name);
          const read = await readLive(lead, framesOf(format, chunks, eol), (bytes) => {
            const ends = endsOf(bytes);
            return cutBytes(
              bytes,
              points.map((point) => ('at' in point ? point.at : ends[point.end % ends.length]!)),
            );
          });
          expect(read.issues).toEqual([]);
          expect(read.chunks).toEqual(chunks);
        },
      ),
      runs(150),
    );
  });
});

describe('SSE frames after [DONE]', () => {
  // Two responses joined (a proxy, an app that pipes a continuation after its stream), or a
  // server that sent [DONE] early: [DONE] ends nothing, as in the AI SDK's reader.
  const request = loadFixture('approval-request');
  const approve = loadFixture('approval-approve');

  it('are decoded, for every cut and line ending', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat(), { maxLength: 40 }),
        (eol, offsets) => {
          const text = (toSse(request) + toSse(approve)).replace(/\n/g, eol);
          const values: unknown[] = [];
          const issues: string[] = [];
          const decoder = createFrameDecoder('sse', {
            value: (value) => values.push(value),
            issue: (issue) => issues.push(issue.message),
          });
          for (const piece of cut(text, offsets)) decoder.feed(piece);
          expect(decoder.done).toBe(true);
          decoder.end();
          expect(issues).toEqual([]);
          expect(values).toEqual([...request, ...approve]);
        },
      ),
      runs(200),
    );
  });

  it.each([16, 1 << 16])('apply as if [DONE] was not there, in reads of %i bytes', async (size) => {
    const read = async (text: string, contentType?: string) => {
      const store = createToolpaneStore({ now: () => 0 });
      const headers = contentType === undefined ? undefined : { 'content-type': contentType };
      const result = await consumeStream(store, new Response(byteStream(text, size), { headers }));
      expect(result.status).toBe('done');
      return store.getState();
    };
    const expected = await read(toSse([...request, ...approve]), 'text/event-stream');
    const run = (request[0] as { runId: string }).runId;
    expect(expected.runs.get(run)?.status).toBe('finished');
    for (const contentType of ['text/event-stream', undefined]) {
      const state = await read(toSse(request) + toSse(approve), contentType);
      expect(state.issues).toEqual([]);
      expect(serializeState(state, { raw: true })).toEqual(serializeState(expected, { raw: true }));
    }
  });
});
