import {
  createToolpaneStore,
  selectPendingApprovals,
  selectStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { clientToolContinuation, loadFixture } from '../utils/fixtures';

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

/*
 * The app's result for a call that awaits the client never comes in a response: it gives it to
 * the store (`toolpane/client-output`). Through `chatRoute`, the request that carries it gets a
 * continuation of the same assistant message (the same `messageId`), with text and no chunk for
 * the call, as the use-chat example's end-to-end test shows.
 */
describe('toolpane/client-output: the app supplies the result of a call awaiting the client', () => {
  const first = () => loadFixture('client-tool-aisdk');
  const messageId = () => (first()[0] as { messageId: string }).messageId;
  const answered = (options: Parameters<typeof createToolpaneStore>[0] = {}) => {
    const store = createToolpaneStore({ formats: [aiSdk], ...options });
    store.dispatchMany(first());
    return store;
  };

  it('ends the call with the output, and the continuation adds its text once', () => {
    const store = answered();
    const runId = messageId();
    store.dispatch({
      type: 'toolpane/client-output',
      runId,
      toolCallId: 'call-ask-1',
      output: { city: 'Oslo' },
    });
    store.dispatchMany(clientToolContinuation(runId));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    const call = state.toolCalls.get('call-ask-1')!;
    expect(call).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Oslo' } },
    });
    expect(call.awaitingClient).toBeUndefined();
    expect(call.endedAt).toBeDefined();
    expect([...state.runOrder]).toEqual([runId]);
    expect(state.toolCalls.size).toBe(1);
    const run = state.runs.get(runId)!;
    expect(run).toMatchObject({ status: 'finished', finishReason: 'stop' });
    expect(run.parts.filter((part) => part.type === 'text')).toMatchObject([
      { text: 'You picked Oslo.' },
    ]);
    expect(state.issues).toEqual([]);
  });

  it('ends the call in output-error with errorText', () => {
    const store = answered();
    store.dispatch({
      type: 'toolpane/client-output',
      runId: messageId(),
      toolCallId: 'call-ask-1',
      errorText: 'The picker was closed',
    });
    expect(store.getState().toolCalls.get('call-ask-1')).toMatchObject({
      status: 'output-error',
      error: { kind: 'raw', value: 'The picker was closed' },
      output: { kind: 'none' },
    });
    expect(store.getState().issues).toEqual([]);
  });

  it('shows the output and the error through the tool’s client transform, never raw', () => {
    const transforms = {
      askUserTool: {
        output: (o: unknown) => ({ picked: Boolean((o as { city?: unknown }).city) }),
        error: () => 'The picker failed',
      },
    };
    const withOutput = answered({ transforms });
    withOutput.dispatch({
      type: 'toolpane/client-output',
      toolCallId: 'call-ask-1',
      output: { city: 'Oslo' },
    });
    expect(withOutput.getState().toolCalls.get('call-ask-1')).toMatchObject({
      status: 'output-available',
      displayTransform: 'display',
      output: { kind: 'transformed', value: { picked: true } },
    });
    expect(JSON.stringify(withOutput.getState().toolCalls.get('call-ask-1'))).not.toContain('Oslo');
    const withError = answered({ transforms });
    withError.dispatch({
      type: 'toolpane/client-output',
      toolCallId: 'call-ask-1',
      errorText: 'x',
    });
    expect(withError.getState().toolCalls.get('call-ask-1')?.error).toEqual({
      kind: 'transformed',
      value: 'The picker failed',
    });
    // A transform with no output function shows Mastra's placeholder.
    const placeholder = answered({ transforms: { askUserTool: {} } });
    placeholder.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 1 });
    expect(placeholder.getState().toolCalls.get('call-ask-1')?.output).toEqual({
      kind: 'transformed',
      value: { message: 'Tool output-available payload unavailable' },
    });
  });

  it('changes nothing for a call that does not await the client, or another run', () => {
    const output = { type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 1 };
    // Before the run finished on tool-calls, the call is not known to await the client.
    const early = createToolpaneStore({ formats: [aiSdk] });
    early.dispatchMany(first().slice(0, -2));
    early.dispatch(output);
    expect(early.getState().toolCalls.get('call-ask-1')?.status).toBe('input-available');
    // Another run, an unknown call, a call with its result already.
    const store = answered();
    const before = store.getState();
    store.dispatch({ ...output, runId: 'another-run' });
    store.dispatch({ ...output, toolCallId: 'call-nope' });
    expect(store.getState().toolCalls).toBe(before.toolCalls);
    // A result that reaches no waiting call is lost: an issue says so.
    expect(store.getState().issues.map((issue) => [issue.kind, issue.toolCallId])).toEqual([
      ['decision', 'call-ask-1'],
      ['decision', 'call-nope'],
    ]);
    expect(early.getState().issues.map((issue) => issue.toolCallId)).toEqual(['call-ask-1']);
    store.dispatch(output);
    const issues = store.getState().issues;
    // The same result again, or another, for the call that has ended changes nothing.
    store.dispatch({ ...output, output: 2 });
    store.dispatch({ ...output, errorText: 'late' });
    expect(store.getState().toolCalls.get('call-ask-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: 1 },
    });
    expect(store.getState().issues).toBe(issues);
  });

  it('names the call by run and toolCallId when a later run repeats the id', () => {
    const store = createToolpaneStore({ formats: [aiSdk] });
    const runs = ['m-1', 'm-2'];
    for (const id of runs)
      store.dispatchMany([{ type: 'start', messageId: id }, ...first().slice(1)]);
    const ids = store
      .getState()
      .runOrder.map((id) => store.getState().runs.get(id)!.toolCallIds[0]);
    expect(ids).toEqual(['call-ask-1', 'call-ask-1#2']);
    store.dispatch({
      type: 'toolpane/client-output',
      runId: 'm-1',
      toolCallId: 'call-ask-1',
      output: 1,
    });
    expect(store.getState().toolCalls.get('call-ask-1')?.status).toBe('output-available');
    expect(store.getState().toolCalls.get('call-ask-1#2')?.awaitingClient).toBe(true);
    // Without a run: the newest call with that toolCallId.
    store.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 2 });
    expect(store.getState().toolCalls.get('call-ask-1#2')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: 2 },
    });
  });

  it('reads the same on the native stream', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('client-tool'));
    store.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 'Oslo' });
    expect(store.getState().toolCalls.get('call-ask-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: 'Oslo' },
    });
  });

  it.each([
    ['native', 'client-tool', false],
    ['AI SDK', 'client-tool-aisdk', true],
  ])(
    'reads a serialized error object as its message, as a saved message is read (%s)',
    (_, name, formats) => {
      const store = createToolpaneStore(formats ? { formats: [aiSdk] } : {});
      store.dispatchMany(loadFixture(name));
      const errorText = JSON.stringify({ name: 'Error', message: 'The picker was closed' });
      store.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', errorText });
      expect(store.getState().toolCalls.get('call-ask-1')).toMatchObject({
        status: 'output-error',
        error: { kind: 'raw', value: 'The picker was closed' },
      });
    },
  );

  it('shows nothing of a native call Mastra said is display-transformed, with no client transform', () => {
    const display = { 'input-available': { transformed: { question: 'A question' } } };
    const chunks = loadFixture('client-tool').map((chunk) =>
      (chunk as { type: string }).type === 'tool-call'
        ? { ...(chunk as object), metadata: { mastra: { toolPayloadTransform: { display } } } }
        : chunk,
    );
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    expect(store.getState().toolCalls.get('call-ask-1')?.awaitingClient).toBe(true);
    store.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 'Oslo' });
    const call = store.getState().toolCalls.get('call-ask-1')!;
    expect(call).toMatchObject({ status: 'output-available', output: { kind: 'hidden' } });
    expect(JSON.stringify(call)).not.toContain('Oslo');
  });

  it('refuses a malformed event with an issue', () => {
    const store = answered();
    store.dispatch({ type: 'toolpane/client-output', toolCallId: 'call-ask-1', errorText: 3 });
    expect(store.getState().toolCalls.get('call-ask-1')?.awaitingClient).toBe(true);
    expect(store.getState().issues).toMatchObject([{ kind: 'invalid-chunk' }]);
  });
});
