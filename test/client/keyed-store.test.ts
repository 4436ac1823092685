import {
  callKey,
  createEmitter,
  createToolpaneStore,
  HUMAN_TOOL_STATUSES,
  initialState,
  type ReduceOptions,
  reduce,
  runKey,
  type StoreKey,
  selectPendingApprovals,
  selectWaitingInside,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { deepChain } from '../utils/deep-chain.js';
import { loadFixture } from '../utils/fixtures.js';

/** The same recording again as a later run: new run ids, the same tool call ids. */
function again(chunks: readonly unknown[]): unknown[] {
  const runIds = new Set<string>();
  for (const chunk of chunks) {
    const runId = (chunk as { runId?: unknown }).runId;
    if (typeof runId === 'string') runIds.add(runId);
  }
  let text = JSON.stringify(chunks);
  for (const runId of runIds) text = text.replaceAll(`"${runId}"`, `"${runId}-again"`);
  return JSON.parse(text) as unknown[];
}

const load = (...names: string[]) => names.flatMap((name) => loadFixture(name));

/** Real recordings: nested approvals two and three deep, suspensions, networks, repeated ids. */
const STREAMS: ReadonlyArray<{ name: string; chunks: unknown[]; options?: ReduceOptions }> = [
  {
    name: 'approvals two levels deep, then approved',
    chunks: load('approval-two-level-request', 'approval-two-level-approve'),
  },
  {
    name: 'a nested approval, then approved',
    chunks: load('nested-approval-request', 'nested-approval-approve'),
  },
  {
    name: 'a nested suspension, then resumed',
    chunks: load('nested-suspend-request', 'nested-suspend-resume'),
  },
  { name: 'subagents three deep', chunks: load('subagent-three-deep') },
  { name: 'subagents in parallel', chunks: load('subagents-parallel') },
  {
    name: 'a workflow that suspends, then resumes',
    chunks: load('workflow-suspend-request', 'workflow-suspend-resume'),
  },
  {
    name: 'the same nested approval twice: repeated call ids in a later run',
    chunks: [...load('approval-two-level-request'), ...again(load('approval-two-level-request'))],
  },
  {
    name: 'AI SDK: approvals two levels deep',
    chunks: load('aisdk-v6-approval-two-level', 'aisdk-v7-nested-suspend'),
    options: { formats: [aiSdk] },
  },
  {
    name: 'AI SDK: an approval 30 subagents deep',
    chunks: deepChain(30),
    options: { formats: [aiSdk] },
  },
  {
    name: 'an agent network that asks for approval',
    chunks: load('network-approval-request', 'network-approval-approve'),
    options: { families: [network] },
  },
];

/** The definition: for each call that waits, count every call on its chain of parents. */
function scanWaiting(state: ToolpaneState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of state.toolCalls.values()) {
    if (!HUMAN_TOOL_STATUSES.has(call.status)) continue;
    for (let parent = call.parentToolCallId; parent !== null; ) {
      counts.set(parent, (counts.get(parent) ?? 0) + 1);
      parent = state.toolCalls.get(parent)?.parentToolCallId ?? null;
    }
  }
  return counts;
}

function expectIndexMatchesScan(state: ToolpaneState, where: string) {
  const expected = scanWaiting(state);
  const keys = new Set([...state.toolCalls.keys(), ...expected.keys()]);
  for (const key of keys) {
    expect(selectWaitingInside(state, key), `${where}: ${key}`).toBe(expected.get(key) ?? 0);
  }
}

/** Every call and run whose entity changed between two states, and all they sit inside. */
function expectedEntityKeys(before: ToolpaneState, after: ToolpaneState): Set<string> {
  const keys = new Set<string>();
  const climbCall = (key: string | null) => {
    while (key !== null && !keys.has(callKey(key))) {
      keys.add(callKey(key));
      const call = after.toolCalls.get(key);
      if (call === undefined) return;
      climbRun(call.runId);
      key = call.parentToolCallId;
    }
  };
  const climbRun = (runId: string) => {
    if (keys.has(runKey(runId))) return;
    keys.add(runKey(runId));
    climbCall(after.runs.get(runId)?.parentToolCallId ?? null);
  };
  for (const [key, call] of after.toolCalls) if (before.toolCalls.get(key) !== call) climbCall(key);
  for (const [runId, run] of after.runs) if (before.runs.get(runId) !== run) climbRun(runId);
  return keys;
}

const entityKeys = (keys: ReadonlySet<StoreKey>) =>
  new Set([...keys].filter((key) => key.startsWith('call:') || key.startsWith('run:')));

