import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  type ToolpaneChatOptions,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { vi } from 'vitest';

/** Where a fake chat sends the requests it makes itself: the page's `toolpane.fetch`. */
const sendsThrough = new WeakMap<ChatLike, ToolpaneChat['fetch']>();

/** `messages` with approval `id` answered, as `addToolApprovalResponse` leaves them. */
const answered = (messages: readonly unknown[], id: string, approved: boolean) =>
  (messages as UIMessage[]).map((message) => ({
    ...message,
    parts: message.parts.map((part) =>
      'approval' in part && part.approval?.id === id && part.state === 'approval-requested'
        ? { ...part, state: 'approval-responded', approval: { ...part.approval, approved } }
        : part,
    ),
  })) as UIMessage[];

/**
 * A `useChat` chat holding `messages` in `status`, whose helpers record what they are asked.
 * Like `useChat` with `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses`,
 * an answer that completes the last message's step is sent in a request of the chat's own
 * (through the page's `toolpane.fetch`, answered with an empty stream); its messages stay as given.
 */
export const fakeChat = (messages: unknown[], status: ChatLike['status'] = 'ready'): ChatLike => {
  const chat: ChatLike = {
    messages,
    status,
    error: undefined,
    sendMessage: vi.fn(async () => {}),
    addToolApprovalResponse: vi.fn(async ({ id, approved }) => {
      const sent = answered(chat.messages, id, approved);
      const fetch = sendsThrough.get(chat);
      if (
        fetch === undefined ||
        !lastAssistantMessageIsCompleteWithApprovalResponses({ messages: sent })
      ) {
        return;
      }
      const body = JSON.stringify({ messages: sent });
      void fetch('/chat', { method: 'POST', body });
    }),
    stop: vi.fn(),
  };
  return chat;
};

/** An empty response, for the requests a fake chat makes itself. */
const nothing: ToolpaneChat['fetch'] = async () =>
  new Response('', { headers: { 'content-type': 'text/event-stream' } });

/**
 * A page showing `chat` in Toolpane's transcript, through `useToolpaneChat(options)`, which it
 * gives `probe`.
 */
export function ChatPage({
  chat,
  options,
  probe,
}: {
  chat: ChatLike;
  options?: ToolpaneChatOptions;
  probe?: { toolpane?: ToolpaneChat };
}) {
  const toolpane = useToolpaneChat({ fetch: nothing, ...options });
  if (probe !== undefined) probe.toolpane = toolpane;
  sendsThrough.set(chat, toolpane.fetch);
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}
