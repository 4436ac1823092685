import {
  createToolpaneStore,
  selectPendingApprovals,
  selectStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function play(names: string[], formats = false): ToolpaneState {
  const store = createToolpaneStore(formats ? { formats: [aiSdk] } : {});
  for (const name of names) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store.getState();
}

/** The chunks of a recording up to (and with) the first chunk that names `toolCallId`'s input. */
function upToCall(name: string, toolCallId: string): unknown[] {
  const chunks = loadFixture(name);
  const at = chunks.findIndex(
    (c) =>
      (c as { type: string }).type === 'tool-call' &&
      (c as { payload: { toolCallId: string } }).payload.toolCallId === toolCallId,
  );
  return chunks.slice(0, at + 1);
}

describe('client-side tools: the run ends on tool-calls with no result', () => {
  it.each([
    ['a tool with no execute', 'client-tool', 'call-ask-1', 'askUserTool'],
    ['a tool passed as clientTools', 'client-tool-passed', 'call-locate-1', 'locateUser'],
  ])('%s waits for the app, it is not stopped', (_, name, toolCallId, toolName) => {
    const state = play([name]);
    const run = state.runs.get(state.runOrder[0]!)!;
    expect(state.toolCalls.get(toolCallId)).toMatchObject({
      toolName,
      status: 'input-available',
      awaitingClient: true,
      error: { kind: 'none' },
      input: { kind: 'raw', value: { question: expect.any(String) } },
    });
    expect(state.toolCalls.get(toolCallId)?.endedAt).toBeUndefined();
    expect(run).toMatchObject({ status: 'finished', finishReason: 'tool-calls' });
    expect(run.error).toBeUndefined();
    expect(selectStatus(state)).not.toBe('aborted');
    // It waits for the app's result, not for a person's decision.
    expect(selectPendingApprovals(state)).toEqual([]);
    expect(state.issues).toEqual([]);
  });

  it('reads the same through @mastra/ai-sdk', () => {
    const state = play(['client-tool-aisdk'], true);
    expect(state.format).toBe('ai-sdk');
    expect(state.toolCalls.get('call-ask-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
      error: { kind: 'none' },
    });
    expect(state.runs.get(state.runOrder[0]!)).toMatchObject({
      status: 'finished',
      finishReason: 'tool-calls',
    });
    expect(state.issues).toEqual([]);
  });

  it('several runs in one store: each client call waits, the finished ones stay finished', () => {
    const state = play(['tool-then-text', 'client-tool', 'client-tool-passed']);
    expect(state.runOrder.map((id) => state.runs.get(id)?.status)).toEqual([
      'finished',
      'finished',
      'finished',
    ]);
    expect(state.toolCalls.get('call-weather-1')).toMatchObject({ status: 'output-available' });
    expect(state.toolCalls.get('call-weather-1')?.awaitingClient).toBeUndefined();
    for (const id of ['call-ask-1', 'call-locate-1'])
      expect(state.toolCalls.get(id)).toMatchObject({ awaitingClient: true });
  });

  it('a stop by the user before the finish is a stop: the call reads Stopped', () => {
    const store = createToolpaneStore();
    store.dispatchMany(upToCall('abort-tool-honours', 'call-crawl-1'));
    store.dispatch({ type: 'toolpane/abort', reason: 'Stopped' });
    // Whatever Mastra still sends after the stop does not revive it.
    store.dispatchMany(loadFixture('abort-tool-honours').slice(-2));
    const state = store.getState();
    expect(state.toolCalls.get('call-crawl-1')).toMatchObject({ status: 'output-aborted' });
    expect(state.toolCalls.get('call-crawl-1')?.awaitingClient).toBeUndefined();
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('aborted');
  });

  it('a result that comes later completes the call and clears the marker', () => {
    const chunks = loadFixture('client-tool');
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const { runId } = chunks[0] as { runId: string };
    store.dispatch({
      type: 'tool-result',
      runId,
      from: 'AGENT',
      payload: { toolCallId: 'call-ask-1', toolName: 'askUserTool', result: { city: 'Oslo' } },
    });
    const call = store.getState().toolCalls.get('call-ask-1');
    expect(call?.status).toBe('output-available');
    expect(call?.awaitingClient).toBeUndefined();
  });
});
