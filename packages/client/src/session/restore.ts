import { buildHistory } from '../history/build.js';
import { SAVED_VIEWS } from '../history/display-view.js';
import type { ReduceOptions } from '../reducer/context.js';
import { errorText } from '../reducer/error-text.js';
import { selectPendingApprovals } from '../state/select.js';
import type { ToolpaneState } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import { httpErrorMessage } from '../stream/consume.js';
import type { ToolpaneEvent } from '../stream/events.js';
import { EXPIRED_MESSAGE } from './body.js';
import { type Endpoint, routeUrl } from './request.js';
import type { SessionResult, SessionThread } from './types.js';

/** A restored conversation, and the events that mark decisions Mastra can no longer take. */
export type Restored =
  | { readonly ok: true; readonly state: ToolpaneState; readonly expired: ToolpaneEvent[] }
  | { readonly ok: false; readonly error: string };

/**
 * Reads a memory thread into state. Pending approvals and suspensions whose run Mastra no longer
 * holds (it does not list it among the thread's suspended runs) are marked expired. Waiting calls
 * of the `clientTools` named wait for the app's result again.
 */
export async function restoreThread(
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
  clientTools: readonly string[] = [],
  options: Pick<ReduceOptions, 'transforms'> = {},
): Promise<Restored> {
  // Reading memory messages loads with the first restore: sessions that never restore do not ship
  // it. Only the reading and the translation to chunks load; the reducer is already here.
  let reader: typeof import('./thread-reader.js');
  let history: typeof import('../history/mastra-chunks.js');
  try {
    [reader, history] = await Promise.all([
      import('./thread-reader.js'),
      import('../history/mastra-chunks.js'),
    ]);
  } catch (error) {
    return { ok: false, error: `The thread could not be loaded: ${errorText(error)}` };
  }
  const read = await reader.threadMessages(endpoint, thread, signal, httpErrorMessage);
  if (!read.ok) return { ok: false, error: `The thread could not be loaded: ${read.error}` };
  const state = buildHistory(
    history.mastraHistoryChunks(read.messages, SAVED_VIEWS, clientTools),
    options,
  );
  const pending = selectPendingApprovals(state);
  const held =
    pending.length === 0
      ? undefined
      : await reader.heldRuns(
          endpoint,
          `${routeUrl(endpoint, 'suspended-runs')}?${new URLSearchParams({ threadId: thread.threadId, resourceId: thread.resourceId })}`,
          signal,
          httpErrorMessage,
        );
  const expired: ToolpaneEvent[] =
    held === undefined
      ? []
      : pending
          .filter((p) => !held.has(p.resumeWith.runId))
          .map((p) => ({
            type: 'toolpane/decision-expired',
            toolCallId: p.toolCallId,
            message: EXPIRED_MESSAGE,
          }));
  return { ok: true, state, expired };
}

/** Restores a thread into a store: its state replaced, expired decisions marked. */
export async function restoreInto(
  store: ToolpaneStore,
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
  clientTools: readonly string[] = [],
): Promise<SessionResult> {
  // Rebuilt with the store's client transforms: what it would hide stays hidden.
  const { transforms } = store;
  const restored = await restoreThread(endpoint, thread, signal, clientTools, { transforms });
  if (signal.aborted) return { status: 'aborted' };
  if (!restored.ok) {
    store.dispatch({
      type: 'toolpane/issue',
      issue: { kind: 'transport', message: restored.error },
    });
    return { status: 'error', error: restored.error };
  }
  store.reset(restored.state);
  store.dispatchMany(restored.expired);
  return { status: 'done' };
}
