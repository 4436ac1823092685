import { useChat } from '@ai-sdk/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ClientTransforms, ToolCallState, ToolpaneState } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { byteStream, clientToolContinuation, loadFixture, toSse } from '../utils/fixtures.js';
import { uiMessageOf, userMessage } from '../utils/history.js';

/*
 * A client-side tool in a `useChat` app: Mastra does not run it (`finish` on `tool-calls`), the
 * page answers it in `onToolCall` with `addToolOutput`, the chat edits the tool part in place and
 * sends it back, and Mastra continues the same assistant message (the same `messageId`) with text
 * and no chunk for the call, as the use-chat example's end-to-end test shows. The answer never
 * comes in a response: the store takes it from the chat.
 */

const FIRST = loadFixture('client-tool-aisdk');
const MESSAGE_ID = (FIRST[0] as { messageId: string }).messageId;
const CALL = 'call-ask-1';
const CONTINUATION = clientToolContinuation(MESSAGE_ID);

const sse = (chunks: readonly unknown[]) =>
  new Response(byteStream(toSse(chunks)), { headers: { 'content-type': 'text/event-stream' } });

interface Probe {
  toolpane?: ToolpaneChat;
  messages?: readonly UIMessage[];
}

type Answer = { readonly output: unknown } | { readonly errorText: string };

/** A `useChat` page whose `onToolCall` answers `askUserTool` with `answer`. */
function Page(props: {
  probe: Probe;
  answer: Answer;
  saved?: UIMessage[];
  transforms?: ClientTransforms;
}) {
  const { probe, answer, saved = [] } = props;
  const toolpane = useToolpaneChat({
    messages: saved,
    fetch: async () => sse(responses.shift()!),
    ...(props.transforms === undefined ? {} : { storeOptions: { transforms: props.transforms } }),
  });
  const chat = useChat({
    messages: saved,
    transport: new DefaultChatTransport({ api: '/chat/front-desk', fetch: toolpane.fetch }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    onToolCall: ({ toolCall }) => {
      const base = { tool: 'askUserTool', toolCallId: toolCall.toolCallId } as const;
      void chat.addToolOutput(
        'errorText' in answer
          ? { ...base, state: 'output-error', errorText: answer.errorText }
          : { ...base, output: answer.output },
      );
    },
  });
  probe.toolpane = toolpane;
  probe.messages = chat.messages;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
      <p data-testid="status">{chat.status}</p>
      <button type="button" onClick={() => void chat.sendMessage({ text: 'Book me a table.' })}>
        Send
      </button>
    </ToolpaneProvider>
  );
}

/** The responses the server answers with, in order. */
const responses: unknown[][] = [];

/** What a person sees of the call and the conversation. */
function seen(state: ToolpaneState) {
  const call = state.toolCalls.get(CALL) as ToolCallState;
  return {
    status: call.status,
    awaitingClient: call.awaitingClient,
    output: call.output,
    error: call.error,
    runs: state.runOrder.length,
    calls: state.toolCalls.size,
    texts: state.runOrder.flatMap((id) =>
      state.runs
        .get(id)!
        .parts.filter((part) => part.type === 'text')
        .map((part) => (part as { text: string }).text),
    ),
    issues: [...state.issues],
  };
}

/** Sends the message, lets the page answer the call, and waits for the continuation. */
async function converse(answer: Answer, transforms?: ClientTransforms) {
  responses.push(FIRST, CONTINUATION);
  const probe: Probe = {};
  render(<Page probe={probe} answer={answer} {...(transforms ? { transforms } : {})} />);
  await act(async () => screen.getByRole('button', { name: 'Send' }).click());
  await waitFor(() => expect(responses).toHaveLength(0));
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
  await screen.findByText('You picked Oslo.');
  return probe;
}

describe('a client-side tool answered in useChat (onToolCall, then addToolOutput)', () => {
  it.each([
    [
      'an output',
      { output: { city: 'Oslo' } },
      { status: 'output-available', output: { kind: 'raw', value: { city: 'Oslo' } } },
    ],
    [
      'an error',
      { errorText: 'The picker was closed' },
      { status: 'output-error', error: { kind: 'raw', value: 'The picker was closed' } },
    ],
    [
      'an error object the app serialized',
      { errorText: JSON.stringify({ name: 'Error', message: 'The picker was closed' }) },
      { status: 'output-error', error: { kind: 'raw', value: 'The picker was closed' } },
    ],
    [
      'an error text that only looks like JSON',
      { errorText: '{ not json' },
      { status: 'output-error', error: { kind: 'raw', value: '{ not json' } },
    ],
  ])(
    'the card shows %s, nothing awaits the client, and a reload shows the same',
    async (_, answer, expected) => {
      const probe = await converse(answer);
      const live = seen(probe.toolpane!.store.getState());
      expect(live).toMatchObject({
        ...expected,
        awaitingClient: undefined,
        runs: 1,
        calls: 1,
        texts: ['You picked Oslo.'],
        issues: [],
      });
      expect(document.querySelector('[data-awaiting-client]')).toBeNull();
      expect(screen.getAllByText('You picked Oslo.')).toHaveLength(1);

      // A reload from the chat's saved messages.
      const saved = JSON.parse(JSON.stringify(probe.messages)) as UIMessage[];
      const again: Probe = {};
      render(<Page probe={again} answer={answer} saved={saved} />);
      expect(seen(again.toolpane!.store.getState())).toEqual(live);
    },
  );

  it('shows the output through the tool’s client transform, never raw', async () => {
    const transforms = { askUserTool: { output: () => ({ city: 'a city' }) } };
    const probe = await converse({ output: { city: 'Oslo' } }, transforms);
    const call = probe.toolpane!.store.getState().toolCalls.get(CALL)!;
    expect(call).toMatchObject({
      status: 'output-available',
      output: { kind: 'transformed', value: { city: 'a city' } },
    });
    expect(JSON.stringify(call.output)).not.toContain('Oslo');
  });
});

