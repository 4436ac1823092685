// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, it } from 'vitest';
import { fixtureAsRun, fixtureNames } from '../utils/fixtures';
import { expectSame, hostile, random } from '../utils/hostile';
import { SEED } from '../utils/property';

/*
 * Every recording, sent as several runs of one conversation in one store and then once more as
 * the last run again (a stream sent again), with bursts of throwing copies of its own chunks (one,
 * two or three in a row, of the next chunk, the one before it or any other, each throwing at a
 * read the seed picks): some at the start, the rest after a quiet stretch of more than 256
 * chunks, so that a rollback applies a long log again. Without and with a client transform that
 * hides every call. The state must be the one built without them plus an issue for each, through
 * `reduceAll`, a store publishing each chunk and a store read now and then.
 */

const PLAIN: ReduceOptions = { formats: [aiSdk], families: [network], now: () => 0 };
/** A client transform for every tool: every call hides what it holds, and messages are searched. */
const HIDING: ReduceOptions = {
  ...PLAIN,
  transforms: { '*': { input: (v) => ({ shown: typeof v }), output: () => 'done' } },
};
/** More than the reducer applies without publishing, after a failure or not. */
const QUIET = 300;

type Item = { chunk: unknown } | { copyOf: unknown; at: number };

const make = (item: Item): unknown =>
  'chunk' in item ? item.chunk : hostile(item.copyOf, item.at);

/** The recording as runs 1, 2, … until the quiet stretch is long, then the last run again. */
function sequence(name: string): { chunks: unknown[]; quietFrom: number } {
  const chunks: unknown[] = [];
  let n = 1;
  let first = 0;
  for (; chunks.length < QUIET || n < 3; n++) {
    const run = fixtureAsRun(name, n);
    if (n === 1) first = run.length;
    chunks.push(...run);
  }
  const quietFrom = chunks.length;
  chunks.push(...fixtureAsRun(name, n - 1));
  return { chunks, quietFrom: Math.max(quietFrom, first) };
}

/**
 * `chunks` with bursts of throwing copies: before a chunk the generator picks, copies of it, of
 * the chunk before it or of any chunk, each throwing at one of the reads applying it there makes.
 */
function withThrowing(
  OPTIONS: ReduceOptions,
  chunks: readonly unknown[],
  pick: (i: number) => boolean,
  next: () => number,
): Item[] {
  const store = createToolpaneStore(OPTIONS);
  const items: Item[] = [];
  const copy = (state: ToolpaneState, chunk: unknown) => {
    const reads = { count: 0 };
    const after = reduce(state, hostile(chunk, Infinity, reads), OPTIONS);
    // A copy with an issue of its own there says so whatever throws.
    if (reads.count === 0 || after.issues.length !== state.issues.length) return;
    items.push({ copyOf: chunk, at: 1 + Math.floor(next() * reads.count) });
  };
  chunks.forEach((chunk, i) => {
    const before = store.getState();
    store.dispatch(chunk);
    const clean = store.getState().issues.length === before.issues.length;
    if (pick(i) && clean) {
      const burst = 1 + Math.floor(next() * 3);
      for (let k = 0; k < burst; k++) {
        // Mostly a copy of the chunk, else of the one before it or of any chunk of the sequence
        // (a result before its call, an end in the middle of a run).
        const roll = next();
        const of =
          roll < 0.6 ? i : roll < 0.8 ? Math.max(0, i - 1) : Math.floor(next() * chunks.length);
        copy(before, chunks[of]);
      }
    }
    items.push({ chunk });
  });
  return items;
}

describe.each([
  ['', PLAIN],
  [' under a client transform', HIDING],
])(
  'bursts of throwing chunks after a long quiet stretch change nothing but their issues%s',
  (_, OPTIONS) => {
    for (const [n, name] of fixtureNames().entries()) {
      it(name, { timeout: 30_000 }, () => {
        const seed = SEED + n;
        const next = random(seed);
        const { chunks, quietFrom } = sequence(name);
        const items = withThrowing(
          OPTIONS,
          chunks,
          (i) => (i < 40 && next() < 0.1) || (i >= quietFrom && next() < 0.12),
          next,
        );
        const threw = items.filter((item) => !('chunk' in item)).length;
        const expected = reduceAll(chunks, OPTIONS);
        const what = `seed ${seed}`;
        expectSame(reduceAll(items.map(make), OPTIONS), expected, threw, `${what}: reduceAll`);
        const each = createToolpaneStore(OPTIONS);
        each.subscribe(() => each.getState());
        for (const item of items) each.dispatch(make(item));
        expectSame(each.getState(), expected, threw, `${what}: a store publishing each chunk`);
        const now = createToolpaneStore(OPTIONS);
        for (const item of items) {
          now.dispatch(make(item));
          if (next() < 0.05) now.getState();
        }
        expectSame(now.getState(), expected, threw, `${what}: a store read now and then`);
      });
    }
  },
);
