// @vitest-environment node
import {
  createToolpaneStore,
  type NetworkStep,
  selectCallsWithId,
  selectPendingApprovals,
  type ToolpaneStore,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * A later network run that repeats a toolCallId (models and mock models that number calls per
 * run, a replayed stream) gets calls of its own, keyed `<toolCallId>#2`: its steps, approvals and
 * results reach those calls and leave the first run's as they were.
 */

/** A recording replayed as another turn: every run id gets a suffix, toolCallIds stay. */
function asTurn(name: string, turn: number): unknown[] {
  const chunks = loadFixture(name);
  if (turn === 0) return chunks;
  const ids = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'runId' && typeof child === 'string') ids.add(child);
      collect(child);
    }
  };
  chunks.forEach(collect);
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.has(value) ? `${value}~${turn}` : value;
    if (Array.isArray(value)) return value.map(rename);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
  };
  return chunks.map(rename);
}

const END = { type: 'toolpane/stream-end' };
const runIdOf = (chunks: unknown[]) => (chunks[0] as { runId: string }).runId;

/** Plays a request, the decision, and the approved continuation: one turn of a conversation. */
function turn(store: ToolpaneStore, request: string, approved: string, n: number, id: string) {
  const chunks = asTurn(request, n);
  store.dispatchMany([...chunks, END]);
  const pending = selectPendingApprovals(store.getState());
  expect(pending).toHaveLength(1);
  expect(pending[0]!.resumeWith.runId).toBe(runIdOf(chunks));
  store.dispatch({ type: 'toolpane/decision-sent', toolCallId: id, approved: true });
  store.dispatchMany([...asTurn(approved, n), END]);
  return { runId: runIdOf(chunks), key: pending[0]!.key };
}

const executions = (steps: readonly NetworkStep[] | undefined) =>
  (steps ?? []).flatMap((step) => (step.kind === 'execution' ? [step.toolCallId] : []));

describe('a network run that repeats a toolCallId', () => {
  it("keeps a tool execution's call, approval and result apart from the first run's", () => {
    const store = createToolpaneStore({ families: [network] });
    const id = '64d4a0fb-7db7-4a71-8527-b2672e3bdbad';
    const first = turn(
      store,
      'network-tool-approval-request',
      'network-tool-approval-approve',
      0,
      id,
    );
    const second = turn(
      store,
      'network-tool-approval-request',
      'network-tool-approval-approve',
      1,
      id,
    );
    expect([first.key, second.key]).toEqual([id, `${id}#2`]);
    const state = store.getState();
    // Each network's steps (the execution, then its resumed execution) name its own call.
    expect(executions(state.runs.get(first.runId)?.network?.steps)).toEqual([id, id]);
    expect(executions(state.runs.get(second.runId)?.network?.steps)).toEqual([
      `${id}#2`,
      `${id}#2`,
    ]);
    const [one, two] = selectCallsWithId(state, id);
    expect(one).toMatchObject({ key: id, runId: first.runId, status: 'output-available' });
    expect(two).toMatchObject({ key: `${id}#2`, runId: second.runId, status: 'output-available' });
    expect(two!.approval?.target).toMatchObject({ runId: second.runId, toolCallId: id });
    expect(state.runs.get(second.runId)?.status).toBe('finished');
    expect(state.toolCalls.size).toBe(2);
  });

  it("keeps an inner call of the chosen agent apart from the first run's", () => {
    const store = createToolpaneStore({ families: [network] });
    const id = 'call-net-del-1';
    const first = turn(store, 'network-approval-request', 'network-approval-approve', 0, id);
    const second = turn(store, 'network-approval-request', 'network-approval-approve', 1, id);
    expect([first.key, second.key]).toEqual([id, `${id}#2`]);
    const [one, two] = selectCallsWithId(store.getState(), id);
    expect(one).toMatchObject({ status: 'output-available' });
    expect(two).toMatchObject({ status: 'output-available' });
    expect(two!.approval?.target).toMatchObject({ runId: second.runId });
    expect(store.getState().runs.get(second.runId)?.status).toBe('finished');
  });
});

describe.each([
  ['an approval', 'network-approval-request', 'network-approval-approve', 'call-net-del-1'],
  ['a suspension', 'network-suspend-request', 'network-suspend-resume', 'call-net-book-1'],
])(
  'three network runs that repeat the toolCallId of %s, all waiting at once',
  (_, request, continuation, id) => {
    // The chosen agent's call waits in each run; each continuation runs under a new execution id.
    for (const order of [
      [0, 1, 2],
      [2, 0, 1],
    ]) {
      it(`the continuations ${order.join(', ')} each end their own run's call`, () => {
        const store = createToolpaneStore({ families: [network] });
        const requests = [0, 1, 2].map((n) => asTurn(request, n));
        for (const chunks of requests) store.dispatchMany([...chunks, END]);
        const keys = [id, `${id}#2`, `${id}#3`];
        expect(selectPendingApprovals(store.getState()).map((p) => p.key)).toEqual(keys);
        for (const n of order) {
          store.dispatch({ type: 'toolpane/decision-sent', toolCallId: keys[n]!, approved: true });
          store.dispatchMany([...asTurn(continuation, n), END]);
          const state = store.getState();
          const call = state.toolCalls.get(keys[n]!)!;
          expect(call).toMatchObject({ status: 'output-available' });
          // Its run is the one whose continuation arrived, and that run finished.
          let top = call.runId;
          for (let parent = state.runs.get(top)?.parentToolCallId; parent; ) {
            top = state.toolCalls.get(parent)!.runId;
            parent = state.runs.get(top)?.parentToolCallId;
          }
          expect(top).toBe(runIdOf(requests[n]!));
          expect(state.runs.get(top)?.status).toBe('finished');
        }
        const state = store.getState();
        expect(selectPendingApprovals(state)).toEqual([]);
        // No call of its own for a result that belongs to a call that waited.
        expect(selectCallsWithId(state, id)).toHaveLength(3);
        expect([...state.issues]).toEqual([]);
      });
    }
  },
);
