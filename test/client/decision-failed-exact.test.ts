// @vitest-environment node
import { createToolpaneStore, type FetchLike, type ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun } from '../utils/fixtures.js';
import { END } from '../utils/replays.js';

/*
 * A failed decision names the call it was sent for: with its key, it puts back that call only.
 * When that call no longer holds the decision (another tab's continuation ended it meanwhile), an
 * issue says so, and a later run's call that repeats its toolCallId, answered meanwhile, keeps its
 * own decision. A failure that names a toolCallId only reaches the newest call with it that holds
 * a decision, as before.
 */

/** Each recorded request, its continuation, and the call that asks. */
const CASES = [
  ['an approval', 'approval-request', 'approval-approved', 'call-del-1'],
  ['a resume', 'suspend-request', 'suspend-resume', 'call-book-1'],
] as const;

/** The decision-sent event of the call with key `key`, as a request of its kind wants. */
const sent = (store: ToolpaneStore, key: string) =>
  store.getState().toolCalls.get(key)?.status === 'suspended'
    ? { type: 'toolpane/decision-sent', toolCallId: key, resumeData: { confirmed: true } }
    : { type: 'toolpane/decision-sent', toolCallId: key, approved: true };

/**
 * Run 1 asks and its decision goes out; its continuation (another tab's) ends the call; run 2's
 * model numbers its calls again, so its request is `<key>#2`, and a decision for it goes out too.
 */
function twoRuns(request: string, continuation: string, key: string) {
  const store = createToolpaneStore();
  store.dispatchMany([...fixtureAsRun(request, 1), END]);
  store.dispatch(sent(store, key));
  afterFirstPost(store, request, continuation, key);
  return store;
}

/** What arrives while run 1's decision is on its way: its end, and run 2's answered request. */
function afterFirstPost(store: ToolpaneStore, request: string, continuation: string, key: string) {
  store.dispatchMany([...fixtureAsRun(continuation, 1), END]);
  expect(store.getState().toolCalls.get(key)?.status).toBe('output-available');
  store.dispatchMany([...fixtureAsRun(request, 2), END]);
  store.dispatch(sent(store, `${key}#2`));
  expect(store.getState().toolCalls.get(`${key}#2`)?.status).toBe('approval-responded');
}

const failedIssues = (store: ToolpaneStore) =>
  store.getState().issues.filter((issue) => issue.message.startsWith('A failed decision'));

describe('a failed decision for run 1’s call, once run 2 repeats its toolCallId', () => {
  it.each(CASES)('%s: with its key, reopens nothing of run 2', (_, req, continuation, key) => {
    const store = twoRuns(req, continuation, key);
    const before = store.getState().toolCalls.get(`${key}#2`);
    store.dispatch({ type: 'toolpane/decision-failed', toolCallId: key, key, error: 'HTTP 500' });
    expect(store.getState().toolCalls.get(`${key}#2`)).toBe(before);
    expect(store.getState().toolCalls.get(key)?.status).toBe('output-available');
    expect(failedIssues(store)).toEqual([expect.objectContaining({ toolCallId: key })]);
  });

  it.each(CASES)('%s: with run 2’s key, run 2’s call waits again', (_, req, continuation, key) => {
    const store = twoRuns(req, continuation, key);
    const second = `${key}#2`;
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: key,
      key: second,
      error: 'HTTP 500',
    });
    const call = store.getState().toolCalls.get(second)!;
    expect(call.status).toMatch(/^(approval-requested|suspended)$/);
    expect(call.approval?.error ?? call.suspension?.error).toBe('HTTP 500');
    expect(failedIssues(store)).toEqual([]);
  });

  it.each(CASES)('%s: a bare toolCallId reaches run 2’s call, as before', (_, req, cont, key) => {
    const store = twoRuns(req, cont, key);
    store.dispatch({ type: 'toolpane/decision-failed', toolCallId: key, error: 'HTTP 500' });
    const second = store.getState().toolCalls.get(`${key}#2`)!;
    expect(second.status).toMatch(/^(approval-requested|suspended)$/);
    expect(failedIssues(store)).toEqual([]);
  });

  it.each(CASES)('%s sent by a session fails without touching run 2', async (_, req, cont, key) => {
    const store = createToolpaneStore();
    store.dispatchMany([...fixtureAsRun(req, 1), END]);
    const fetch: FetchLike = async () => {
      // Meanwhile, another tab's continuation and run 2 arrive through the same store.
      afterFirstPost(store, req, cont, key);
      throw new TypeError('fetch failed');
    };
    const session = createAgentSession({
      baseUrl: 'http://localhost:4111',
      agentId: 'a',
      store,
      fetch,
    });
    const result = await (req === 'approval-request'
      ? session.approve(key, { revision: 1 })
      : session.resume(key, { confirmed: true, note: 'ok' }));
    expect(result.status).toBe('error');
    const second = store.getState().toolCalls.get(`${key}#2`)!;
    expect(second.status).toBe('approval-responded');
    expect(second.approval?.error ?? second.suspension?.error).toBeUndefined();
    expect(store.getState().toolCalls.get(key)?.status).toBe('output-available');
    expect(failedIssues(store)).toEqual([expect.objectContaining({ toolCallId: key })]);
  });
});
