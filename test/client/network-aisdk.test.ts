import {
  createToolpaneStore,
  type NetworkStep,
  selectPendingApprovals,
  selectRunText,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function play(...names: string[]): ToolpaneState {
  const store = createToolpaneStore({ formats: [aiSdk], families: [network] });
  for (const name of names) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store.getState();
}

/** What a person sees of a network run, without the ids of one recording. */
function seen(state: ToolpaneState, runId: string) {
  const run = state.runs.get(runId)!;
  const steps = run.network!.steps.filter(
    (s): s is Exclude<NetworkStep, { kind: 'validation' }> => s.kind !== 'validation',
  );
  return {
    networkId: run.network!.networkId,
    status: run.status,
    text: selectRunText(state, runId),
    result: run.network!.result,
    steps: steps.map((s) =>
      s.kind === 'routing'
        ? ['routing', s.status, s.primitive, s.selectionReason, s.prompt]
        : ['execution', s.primitive],
    ),
    calls: steps.flatMap((s) => {
      if (s.kind !== 'execution') return [];
      const call = state.toolCalls.get(s.toolCallId)!;
      return [[call.toolName, call.kind, call.status, call.input, call.output]];
    }),
  };
}

describe('an agent network through networkRoute (data-network) reads like the native stream', () => {
  const native = play('network');
  const ai = play('aisdk-network');

  it('reads with no issue, as the AI SDK format', () => {
    expect(ai.format).toBe('ai-sdk');
    expect(ai.issues).toEqual([]);
    expect(ai.runOrder).toHaveLength(1);
  });

  it('agrees with the native path on routing, executions, their calls, the text and result', () => {
    const a = seen(ai, ai.runOrder[0]!);
    const n = seen(native, native.runOrder[0]!);
    expect(a).toEqual(n);
    expect(a.calls.map((c) => c[0])).toEqual([
      'agent-researcher',
      'workflow-report',
      'weatherTool',
    ]);
    expect(a.result).toBe('Rome is 21°C and sunny; the report is ready; Milan is sunny too.');
  });

  it('reads the same in one store after other runs', () => {
    const state = play('tool-then-text', 'aisdk-v6', 'aisdk-network');
    const last = state.runOrder.at(-1)!;
    expect(seen(state, last)).toEqual(seen(native, native.runOrder[0]!));
    expect(state.toolCalls.get('call-weather-1')?.status).toBe('output-available');
  });
});

describe('a network that stops for a person, through networkRoute', () => {
  // The route carries neither the ops agent's approval nor, once it is approved, the continuation:
  // `approveNetworkToolCall` through `toAISdkStream(…, { from: 'network' })` is `start`, `finish`.
  const request = play('aisdk-network-approval-request');

  it('ends the waiting execution in error, not running forever, with no issue', () => {
    const run = request.runs.get(request.runOrder[0]!)!;
    expect(request.issues).toEqual([]);
    expect(run.status).toBe('finished');
    const [routing, execution] = run.network!.steps;
    expect(routing).toMatchObject({ kind: 'routing', status: 'done', primitive: { id: 'ops' } });
    expect(execution).toMatchObject({ kind: 'execution', primitive: { type: 'agent', id: 'ops' } });
    const call = request.toolCalls.get((execution as { toolCallId: string }).toolCallId)!;
    expect([call.toolName, call.status]).toEqual(['agent-ops', 'output-error']);
    expect(selectPendingApprovals(request)).toEqual([]);
  });

  it.each([
    ['alone', ['aisdk-network-approval-request', 'aisdk-network-approval-approve']],
    [
      'after other runs',
      ['aisdk-v6', 'aisdk-network-approval-request', 'aisdk-network-approval-approve'],
    ],
  ])(
    'reads the empty continuation as a run of its own that changes nothing before it (%s)',
    (_, names) => {
      const state = play(...names);
      expect(state.issues).toEqual([]);
      const [requestRun, continuation] = state.runOrder.slice(-2).map((id) => state.runs.get(id)!);
      expect(continuation).toMatchObject({ status: 'finished', parts: [] });
      expect(continuation!.network).toBeUndefined();
      expect(seen(state, requestRun!.runId)).toEqual(seen(request, request.runOrder[0]!));
    },
  );
});