/** A chat holding `messages`, in `status`, for the cases `useChat` cannot be made to show. */
const chatOf = (messages: unknown[], status: ChatLike['status']): ChatLike => ({
  messages,
  status,
  error: undefined,
  sendMessage: vi.fn(async () => {}),
  addToolApprovalResponse: vi.fn(),
  stop: vi.fn(),
});

function Follower({
  chat,
  probe,
  fetch,
}: {
  chat: ChatLike;
  probe: Probe;
  fetch?: () => Response;
}) {
  const toolpane = useToolpaneChat({ fetch: async () => fetch?.() ?? sse([]) });
  probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}

/** The assistant message with its tool part answered in place, as `addToolOutput` leaves it. */
function answeredInPlace(message: UIMessage, fields: object): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      'toolCallId' in part && part.toolCallId === CALL
        ? ({ ...part, state: 'output-available', ...fields } as UIMessage['parts'][number])
        : part,
    ),
  };
}

describe('the store takes the app’s answer from the chat', () => {
  it('from a message edited in place, with no request (no sendAutomaticallyWhen)', async () => {
    const waiting = await uiMessageOf(FIRST);
    const user = userMessage('user-1', 'Book me a table.');
    const probe: Probe = {};
    const { rerender } = render(
      <Follower chat={chatOf([user], 'streaming')} probe={probe} fetch={() => sse(FIRST)} />,
    );
    const { store, fetch } = probe.toolpane!;
    await act(async () => {
      await (await fetch('/chat', { method: 'POST' })).text();
    });
    rerender(<Follower chat={chatOf([user, waiting], 'ready')} probe={probe} />);
    expect(store.getState().toolCalls.get(CALL)?.awaitingClient).toBe(true);
    const answered = answeredInPlace(waiting, { output: { city: 'Oslo' } });
    rerender(<Follower chat={chatOf([user, answered], 'ready')} probe={probe} />);
    expect(seen(store.getState())).toMatchObject({
      status: 'output-available',
      awaitingClient: undefined,
      output: { kind: 'raw', value: { city: 'Oslo' } },
      runs: 1,
      issues: [],
    });
  });

  it('from the request that sends it, when the store reads the end of the first response later', async () => {
    const user = userMessage('user-1', 'Book me a table.');
    const probe: Probe = {};
    // The first response's last chunks wait until released; the continuation waits too.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const encoder = new TextEncoder();
    const first = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          encoder.encode(toSse(FIRST.slice(0, -2)).replace('data: [DONE]\n\n', '')),
        );
        await held;
        controller.enqueue(encoder.encode(toSse(FIRST.slice(-2))));
        controller.close();
      },
    });
    let finishContinuation: (() => void) | undefined;
    const second = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(toSse(CONTINUATION.slice(0, 1)).replace('data: [DONE]\n\n', '')),
        );
        finishContinuation = () => {
          controller.enqueue(encoder.encode(toSse(CONTINUATION.slice(1))));
          controller.close();
        };
      },
    });
    const answers = [first, second].map(
      (body) => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    render(
      <Follower chat={chatOf([user], 'streaming')} probe={probe} fetch={() => answers.shift()!} />,
    );
    const { store, fetch } = probe.toolpane!;
    const reading = (await fetch('/chat', { method: 'POST' })).text();
    await waitFor(() =>
      expect(store.getState().toolCalls.get(CALL)?.status).toBe('input-available'),
    );
    // The chat has read the whole response and sends the answer, before the store read its end.
    const waiting = await uiMessageOf(FIRST);
    const answered = answeredInPlace(waiting, { output: { city: 'Oslo' } });
    const body = JSON.stringify({
      messages: [user, answered],
      trigger: 'submit-message',
      messageId: MESSAGE_ID,
    });
    const continuing = (await fetch('/chat', { method: 'POST', body })).text();
    expect(store.getState().toolCalls.get(CALL)?.awaitingClient).toBeUndefined();
    await act(async () => {
      release!();
      await reading;
    });
    // Answered as soon as the store knows the call awaits the client, while the continuation streams.
    expect(seen(store.getState())).toMatchObject({
      status: 'output-available',
      awaitingClient: undefined,
    });
    await act(async () => {
      finishContinuation!();
      await continuing;
    });
    expect(seen(store.getState())).toMatchObject({
      status: 'output-available',
      runs: 1,
      calls: 1,
      texts: ['You picked Oslo.'],
      issues: [],
    });
  });
});
