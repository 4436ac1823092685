// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduce,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import type { Scratch } from '../../packages/client/src/reducer/context.js';
import { partIndexOf } from '../../packages/client/src/reducer/part-index.js';
import { createReducer } from '../../packages/client/src/reducer/reduce.js';
import { partAt } from '../../packages/client/src/state/run-record.js';
import { Stack } from '../../packages/client/src/state/stack.js';
import { initialState } from '../../packages/client/src/state/state-root.js';
import { fixtureAsRun, fixtureNames } from '../utils/fixtures';
import { hostile, random } from '../utils/hostile';
import { SEED } from '../utils/property';

/*
 * A rollback takes back what the rolled-back values wrote to the reducer's working memory: after
 * throwing chunks, the indexes and records it keeps beside the state (a run's parts, a network's
 * steps, the workflow calls of an AI SDK stream, the calls of background tasks, the runs it ended,
 * the runs that hide, …) are those of a reducer that never saw them, not only the state. What is
 * left out checks itself when used or only bounds work: the parsers of calls' inputs (made again
 * when they read more than the call holds), the budget for searching messages (the issues add
 * to it) and where it stood at the last publish, the runs looked at for display transforms and found to have none (a call never stops
 * being display-transformed), the part text deltas went to last and the bookkeeping of one value;
 * what was written since a run ended may be more (it only makes the run's next end look at more),
 * and the write it was last told of is forgotten (it only spares telling the same write again).
 * The search for hidden values beside a call (`beside`: the calls that hide and the values shown,
 * of the state and of each run, with the matchers built) is compared whole.
 */

/** More than the reducer applies without publishing, after a failure or not. */
const QUIET = 300;
const OPTIONS: ReduceOptions = { formats: [aiSdk], families: [network], now: () => 0 };
const LEFT_OUT = new Set<string>([
  'parsers',
  'parserSweep',
  'scrubBudget',
  'budgetBefore',
  'displayRunsRead',
  'lastText',
  'written',
  'rescrubbed',
  'nesting',
  'sinceFailure',
  'endsToldRun',
  'endsToldCall',
]);

/** Working memory as plain data: maps and sets sorted by key, lists in order. */
function plain(value: unknown): unknown {
  const sorted = (entries: [string, unknown][]) =>
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (value instanceof Map)
    return sorted([...value].map(([k, v]) => [JSON.stringify(k), plain(v)]));
  if (value instanceof Set) return [...value].map((v) => JSON.stringify(v)).sort();
  // A stack keeps room for as many items as it once held: compared by what it holds.
  if (value instanceof Stack)
    return Array.from({ length: value.size }, (_, i) => plain(value.at(i)));
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null)
    return sorted(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * Working memory as plain data. A run's part index reads new parts when next used (a rollback
 * forgets the part text deltas went to last, so the next delta uses it): compared read up to the
 * run's parts, the parts it holds as open that still stream; a run without one (never used, or
 * dropped as its parts were rewritten) compares as an index read from its parts.
 */
function memory(scratch: Scratch, state: ToolpaneState): string {
  const kept = Object.entries(scratch).filter(([key]) => !LEFT_OUT.has(key));
  const indexes = new Map<string, unknown>();
  for (const [runId, index] of scratch.partIndexes) {
    if (!state.runs.has(runId)) indexes.set(runId, index);
  }
  for (const run of state.runs.values()) {
    const index = scratch.partIndexes.get(run.runId);
    const read = new Map(index === undefined ? [] : [[run.runId, structuredClone(index)]]);
    const copy = partIndexOf(read, run, []);
    const open = (type: 'text' | 'reasoning') =>
      copy.open[type].filter((at) => {
        const part = partAt(run, at);
        return part?.type === type && part.state === 'streaming';
      });
    indexes.set(run.runId, { last: copy.last, open: [open('text'), open('reasoning')] });
  }
  // What was written since a run's end is kept through a rollback: it only makes the next end
  // look at more (checked apart, as a superset).
  const ends = [...scratch.ends].map(([runId, { count, awaiting }]) => [
    runId,
    { count, awaiting },
  ]);
  return JSON.stringify(plain({ ...Object.fromEntries(kept), partIndexes: indexes, ends }));
}

/** Each record of `a`'s ended runs holds what the record of `b` holds since the run's end. */
function expectMoreWritten(a: Scratch, b: Scratch, what: string) {
  for (const [runId, record] of b.ends) {
    const other = a.ends.get(runId)!;
    for (const key of record.calls) expect(other.calls.has(key), what).toBe(true);
    for (const child of record.runs) expect(other.runs.has(child), what).toBe(true);
  }
}

describe('a rollback leaves working memory as a reducer that never saw the chunk keeps it', () => {
  for (const [n, name] of fixtureNames().entries()) {
    it(name, () => {
      const seed = SEED + n;
      const next = random(seed);
      const chunks: unknown[] = [];
      for (let run = 1; chunks.length < QUIET || run < 3; run++) {
        chunks.push(...fixtureAsRun(name, run));
      }
      const quietFrom = chunks.length;
      // The last run sent again: a stream that a reconnect sends from its start.
      chunks.push(...fixtureAsRun(name, 2));
      const clean = createReducer(initialState, OPTIONS);
      const rolled = createReducer(initialState, OPTIONS);
      const store = createToolpaneStore(OPTIONS);
      const compare = (i: number) => {
        const what = `seed ${seed}, after chunk ${i}`;
        expect(memory(rolled.scratch, rolled.publish()), what).toBe(
          memory(clean.scratch, clean.publish()),
        );
        expectMoreWritten(rolled.scratch, clean.scratch, what);
      };
      for (const [i, chunk] of chunks.entries()) {
        const before = store.getState();
        store.dispatch(chunk);
        const picked = (i < 40 && next() < 0.15) || (i >= quietFrom && next() < 0.3);
        if (picked && store.getState().issues.length === before.issues.length) {
          for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
            // A copy of the chunk, or of any chunk of the sequence, that has no issue there.
            const copied = next() < 0.7 ? chunk : chunks[Math.floor(next() * chunks.length)];
            const reads = { count: 0 };
            const after = reduce(before, hostile(copied, Infinity, reads), OPTIONS);
            if (reads.count === 0 || after.issues.length !== before.issues.length) continue;
            const at = 1 + Math.floor(next() * reads.count);
            if (rolled.apply(hostile(copied, at))) rolled.publish();
          }
        }
        if (rolled.apply(chunk)) rolled.publish();
        if (clean.apply(chunk)) clean.publish();
        // Now and then, and at the end, both publish and are compared.
        if (next() < 0.02 || i === chunks.length - 1) compare(i);
      }
    });
  }
});
