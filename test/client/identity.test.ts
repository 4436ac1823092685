// @vitest-environment node
import {
  createToolpaneStore,
  reduce,
  reduceAll,
  selectCallsWithId,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** Calls whose toolCallId a later run repeats (models that number calls per run). */

type Chunk = { runId?: string; payload?: { args?: unknown } & Record<string, unknown> };

/** A recording replayed as another run: same toolCallIds, another runId and other arguments. */
function asRun(name: string, runId: string, args?: unknown): unknown[] {
  return (loadFixture(name) as Chunk[]).map((chunk) => {
    const payload =
      args !== undefined && chunk.payload?.args !== undefined
        ? { ...chunk.payload, args }
        : chunk.payload;
    return { ...chunk, ...(chunk.runId === undefined ? {} : { runId }), payload };
  });
}

const FIRST = [...asRun('approval-request', 'run-a'), ...asRun('approval-approved', 'run-a')];
const SECOND = asRun('approval-request', 'run-b', { id: 'second-run-record' });

function check(state: ToolpaneState) {
  const [first, second] = selectCallsWithId(state, 'call-del-1');
  expect(first).toMatchObject({ key: 'call-del-1', runId: 'run-a', status: 'output-available' });
  expect(second).toMatchObject({
    key: 'call-del-1#2',
    toolCallId: 'call-del-1',
    runId: 'run-b',
    status: 'approval-requested',
    input: { kind: 'raw', value: { id: 'second-run-record' } },
  });
  // The first run's finished card keeps its own arguments.
  expect(first!.input).toEqual({ kind: 'raw', value: { id: 'abc-123' } });
  expect(state.runs.get('run-b')?.toolCallIds).toEqual(['call-del-1#2']);
  expect(state.runs.get('run-b')?.parts).toContainEqual({
    type: 'tool-call',
    toolCallId: 'call-del-1#2',
  });
  // The second run's approval is visible, aimed at its own run.
  expect(selectPendingApprovals(state)).toEqual([
    expect.objectContaining({
      key: 'call-del-1#2',
      toolCallId: 'call-del-1',
      resumeWith: { runId: 'run-b', toolCallId: 'call-del-1' },
    }),
  ]);
}

describe('a toolCallId repeated by a later run', () => {
  it('is a call of its own in a store, in reduceAll and in the pure reducer', () => {
    const store = createToolpaneStore();
    store.dispatchMany([...FIRST, ...SECOND]);
    check(store.getState());
    check(reduceAll([...FIRST, ...SECOND]));
    check([...FIRST, ...SECOND].reduce<ToolpaneState>((s, c) => reduce(s, c), reduceAll([])));
  });

  it('takes a decision by the bare toolCallId to the call that waits', () => {
    const store = createToolpaneStore();
    store.dispatchMany([...FIRST, ...SECOND]);
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
    const [first, second] = selectCallsWithId(store.getState(), 'call-del-1');
    expect(first!.status).toBe('output-available');
    expect(second!.status).toBe('approval-responded');
    // Its continuation ends the second run's call, not the first.
    store.dispatchMany(asRun('approval-approved', 'run-b'));
    expect(store.getState().toolCalls.get('call-del-1#2')?.status).toBe('output-available');
    expect(store.getState().runs.get('run-b')?.status).toBe('finished');
  });

  it('gives each of three runs its own call, keys allocated in order', () => {
    const third = asRun('approval-request', 'run-c');
    const state = reduceAll([...FIRST, ...SECOND, ...third]);
    expect(selectCallsWithId(state, 'call-del-1').map((c) => [c.key, c.runId])).toEqual([
      ['call-del-1', 'run-a'],
      ['call-del-1#2', 'run-b'],
      ['call-del-1#3', 'run-c'],
    ]);
  });

  it('keeps one call when a resumed continuation comes from the same run', () => {
    const state = reduceAll(FIRST);
    expect(selectCallsWithId(state, 'call-del-1')).toHaveLength(1);
  });
});
