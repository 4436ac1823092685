import {
  createToolpaneStore,
  type NetworkStep,
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
