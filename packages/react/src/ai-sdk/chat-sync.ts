import type { ReduceOptions, StreamIssue, ToolpaneState, ToolpaneStore } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';

/*
 * A chat's messages are replaced, not only appended to: `regenerate`, `setMessages`, a
 * `sendMessage` that edits a user message, a `stop` that cuts an answer. Each assistant message
 * is one top-level run keyed by its id (the `messageId` of its stream's `start`), so the store
 * follows the chat by comparing run ids with message ids, and rebuilds itself from the chat's
 * messages when they disagree.
 */

/** Store options that shape what a rebuilt state shows (tool policies, display transforms). */
export type SyncOptions = Omit<ReduceOptions, 'formats' | 'now'>;

/** The ids of the assistant messages among `messages`, in order. */
function assistantIds(messages: readonly unknown[]): string[] {
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

/** Issues a rebuild keeps: what went wrong on the way (transport, decisions) that still applies. */
function keptIssues(before: ToolpaneState, after: ToolpaneState): StreamIssue[] {
  return before.issues.filter(
    (issue) =>
      (issue.kind === 'transport' || issue.kind === 'decision') &&
      (issue.runId === undefined || after.runs.has(issue.runId)) &&
      (issue.toolCallId === undefined || after.toolCalls.has(issue.toolCallId)),
  );
}

/** Makes a store follow a chat's messages; see {@link createMessageFollower}. */
export type MessageFollower = (messages: readonly unknown[], settled: boolean) => void;

/**
 * Rebuilds the store from a chat's `messages` (see `stateFromUIMessages`) when its top-level runs
 * are not the chat's assistant messages: a run whose message the chat held and no longer holds,
 * or, once the chat has `settled` (no response being read, the chat ready), any run the chat does
 * not hold and any message with no run. A run the chat has not shown yet is not gone: the store
 * may read a response before the chat renders it.
 */
export function createMessageFollower(store: ToolpaneStore, options: SyncOptions): MessageFollower {
  /** The assistant messages the chat has held. */
  const seen = new Set<string>();
  return (messages, settled) => {
    const before = store.getState();
    const ids = assistantIds(messages);
    const chatHas = new Set(ids);
    const gone = before.runOrder.some(
      (runId) => !chatHas.has(runId) && (settled || seen.has(runId)),
    );
    const missing = settled && ids.some((id) => !before.runs.has(id));
    for (const id of ids) seen.add(id);
    if (!gone && !missing) return;
    const after = stateFromUIMessages(messages, { ...options, shownBefore: before });
    store.reset(after);
    const issues = keptIssues(before, after);
    if (issues.length > 0) {
      store.dispatchMany(issues.map((issue) => ({ type: 'toolpane/issue', issue })));
    }
  };
}

/**
 * The messages a chat request replaced the chat's with, when it says it replaced them
 * (`regenerate`, or `sendMessage` with a `messageId`): its body's `messages`, if they are a
 * prefix of what the chat held. Undefined for a request that appends (its body may carry fewer
 * messages than the chat holds, when the app sends only the last one).
 */
export function replacedBy(
  body: unknown,
  held: readonly unknown[] | undefined,
): readonly unknown[] | undefined {
  if (typeof body !== 'string' || held === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { messages, trigger, messageId } = parsed as Record<string, unknown>;
  if (!Array.isArray(messages)) return undefined;
  if (trigger !== 'regenerate-message' && typeof messageId !== 'string') return undefined;
  const ids = messageIds(messages);
  const heldIds = messageIds(held);
  return ids.every((id, i) => id !== undefined && id === heldIds[i]) ? messages : undefined;
}
