import {
  createToolpaneStore,
  selectPendingApprovals,
  selectRunText,
  selectStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** Plays recordings as a session would: stream ends between them, a decision before each resume. */
function play(
  names: string[],
  decide?: { toolCallId: string; resumeData?: unknown },
): ToolpaneState {
  const store = createToolpaneStore({ formats: [aiSdk] });
  names.forEach((name, index) => {
    if (index > 0 && decide !== undefined) {
      store.dispatch({ type: 'toolpane/decision-sent', approved: true, ...decide });
    }
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  });
  return store.getState();
}

const topRunId = (name: string) => (loadFixture(name)[0] as { runId: string }).runId;

/** Pending decisions as [toolCallId, kind, target runId, target toolCallId]. */
const pending = (state: ToolpaneState) =>
  selectPendingApprovals(state).map((p) => [
    p.toolCallId,
    p.kind,
    p.resumeWith.runId,
    p.resumeWith.toolCallId,
  ]);

describe('one decision is one pending entry, on the innermost call, aimed at the top call', () => {
  it('a suspension inside a subagent (native)', () => {
    const state = play(['nested-suspend-request']);
    const runId = topRunId('nested-suspend-request');
    expect(pending(state)).toEqual([['call-book-sub-1', 'suspension', runId, 'call-booking-1']]);
    expect(state.toolCalls.get('call-book-sub-1')?.suspension?.payload).toEqual({
      kind: 'raw',
      value: { reason: 'Confirm a table for 2 at Le Petit Zinc, 20:00?' },
    });
    expect(state.toolCalls.get('call-booking-1')?.status).toBe('input-available');
    expect(selectStatus(state)).toBe('waiting');
  });

  it('a suspension inside a subagent, resumed', () => {
    const state = play(['nested-suspend-request', 'nested-suspend-resume'], {
      toolCallId: 'call-book-sub-1',
      resumeData: { confirmed: true, note: 'Window seat' },
    });
    expect(pending(state)).toEqual([]);
    expect(state.toolCalls.get('call-book-sub-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { restaurant: 'Le Petit Zinc', booked: true } },
    });
    expect(state.toolCalls.get('call-booking-1')?.status).toBe('output-available');
    expect(selectRunText(state, state.runOrder[0]!)).toBe(
      'Your table at Le Petit Zinc is booked for 20:00.',
    );
    expect(selectStatus(state)).toBe('finished');
  });

  it.each(['v6', 'v7'])('a suspension inside a subagent (AI SDK %s)', (version) => {
    const name = `aisdk-${version}-nested-suspend`;
    const state = play([name]);
    const suspended = loadFixture(name).at(-1) as { data: { runId: string } };
    expect(pending(state)).toEqual([
      ['call-book-sub-1', 'suspension', suspended.data.runId, 'call-booking-1'],
    ]);
  });

  it('an approval two levels down: three chunks, one decision', () => {
    const state = play(['approval-two-level-request']);
    const runId = topRunId('approval-two-level-request');
    expect(pending(state)).toEqual([['call-del-deep-1', 'approval', runId, 'call-lead-1']]);
    expect(state.toolCalls.get('call-ops-deep-1')?.status).toBe('input-available');
    expect(state.toolCalls.get('call-lead-1')?.status).toBe('input-available');
  });

  it('aims at the top call already when only the inner levels have arrived', () => {
    const chunks = loadFixture('approval-two-level-request');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, -1));
    const [only] = selectPendingApprovals(store.getState());
    expect(only?.toolCallId).toBe('call-del-deep-1');
    expect(only?.resumeWith).toEqual({
      runId: topRunId('approval-two-level-request'),
      toolCallId: 'call-lead-1',
    });
  });

  it('an approval two levels down, approved', () => {
    const state = play(['approval-two-level-request', 'approval-two-level-approve'], {
      toolCallId: 'call-del-deep-1',
    });
    expect(pending(state)).toEqual([]);
    for (const id of ['call-del-deep-1', 'call-ops-deep-1', 'call-lead-1']) {
      expect(state.toolCalls.get(id)?.status).toBe('output-available');
    }
    expect(selectRunText(state, state.runOrder[0]!)).toBe('Record rec-991 is gone.');
  });

  it.each(['v6', 'v7'])('an approval two levels down (AI SDK %s)', (version) => {
    const name = `aisdk-${version}-approval-two-level`;
    const state = play([name]);
    const last = loadFixture(name).at(-1) as { data: { runId: string } };
    expect(pending(state)).toEqual([
      ['call-del-deep-1', 'approval', last.data.runId, 'call-lead-1'],
    ]);
  });

  it('a workflow step that suspends: the workflow call waits, once', () => {
    const state = play(['workflow-suspend-request']);
    const runId = topRunId('workflow-suspend-request');
    expect(pending(state)).toEqual([['call-expense-1', 'suspension', runId, 'call-expense-1']]);
    const call = state.toolCalls.get('call-expense-1')!;
    expect(call.workflow?.status).toBe('suspended');
    expect(call.workflow?.steps.get('review-expense')).toMatchObject({
      status: 'suspended',
      suspendPayload: { question: 'Approve Team dinner for 240 EUR?' },
    });
    expect(call.suspension?.resumeSchema).toMatchObject({ required: ['approved'] });
  });

  it('a workflow step that suspends, resumed: only the resumed step runs again', () => {
    const state = play(['workflow-suspend-request', 'workflow-suspend-resume'], {
      toolCallId: 'call-expense-1',
      resumeData: { approved: true },
    });
    const call = state.toolCalls.get('call-expense-1')!;
    expect(call.status).toBe('output-available');
    expect(call.workflow?.status).toBe('success');
    expect(call.workflow?.stepIds).toEqual(['review-expense', 'pay-expense']);
    expect(call.workflow?.steps.get('review-expense')?.status).toBe('success');
    expect(call.workflow?.result).toEqual({ paid: true, reference: 'EXP-2041' });
    expect(selectStatus(state)).toBe('finished');
  });
});
