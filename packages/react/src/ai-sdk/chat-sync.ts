import type { ToolCallState, ToolpaneEvent, ToolpaneState, ToolpaneStore } from '@toolpane/client';
import { expiredReason, HUMAN_TOOL_STATUSES } from '@toolpane/client';
import { selectAwaitingClient, type UIHistoryOptions } from '@toolpane/client/ai-sdk';

/*
 * Each assistant message of a chat is one top-level run keyed by its id (the `messageId` of its
 * stream's `start`).
 */

/**
 * Store options that shape what a rebuilt state shows (tool policies, display transforms, the
 * tools the app runs itself).
 */
export type SyncOptions = Omit<UIHistoryOptions, 'shownBefore'>;

/** The ids of the assistant messages among `messages`, in order. */
export function assistantIds(messages: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { role, id } = message as { role?: unknown; id?: unknown };
    if (role === 'assistant' && typeof id === 'string') ids.push(id);
  }
  return ids;
}

/** The ids of the messages among `messages`, in order. */
const messageIds = (messages: readonly unknown[]): unknown[] =>
  messages.map((message) =>
    typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined,
  );

/** The id of the top-level run (in a chat, its assistant message) `call` belongs to. */
export function answerOf(state: ToolpaneState, call: ToolCallState): string {
  let top = call;
  const seen = new Set<string>();
  while (top.parentToolCallId !== null && !seen.has(top.key)) {
    seen.add(top.key);
    const parent = state.toolCalls.get(top.parentToolCallId);
    if (parent === undefined) break;
    top = parent;
  }
  return top.runId;
}

/**
 * Why a decision on `call` cannot go through the chat: its answer is an earlier message, not the
 * chat's last (Mastra's `chatRoute` continues only the last assistant message, and `useChat`
 * sends an answered approval only from it); undefined when it can.
 */
export function notLastAnswer(
  state: ToolpaneState,
  call: ToolCallState,
  messages: readonly unknown[],
): string | undefined {
  const ids = assistantIds(messages);
  const answer = answerOf(state, call);
  if (!ids.includes(answer) || answer === ids.at(-1)) return undefined;
  return `Nothing was sent: ${call.toolCallId} is in an earlier answer, and the chat goes on only from its last one`;
}

/** What a request of an earlier answer says once the chat has moved on from it. */
export const EARLIER_ANSWER =
  'The chat went on from a later answer: this request can no longer be answered';

/** The calls of run `runId` and of the runs nested under them that wait for a person. */
function waitingIn(state: ToolpaneState, runId: string): ToolCallState[] {
  const out: ToolCallState[] = [];
  const seen = new Set<string>();
  const runs = [runId];
  while (runs.length > 0) {
    const id = runs.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const key of state.runs.get(id)?.toolCallIds ?? []) {
      const call = state.toolCalls.get(key);
      if (call === undefined) continue;
      const target = call.status === 'approval-requested' ? call.approval?.target : undefined;
      const asks = HUMAN_TOOL_STATUSES.has(call.status) && (target ?? call.suspension?.target);
      if (asks && expiredReason(call) === undefined) out.push(call);
      runs.push(...call.childRunIds);
    }
  }
  return out;
}

/**
 * The requests of answers before the chat's last (`ids`, its assistant message ids in order) that
 * still wait, as events that mark them expired: the chat can no longer send a decision on them
 * (see {@link notLastAnswer}), so their cards say so instead of offering buttons. Answers in
 * `checked` are skipped (their requests were expired before), and the others added to it.
 */
export function earlierRequests(
  state: ToolpaneState,
  ids: readonly string[],
  checked: Set<string> = new Set(),
): ToolpaneEvent[] {
  // Back from the last answer to one checked before: those before it were checked with it.
  let from = ids.length - 1;
  while (from > 0 && !checked.has(ids[from - 1]!)) from--;
  const events: ToolpaneEvent[] = [];
  for (let i = from; i < ids.length - 1; i++) {
    checked.add(ids[i]!);
    for (const call of waitingIn(state, ids[i]!)) {
      events.push({
        type: 'toolpane/decision-expired',
        toolCallId: call.key,
        message: EARLIER_ANSWER,
      });
    }
  }
  return events;
}

/** A chat request's body, parsed: an object, or undefined when it has none or it is not JSON. */
export type RequestBody = Readonly<Record<string, unknown>> | undefined;

/**
 * A chat request's JSON body, or undefined when it has none or it is not JSON. A request's body
 * holds the whole chat: it is parsed once, and what reads it takes the result.
 */
