import {
  createToolpaneStore,
  type NetworkStep,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/**
 * Plays recordings into one store, in order. Before each later one, the decision a person made
 * on the call that waits: `decline` for the decline recordings, else approve or resume.
 */
function play(...names: string[]): ToolpaneState {
  const store = createToolpaneStore({ families: [network] });
  names.forEach((name, index) => {
    const [pending] = selectPendingApprovals(store.getState());
    if (index > 0 && pending !== undefined && !name.endsWith('-request')) {
      store.dispatch(
        pending.kind === 'approval'
          ? {
              type: 'toolpane/decision-sent',
              toolCallId: pending.toolCallId,
              approved: !name.includes('decline'),
            }
          : { type: 'toolpane/decision-sent', toolCallId: pending.toolCallId, resumeData: {} },
      );
    }
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  });
  return store.getState();
}

const runIdOf = (name: string) => (loadFixture(name)[0] as { runId: string }).runId;

const executions = (state: ToolpaneState, runId: string) =>
  (state.runs.get(runId)?.network?.steps ?? []).filter(
    (s): s is NetworkStep & { kind: 'execution' } => s.kind === 'execution',
  );

function clean(state: ToolpaneState) {
  expect(state.issues).toEqual([]);
  expect(state.unknownChunks).toEqual([]);
}

describe('a suspension inside the chosen agent', () => {
  const runId = runIdOf('network-suspend-request');

  it('is one pending resume, on the inner call, aimed at the network', () => {
    const state = play('network-suspend-request');
    clean(state);
    const [execution] = executions(state, runId);
    expect(selectPendingApprovals(state).map((p) => [p.toolCallId, p.kind, p.resumeWith])).toEqual([
      ['call-net-book-1', 'suspension', { runId, toolCallId: 'booker', network: true }],
    ]);
    expect(state.toolCalls.get('call-net-book-1')).toMatchObject({
      status: 'suspended',
      parentToolCallId: execution!.toolCallId,
      suspension: {
        payload: { kind: 'raw', value: { reason: 'Confirm a table for 2 at Da Enzo, 20:00?' } },
      },
    });
    expect(state.toolCalls.get(execution!.toolCallId)?.status).toBe('input-available');
    expect(state.runs.get(runId)?.status).toBe('waiting');
  });

  it('resumes the same execution and call, and finishes', () => {
    const state = play('network-suspend-request', 'network-suspend-resume');
    clean(state);
    expect(selectPendingApprovals(state)).toEqual([]);
    const [execution] = executions(state, runId);
    expect(executions(state, runId).map((e) => e.toolCallId)).toEqual([
      execution!.toolCallId,
      execution!.toolCallId,
    ]);
    expect(state.toolCalls.get('call-net-book-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { booked: true, restaurant: 'Da Enzo', people: 2 } },
    });
    expect(state.toolCalls.get(execution!.toolCallId)).toMatchObject({
      toolName: 'agent-booker',
      status: 'output-available',
      output: { kind: 'raw', value: 'Your table at Da Enzo is booked.' },
    });
    expect(state.runs.get(runId)?.status).toBe('finished');
  });
});

describe('a tool execution that needs approval', () => {
  it('waits on the tool call itself, aimed at the network', () => {
    const runId = runIdOf('network-tool-approval-request');
    const state = play('network-tool-approval-request');
    clean(state);
    const [execution] = executions(state, runId);
    const call = state.toolCalls.get(execution!.toolCallId)!;
    expect(call).toMatchObject({
      toolName: 'deleteTool',
      parentToolCallId: null,
      status: 'approval-requested',
      input: { kind: 'raw', value: { id: 'rec-512' } },
      approval: { target: { runId, toolCallId: call.toolCallId, network: true } },
    });
  });

  it('approved: the resumed execution (a new toolCallId) completes the same call', () => {
    const runId = runIdOf('network-tool-approval-request');
    const state = play('network-tool-approval-request', 'network-tool-approval-approve');
    clean(state);
    const steps = executions(state, runId);
    expect(steps).toHaveLength(2);
    expect(steps[1]!.id).not.toBe(steps[0]!.id);
    expect(steps[1]!.toolCallId).toBe(steps[0]!.toolCallId);
    expect(state.toolCalls.size).toBe(1);
    expect(state.toolCalls.get(steps[0]!.toolCallId)).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { deleted: true, id: 'rec-512' } },
    });
    expect(state.runs.get(runId)?.status).toBe('finished');
  });

  it('declined: the tool never ran, the call is denied with the reason', () => {
    const runId = runIdOf('network-tool-approval-decline-request');
    const state = play('network-tool-approval-decline-request', 'network-tool-approval-decline');
    clean(state);
    const [first] = executions(state, runId);
    expect(state.toolCalls.size).toBe(1);
    expect(state.toolCalls.get(first!.toolCallId)).toMatchObject({
      status: 'output-denied',
      output: { kind: 'none' },
    });
    expect(state.runs.get(runId)?.status).toBe('finished');
  });
});

