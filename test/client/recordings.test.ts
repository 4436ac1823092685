import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  selectRunText,
  selectStatus,
  selectSubagents,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** Plays recorded streams one after another, as a session would, with stream ends between them. */
function play(...names: string[]): ToolpaneState {
  const store = createToolpaneStore();
  for (const name of names) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store.getState();
}

const topRun = (state: ToolpaneState) => state.runs.get(state.runOrder[0]!)!;

describe('parallel tools with one error', () => {
  const state = play('parallel-tools-error');

  it('keeps both calls apart and shows the error text', () => {
    expect(state.toolCalls.get('call-weather-2')).toMatchObject({
      toolName: 'weatherTool',
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lisbon', tempC: 17, sky: 'sunny' } },
    });
    expect(state.toolCalls.get('call-flights-1')).toMatchObject({
      toolName: 'flightsTool',
      status: 'output-error',
      error: { kind: 'raw', value: 'Flight search is unavailable for CDG → LIS' },
    });
    expect(selectStatus(state)).toBe('finished');
  });
});

describe('two-level subagent', () => {
  const state = play('subagent-two-level');

  it('builds the tree of runs with each subagent id and parent call', () => {
    const subagents = selectSubagents(state);
    expect(subagents.map((s) => [s.toolName, s.agentId, s.depth, s.toolCallId])).toEqual([
      ['agent-research', 'research-agent', 1, 'call-research-1'],
      ['agent-weather', 'weather-station-agent', 2, 'call-weather-sub-1'],
    ]);
    expect(state.toolCalls.get('call-weather-sub-1')?.parentToolCallId).toBe('call-research-1');
    expect(state.toolCalls.get('call-station-1')).toMatchObject({
      toolName: 'stationTool',
      parentToolCallId: 'call-weather-sub-1',
      status: 'output-available',
      output: { kind: 'raw', value: { station: 'LFPG', tempC: 19.5, windKmh: 12, humidity: 0.61 } },
    });
  });

  it('keeps every transcript', () => {
    const [research, weather] = selectSubagents(state);
    expect(selectRunText(state, research!.runId)).toBe(
      'At Paris CDG it is 19.5°C with a light wind.',
    );
    expect(selectRunText(state, weather!.runId)).toBe('Station LFPG reads 19.5°C, wind 12 km/h.');
    expect(selectRunText(state, state.runOrder[0]!)).toBe(
      'Right now Paris CDG reports 19.5°C and a light wind.',
    );
  });

  it('keeps progress written inside the innermost subagent on its call', () => {
    const station = state.toolCalls.get('call-station-1')!;
    expect(station.progress.length).toBeGreaterThan(0);
    expect(station.progress.every((p) => p.kind === 'raw')).toBe(true);
  });
});

describe('parallel subagents', () => {
  const state = play('subagents-parallel');

  it('attributes each subagent run to its own call, including the same agent twice', () => {
    const subagents = selectSubagents(state);
    expect(subagents.map((s) => [s.toolCallId, s.agentId])).toEqual([
      ['call-forecast-paris-1', 'forecast-agent'],
      ['call-forecast-tokyo-1', 'forecast-agent'],
      ['call-news-1', 'news-agent'],
    ]);
    const paris = subagents[0]!.runId;
    const tokyo = subagents[1]!.runId;
    expect(selectRunText(state, paris)).toBe('Paris: sunny, around 20°C.');
    expect(selectRunText(state, tokyo)).toBe('Tokyo: sunny, around 20°C.');
    expect(state.runs.get(paris)?.toolCallIds).toEqual(['call-city-weather-paris']);
    expect(state.runs.get(tokyo)?.toolCallIds).toEqual(['call-city-weather-tokyo']);
  });
});

describe('approve and decline', () => {
  it('continues the same run after approve, with no start chunk', () => {
    const state = play('approval-request', 'approval-approve');
    expect(state.runOrder).toHaveLength(1);
    expect(state.toolCalls.get('call-del-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { deleted: true, id: 'abc-123' } },
    });
    expect(selectRunText(state, state.runOrder[0]!)).toBe('Record abc-123 was deleted.');
    expect(selectStatus(state)).toBe('finished');
  });

  it('ends denied with the reason after decline', () => {
    const state = play('approval-decline-request', 'approval-decline');
    const call = [...state.toolCalls.values()][0]!;
    expect(call.status).toBe('output-denied');
    expect(call.approval?.decision).toMatchObject({ approved: false, reason: 'Not today' });
    expect(selectStatus(state)).toBe('finished');
  });

  it('routes the nested approval and merges its continuation', () => {
    const waiting = play('nested-approval-request');
    expect(
      selectPendingApprovals(waiting).map((p) => [
        p.toolCallId,
        p.toolName,
        p.resumeWith.toolCallId,
      ]),
    ).toEqual([['call-del-sub-1', 'deleteTool', 'call-ops-1']]);
    expect(selectPendingApprovals(waiting)[0]?.resumeWith.runId).toBe(waiting.runOrder[0]);
    const done = play('nested-approval-request', 'nested-approval-approve');
    expect(done.toolCalls.get('call-del-sub-1')?.status).toBe('output-available');
    expect(done.toolCalls.get('call-ops-1')?.status).toBe('output-available');
    expect(selectRunText(done, done.runOrder[0]!)).toBe('The ops agent deleted record rec-778.');
  });
});

