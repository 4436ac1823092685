import {
  type AgentSession,
  type ConsumeResult,
  decisionKey,
  EXPIRED_MESSAGE,
  isRunGone,
  resultShown,
  revisionOf,
  type SessionResult,
  type SessionStatus,
  selectDecisionCall,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneStore,
  validateResumeData,
  whenValid,
} from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { approvalRoute, notMessages } from './chat-approvals.js';
import {
  busy,
  createDebts,
  decisionTarget,
  type Fields,
  type Kind,
  type Pending,
} from './chat-decisions.js';
import type { OnRequest } from './chat-fetch.js';
import { createMessageFollower } from './chat-follow.js';
import {
  answerOf,
  createOutputFollower,
  parseBody,
  replacedBy,
  type SyncOptions,
} from './chat-sync.js';

/**
 * What Toolpane needs of a `useChat` chat: the helpers `useChat` returns in `@ai-sdk/react` 3
 * (AI SDK 6) and 4 (AI SDK 7) have all of it.
 */
export interface ChatLike {
  /** The chat's `UIMessage`s. */
  readonly messages: readonly unknown[];
  readonly status: 'submitted' | 'streaming' | 'ready' | 'error';
  readonly error: Error | undefined;
  sendMessage(
    message?: { readonly text: string },
    options?: { readonly body?: object; readonly messageId?: string },
  ): Promise<void>;
  /**
   * Records an answer in the chat's tool part. The chat sends it itself when its
   * `sendAutomaticallyWhen` (`lastAssistantMessageIsCompleteWithApprovalResponses`) holds, whether
   * or not the helper returns `useChat`'s promise; else the session sends it.
   */
  addToolApprovalResponse(response: {
    readonly id: string;
    readonly approved: boolean;
    readonly reason?: string;
  }): unknown;
  stop(): unknown;
}

/** A session that acts through a chat; `connect` gives it the chat's latest helpers. */
export interface ChatSession extends AgentSession {
  /** Gives the session the chat of this render (its latest helpers and status). */
  connect(chat: ChatLike): void;
  /** Tells listeners when the status or error changed since they last heard. */
  notify(): void;
  /**
   * Makes the store show the chat's messages when they were replaced rather than appended to
   * (regenerated, edited, deleted, cleared, set from elsewhere, cut by a stop): the store is
   * rebuilt from them once no response is being read. Called after each render by
   * `useChatSession`.
   */
  follow(): void;
}

export type { ChatFetch, OnRequest } from './chat-fetch.js';

const NOT_CONNECTED = 'No chat is connected yet: pass the chat of `useChat` to `useChatSession`.';

/**
 * An `AgentSession` over a `useChat` chat and the store its responses are read into. Approvals
 * and declines go through `addToolApprovalResponse`, so the chat's own `sendAutomaticallyWhen`
 * (`lastAssistantMessageIsCompleteWithApprovalResponses`) sends them when it holds for the
 * chat's messages; an answer the chat holds back (another call of the step is still open), an
 * approval the chat holds no part for, and every resume, are sent as `chatRoute` expects
 * (`resumeData`, `runId` and `toolCallId` in the request body). Each decision is sent once: a
 * request the chat holds another answer to, or already went on from, is refused.
 */