describe('a tool execution and a workflow execution that suspend', () => {
  it('the tool: one resume form on its call, then its result on the same call', () => {
    const runId = runIdOf('network-tool-suspend-request');
    const waiting = play('network-tool-suspend-request');
    clean(waiting);
    const [pending] = selectPendingApprovals(waiting);
    expect(pending).toMatchObject({ kind: 'suspension', resumeWith: { runId, network: true } });
    const state = play('network-tool-suspend-request', 'network-tool-suspend-resume');
    clean(state);
    expect(state.toolCalls.size).toBe(1);
    expect(state.toolCalls.get(pending!.toolCallId)).toMatchObject({
      toolName: 'bookTableTool',
      status: 'output-available',
      output: { kind: 'raw', value: { booked: true, note: null } },
    });
  });

  it('the workflow: its step suspends, the resume form is on the workflow call', () => {
    const runId = runIdOf('network-workflow-suspend-request');
    const waiting = play('network-workflow-suspend-request');
    clean(waiting);
    const [execution] = executions(waiting, runId);
    expect(selectPendingApprovals(waiting).map((p) => [p.toolCallId, p.resumeWith])).toEqual([
      [execution!.toolCallId, { runId, toolCallId: 'expense', network: true }],
    ]);
    expect(waiting.toolCalls.get(execution!.toolCallId)).toMatchObject({
      toolName: 'workflow-expense',
      status: 'suspended',
      suspension: {
        payload: { kind: 'raw', value: { question: 'Approve Train tickets for 120 EUR?' } },
      },
    });
    const state = play('network-workflow-suspend-request', 'network-workflow-suspend-resume');
    clean(state);
    expect(state.toolCalls.get(execution!.toolCallId)).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { paid: true, reference: 'EXP-2041' } },
    });
    expect(state.runs.get(runId)?.status).toBe('finished');
  });
});

describe('aborted network runs read as stopped where the stop hit', () => {
  it('while the chosen agent ran a tool that honours the signal: that tool call is stopped', () => {
    const runId = runIdOf('network-abort-execution');
    const state = play('network-abort-execution');
    clean(state);
    const run = state.runs.get(runId)!;
    expect(run).toMatchObject({ status: 'aborted', network: { aborted: true } });
    expect(state.toolCalls.get('call-net-crawl-1')).toMatchObject({ status: 'output-aborted' });
    expect(state.toolCalls.get('call-net-crawl-1')?.awaitingClient).toBeUndefined();
    const crawler = state.runs.get(state.toolCalls.get('call-net-crawl-1')!.runId)!;
    expect(crawler.status).toBe('aborted');
    // The router's next step was the one aborted, not the decision it had already made.
    const routing = run.network!.steps.filter((s) => s.kind === 'routing');
    expect(routing.map((s) => s.status)).toEqual(['done', 'aborted']);
  });

  it('while the router decided: the routing step is aborted', () => {
    const runId = runIdOf('network-abort-routing');
    const state = play('network-abort-routing');
    clean(state);
    const run = state.runs.get(runId)!;
    expect(run.status).toBe('aborted');
    expect(run.network!.steps.map((s) => [s.kind, 'status' in s ? s.status : ''])).toEqual([
      ['routing', 'aborted'],
      ['validation', 'passed'],
    ]);
    expect(run.network).toMatchObject({ completionReason: 'Task aborted', result: 'Aborted' });
  });

  it('an agent execution aborted (its tool ignored the signal): the execution call is stopped', () => {
    const runId = runIdOf('network-abort-agent');
    const state = play('network-abort-agent');
    clean(state);
    const [execution] = executions(state, runId);
    expect(state.toolCalls.get(execution!.toolCallId)).toMatchObject({
      toolName: 'agent-archivist',
      status: 'output-aborted',
    });
    // The tool finished before it saw the abort: its result stands.
    expect(state.toolCalls.get('call-net-archive-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { mailbox: 'ada@example.com', messages: 1820 } },
    });
    expect(state.runs.get(runId)?.status).toBe('aborted');
  });

  it('a tool execution aborted: its call is stopped', () => {
    const runId = runIdOf('network-abort-tool');
    const state = play('network-abort-tool');
    clean(state);
    const [execution] = executions(state, runId);
    expect(state.toolCalls.get(execution!.toolCallId)).toMatchObject({
      toolName: 'exportArchiveTool',
      status: 'output-aborted',
    });
    expect(state.runs.get(runId)?.status).toBe('aborted');
  });
});

describe('many network runs in one store', () => {
  it('each reads as it does alone', () => {
    const names = [
      'network',
      'network-suspend-request',
      'network-suspend-resume',
      'network-tool-approval-request',
      'network-tool-approval-approve',
      'network-tool-suspend-request',
      'network-tool-suspend-resume',
      'network-workflow-suspend-request',
      'network-workflow-suspend-resume',
      'network-abort-execution',
      'network-abort-agent',
    ];
    const state = play(...names);
    clean(state);
    expect(selectPendingApprovals(state)).toEqual([]);
    expect(state.runOrder.map((id) => state.runs.get(id)?.status)).toEqual([
      'finished',
      'finished',
      'finished',
      'finished',
      'finished',
      'aborted',
      'aborted',
    ]);
  });
});
