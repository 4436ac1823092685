// @vitest-environment node
import { createToolpaneStore, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { formatTree, inspectState } from '@toolpane/client/inspect';
import { describe, expect, it } from 'vitest';

/**
 * "Hidden stays hidden" where values cross from one call to another, and on every way a call can
 * turn out to be display-transformed.
 */

/** Everything a view could show of a state: display values, extras, transcripts, issues, inspect. */
function everythingShown(state: ToolpaneState): string {
  const calls = [...state.toolCalls.values()].map((call) => ({
    input: call.input,
    output: call.output,
    error: call.error,
    progress: call.progress,
    modelOutput: call.modelOutput,
    approval: call.approval?.args,
    suspension: call.suspension?.payload,
    workflow: call.workflow && {
      result: call.workflow.result,
      steps: [...call.workflow.steps.values()],
    },
    inputText: call.displayTransform === 'display' ? undefined : call.inputText,
    partialInput: call.partialInput?.value,
    inputError: call.inputError,
  }));
  const runs = [...state.runs.values()].map((run) => ({ parts: run.parts, object: run.object }));
  return JSON.stringify([calls, runs, state.issues, inspectState(state)]) + formatTree(state);
}

const RUN = 'run-1';
const chunk = (type: string, payload: object, extra: object = {}) => ({
  type,
  runId: RUN,
  from: 'AGENT',
  payload,
  ...extra,
});
const displayMeta = (display: object) => ({
  metadata: { mastra: { toolPayloadTransform: { display } } },
});

describe('a call that turns out to be display-transformed', () => {
  it('hides progress it showed before a transformed sibling proved an agent policy', () => {
    const chunks = [
      chunk('start', { id: 'agent' }),
      chunk(
        'tool-call',
        { toolCallId: 'a', toolName: 'loginTool', args: { password: 'hunter2' } },
        displayMeta({ 'input-available': { transformed: { password: '••••' } } }),
      ),
      chunk('tool-call-input-streaming-start', { toolCallId: 'b', toolName: 'loginTool' }),
      chunk('tool-output', { toolCallId: 'b', output: { progress: 'token hunter3' } }),
      chunk('tool-call-input-streaming-end', { toolCallId: 'b' }),
      // The synthetic tool-call after streamed input carries no metadata (§6.4).
      chunk('tool-call', { toolCallId: 'b', toolName: 'loginTool', args: { password: 'x' } }),
    ];
    const state = reduceAll(chunks);
    expect(state.toolCalls.get('b')?.displayTransform).toBe('display');
    expect(everythingShown(state)).not.toContain('hunter3');
  });

  it('applies a client transform when the name arrives after the first chunk', () => {
    const chunks = [
      chunk('start', { id: 'agent' }),
      // A delta before its streaming start, without a toolName.
      chunk('tool-call-delta', { toolCallId: 'c', argsTextDelta: '{"apiKey":"sk-raw-1' }),
      chunk('tool-call-input-streaming-start', { toolCallId: 'c', toolName: 'crmTool' }),
      chunk('tool-call-delta', { toolCallId: 'c', toolName: 'crmTool', argsTextDelta: '"}' }),
    ];
    const store = createToolpaneStore({
      transforms: { crmTool: { input: () => ({ apiKey: '••••' }) } },
    });
    store.dispatchMany(chunks.slice(0, 3));
    const state = store.getState();
    expect(state.toolCalls.get('c')?.displayTransform).toBe('display');
    expect(everythingShown(state)).not.toContain('sk-raw-1');
    store.dispatch(chunks[3]);
    expect(everythingShown(store.getState())).not.toContain('sk-raw-1');
  });

  it('applies a client transform on the AI SDK path when the name arrives late', () => {
    const store = createToolpaneStore({
      formats: [aiSdk],
      transforms: { crmTool: { input: () => ({ apiKey: '••••' }) } },
    });
    store.dispatch({ type: 'start', messageId: 'm1' });
    store.dispatch({ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"k":"sk-raw-2' });
    store.dispatch({ type: 'tool-input-start', toolCallId: 'c', toolName: 'crmTool' });
    expect(everythingShown(store.getState())).not.toContain('sk-raw-2');
  });
});
