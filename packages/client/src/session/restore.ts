import { buildHistory } from '../history/build.js';
import { errorText } from '../reducer/error-text.js';
import { selectPendingApprovals } from '../state/select.js';
import type { ToolpaneState } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import { httpErrorMessage } from '../stream/consume.js';
import type { ToolpaneEvent } from '../stream/events.js';
import { EXPIRED_MESSAGE } from './body.js';
import { type Endpoint, routeUrl } from './request.js';
import type { SessionResult, SessionThread } from './types.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 1000;
/** Mastra's answer for a thread it does not hold (`404`, "Thread not found"). */
const NEW_THREAD = /\b404\b[\s\S]*thread not found/i;

async function getJson(
  endpoint: Endpoint,
  url: string,
  signal: AbortSignal,
): Promise<{ ok: true; body: unknown } | { ok: false; error: string }> {
  try {
    const extra =
      typeof endpoint.headers === 'function' ? await endpoint.headers() : endpoint.headers;
    const response = await endpoint.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...extra },
      signal,
      ...(endpoint.credentials === undefined ? {} : { credentials: endpoint.credentials }),
    });
    if (!response.ok) return { ok: false, error: await httpErrorMessage(response) };
    return { ok: true, body: (await response.json()) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const base = (endpoint: Endpoint) => `${endpoint.baseUrl.replace(/\/+$/, '')}${endpoint.apiPrefix}`;

/** Every message of the thread, page by page, oldest first. */
async function threadMessages(
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
): Promise<{ ok: true; messages: unknown[] } | { ok: false; error: string }> {
  const messages: unknown[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      agentId: endpoint.agentId,
      resourceId: thread.resourceId,
      page: String(page),
      perPage: String(PAGE_SIZE),
    });
    const url = `${base(endpoint)}/memory/threads/${encodeURIComponent(thread.threadId)}/messages?${query}`;
    const answer = await getJson(endpoint, url, signal);
    // A thread no one has sent into yet is not stored yet: an empty conversation, not an error.
    if (!answer.ok && page === 0 && NEW_THREAD.test(answer.error)) return { ok: true, messages };
    if (!answer.ok) return answer;
    const body = answer.body as { messages?: unknown; hasMore?: unknown };
    if (!Array.isArray(body?.messages)) {
      return { ok: false, error: 'The memory messages route answered without a messages list' };
    }
    messages.push(...body.messages);
    if (body.hasMore !== true) break;
  }
  return { ok: true, messages };
}

/**
 * The runs Mastra still holds suspended for the thread, or undefined when the server did not
 * say (then the first decision sent tells instead).
 */
async function heldRuns(
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
): Promise<Set<string> | undefined> {
  const query = new URLSearchParams({ threadId: thread.threadId, resourceId: thread.resourceId });
  const answer = await getJson(
    endpoint,
    `${routeUrl(endpoint, 'suspended-runs')}?${query}`,
    signal,
  );
  if (!answer.ok) return undefined;
  const runs = (answer.body as { runs?: unknown })?.runs;
  if (!Array.isArray(runs)) return undefined;
  const held = new Set<string>();
  for (const run of runs) {
    const runId = (run as { runId?: unknown } | null)?.runId;
    if (typeof runId === 'string') held.add(runId);
  }
  return held;
}

/** A restored conversation, and the events that mark decisions Mastra can no longer take. */
export type Restored =
  | { readonly ok: true; readonly state: ToolpaneState; readonly expired: ToolpaneEvent[] }
  | { readonly ok: false; readonly error: string };

/**
 * Reads a memory thread into state. Pending approvals and suspensions whose run Mastra no longer
 * holds (it does not list it among the thread's suspended runs) are marked expired.
 */
export async function restoreThread(
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
): Promise<Restored> {
  const read = await threadMessages(endpoint, thread, signal);
  if (!read.ok) return { ok: false, error: `The thread could not be loaded: ${read.error}` };
  // Reading memory messages loads with the first restore: sessions that never restore do not ship
  // it. Only the translation to chunks is loaded; the reducer that applies them is already here.
  let history: typeof import('../history/mastra-chunks.js');
  try {
    history = await import('../history/mastra-chunks.js');
  } catch (error) {
    return { ok: false, error: `The thread could not be loaded: ${errorText(error)}` };
  }
  const state = buildHistory(history.mastraHistoryChunks(read.messages), {});
  const pending = selectPendingApprovals(state);
  const held = pending.length === 0 ? undefined : await heldRuns(endpoint, thread, signal);
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
): Promise<SessionResult> {
  const restored = await restoreThread(endpoint, thread, signal);
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
