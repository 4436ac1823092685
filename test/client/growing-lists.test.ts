// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { agentChunk } from '../utils/chunks';
import { loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/**
 * A call's `progress` and `childRunIds` and a network's `steps` are persistent lists behind
 * getters, so that one more item costs O(1) per published snapshot (the linear test counts that).
 * What a reader gets must be what plain arrays gave: in every published snapshot, through a
 * spread, JSON, a structured clone, a deep freeze, and a snapshot serialized mid-stream.
 */

const chunk = agentChunk;
const progress = (i: number) => chunk('tool-output', { toolCallId: 'c', output: { step: i } });
const PROGRESS = [
  chunk('start', { id: 'agent' }),
  chunk('tool-call', { toolCallId: 'c', toolName: 'deployTool', args: {} }),
  ...Array.from({ length: 40 }, (_, i) => progress(i)),
  chunk('tool-result', { toolCallId: 'c', toolName: 'deployTool', result: { ok: true } }),
];
const sub = (i: number, type: string, payload: object) =>
  chunk('tool-output', {
    toolCallId: 'a',
    toolName: 'agent-helper',
    output: { type, runId: `sub-${i}`, from: 'AGENT', payload },
  });
const CHILD_RUNS = [
  chunk('start', { id: 'agent' }),
  chunk('tool-call', { toolCallId: 'a', toolName: 'agent-helper', args: {} }),
  ...Array.from({ length: 40 }, (_, i) => [
    sub(i, 'start', { id: 'helper', messageId: `m-${i}` }),
    sub(i, 'finish', { stepResult: { reason: 'stop' } }),
  ]).flat(),
];

const CASES: { name: string; chunks: unknown[]; options: ReduceOptions; read: Read }[] = [
  {
    name: 'progress of a call',
    chunks: PROGRESS,
    options: {},
    read: (s) => call(s, 'c')?.progress,
  },
  {
    name: 'child runs of a subagent call',
    chunks: CHILD_RUNS,
    options: {},
    read: (s) => call(s, 'a')?.childRunIds,
  },
  {
    name: 'steps of a network (recorded)',
    chunks: loadFixture('network'),
    options: { families: [network] },
    read: (s) => [...s.runs.values()].find((run) => run.network)?.network?.steps,
  },
];
type Read = (state: ToolpaneState) => readonly unknown[] | undefined;
const call = (state: ToolpaneState, key: string) => state.toolCalls.get(key);

/** Freezes `value` and everything it reaches, symbol-keyed fields included. */
function deepFreeze(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Map) for (const entry of value) deepFreeze(entry, seen);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    deepFreeze('get' in descriptor ? descriptor.get?.call(value) : descriptor.value, seen);
  }
  Object.freeze(value);
}

describe.each(CASES)('the $name', ({ chunks, options, read }) => {
  const whole = read(reduceAll(chunks, options))!;

  it('stay as published while more arrive', () => {
    const store = createToolpaneStore(options);
    const seen: { list: readonly unknown[]; json: string }[] = [];
    store.subscribe(() => {
      const list = read(store.getState());
      if (list !== undefined) seen.push({ list, json: JSON.stringify(list) });
    });
    for (const c of chunks) store.dispatch(c);
    expect(new Set(seen.map((s) => s.json)).size).toBeGreaterThan(2);
    for (const { list, json } of seen) expect(JSON.stringify(list)).toBe(json);
    expect(read(store.getState())).toEqual(whole);
    expect(whole.length).toBeGreaterThan(2);
  });

  it('are plain frozen arrays through a spread, JSON and a structured clone', () => {
    const store = createToolpaneStore(options);
    store.subscribe(() => store.getState());
    for (const c of chunks) store.dispatch(c);
    const list = read(store.getState())!;
    expect(Array.isArray(list)).toBe(true);
    expect(Object.isFrozen(list)).toBe(true);
    expect(list).toBe(read(store.getState()));
    const state = store.getState();
    const owner = [...state.toolCalls.values(), ...[...state.runs.values()].map((r) => r.network)]
      .filter((value) => value !== undefined)
      .find((value) => Object.values(value).includes(list)) as unknown as Record<string, unknown>;
    expect(owner).toBeDefined();
    const key = Object.keys(owner).find((k) => owner[k] === list)!;
    expect({ ...owner }[key]).toEqual(whole);
    expect(JSON.parse(JSON.stringify(owner))[key]).toEqual(JSON.parse(JSON.stringify(whole)));
    expect(structuredClone(owner)[key]).toEqual(whole);
    expect(Object.keys(JSON.parse(JSON.stringify(owner)))).toEqual(Object.keys(owner));
    expect(Object.getOwnPropertySymbols({ ...owner })).toEqual([]);
  });

  it('continue when every published state is deep-frozen', () => {
    const store = createToolpaneStore(options);
    store.subscribe(() => deepFreeze(store.getState()));
    for (const c of chunks) store.dispatch(c);
    expect(read(store.getState())).toEqual(whole);
  });

  it('continue after a snapshot serialized mid-stream', () => {
    const cut = Math.floor(chunks.length / 2);
    const wire = JSON.parse(
      JSON.stringify(serializeState(reduceAll(chunks.slice(0, cut), options))),
    );
    const store = createToolpaneStore({ ...options, initialState: deserializeState(wire) });
    store.subscribe(() => store.getState());
    for (const c of chunks.slice(cut)) store.dispatch(c);
    expect(read(store.getState())).toEqual(whole);
  });
});

describe('the progress of a call that turns out to be display-transformed', () => {
  it('is hidden in the snapshot that learns it, and what comes after shows a placeholder', () => {
    const meta = { metadata: { mastra: { toolPayloadTransform: { display: { x: 1 } } } } };
    const store = createToolpaneStore();
    store.subscribe(() => store.getState());
    store.dispatch(chunk('start', { id: 'agent' }));
    store.dispatch(
      chunk('tool-call-input-streaming-start', { toolCallId: 'c', toolName: 'login' }),
    );
    for (let i = 0; i < 40; i++) {
      store.dispatch(chunk('tool-output', { toolCallId: 'c', output: { token: `secret-${i}` } }));
    }
    const before = store.getState();
    expect(everythingShown(before)).toContain('secret-39');
    store.dispatch(
      chunk('tool-call', { toolCallId: 'c', toolName: 'login', args: { password: 'p' } }, meta),
    );
    store.dispatch(chunk('tool-output', { toolCallId: 'c', output: { token: 'secret-40' } }));
    const after = store.getState();
    expect(after.toolCalls.get('c')?.displayTransform).toBe('display');
    expect(after.toolCalls.get('c')?.progress).toHaveLength(41);
    expect(everythingShown(after)).not.toContain('secret-');
    expect(JSON.stringify(serializeState(after))).not.toContain('secret-');
    expect(JSON.stringify(structuredClone(after.toolCalls.get('c')))).not.toContain('secret-');
    // What was published before stays as it was.
    expect(everythingShown(before)).toContain('secret-39');
  });
});
