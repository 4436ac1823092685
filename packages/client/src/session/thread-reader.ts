/*
 * Reading a memory thread over HTTP, loaded with a session's first restore (see restore.ts). It
 * imports no code the session has already, so that loading it adds a chunk of its own and the
 * session's stays whole.
 */

import type { Endpoint } from './request.js';
import type { SessionThread } from './types.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 1000;
/** Mastra's answer for a thread it does not hold (`404`, "Thread not found"). */
const NEW_THREAD = /\b404\b[\s\S]*thread not found/i;

/** Reads Mastra's JSON error body (`httpErrorMessage`, passed in: this chunk shares no code). */
type ErrorMessage = (response: Response) => Promise<string>;

async function getJson(
  endpoint: Endpoint,
  url: string,
  signal: AbortSignal,
  httpErrorMessage: ErrorMessage,
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
export async function threadMessages(
  endpoint: Endpoint,
  thread: SessionThread,
  signal: AbortSignal,
  httpErrorMessage: ErrorMessage,
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
    const answer = await getJson(endpoint, url, signal, httpErrorMessage);
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
 * The runs Mastra still holds suspended for the thread (read from `url`, its `suspended-runs`
 * route), or undefined when the server did not say (then the first decision sent tells instead).
 */
export async function heldRuns(
  endpoint: Endpoint,
  url: string,
  signal: AbortSignal,
  httpErrorMessage: ErrorMessage,
): Promise<Set<string> | undefined> {
  const answer = await getJson(endpoint, url, signal, httpErrorMessage);
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
