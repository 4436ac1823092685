import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { readUIMessageStream as readV6 } from 'ai';
import { readUIMessageStream as readV7, type UIMessage } from 'ai7';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function read(name: string): ToolpaneState {
  const store = createToolpaneStore({ formats: [aiSdk] });
  store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  return store.getState();
}

/** What a person sees of each call (a subagent's output holds per-recording thread ids). */
const calls = (state: ToolpaneState) =>
  state.toolCallOrder.map((id) => {
    const call = state.toolCalls.get(id)!;
    const output = call.kind === 'agent' ? call.output.kind : call.output;
    return [id, call.toolName, call.status, call.input, output, call.parentToolCallId];
  });

/** The UIMessage the AI SDK itself builds from a recorded UI message stream. */
async function messageOf(
  read: typeof readV7 | typeof readV6,
  name: string,
): Promise<UIMessage | undefined> {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of loadFixture(name)) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  // ai 6 and ai 7 each type the stream by their own UIMessage; the call is the same.
  const readAny = read as (options: { stream: ReadableStream }) => AsyncIterable<unknown>;
  for await (const message of readAny({ stream })) last = message as UIMessage;
  return last;
}

describe('AI SDK UI message streams v5, v6 and v7 of one scenario read the same', () => {
  const v5 = read('aisdk-v5');
  const v6 = read('aisdk-v6');
  const v7 = read('aisdk-v7');

  it('the same calls, statuses, inputs and outputs at every depth', () => {
    expect(calls(v7).map(([id]) => id)).toEqual([
      'call-weather-ai-1',
      'call-lookup-1',
      'call-lookup-weather-1',
      'call-del-ai-1',
    ]);
    expect(calls(v7)).toEqual(calls(v6));
    expect(calls(v7).map((c) => c.slice(0, 3))).toEqual(calls(v5).map((c) => c.slice(0, 3)));
    expect(v7.toolCalls.get('call-del-ai-1')?.status).toBe('approval-requested');
    expect(v7.issues).toEqual([]);
  });

  it.each([
    ['v6', readV6, 'aisdk-v6'],
    ['v7', readV7, 'aisdk-v7'],
  ] as const)(
    'agrees with the UIMessage ai %s builds from the same stream',
    async (_, reader, name) => {
      const message = await messageOf(reader, name);
      const toolParts = (message?.parts ?? []).filter(
        (part): part is Extract<UIMessage['parts'][number], { toolCallId: string }> =>
          'toolCallId' in part,
      );
      const state = read(name);
      for (const part of toolParts) {
        const call = state.toolCalls.get(part.toolCallId);
        expect(call, part.toolCallId).toBeDefined();
        expect(part.state === 'output-available' ? 'output-available' : call!.status).toBe(
          call!.status,
        );
        if (part.state === 'output-available' && call!.kind === 'tool') {
          expect(call!.output).toEqual({ kind: 'raw', value: part.output });
        }
      }
      expect(toolParts.map((p) => p.toolCallId)).toEqual(
        state.toolCallOrder.filter((id) => state.toolCalls.get(id)!.parentToolCallId === null),
      );
      // Read back as history, the message gives the same top-level calls.
      const history = stateFromUIMessages([message]);
      expect(
        history.toolCallOrder.filter((id) => history.toolCalls.get(id)!.parentToolCallId === null),
      ).toEqual(toolParts.map((p) => p.toolCallId));
    },
  );
});
