import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { clientOutputs } from '../../packages/react/src/ai-sdk/chat-sync.js';
import { clientToolContinuation, fixtureAsRun, loadFixture } from '../utils/fixtures.js';
import { uiMessageOf, userMessage } from '../utils/history.js';

/*
 * What `clientOutputs` reads of a chat's messages on each settled render of a `useChat` chat: the
 * results of calls awaiting the client. Nothing when no call awaits the client, however long the
 * chat; else only the parts of the messages of the runs with such a call.
 */

const FIRST = loadFixture('client-tool-aisdk');
const CALL = 'call-ask-1';
/** The client-tool response as assistant message `id`. */
const asMessage = (id: string) => [{ type: 'start', messageId: id }, ...FIRST.slice(1)];

/** The assistant message with its tool part answered in place, as `addToolOutput` leaves it. */
const answeredInPlace = (message: UIMessage, output: unknown): UIMessage => ({
  ...message,
  parts: message.parts.map((part) =>
    'toolCallId' in part && part.toolCallId === CALL
      ? ({ ...part, state: 'output-available', output } as UIMessage['parts'][number])
      : part,
  ),
});

/**
 * A long chat: `turns` questions, each answered by a client tool the app answered and Mastra
 * continued, or by a recorded answer with text and a tool (ids `a-<n>`).
 */
async function longChat(turns: number): Promise<UIMessage[]> {
  const messages: UIMessage[] = [];
  for (let n = 1; n <= turns; n++) {
    messages.push(userMessage(`u-${n}`, 'Go'));
    if (n % 2 === 0) {
      messages.push(await uiMessageOf(fixtureAsRun('aisdk-v6', n)));
    } else {
      const asked = answeredInPlace(await uiMessageOf(asMessage(`a-${n}`)), { city: 'Oslo' });
      messages.push(await uiMessageOf(clientToolContinuation(`a-${n}`), asked));
    }
  }
  return messages;
}

/** `messages` behind proxies that count what is read: of each message, and of its parts. */
function counted(messages: readonly UIMessage[]) {
  const reads = { messages: new Map<string, number>(), parts: 0, partFields: 0 };
  const proxied = messages.map((message) => {
    const parts = message.parts.map(
      (part) =>
        new Proxy(part, {
          get(target, key, receiver) {
            reads.partFields += 1;
            return Reflect.get(target, key, receiver);
          },
        }),
    );
    return new Proxy(message, {
      get(target, key, receiver) {
        reads.messages.set(message.id, (reads.messages.get(message.id) ?? 0) + 1);
        if (key !== 'parts') return Reflect.get(target, key, receiver);
        reads.parts += 1;
        return parts;
      },
    });
  });
  return { proxied, reads };
}

describe('clientOutputs over a long chat', () => {
  it('reads no part of any message when no call awaits the client', async () => {
    const messages = await longChat(60);
    const parts = messages.reduce((sum, message) => sum + message.parts.length, 0);
    expect(parts).toBeGreaterThan(300);
    const state = stateFromUIMessages(messages);
    expect(state.runOrder).toHaveLength(60);
    const { proxied, reads } = counted(messages);
    expect(clientOutputs(state, proxied)).toEqual([]);
    expect(reads).toMatchObject({ parts: 0, partFields: 0 });
    expect(reads.messages.size).toBe(0);
  });

  it('reads only the messages of runs whose call awaits the client, repeated ids by run', async () => {
    const history = await longChat(40);
    const store = createToolpaneStore({
      initialState: stateFromUIMessages(history),
      formats: [aiSdk],
    });
    // Three more answers repeat the toolCallId; the app answered two of them in the chat.
    for (const id of ['m-1', 'm-2', 'm-3']) store.dispatchMany(asMessage(id));
    const state: ToolpaneState = store.getState();
    expect(
      ['call-ask-1#21', 'call-ask-1#22', 'call-ask-1#23'].map(
        (key) => state.toolCalls.get(key)?.awaitingClient,
      ),
    ).toEqual([true, true, true]);
    const waiting = await Promise.all(
      ['m-1', 'm-2', 'm-3'].map((id) => uiMessageOf(asMessage(id))),
    );
    const messages = [
      ...history,
      userMessage('u-m1', 'Go'),
      answeredInPlace(waiting[0]!, 'one'),
      userMessage('u-m2', 'Go'),
      waiting[1]!,
      userMessage('u-m3', 'Go'),
      answeredInPlace(waiting[2]!, 'three'),
    ];
    const { proxied, reads } = counted(messages);
    expect(clientOutputs(state, proxied)).toEqual([
      { type: 'toolpane/client-output', runId: 'm-1', toolCallId: CALL, output: 'one' },
      { type: 'toolpane/client-output', runId: 'm-3', toolCallId: CALL, output: 'three' },
    ]);
    // Of the history, each message's role and id at most: no parts.
    expect(reads.parts).toBe(3);
    for (const message of history)
      expect(reads.messages.get(message.id) ?? 0).toBeLessThanOrEqual(2);

    // Once the calls that await it are found, the rest of the chat is not read.
    store.dispatchMany([
      { type: 'toolpane/client-output', runId: 'm-1', toolCallId: CALL, output: 'one' },
      { type: 'toolpane/client-output', runId: 'm-2', toolCallId: CALL, output: 'two' },
    ]);
    const { proxied: first, reads: after } = counted([messages.at(-1)!, ...history]);
    expect(clientOutputs(store.getState(), first)).toEqual([
      { type: 'toolpane/client-output', runId: 'm-3', toolCallId: CALL, output: 'three' },
    ]);
    expect(after.messages.size).toBe(1);
  });
});
