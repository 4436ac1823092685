// @vitest-environment node
import {
  createToolpaneStore,
  selectPendingApprovals,
  selectRunText,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * Two calls of one step that both wait for a person (scripts/record/parallel-requests.ts). Mastra
 * asks for the first only; the stream that answers it asks for the second; the stream that answers
 * the second carries both results. Read as a session reads them: each decision is told to the
 * store before the stream that answers it.
 */

const END = { type: 'toolpane/stream-end' };

type Decision = { approved: boolean } | { resumeData: unknown };

/** Plays `request`, then for each answer: the decision on `toolCallId`, then its stream. */
function play(
  store: ToolpaneStore,
  request: string,
  answers: readonly (readonly [toolCallId: string, decision: Decision, stream: string])[],
  after: (step: number) => void,
) {
  store.dispatchMany([...loadFixture(request), END]);
  after(0);
  for (const [index, [toolCallId, decision, stream]] of answers.entries()) {
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId, ...decision });
    store.dispatchMany([...loadFixture(stream), END]);
    after(index + 1);
  }
}

const pendingIds = (store: ToolpaneStore) =>
  selectPendingApprovals(store.getState()).map((pending) => pending.toolCallId);
const statusOf = (store: ToolpaneStore, toolCallId: string) =>
  [...store.getState().toolCalls.values()].find((call) => call.toolCallId === toolCallId)?.status;
const runOf = (store: ToolpaneStore) => store.getState().runs.get(store.getState().runOrder[0]!)!;

describe.each([
  ['native', 'parallel-approval', {}],
  ['AI SDK v6', 'aisdk-v6-parallel-approval', { formats: [aiSdk] }],
] as const)('two approvals asked in one step (%s)', (_, name, options) => {
  it('waits for one at a time, then shows both results', () => {
    const store = createToolpaneStore(options);
    play(
      store,
      `${name}-request`,
      [
        ['call-par-del-a', { approved: true }, `${name}-next`],
        ['call-par-del-b', { approved: true }, `${name}-approve`],
      ],
      (step) => {
        if (step === 0) {
          expect(pendingIds(store)).toEqual(['call-par-del-a']);
          // Known, but not asked for yet.
          expect(statusOf(store, 'call-par-del-b')).toBe('input-available');
          expect(runOf(store).status).toBe('waiting');
        } else if (step === 1) {
          expect(pendingIds(store)).toEqual(['call-par-del-b']);
          expect(statusOf(store, 'call-par-del-a')).toBe('approval-responded');
          expect(runOf(store).status).toBe('waiting');
        } else {
          expect(pendingIds(store)).toEqual([]);
          expect(statusOf(store, 'call-par-del-a')).toBe('output-available');
          expect(statusOf(store, 'call-par-del-b')).toBe('output-available');
          expect(runOf(store).status).toBe('finished');
        }
      },
    );
    const state = store.getState();
    expect(selectRunText(state, state.runOrder[0]!)).toBe('Deleted 2 of 2 records.');
    expect(state.issues).toEqual([]);
  });
});

describe('a suspension and an approval asked in one step', () => {
  it('waits for the resume, then for the approval, then shows both results', () => {
    const store = createToolpaneStore();
    play(
      store,
      'parallel-mixed-request',
      [
        ['call-par-book-a', { resumeData: { confirmed: true } }, 'parallel-mixed-next'],
        ['call-par-del-c', { approved: true }, 'parallel-mixed-approve'],
      ],
      (step) => {
        const pending = selectPendingApprovals(store.getState()).map((p) => [p.toolCallId, p.kind]);
        if (step === 0) expect(pending).toEqual([['call-par-book-a', 'suspension']]);
        else if (step === 1) expect(pending).toEqual([['call-par-del-c', 'approval']]);
        else expect(pending).toEqual([]);
      },
    );
    expect(statusOf(store, 'call-par-book-a')).toBe('output-available');
    expect(statusOf(store, 'call-par-del-c')).toBe('output-available');
    const run = runOf(store);
    expect(run.status).toBe('finished');
    expect(selectRunText(store.getState(), run.runId)).toBe('Booked Chez Lou and deleted rec-c.');
  });
});

describe('two subagents of one step that each ask for approval', () => {
  const targets = (store: ToolpaneStore) =>
    selectPendingApprovals(store.getState()).map((pending) => pending.resumeWith.toolCallId);

  it('wait at once, each from its own subagent, read with no decision told', () => {
    // Each subagent is an agent of its own: both requests come in the first stream.
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture('parallel-subagent-approval-request'), END]);
    expect(targets(store)).toEqual(['call-par-opsa-1', 'call-par-opsb-1']);
    const pending = selectPendingApprovals(store.getState());
    // The two inner calls share their toolCallId: each subagent numbers its own calls.
    expect(pending.map((p) => p.toolCallId)).toEqual(['call-del-sub-1', 'call-del-sub-1']);
    expect(new Set(pending.map((p) => p.key)).size).toBe(2);
  });

  it('are answered one after the other, as a session answers them', () => {
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture('parallel-subagent-approval-request'), END]);
    const [first, second] = selectPendingApprovals(store.getState());
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: first!.key, approved: true });
    store.dispatchMany([...loadFixture('parallel-subagent-approval-next'), END]);
    expect(targets(store)).toEqual(['call-par-opsb-1']);
    expect(store.getState().toolCalls.get(first!.key)?.status).toBe('output-available');
    expect(runOf(store).status).toBe('waiting');

    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: second!.key, approved: true });
    store.dispatchMany([...loadFixture('parallel-subagent-approval-approve'), END]);
    expect(targets(store)).toEqual([]);
    expect(statusOf(store, 'call-par-opsa-1')).toBe('output-available');
    expect(statusOf(store, 'call-par-opsb-1')).toBe('output-available');
    const run = runOf(store);
    expect(run.status).toBe('finished');
    expect(selectRunText(store.getState(), run.runId)).toBe(
      'Both ops agents deleted their record.',
    );
    expect(store.getState().issues).toEqual([]);
  });
});