describe('suspend and resume', () => {
  it('suspends with the payload and the parsed resume schema', () => {
    const state = play('suspend-request');
    const call = state.toolCalls.get('call-book-1')!;
    expect(call.status).toBe('suspended');
    expect(call.suspension?.payload).toEqual({
      kind: 'raw',
      value: { reason: 'Confirm a table for 4 at Chez Marie, 19:30?' },
    });
    expect(call.suspension?.resumeSchema).toMatchObject({ type: 'object' });
    expect(selectPendingApprovals(state)).toMatchObject([
      { toolCallId: 'call-book-1', kind: 'suspension' },
    ]);
    expect(selectStatus(state)).toBe('waiting');
  });

  it('finishes after resume', () => {
    const state = play('suspend-request', 'suspend-resume');
    expect(state.toolCalls.get('call-book-1')).toMatchObject({ status: 'output-available' });
    expect(selectRunText(state, state.runOrder[0]!)).toBe(
      'Your table for 4 at Chez Marie is booked for 19:30.',
    );
  });
});

describe('workflow tool', () => {
  it('gets its steps and statuses from the nested workflow events', () => {
    const state = play('workflow-tool');
    const call = state.toolCalls.get('call-report-1')!;
    expect(call.kind).toBe('workflow');
    expect(call.workflow).toMatchObject({ workflowId: 'report-workflow', status: 'success' });
    expect(call.workflow?.stepIds).toEqual(['fetch-figures', 'summarize']);
    expect(call.workflow?.steps.get('summarize')).toMatchObject({
      name: 'summarize',
      status: 'success',
    });
    expect(call.status).toBe('output-available');
  });
});

describe('runs that end badly', () => {
  it('model error: error status, the message as a part, no open call', () => {
    const state = play('model-error');
    const run = topRun(state);
    expect(run.status).toBe('error');
    expect(run.parts.at(-1)).toEqual({ type: 'error', message: 'Upstream model connection reset' });
    expect(selectRunText(state, run.runId)).toBe('Let me look that ');
  });

  it('abort: aborted, keeping the text received', () => {
    const state = play('abort');
    expect(topRun(state).status).toBe('aborted');
    expect(selectRunText(state, state.runOrder[0]!)).toBe('Here is a ');
  });

  it('tripwire: the reason, with no start chunk', () => {
    const state = play('tripwire');
    expect(topRun(state)).toMatchObject({
      status: 'tripwire',
      error: 'Messages must not contain passwords.',
    });
  });
});

describe('tool progress', () => {
  it('keeps preliminary output in order and data parts on the run', () => {
    const state = play('tool-progress');
    const call = state.toolCalls.get('call-deploy-1')!;
    expect(
      call.progress.map((p) => (p.kind === 'raw' ? (p.value as { stage: string }).stage : '')),
    ).toEqual(['build', 'upload', 'migrate', 'switch traffic']);
    expect(topRun(state).parts.some((p) => p.type === 'data')).toBe(true);
  });
});

describe('background task', () => {
  it('shows the call running in the background, then its real result', () => {
    const chunks = loadFixture('background-task');
    const finish = chunks.findIndex((c) => (c as { type: string }).type === 'finish');
    const running = reduceAll(chunks.slice(0, finish + 1));
    expect(running.toolCalls.get('call-index-1')).toMatchObject({
      status: 'input-available',
      background: { status: 'running' },
    });
    const done = play('background-task');
    expect(done.toolCalls.get('call-index-1')).toMatchObject({
      status: 'output-available',
      background: { status: 'completed' },
      output: { kind: 'raw', value: { repo: 'acme/api', files: 1284, symbols: 9120 } },
    });
    const phases = done.toolCalls
      .get('call-index-1')
      ?.progress.map((p) => (p.kind === 'raw' ? (p.value as { phase?: string }).phase : undefined));
    expect(phases).toContain('indexing');
    expect(done.issues).toEqual([]);
  });
});
