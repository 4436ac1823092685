import {
  createToolpaneStore,
  type NetworkStep,
  reduce,
  selectPendingApprovals,
  selectRunText,
  selectStatus,
  selectSubagents,
  type ToolpaneState,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function play(names: string[], decide?: string): ToolpaneState {
  const store = createToolpaneStore({ families: [network] });
  names.forEach((name, index) => {
    if (index > 0 && decide !== undefined) {
      store.dispatch({ type: 'toolpane/decision-sent', toolCallId: decide, approved: true });
    }
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  });
  return store.getState();
}

const networkRunId = (name: string) => (loadFixture(name)[0] as { runId: string }).runId;

/** Each step as a short tuple: what a person sees of the network's loop. */
function outline(steps: readonly NetworkStep[]) {
  return steps.map((step) =>
    step.kind === 'routing'
      ? ['routing', step.primitive?.type, step.primitive?.id, step.selectionReason]
      : step.kind === 'execution'
        ? ['execution', step.primitive.type, step.primitive.id]
        : ['validation', step.status, step.reason],
  );
}

describe('agent network: routing, executions, validation, final result', () => {
  const state = play(['network']);
  const run = state.runs.get(networkRunId('network'))!;

  it('reads as one finished run, with no unknown chunks', () => {
    expect(state.issues).toEqual([]);
    expect(state.unknownChunks).toEqual([]);
    expect(state.runOrder).toEqual([run.runId]);
    expect(run.agentId).toBe('planner-network');
    expect(run.status).toBe('finished');
    expect(selectStatus(state)).toBe('finished');
  });

  it('keeps every routing decision, execution and completion check in order', () => {
    expect(outline(run.network!.steps)).toEqual([
      ['routing', 'agent', 'researcher', 'The researcher can look the weather up.'],
      ['execution', 'agent', 'researcher'],
      ['validation', 'failed', 'The report is still missing.'],
      ['routing', 'workflow', 'report', 'The report workflow writes the summary.'],
      ['execution', 'workflow', 'report'],
      ['validation', 'failed', 'Milan is not checked yet.'],
      ['routing', 'tool', 'weatherTool', 'Milan is the fallback city.'],
      ['execution', 'tool', 'weatherTool'],
      ['validation', 'passed', 'Weather, report and fallback are done.'],
    ]);
    const routing = run.network!.steps[0]!;
    expect(routing).toMatchObject({ prompt: 'What is the weather in Rome?', status: 'done' });
  });

  it('runs the chosen agent as a nested run, with its own tool call', () => {
    const execution = run.network!.steps[1] as NetworkStep & { kind: 'execution' };
    const call = state.toolCalls.get(execution.toolCallId)!;
    expect(call).toMatchObject({
      toolName: 'agent-researcher',
      kind: 'agent',
      runId: run.runId,
      status: 'output-available',
      input: { kind: 'raw', value: { prompt: 'What is the weather in Rome?' } },
      output: { kind: 'raw', value: 'Rome is 21°C and sunny.' },
    });
    const [sub] = selectSubagents(state);
    expect(sub).toMatchObject({ toolCallId: call.toolCallId, agentId: 'net-researcher-agent' });
    expect(selectRunText(state, sub!.runId)).toBe('Rome is 21°C and sunny.');
    expect(state.toolCalls.get('call-net-weather-1')).toMatchObject({
      toolName: 'weatherTool',
      parentToolCallId: call.toolCallId,
      status: 'output-available',
      input: { kind: 'raw', value: { city: 'Rome' } },
    });
  });

  it('runs the workflow and the tool as calls of the network run', () => {
    const [, , , , workflowStep, , , toolStep] = run.network!.steps as (NetworkStep & {
      kind: 'execution';
    })[];
    const workflow = state.toolCalls.get(workflowStep!.toolCallId)!;
    expect(workflow).toMatchObject({
      toolName: 'workflow-report',
      kind: 'workflow',
      status: 'output-available',
      input: { kind: 'raw', value: { topic: 'Rome trip' } },
      output: { kind: 'raw', value: { summary: 'Rome trip: revenue 1250000, growth 12%' } },
    });
    expect(workflow.workflow?.stepIds).toEqual(['fetch-figures', 'summarize']);
    expect(workflow.workflow?.status).toBe('success');
    expect(state.toolCalls.get(toolStep!.toolCallId)).toMatchObject({
      toolName: 'weatherTool',
      status: 'output-available',
      input: { kind: 'raw', value: { city: 'Milan' } },
      output: { kind: 'raw', value: { city: 'Milan', tempC: 17, sky: 'sunny' } },
    });
  });

  it('streams the final result as the network run text and keeps the result', () => {
    const final = 'Rome is 21°C and sunny; the report is ready; Milan is sunny too.';
    expect(selectRunText(state, run.runId)).toBe(final);
    const last = run.network!.steps.at(-1)!;
    expect(last).toMatchObject({ kind: 'validation', text: final });
    expect(run.network).toMatchObject({
      networkId: 'planner-network',
      isComplete: true,
      completionReason: 'Weather, report and fallback are done.',
      result: final,
    });
  });

  it('reads the same chunk by chunk through the pure reduce', () => {
    const options = { families: [network] };
    let pure = reduce(createToolpaneStore().getState(), loadFixture('network')[0], options);
    for (const chunk of loadFixture('network').slice(1)) pure = reduce(pure, chunk, options);
    expect(outline(pure.runs.get(run.runId)!.network!.steps)).toEqual(outline(run.network!.steps));
  });
});

describe('agent network: an approval inside the chosen agent', () => {
  const runId = networkRunId('network-approval-request');

  it('is one pending decision, on the inner call, aimed at the network', () => {
    const state = play(['network-approval-request']);
    expect(selectPendingApprovals(state).map((p) => [p.toolCallId, p.kind, p.resumeWith])).toEqual([
      ['call-net-del-1', 'approval', { runId, toolCallId: 'ops', network: true }],
    ]);
    expect(state.runs.get(runId)?.status).toBe('waiting');
  });

  it('continues the same execution after approval and finishes', () => {
    const state = play(['network-approval-request', 'network-approval-approve'], 'call-net-del-1');
    const run = state.runs.get(runId)!;
    expect(selectPendingApprovals(state)).toEqual([]);
    expect(state.toolCalls.get('call-net-del-1')?.status).toBe('output-available');
    const executions = run.network!.steps.filter((s) => s.kind === 'execution');
    expect(new Set(executions.map((s) => s.toolCallId)).size).toBe(1);
    const call = state.toolCalls.get(executions[0]!.toolCallId)!;
    expect(call).toMatchObject({ status: 'output-available', toolName: 'agent-ops' });
    expect(call.childRunIds.map((id) => state.runs.get(id)?.status)).toEqual([
      'finished',
      'finished',
    ]);
    expect(selectRunText(state, run.runId)).toBe('Record rec-314 is deleted.');
    expect(run.status).toBe('finished');
    expect(state.issues).toEqual([]);
  });
});

describe('without network support', () => {
  it('keeps network chunks as unknown chunks, each an issue', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('network'));
    const state = store.getState();
    expect(state.unknownChunks).toHaveLength(loadFixture('network').length);
    expect(state.issues[0]).toMatchObject({
      kind: 'unknown-chunk',
      chunkType: 'routing-agent-start',
    });
  });
});

describe('several networks and agents in one store', () => {
  it('keeps each network apart', () => {
    const state = play(['network', 'tool-then-text', 'network-approval-request']);
    expect(state.runOrder).toHaveLength(3);
    expect(state.runs.get(networkRunId('network'))?.network?.steps).toHaveLength(9);
    expect(state.runs.get(networkRunId('network-approval-request'))?.network?.steps).toHaveLength(
      2,
    );
    expect(selectPendingApprovals(state).map((p) => p.toolCallId)).toEqual(['call-net-del-1']);
  });
});
