// @vitest-environment node
import {
  createToolpaneStore,
  expiredReason,
  selectPendingApprovals,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';

/**
 * A conversation of three runs that repeat the same toolCallIds and arguments, each ending
 * on a request for a person; only the request's target (the runId) tells the runs apart. Once an
 * earlier run's request no longer waits (it expired, was decided, or its call ended), a replay of
 * that run's request parts changes nothing: no other run's request takes its target, no request
 * reopens, no issue comes, and an expired request stays as it was asked when its run ends again.
 * Every AI SDK recording that ends waiting for a person is read each way; every native one too,
 * its earlier run replayed whole.
 */

const END = { type: 'toolpane/stream-end' };

const REQUEST_PARTS = new Set([
  'tool-approval-request',
  'data-tool-call-approval',
  'data-tool-call-suspended',
]);

const newStore = () => createToolpaneStore({ formats: [aiSdk] });

/**
 * Recordings of a whole answer (from its `start`) that `format` picks and that end waiting for a
 * person, read with `options`.
 */
function waitingRecordings(
  format: (name: string) => boolean,
  options: Parameters<typeof createToolpaneStore>[0] = {},
): string[] {
  return fixtureNames().filter((name) => {
    const chunks = loadFixture(name);
    if (!format(name) || !chunks.some((chunk) => (chunk as { type?: unknown }).type === 'start')) {
      return false;
    }
    const store = createToolpaneStore(options);
    store.dispatchMany([...chunks, END]);
    return selectPendingApprovals(store.getState()).length > 0;
  });
}

/** AI SDK recordings of a whole answer that end waiting for a person. */
const WAITING = waitingRecordings((name) => name.includes('aisdk'), { formats: [aiSdk] });

/** Every call that holds a request, with what it asks of whom, by key. */
const requests = (state: ToolpaneState) =>
  [...state.toolCalls.values()]
    .filter((call) => call.approval !== undefined || call.suspension !== undefined)
    .map((call) => ({
      key: call.key,
      status: call.status,
      target: (call.approval ?? call.suspension)!.target,
      revision: call.approval?.revision,
      expired: expiredReason(call),
    }));

/** The keys of the calls of run `n` (1-based) that wait for a person. */
function waitingIn(store: ToolpaneStore, n: number): string[] {
  return selectPendingApprovals(store.getState())
    .filter((p) => p.resumeWith.runId.endsWith(`~${n}`))
    .map((p) => p.key);
}

/** How an earlier run's request stops waiting. */
const MOVES_ON: Record<string, (store: ToolpaneStore, key: string) => void> = {
  expired: (store, key) =>
    store.dispatch({ type: 'toolpane/decision-expired', toolCallId: key, message: 'Gone' }),
  decided: (store, key) => {
    const call = store.getState().toolCalls.get(key)!;
    store.dispatch(
      call.status === 'suspended'
        ? { type: 'toolpane/decision-sent', toolCallId: key, resumeData: { ok: true } }
        : { type: 'toolpane/decision-sent', toolCallId: key, approved: true },
    );
  },
  ended: (store, key) => {
    MOVES_ON.decided!(store, key);
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: key,
      error: 'Lost',
      accepted: true,
    });
  },
};

describe('an AI SDK conversation whose earlier request no longer waits, replayed', () => {
  it('reaches the AI SDK recordings that wait for a person, nested ones among them', () => {
    expect(WAITING).toEqual(
      expect.arrayContaining([
        'aisdk-v6-approval-two-level',
        'aisdk-v6-nested-suspend',
        'aisdk-v7-approval-two-level',
        'aisdk-v6-nested-transform-approval',
      ]),
    );
  });

  const cases = WAITING.flatMap((name) =>
    Object.keys(MOVES_ON).flatMap((how) => [1, 2].map((n) => [name, how, n] as const)),
  );

  it.each(cases)('%s, run %s: %s, then its request parts again', (name, how, n) => {
    const runs = [1, 2, 3].map((i) => fixtureAsRun(name, i));
    const store = newStore();
    for (const run of runs) store.dispatchMany([...run, END]);
    const keys = waitingIn(store, n);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) MOVES_ON[how]!(store, key);
    const before = requests(store.getState());
    const issues = store.getState().issues;
    const parts = runs[n - 1]!.filter((chunk) =>
      REQUEST_PARTS.has((chunk as { type: string }).type),
    );
    expect(parts.length).toBeGreaterThan(0);
    store.dispatchMany(parts);
    expect(requests(store.getState())).toEqual(before);
    expect(store.getState().issues).toBe(issues);
    // The last run still waits on its own target.
    expect(waitingIn(store, 3).length).toBeGreaterThan(0);
  });

  it.each(WAITING)(
    '%s: an expired request keeps what it asked when its run is read again',
    (name) => {
      const runs = [1, 2].map((i) => fixtureAsRun(name, i));
      const store = newStore();
      for (const run of runs) store.dispatchMany([...run, END]);
      for (const key of waitingIn(store, 1)) MOVES_ON.expired!(store, key);
      const before = requests(store.getState()).filter((r) => r.expired !== undefined);
      expect(before.length).toBeGreaterThan(0);
      // The whole first run again (a replayed stream): its end closes no call that holds a request.
      store.dispatchMany([...runs[0]!, END]);
      const after = requests(store.getState()).filter((r) => r.expired !== undefined);
      expect(after).toEqual(before);
      for (const { key } of after) {
        expect(store.getState().toolCalls.get(key)!.error.kind).toBe('none');
      }
    },
  );
});

/** Native recordings of a whole answer (not networks) that end waiting for a person. */
const NATIVE_WAITING = waitingRecordings(
  (name) => !name.includes('aisdk') && !name.startsWith('network'),
);

describe('a native conversation whose earlier request no longer waits, its run replayed whole', () => {
  it('reaches the native recordings that wait for a person, nested ones among them', () => {
    expect(NATIVE_WAITING).toEqual(
      expect.arrayContaining([
        'approval-request',
        'nested-suspend-request',
        'approval-two-level-request',
      ]),
    );
  });

  const cases = NATIVE_WAITING.flatMap((name) =>
    Object.keys(MOVES_ON).map((how) => [name, how] as const),
  );

  it.each(cases)('%s, the second run %s, then all of it again', (name, how) => {
    const runs = [1, 2, 3].map((i) => fixtureAsRun(name, i));
    const store = createToolpaneStore();
    for (const run of runs) store.dispatchMany([...run, END]);
    const keys = waitingIn(store, 2);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) MOVES_ON[how]!(store, key);
    const others = () => requests(store.getState()).filter((r) => !keys.includes(r.key));
    const before = others();
    expect(before.length).toBeGreaterThan(0);
    store.dispatchMany([...runs[1]!, END]);
    expect(others()).toEqual(before);
    expect(waitingIn(store, 3).length).toBeGreaterThan(0);
  });
});