describe('keyed notifications name exactly what a chunk touched', () => {
  for (const { name, chunks, options } of STREAMS) {
    it(`${name}: every chunk, one store`, () => {
      const store = createToolpaneStore({ ...options, now: () => 0 });
      const heard: Array<ReadonlySet<StoreKey> | null> = [];
      store.subscribe((changed) => heard.push(changed));
      let before = store.getState();
      for (const [i, chunk] of chunks.entries()) {
        heard.length = 0;
        store.dispatch(chunk);
        const after = store.getState();
        if (after === before) {
          expect(heard, `chunk ${i}`).toEqual([]);
          continue;
        }
        expect(heard, `chunk ${i}`).toHaveLength(1);
        const keys = heard[0];
        if (keys === null || keys === undefined) throw new Error('a dispatch names its keys');
        expect(entityKeys(keys), `chunk ${i}`).toEqual(expectedEntityKeys(before, after));
        const summaries: Array<[StoreKey, boolean]> = [
          ['runOrder', after.runOrder.length !== before.runOrder.length],
          ['toolCallOrder', after.toolCallOrder.length !== before.toolCallOrder.length],
          ['issues', after.issues.length !== before.issues.length],
          ['unknownChunks', after.unknownChunks.length !== before.unknownChunks.length],
          ['format', after.format !== before.format],
          ['runs', [...after.runs].some(([id, run]) => before.runs.get(id) !== run)],
          ['toolCalls', [...after.toolCalls].some(([id, c]) => before.toolCalls.get(id) !== c)],
        ];
        for (const [key, changed] of summaries)
          expect(keys.has(key), `chunk ${i}: ${key}`).toBe(changed);
        const pendingBefore = selectPendingApprovals(before);
        const pendingAfter = selectPendingApprovals(after);
        const pendingChanged =
          pendingBefore.length !== pendingAfter.length ||
          pendingBefore.some((p, j) => p.call !== pendingAfter[j]?.call);
        if (pendingChanged) expect(keys.has('pending'), `chunk ${i}: pending`).toBe(true);
        before = after;
      }
    });
  }
});

describe('the needs-a-person index equals a scan of every call', () => {
  for (const { name, chunks, options } of STREAMS) {
    it(`${name}: on every prefix, through a store and through reduce`, () => {
      const store = createToolpaneStore({ ...options, now: () => 0 });
      let pure = initialState;
      let waited = false;
      for (const [i, chunk] of chunks.entries()) {
        store.dispatch(chunk);
        pure = reduce(pure, chunk, { ...options, now: () => 0 });
        expectIndexMatchesScan(store.getState(), `store, chunk ${i}`);
        expectIndexMatchesScan(pure, `reduce, chunk ${i}`);
        waited ||= scanWaiting(pure).size > 0;
      }
      // A stream with nothing nested that waits would prove nothing about the index.
      if (!name.startsWith('subagents') && !name.startsWith('a workflow'))
        expect(waited).toBe(true);
    });
  }

  it('batches of chunks published at once, and a state rebuilt from a copy', () => {
    for (const { chunks, options } of STREAMS) {
      const store = createToolpaneStore({ ...options, now: () => 0 });
      for (let i = 0; i < chunks.length; i += 7) {
        store.dispatchMany(chunks.slice(i, i + 7));
        expectIndexMatchesScan(store.getState(), `batch at ${i}`);
      }
      const copy = reduce({ ...store.getState() }, { type: 'toolpane/noop' }, options);
      expectIndexMatchesScan(copy, 'rebuilt');
    }
  });
});

describe('createEmitter', () => {
  it('wakes the listeners of the keys named, all of them for null, and globals always', () => {
    const emitter = createEmitter<string>();
    const woke: string[] = [];
    emitter.subscribe(() => woke.push('global'));
    emitter.subscribeKey('a', () => woke.push('a'));
    const offB = emitter.subscribeKey('b', () => woke.push('b'));
    const both = () => woke.push('both');
    emitter.subscribeKey('a', both);
    emitter.subscribeKey('b', both);
    emitter.emit(new Set(['a']));
    expect(woke).toEqual(['global', 'a', 'both']);
    woke.length = 0;
    emitter.emit(new Set(['a', 'b']));
    expect(woke).toEqual(['global', 'a', 'both', 'b']);
    woke.length = 0;
    offB();
    emitter.emit(null);
    expect(woke).toEqual(['global', 'a', 'both']);
    woke.length = 0;
    emitter.emit(new Set(['c']));
    expect(woke).toEqual(['global']);
  });

  it('does not call a listener added during an emit, and knows when nobody listens', () => {
    const emitter = createEmitter<string>();
    const woke: string[] = [];
    const off = emitter.subscribeKey('a', () => {
      woke.push('first');
      emitter.subscribeKey('a', () => woke.push('late'));
    });
    expect(emitter.listening).toBe(true);
    emitter.emit(new Set(['a']));
    expect(woke).toEqual(['first']);
    off();
    expect(emitter.listening).toBe(true);
    const fresh = createEmitter<string>();
    fresh.subscribeKey('x', () => {})();
    expect(fresh.listening).toBe(false);
  });
});
