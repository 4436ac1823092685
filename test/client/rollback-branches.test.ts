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
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';
import { expectSame, hostile, random } from '../utils/hostile';
import { runs } from '../utils/property';

/*
 * A chunk that throws part way is rolled back by taking back what it appended to the buffers
 * versions share (a map's key index, a run's calls, the state's lists). Other versions may have
 * been built on those buffers meanwhile: two stores and a pure reducer continuing one state, their
 * chunks interleaved, the same chunks applied to each (so one shares the keys another appended),
 * and a `reduceAll` from the same state in the middle. Throwing chunks (hostile copies of the
 * recordings' chunks, throwing at a read the seed picks) go among the chunks of several runs, in
 * the state they all continue and in each branch. Each result must be the state built without the
 * throwing chunks plus one issue for each, and the state they continued must not change.
 */

const OPTIONS: ReduceOptions = { formats: [aiSdk], families: [network], now: () => 0 };
const NAMES = fixtureNames();

/** A chunk of a sequence, or a throwing copy of one made afresh for each path. */
type Item = { chunk: unknown } | { copyOf: unknown; at: number };

const make = (item: Item): unknown =>
  'chunk' in item ? item.chunk : hostile(item.copyOf, item.at);

/**
 * `chunks` continuing `start`, with `count` throwing copies put before chunks the generator picks,
 * each throwing at one of the reads applying its chunk there makes.
 */
function withThrowing(
  start: ToolpaneState,
  chunks: readonly unknown[],
  count: number,
  next: () => number,
): Item[] {
  const before = new Set(Array.from({ length: count }, () => Math.floor(next() * chunks.length)));
  const items: Item[] = [];
  chunks.forEach((chunk, i) => {
    if (before.has(i)) {
      const reads = { count: 0 };
      reduce(
        reduceAll(chunks.slice(0, i), OPTIONS, start),
        hostile(chunk, Infinity, reads),
        OPTIONS,
      );
      items.push({ copyOf: chunk, at: 1 + Math.floor(next() * reads.count) });
    }
    items.push({ chunk });
  });
  return items;
}

const throwingIn = (items: readonly Item[]) => items.filter((item) => !('chunk' in item)).length;

describe('a rolled-back chunk leaves every version built beside it as it was', () => {
  // A hundred sequences of four recordings, each applied six ways: longer than a test's default
  // 5 s on a busy machine.
  it('in two stores, a pure reducer and reduceAll continuing one state, chunks interleaved', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...NAMES), { minLength: 4, maxLength: 4 }),
        fc.integer(),
        ([first, shared, lastA, lastB], seed) => {
          const next = random(seed);
          const base = fixtureAsRun(first!, 1);
          // Both branches go on with the same run (so one shares the keys the other appended),
          // then each with a run of its own.
          const a = [...fixtureAsRun(shared!, 2), ...fixtureAsRun(lastA!, 3)];
          const b = [...fixtureAsRun(shared!, 2), ...fixtureAsRun(lastB!, 4)];
          const clean = reduceAll(base, OPTIONS);
          const baseItems = withThrowing(reduceAll([], OPTIONS), base, 3, next);
          const aItems = withThrowing(clean, a, 4, next);
          const bItems = withThrowing(clean, b, 4, next);
          const expectedA = reduceAll(a, OPTIONS, clean);
          const expectedB = reduceAll(b, OPTIONS, clean);

          const start = reduceAll(baseItems.map(make), OPTIONS);
          const baseThrew = throwingIn(baseItems);
          expectSame(start, clean, baseThrew, 'the state continued');
          const startJson = JSON.stringify(start);

          const storeA = createToolpaneStore({ ...OPTIONS, initialState: start });
          const storeB = createToolpaneStore({ ...OPTIONS, initialState: start });
          let pure = start;
          let all: ToolpaneState | undefined;
          const middle = Math.floor(next() * Math.max(aItems.length, bItems.length));
          for (let i = 0; i < Math.max(aItems.length, bItems.length); i++) {
            if (i === middle) all = reduceAll(bItems.map(make), OPTIONS, start);
            const itemA = aItems[i];
            const itemB = bItems[i];
            if (itemA !== undefined) storeA.dispatch(make(itemA));
            if (itemB !== undefined) storeB.dispatch(make(itemB));
            if (itemA !== undefined) pure = reduce(pure, make(itemA), OPTIONS);
            // Now and then a store publishes (a reader looked), so an epoch ends there.
            if (next() < 0.1) storeA.getState();
            if (next() < 0.1) storeB.getState();
          }
          all ??= reduceAll(bItems.map(make), OPTIONS, start);

          const throwsA = baseThrew + throwingIn(aItems);
          const throwsB = baseThrew + throwingIn(bItems);
          expectSame(storeA.getState(), expectedA, throwsA, 'store A');
          expectSame(pure, expectedA, throwsA, 'reduce');
          expectSame(storeB.getState(), expectedB, throwsB, 'store B');
          expectSame(all, expectedB, throwsB, 'reduceAll');
          expect(JSON.stringify(start), 'the state continued, afterwards').toBe(startJson);
        },
      ),
      runs(100),
    );
  });
});

describe('a rolled-back chunk teaches nothing about what hides', () => {
  it('a result that marks its call display-transformed and then throws leaves the run showing its data', () => {
    const chunks = loadFixture('tool-progress') as Record<string, unknown>[];
    const at = chunks.findIndex((chunk) => chunk.type === 'data-progress');
    const { runId } = chunks[at - 1] as { runId: string };
    // A result whose metadata says a display transform applies, for a call of this run, its
    // result a proxy whose traps throw: read after the call was made and marked.
    const recorded = loadFixture('hidden-argument-echoed') as Record<string, unknown>[];
    const transformed = recorded.find((chunk) => chunk.type === 'tool-result' && chunk.metadata)!;
    const boom = () => {
      throw new Error('a hostile value was read');
    };
    const bad = {
      ...transformed,
      runId,
      payload: {
        ...(transformed.payload as object),
        toolCallId: 'call-elsewhere',
        result: new Proxy({}, { get: boom, has: boom, ownKeys: boom }),
      },
    };
    const sequence = [...chunks.slice(0, at), bad, ...chunks.slice(at)];
    const store = createToolpaneStore(OPTIONS);
    for (const chunk of sequence) store.dispatch(chunk);
    for (const [path, state] of [
      ['reduceAll', reduceAll(sequence, OPTIONS)],
      ['store', store.getState()],
    ] as const) {
      expectSame(state, reduceAll(chunks, OPTIONS), 1, path);
      const parts = state.runs.get(runId)!.parts.filter((part) => part.type === 'data');
      expect(
        parts.map((part) => part.hidden === true),
        path,
      ).toEqual([false]);
    }
  });
});