export function createChatSession(
  store: ToolpaneStore,
  options: SyncOptions = {},
): {
  session: ChatSession;
  onRequest: OnRequest;
} {
  let chat: ChatLike | undefined;
  let latest: Promise<ConsumeResult> | undefined;
  let requests = 0;
  /** Responses being read into the store. */
  let reading = 0;
  let shown = '';
  const listeners = new Set<() => void>();
  /** Decisions on their way, by the key of their call, and by the bare toolCallId they named. */
  const inFlight = new Map<string, Pending>();
  const byRef = new Map<string, Pending>();

  /** How many requests had started when each chat snapshot was first connected (rendered). */
  const since = new WeakMap<ChatLike, number>();
  const followMessages = createMessageFollower(store, options);
  const outputs = createOutputFollower(store);
  /** What the store learnt of itself: the requests it read and the answers it gave the chat. */
  let learnt = 0;
  const debts = createDebts();
  /** Tells the card of `toolCallId` that its decision did not go through. */
  const failed = (toolCallId: string, error = 'Failed') =>
    store.dispatch(
      isRunGone(error)
        ? { type: 'toolpane/decision-expired', toolCallId, message: EXPIRED_MESSAGE }
        : { type: 'toolpane/decision-failed', toolCallId, key: toolCallId, error },
    );
  /**
   * Follows the chat's messages, while no response is being read. The chat has settled when it is
   * ready and was rendered after the latest request started: an older snapshot may not show it.
   */
  const follow = () => {
    if (chat === undefined) return;
    // The chat failed before its request reached the network (its transport threw).
    const { owed } = debts;
    if (owed !== undefined && chat.status === 'error' && chat.error !== owed.error) {
      debts.settle({ status: 'error', error: chat.error?.message ?? 'Failed' });
    }
    if (reading > 0) return;
    outputs.follow(chat.messages);
    const ready = chat.status === 'ready' || chat.status === 'error';
    followMessages(chat.messages, ready && since.get(chat) === requests, learnt);
  };

  const onRequest: OnRequest = (done, body) => {
    requests += 1;
    learnt += 1;
    latest = done;
    // The chat's own request for the decision it was given: its outcome is the decision's.
    debts.settle();
    // A regenerate or an edit replaced the chat's messages just before this request: the store
    // drops what they removed before anything of the new answer arrives.
    const sent = parseBody(body);
    const replaced = replacedBy(sent, chat?.messages);
    if (replaced !== undefined) followMessages(replaced, false);
    outputs.request(sent);
    reading += 1;
    void done.finally(() => {
      reading -= 1;
      // The store may have read only now that a call awaits the client.
      outputs.follow(chat?.messages ?? []);
      follow();
    });
  };

  /**
   * Runs a chat action and reports the response it started, if it started one, once read; an
   * action that resolves with a result ended without one.
   */
  const run = async (action: () => unknown): Promise<SessionResult> => {
    const before = requests;
    let ended: unknown;
    try {
      ended = await action();
    } catch (error) {
      return { status: 'error', error: error instanceof Error ? error.message : String(error) };
    }
    if (ended !== undefined) return ended as SessionResult;
    if (requests !== before && latest !== undefined) return latest;
    const error = chat?.status === 'error' ? chat.error?.message : undefined;
    return error === undefined ? { status: 'done' } : { status: 'error', error };
  };

  const getStatus = (): SessionStatus => {
    if (chat === undefined) return 'idle';
    if (chat.status === 'submitted' || chat.status === 'streaming') return 'streaming';
    if (chat.status === 'error') return 'error';
    return selectPendingApprovals(store.getState()).length > 0 ? 'waiting' : 'idle';
  };

  const decide = (
    ref: string,
    kind: Kind,
    fields: Fields,
    drawn?: number,
  ): Promise<SessionResult> => {
    // A call key, or a bare toolCallId: the call of a later run that repeats it is meant when
    // that one waits; with the revision a card drew, the call with that key only (see
    // `selectDecisionCall`).
    const call = selectDecisionCall(store.getState(), ref, kind, drawn);
    const toolCallId = call?.key ?? ref;
    const revision = revisionOf(call, kind);
    const decision = decisionKey(kind, revision, fields);
    // Under a bare id too (once answered, the id reads as another call); with a revision, by key.
    const pending = (drawn === undefined ? byRef.get(ref) : undefined) ?? inFlight.get(toolCallId);
    if (pending !== undefined) {
      return pending.decision === decision ? pending.promise : busy(toolCallId);
    }
    const current = chat;
    if (current === undefined) return Promise.resolve({ status: 'invalid', error: NOT_CONNECTED });
    const where = (now: ToolCallState | undefined) =>
      decisionTarget(store.getState(), now, toolCallId, kind, drawn ?? revision, current.messages);
    const target = where(call);
    if (typeof target === 'string') return Promise.resolve({ status: 'invalid', error: target });
    const send = async (): Promise<SessionResult> => {
      // Asked again once the resume data was checked: the call may have moved on meanwhile.
      const now = store.getState().toolCalls.get(toolCallId);
      const late = where(now);
      if (typeof late === 'string') return { status: 'invalid', error: late };
      const approved = kind === 'approve';
      const reason = kind === 'decline' ? fields.reason : undefined;
      const answer = { approved, ...(reason === undefined ? {} : { reason }) };
      const approvalId = `${target.runId}::${target.toolCallId}`;
      const failing = current.status === 'error';
      const route =
        kind === 'resume' ? 'body' : approvalRoute(current.messages, approvalId, approved, failing);
      if (route !== 'chat' && route !== 'answer-then-body' && route !== 'body') {
        return { status: 'invalid', error: route };
      }
      store.dispatch(
        kind === 'resume'
          ? { type: 'toolpane/decision-sent', toolCallId, resumeData: fields.resumeData }
          : { type: 'toolpane/decision-sent', toolCallId, ...answer },
      );
      // The response continues the call's answer, named: left to choose, the chat continues the
      // message of its last answered approval, which may be an earlier answer's.
      const messageId = answerOf(store.getState(), now!);
      const viaBody = () =>
        current.sendMessage(undefined, {
          messageId,
          body: {
            runId: target.runId,
            toolCallId: target.toolCallId,
            resumeData: kind === 'resume' ? fields.resumeData : answer,
          },
        });
      /**
       * Gives the chat the answer. The chat sends it itself when its `sendAutomaticallyWhen` holds
       * (`route` tells whether it does), in a request that may start any time later: the decision
       * waits for it. Else the session sends it.
       */
      const viaChat = async (): Promise<SessionResult | undefined> => {
        const before = requests;
        learnt += 1;
        const error = current.error;
        await current.addToolApprovalResponse({ id: approvalId, ...answer });
        if (requests !== before) return undefined;
        if (route !== 'chat') return void (await viaBody());
        return debts.owe(toolCallId, error);
      };
      const bad = notMessages(current.messages);
      const result: SessionResult =
        bad !== undefined
          ? { status: 'error', error: bad }
          : resultShown(store, await run(route === 'body' ? viaBody : viaChat));
      if (result.status === 'error') failed(toolCallId, result.error);
      return result;
    };
    const schema = kind === 'resume' ? call?.suspension?.resumeSchema : undefined;
    const promise = whenValid(schema, fields.resumeData, send).finally(() => {
      inFlight.delete(toolCallId);
      if (drawn === undefined) byRef.delete(ref);
    });
    inFlight.set(toolCallId, { decision, promise });
    if (drawn === undefined) byRef.set(ref, { decision, promise });
    return promise;
  };

  const session: ChatSession = {
    store,
    connect(next) {
      chat = next;
      if (!since.has(next)) since.set(next, requests);
    },
    notify() {
      const now = `${getStatus()}|${chat?.error?.message ?? ''}`;
      if (now === shown) return;
      shown = now;
      for (const listener of [...listeners]) listener();
    },
    send(messages) {
      if (chat === undefined) return Promise.resolve({ status: 'invalid', error: NOT_CONNECTED });
      const last = typeof messages === 'string' ? messages : messages[messages.length - 1];
      const text = typeof last === 'string' ? last : last?.content;
      if (typeof text !== 'string') {
        const error = 'A chat sends text: pass a string or a message whose content is a string';
        return Promise.resolve({ status: 'invalid', error });
      }
      const current = chat;
      return run(() => current.sendMessage({ text })).then((r) => resultShown(store, r));
    },
    approve: (toolCallId, request) => decide(toolCallId, 'approve', {}, request?.revision),
    decline: (toolCallId, reason, request) =>
      decide(toolCallId, 'decline', reason === undefined ? {} : { reason }, request?.revision),
    resume: (toolCallId, resumeData, request) =>
      decide(toolCallId, 'resume', { resumeData }, request?.revision),
    answer: () => Promise.resolve({ status: 'invalid', error: 'Use the chat’s addToolOutput' }),
    retryAnswers: () => Promise.resolve({ status: 'invalid', error: 'Use the chat’s regenerate' }),
    checkResumeData: (ref, data) =>
      validateResumeData(
        selectDecisionCall(store.getState(), ref, 'resume')?.suspension?.resumeSchema,
        data,
      ),
    follow,
    restore() {
      if (chat === undefined) return Promise.resolve({ status: 'invalid', error: NOT_CONNECTED });
      store.reset(
        stateFromUIMessages(chat.messages, { ...options, shownBefore: store.getState() }),
      );
      return Promise.resolve({ status: 'done' });
    },
    abort: () => {
      // A stopped chat sends no answer on its own: the card offers the decision again.
      const { owed } = debts;
      if (owed !== undefined) failed(owed.toolCallId, 'Stopped before the chat sent it');
      debts.settle({ status: 'aborted' });
      void chat?.stop();
    },
    getStatus,
    getError: () => (chat?.status === 'error' ? chat.error?.message : undefined),
    subscribe(listener) {
      listeners.add(listener);
      const unsubscribe = store.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
  };
  return { session, onRequest };
}
