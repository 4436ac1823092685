'use client';
import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk, stateFromUIMessages, type UIHistoryOptions } from '@toolpane/client/ai-sdk';
import { useEffect, useState } from 'react';
import { type ChatFetch, teeFetch } from './chat-fetch.js';
import { type ChatLike, type ChatSession, createChatSession } from './chat-session.js';
import { assistantIds, earlierRequests } from './chat-sync.js';

/** Options of {@link useToolpaneChat}. */
export interface ToolpaneChatOptions {
  /**
   * The `UIMessage`s the chat starts with (give `useChat` the same ones): the store starts from
   * them, so cards, pending approvals and suspensions come back after a reload.
   */
  readonly messages?: readonly unknown[];
  /** The fetch to call underneath (the global one by default). */
  readonly fetch?: ChatFetch;
  /**
   * Options of the store (tool policies, display transforms), and `clientTools`: the names of the
   * tools the page answers itself (`onToolCall`, then `addToolOutput`), so a chat reloaded while
   * one waits shows it waiting for the app again rather than cut short.
   */
  readonly storeOptions?: Omit<UIHistoryOptions, 'shownBefore'>;
}

/** What {@link useToolpaneChat} returns. */
export interface ToolpaneChat {
  /** The store every response of the chat is read into. */
  readonly store: ToolpaneStore;
  /** The fetch to give the chat's transport: `new DefaultChatTransport({ api, fetch })`. */
  readonly fetch: ChatFetch;
  /** @internal The session {@link useChatSession} connects. */
  readonly session: ChatSession;
}

/**
 * A Toolpane store fed by a `useChat` chat (`@ai-sdk/react` 3 or 4). Give its `fetch` to the
 * chat's transport, then connect the chat with {@link useChatSession}. Created once per mount.
 *
 * @example
 * const toolpane = useToolpaneChat({ messages: saved });
 * const chat = useChat({
 *   messages: saved,
 *   transport: new DefaultChatTransport({ api: '/chat/agent', fetch: toolpane.fetch }),
 *   sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
 * });
 * const session = useChatSession(toolpane, chat);
 * return <ToolpaneProvider session={session}><Transcript.Root /></ToolpaneProvider>;
 */
export function useToolpaneChat(options: ToolpaneChatOptions = {}): ToolpaneChat {
  const [chat] = useState(() => {
    const { messages, storeOptions = {} } = options;
    const { clientTools: _, ...reduceOptions } = storeOptions;
    const withFormat = { ...reduceOptions, formats: [aiSdk] };
    const store = createToolpaneStore({
      ...withFormat,
      ...(messages === undefined || messages.length === 0
        ? {}
        : { initialState: startingState(messages, storeOptions, withFormat) }),
    });
    const { session, onRequest } = createChatSession(store, storeOptions);
    return { store, session, fetch: teeFetch(store, options.fetch, onRequest) };
  });
  return chat;
}

/**
 * The state a chat's saved `messages` start the store from: the requests of answers before the
 * last already expired (see `earlierRequests`), so a page rendered on the server shows them as
 * the browser will, without buttons that could not be answered.
 */
function startingState(
  messages: readonly unknown[],
  storeOptions: UIHistoryOptions,
  reduceOptions: ReduceOptions,
): ToolpaneState {
  const state = stateFromUIMessages(messages, storeOptions);
  const expired = earlierRequests(state, assistantIds(messages));
  return expired.length === 0 ? state : reduceAll(expired, reduceOptions, state);
}

/**
 * Connects a `useChat` chat to the store of {@link useToolpaneChat} and returns the session to
 * give `<ToolpaneProvider>`. Approve and Decline (with its reason) call the chat's
 * `addToolApprovalResponse`, which the chat sends itself when its `sendAutomaticallyWhen` says so
 * (`lastAssistantMessageIsCompleteWithApprovalResponses`); a resume is sent the way `chatRoute`
 * expects, with `resumeData`, `runId` and `toolCallId` in the body of the chat's next request.
 *
 * @example
 * const session = useChatSession(toolpane, chat);
 */
export function useChatSession(toolpane: ToolpaneChat, chat: ChatLike): ChatSession {
  const { session } = toolpane;
  // The latest helpers, for actions taken before the effect below runs.
  session.connect(chat);
  // `useChat` returns a new object each render: the status and error are read on each.
  useEffect(() => {
    session.connect(chat);
    session.follow();
    session.notify();
  }, [session, chat]);
  return session;
}
