import { createToolpaneStore, selectStatus, type ToolpaneState } from '@toolpane/client';
import { aiSdk, selectAwaitingClient, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { uiMessageOf, userMessage } from '../utils/history';

/*
 * A chat saved while a client-side tool waits for the page's answer (the page answers it with
 * `addToolOutput`), then reloaded. The saved tool part is `input-available` with no output, which
 * is also what a message saved while a server tool still ran looks like. The app names the tools
 * it runs itself (`clientTools`); only those wait again, any other call without an outcome was cut.
 */

const CLIENT = loadFixture('client-tool-aisdk');
/** A server tool's whole input, then the stream stops: the server was still running it. */
const SERVER_CUT = (() => {
  const chunks = loadFixture('aisdk-v6');
  const at = chunks.findIndex((c) => (c as { type: string }).type === 'tool-input-available');
  return chunks.slice(0, at + 1);
})();

const withId = (message: UIMessage, id: string): UIMessage => ({ ...message, id });

/** `message` with its `toolCallId` part as `addToolOutput` leaves it. */
function answered(message: UIMessage, toolCallId: string, output: unknown): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      (part as { toolCallId?: string }).toolCallId === toolCallId
        ? ({ ...part, state: 'output-available', output } as UIMessage['parts'][number])
        : part,
    ),
  };
}

const call = (state: ToolpaneState, runId: string, toolCallId: string) =>
  [...state.toolCalls.values()].find((c) => c.runId === runId && c.toolCallId === toolCallId);

describe('a chat reloaded while a client-side tool waits', () => {
  it('waits for the app again when the app names the tool, and takes its output', async () => {
    const message = await uiMessageOf(CLIENT);
    const saved = [userMessage('u1', 'Book me a table.'), message];
    const state = stateFromUIMessages(saved, { clientTools: ['askUserTool'] });
    expect(state.toolCalls.get('call-ask-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
      error: { kind: 'none' },
    });
    expect(state.runs.get(message.id)).toMatchObject({
      status: 'finished',
      finishReason: 'tool-calls',
    });
    expect(state.runs.get(message.id)?.error).toBeUndefined();
    expect(selectStatus(state)).not.toBe('aborted');
    expect(state.issues).toEqual([]);

    const store = createToolpaneStore({ formats: [aiSdk], initialState: state });
    store.dispatch({
      type: 'toolpane/client-output',
      runId: message.id,
      toolCallId: 'call-ask-1',
      output: { city: 'Oslo' },
    });
    expect(store.getState().toolCalls.get('call-ask-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Oslo' } },
    });
  });

  it('reads as cut short when the app does not name the tool, as before', async () => {
    const saved = [userMessage('u1', 'Book me a table.'), await uiMessageOf(CLIENT)];
    for (const clientTools of [undefined, [], ['weatherTool']]) {
      const state = stateFromUIMessages(saved, clientTools === undefined ? {} : { clientTools });
      const call = state.toolCalls.get('call-ask-1')!;
      expect(call.awaitingClient).toBeUndefined();
      expect(call.status).not.toBe('input-available');
    }
  });

  it('reads a server tool cut mid-run as cut, whatever tools the app names', async () => {
    const message = await uiMessageOf(SERVER_CUT);
    const toolCallId = 'call-weather-ai-1';
    for (const clientTools of [['askUserTool'], ['askUserTool', 'locateUser']]) {
      const state = stateFromUIMessages([message], { clientTools });
      const c = state.toolCalls.get(toolCallId)!;
      expect(c.awaitingClient).toBeUndefined();
      expect(c.status).not.toBe('input-available');
      expect(state.runs.get(message.id)?.finishReason).toBeUndefined();
    }
  });

  it('a message with a waiting client tool and a cut server tool was cut: nothing waits', async () => {
    const client = await uiMessageOf(CLIENT);
    const server = await uiMessageOf(SERVER_CUT);
    const mixed: UIMessage = { ...server, parts: [...server.parts, ...client.parts.slice(1)] };
    const state = stateFromUIMessages([mixed], { clientTools: ['askUserTool'] });
    for (const c of state.toolCalls.values()) {
      expect(c.awaitingClient).toBeUndefined();
      expect(c.status).not.toBe('input-available');
    }
  });

  it('several turns repeating the toolCallId: only the last, unanswered one waits', async () => {
    const message = await uiMessageOf(CLIENT);
    const saved = [
      userMessage('u1', 'Book me a table.'),
      answered(withId(message, 'turn-1'), 'call-ask-1', { city: 'Oslo' }),
      userMessage('u2', 'And another.'),
      answered(withId(message, 'turn-2'), 'call-ask-1', { city: 'Bergen' }),
      userMessage('u3', 'One more.'),
      withId(message, 'turn-3'),
    ];
    const state = stateFromUIMessages(saved, { clientTools: ['askUserTool'] });
    expect([...state.runOrder]).toEqual(['turn-1', 'turn-2', 'turn-3']);
    expect(call(state, 'turn-1', 'call-ask-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Oslo' } },
    });
    expect(call(state, 'turn-1', 'call-ask-1')?.awaitingClient).toBeUndefined();
    expect(call(state, 'turn-2', 'call-ask-1')?.awaitingClient).toBeUndefined();
    expect(call(state, 'turn-3', 'call-ask-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
    });
    expect(state.runs.get('turn-3')?.finishReason).toBe('tool-calls');
    expect(state.issues).toEqual([]);

    // The index of calls awaiting the client holds the reloaded one, by its own run.
    expect(selectAwaitingClient(state).map((c) => [c.runId, c.toolCallId])).toEqual([
      ['turn-3', 'call-ask-1'],
    ]);
    const store = createToolpaneStore({ formats: [aiSdk], initialState: state });
    store.dispatch({
      type: 'toolpane/client-output',
      runId: 'turn-3',
      toolCallId: 'call-ask-1',
      output: { city: 'Tromsø' },
    });
    const after = store.getState();
    expect(call(after, 'turn-3', 'call-ask-1')?.output).toEqual({
      kind: 'raw',
      value: { city: 'Tromsø' },
    });
    expect(call(after, 'turn-2', 'call-ask-1')?.output).toEqual({
      kind: 'raw',
      value: { city: 'Bergen' },
    });
    expect(selectAwaitingClient(after)).toEqual([]);
  });

  it('keeps a hidden input hidden under a client transform while it waits', async () => {
    const message = await uiMessageOf(CLIENT);
    const transforms = { askUserTool: { input: () => ({ question: 'A question' }) } };
    const state = stateFromUIMessages([message], { clientTools: ['askUserTool'], transforms });
    const c = state.toolCalls.get('call-ask-1')!;
    expect(c.awaitingClient).toBe(true);
    expect(JSON.stringify(c.input)).not.toContain('Which city?');
  });
});