export function parseBody(body: unknown): RequestBody {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The messages a chat request sends (its parsed body's `messages`), or undefined. */
export function requestMessages(body: RequestBody): readonly unknown[] | undefined {
  const messages = body?.messages;
  return Array.isArray(messages) ? messages : undefined;
}

/**
 * The messages a chat request replaced the chat's with, when it says it replaced them
 * (`regenerate`, or `sendMessage` with a `messageId`): its parsed body's `messages`, if they are
 * a prefix of what the chat held. Undefined for a request that appends (its body may carry fewer
 * messages than the chat holds, when the app sends only the last one).
 */
export function replacedBy(
  body: RequestBody,
  held: readonly unknown[] | undefined,
): readonly unknown[] | undefined {
  if (body === undefined || held === undefined) return undefined;
  const { messages, trigger, messageId } = body;
  if (!Array.isArray(messages)) return undefined;
  if (trigger !== 'regenerate-message' && typeof messageId !== 'string') return undefined;
  const ids = messageIds(messages);
  const heldIds = messageIds(held);
  return ids.every((id, i) => id !== undefined && id === heldIds[i]) ? messages : undefined;
}

/*
 * A client-side tool (one Mastra does not run) leaves its call awaiting the client. The app
 * answers it in the chat (`addToolOutput`, which edits the tool part in place), and the answer
 * never comes back in a response: the store takes it from the chat's messages, or from the
 * request that sends them, as a `toolpane/client-output` event for exactly that call.
 */

type ToolPart = {
  readonly type: string;
  readonly toolCallId?: unknown;
  readonly state?: unknown;
  readonly output?: unknown;
  readonly errorText?: unknown;
  readonly preliminary?: unknown;
};

/** The app's result a tool part holds, as the event that gives it to the call, if it has one. */
function outputEvent(part: ToolPart, runId: string): ToolpaneEvent | undefined {
  const { toolCallId, state } = part;
  if (typeof toolCallId !== 'string') return undefined;
  if (state === 'output-available' && part.preliminary !== true) {
    return { type: 'toolpane/client-output', toolCallId, runId, output: part.output };
  }
  if (state === 'output-error' && typeof part.errorText === 'string') {
    return { type: 'toolpane/client-output', toolCallId, runId, errorText: part.errorText };
  }
  return undefined;
}

/**
 * The results `messages` hold for calls `state` has awaiting the client: each tool part with an
 * output or an error in an assistant message whose run (the message id) has that call awaiting
 * the client, as a `toolpane/client-output` event naming the run and the toolCallId. Nothing of
 * `messages` is read when no call awaits the client; otherwise only the parts of the messages of
 * runs with such a call, until each has its result.
 */
export function clientOutputs(state: ToolpaneState, messages: readonly unknown[]): ToolpaneEvent[] {
  const events: ToolpaneEvent[] = [];
  const awaited = selectAwaitingClient(state);
  if (awaited.length === 0) return events;
  /** The toolCallIds still awaited, by run. */
  const left = new Map<string, Set<unknown>>();
  for (const { runId, toolCallId } of awaited) {
    left.set(runId, (left.get(runId) ?? new Set()).add(toolCallId));
  }
  for (const message of messages) {
    if (left.size === 0) break;
    if (typeof message !== 'object' || message === null) continue;
    const { role, id } = message as { role?: unknown; id?: unknown };
    if (role !== 'assistant' || typeof id !== 'string') continue;
    const ids = left.get(id);
    if (ids === undefined) continue;
    const { parts } = message as { parts?: unknown };
    if (!Array.isArray(parts)) continue;
    for (const part of parts as unknown[]) {
      if (typeof part !== 'object' || part === null) continue;
      const { type, toolCallId } = part as { type?: unknown; toolCallId?: unknown };
      if (!ids.has(toolCallId) || typeof type !== 'string') continue;
      if (!(type === 'dynamic-tool' || type.startsWith('tool-'))) continue;
      const event = outputEvent(part as ToolPart, id);
      if (event === undefined) continue;
      events.push(event);
      ids.delete(toolCallId);
      if (ids.size > 0) continue;
      left.delete(id);
      break;
    }
  }
  return events;
}

/** What {@link createOutputFollower} returns. */
export interface OutputFollower {
  /** Hears of a request as it starts: its parsed body's messages hold what the app answered. */
  request(body: RequestBody): void;
  /** Gives the store the results `messages` hold, and those of the latest request. */
  follow(messages: readonly unknown[]): void;
}

/**
 * Gives `store` the results the app supplied for its calls awaiting the client (see
 * {@link clientOutputs}), from the chat's messages and from the request that sends them. A call
 * awaits the client only once the store has read the end of its response, which may come after
 * the chat sent the next request: the latest request's messages are kept for then.
 */
export function createOutputFollower(store: ToolpaneStore): OutputFollower {
  let sent: readonly unknown[] = [];
  const apply = (messages: readonly unknown[]) => {
    const events = clientOutputs(store.getState(), messages);
    if (events.length > 0) store.dispatchMany(events);
  };
  return {
    request(body) {
      sent = requestMessages(body) ?? sent;
      apply(sent);
    },
    follow(messages) {
      apply(sent);
      if (messages !== sent) apply(messages);
    },
  };
}
