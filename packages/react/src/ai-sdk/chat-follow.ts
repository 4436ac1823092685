import type { StreamIssue, ToolpaneState, ToolpaneStore } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { assistantIds, earlierRequests, type SyncOptions } from './chat-sync.js';

/*
 * A chat's messages are replaced, not only appended to: `regenerate`, `setMessages`, a
 * `sendMessage` that edits a user message, a `stop` that cuts an answer, an answer given or
 * finished elsewhere under the same message id. The store follows the chat by comparing run ids
 * with message ids and, for a message replaced in place, the message objects, and rebuilds itself
 * from the chat's messages when they disagree.
 */

/** Issues a rebuild keeps: what went wrong on the way (transport, decisions) that still applies. */
function keptIssues(before: ToolpaneState, after: ToolpaneState): StreamIssue[] {
  return before.issues.filter(
    (issue) =>
      (issue.kind === 'transport' || issue.kind === 'decision') &&
      (issue.runId === undefined || after.runs.has(issue.runId)) &&
      (issue.toolCallId === undefined || after.toolCalls.has(issue.toolCallId)),
  );
}

/**
 * Makes a store follow a chat's messages; see {@link createMessageFollower}. `epoch` counts what
 * the store learnt of itself (the requests it read, the decisions it sent).
 */
export type MessageFollower = (
  messages: readonly unknown[],
  settled: boolean,
  epoch?: number,
) => void;

/**
 * Rebuilds the store from a chat's `messages` (see `stateFromUIMessages`) when its top-level runs
 * are not the chat's assistant messages: a run whose message the chat held and no longer holds,
 * or, once the chat has `settled` (no response being read, the chat ready), any run the chat does
 * not hold and any message with no run. A run the chat has not shown yet is not gone: the store
 * may read a response before the chat renders it. An assistant message the chat replaced with
 * another of the same id (`setMessages` with a version saved elsewhere, an answer given outside
 * Toolpane) rebuilds it too, when the chat has settled on it and nothing the store learnt of
 * itself (`epoch`) came in between: each settled look compares the messages by identity.
 */
export function createMessageFollower(store: ToolpaneStore, options: SyncOptions): MessageFollower {
  /** The assistant messages the chat has held. */
  const seen = new Set<string>();
  /** States that held runs the chat dropped since: what they hid stays hidden if they return. */
  const earlier: ToolpaneState[] = [];
  /** The answers whose requests were marked expired once a later answer followed them. */
  let checked = new Set<string>();
  /** Marks the requests of earlier answers expired, each answer once (again after a rebuild). */
  const expireEarlier = (ids: readonly string[], rebuilt: boolean) => {
    if (rebuilt) checked = new Set();
    const events = earlierRequests(store.getState(), ids, checked);
    if (events.length > 0) store.dispatchMany(events);
  };
  /** The assistant messages of the last settled look, by id, and the epoch it was taken in. */
  let shown = new Map<string, unknown>();
  let shownIn: number | undefined;
  return (messages, settled, epoch = 0) => {
    const before = store.getState();
    const ids = assistantIds(messages);
    let replaced = false;
    if (settled) {
      const now = new Map<string, unknown>();
      for (const message of messages) {
        const { id, role } = (message ?? {}) as { id?: unknown; role?: unknown };
        if (typeof id !== 'string' || role !== 'assistant') continue;
        now.set(id, message);
        const was = shown.get(id);
        if (was !== undefined && was !== message) replaced = true;
      }
      replaced &&= shownIn === epoch;
      shown = now;
      shownIn = epoch;
    }
    const chatHas = new Set(ids);
    const gone = before.runOrder.some(
      (runId) => !chatHas.has(runId) && (settled || seen.has(runId)),
    );
    const missing = settled && ids.some((id) => !before.runs.has(id));
    for (const id of ids) seen.add(id);
    if (gone || missing || replaced) {
      const shownBefore = [before, ...earlier];
      const after = stateFromUIMessages(messages, { ...options, shownBefore });
      if (gone) earlier.push(before);
      store.reset(after);
      const issues = keptIssues(before, after);
      if (issues.length > 0) {
        store.dispatchMany(issues.map((issue) => ({ type: 'toolpane/issue', issue })));
      }
    }
    expireEarlier(ids, gone || missing || replaced);
  };
}
