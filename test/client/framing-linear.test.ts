import type { ToolpaneStore } from '@toolpane/client';
import { consumeStream, createFrameDecoder } from '@toolpane/client/stream';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { STRING_SEARCHES } from '../utils/count';
import { loadFixture } from '../utils/fixtures';
// Sets and prints the seed of every property below (FC_SEED replays one).
import { runs } from '../utils/property';

/*
 * Linearity of the stream reader without a clock: while text is framed, every search in a string
 * counts the characters it reads. `indexOf`, `lastIndexOf` and `includes` read from where they
 * start to what they find (a search that finds nothing reads to the end); the other searches
 * (`split`, `replace`, …) read the whole string. A search per line from the line to the end of the
 * read (eventsource-parser's CR path on CR-only text, or on LF text with a CR far on) makes ten
 * times the frames in one read cost about a hundred times the characters; linear framing, ten.
 */
const BOUND = 20;

type Search = (this: string, search: string, position?: number) => number | boolean;
const { indexOf } = String.prototype;
const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

/** Characters read by string searches while `work` runs. */
async function countScanned(work: () => void | Promise<void>): Promise<number> {
  let read = 0;
  const patch = (
    key: PropertyKey,
    cost: (self: string, args: unknown[], out: unknown) => number,
  ) => {
    const original = (String.prototype as unknown as Record<PropertyKey, Search>)[key]!;
    Object.defineProperty(String.prototype, key, {
      configurable: true,
      writable: true,
      value(this: string, ...args: unknown[]) {
        const out = (original as (...a: unknown[]) => unknown).apply(this, args);
        read += cost(String(this), args, out);
        return out;
      },
    });
    restores.push(() =>
      Object.defineProperty(String.prototype, key, {
        configurable: true,
        writable: true,
        value: original,
      }),
    );
  };
  const from = (args: unknown[], length: number, fallback: number) => {
    const position = Number(args[1] ?? fallback);
    return Math.min(Math.max(Number.isNaN(position) ? fallback : Math.trunc(position), 0), length);
  };
  const forward = (self: string, args: unknown[], found: number) => {
    const start = from(args, self.length, 0);
    const end = found === -1 ? self.length : found + String(args[0]).length;
    return Math.max(end - start, 1);
  };
  patch('indexOf', (self, args, out) => forward(self, args, out as number));
  patch('includes', (self, args, out) =>
    forward(self, args, out ? indexOf.call(self, String(args[0]), from(args, self.length, 0)) : -1),
  );
  patch('lastIndexOf', (self, args, out) => {
    const start = from(args, self.length, self.length);
    return Math.max(start - ((out as number) === -1 ? 0 : (out as number)), 1);
  });
  for (const key of STRING_SEARCHES) {
    if (key !== 'indexOf' && key !== 'includes' && key !== 'lastIndexOf') {
      patch(key, (self) => self.length);
    }
  }
  try {
    await work();
  } finally {
    for (const restore of restores.splice(0).reverse()) restore();
  }
  return read;
}

// A real recording, sent again and again: `n` frames.
const RECORDING = loadFixture('tool-call-then-text').map((chunk) => JSON.stringify(chunk));
const SMALL = 300;
const LARGE = SMALL * 10;

/** Line ends: frame `i` of `n` ends its lines with `eol(i, n)`. */
const LINE_ENDS: readonly (readonly [string, (i: number, n: number) => string])[] = [
  ['LF', () => '\n'],
  ['CRLF', () => '\r\n'],
  ['CR', () => '\r'],
  ['LF, one frame half way CR', (i, n) => (i === n >> 1 ? '\r' : '\n')],
  ['CR, the last frame LF', (i, n) => (i === n - 1 ? '\n' : '\r')],
  ['CRLF and CR in turn', (i) => (i % 2 === 0 ? '\r\n' : '\r')],
];

function sse(n: number, eol: (i: number, n: number) => string): string {
  let text = '';
  for (let i = 0; i < n; i++) {
    const end = eol(i, n);
    text += `data: ${RECORDING[i % RECORDING.length]}${end}${end}`;
  }
  return text;
}

/** `text` cut at the given fractions of its length. */
function cutAt(text: string, fractions: readonly number[]): string[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * text.length)))].sort(
    (a, b) => a - b,
  );
  return [...points, text.length].map((end, i) => text.slice(i === 0 ? 0 : points[i - 1], end));
}

async function decodeCounted(pieces: readonly string[]) {
  let frames = 0;
  const decoder = createFrameDecoder('sse', {
    value: () => void frames++,
    issue: (issue) => {
      throw new Error(issue.message);
    },
  });
  const read = await countScanned(() => {
    for (const piece of pieces) decoder.feed(piece);
    decoder.end();
  });
  return { read, frames };
}

describe('SSE framing reads every line end style in time linear in the read', () => {
  it.each(LINE_ENDS)('%s, the whole stream in one read', async (_, eol) => {
    const a = await decodeCounted([sse(SMALL, eol)]);
    const b = await decodeCounted([sse(LARGE, eol)]);
    expect([a.frames, b.frames]).toEqual([SMALL, LARGE]);
    expect(b.read / a.read).toBeLessThanOrEqual(BOUND);
  });

  it('every line end style, the stream cut anywhere into a few reads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LINE_ENDS),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { maxLength: 6 }),
        async ([, eol], fractions) => {
          const a = await decodeCounted(cutAt(sse(SMALL, eol), fractions));
          const b = await decodeCounted(cutAt(sse(LARGE, eol), fractions));
          expect([a.frames, b.frames]).toEqual([SMALL, LARGE]);
          expect(b.read / a.read).toBeLessThanOrEqual(BOUND);
        },
      ),
      runs(12),
    );
  });

  it.each(LINE_ENDS)('%s, sniffed by consumeStream from one read of bytes', async (_, eol) => {
    const consumeCounted = async (n: number) => {
      const bytes = new TextEncoder().encode(sse(n, eol));
      let frames = 0;
      const take = (value: unknown) => {
        if (!(value as { type: string }).type.startsWith('toolpane/')) frames++;
      };
      const store = {
        dispatch: take,
        dispatchMany: (values: unknown[]) => values.forEach(take),
      } as unknown as ToolpaneStore;
      const read = await countScanned(() => consumeStream(store, [bytes]).then(() => undefined));
      return { read, frames };
    };
    const a = await consumeCounted(SMALL);
    const b = await consumeCounted(LARGE);
    expect([a.frames, b.frames]).toEqual([SMALL, LARGE]);
    expect(b.read / a.read).toBeLessThanOrEqual(BOUND);
  });
});
