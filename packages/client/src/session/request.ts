/** Headers to send, or a function that returns them per request (e.g. a fresh auth token). */
export type SessionHeaders =
  | Readonly<Record<string, string>>
  | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);

/** A `fetch` implementation (the global one by default). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What a POST gave: a response, or why none came. */
export type PostOutcome =
  | { readonly ok: true; readonly response: Response }
  | {
      readonly ok: false;
      /**
       * `aborted`: the caller stopped it; `timeout`: no response in time; `network`: fetch failed,
       * or the body cannot be written as JSON (a BigInt, a cycle: nothing was sent);
       * `withdrawn`: nothing was sent, what it was for changed before it went out (`message`).
       */
      readonly reason: 'aborted' | 'timeout' | 'network' | 'withdrawn';
      readonly message: string;
    };

/** Where and how requests go. */
export interface Endpoint {
  readonly baseUrl: string;
  readonly apiPrefix: string;
  readonly agentId: string;
  readonly headers: SessionHeaders | undefined;
  readonly fetch: FetchLike;
  readonly credentials: RequestCredentials | undefined;
}

/** `/api` stays `/api`; `api/` becomes `/api`; '' means no prefix. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** The URL of an agent route such as `stream` or `approve-tool-call`. */
export function routeUrl(endpoint: Endpoint, route: string): string {
  const base = endpoint.baseUrl.replace(/\/+$/, '');
  return `${base}${endpoint.apiPrefix}/agents/${encodeURIComponent(endpoint.agentId)}/${route}`;
}

const errorMessage = (error: unknown): string => {
  if (error instanceof Error) {
    // Node's fetch hides the reason (ECONNRESET, ECONNREFUSED…) in `cause`.
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message !== error.message
      ? `${error.message} (${cause.message})`
      : error.message;
  }
  return String(error);
};

/**
 * POSTs a JSON body once, with no retry. `timeoutMs` limits the wait for the response headers
 * only; a stream may then run as long as it needs. `withdrawn`, asked right before `fetch` (once
 * the headers are ready), says why the body is no longer to be sent, if it is not: nothing is
 * sent then. Never rejects.
 */
export async function postOnce(
  endpoint: Endpoint,
  route: string,
  body: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  withdrawn?: () => string | undefined,
): Promise<PostOutcome> {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    // Its first line: V8 draws the path of a cycle on the lines after it.
    const why = errorMessage(error).split('\n', 1)[0];
    const message = `Nothing was sent: the request cannot be written as JSON (${why})`;
    return { ok: false, reason: 'network', message };
  }
  const timeout = new AbortController();
  const onAbort = () => timeout.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          timeout.abort(new Error(`No response within ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;
  try {
    const extra =
      typeof endpoint.headers === 'function' ? await endpoint.headers() : endpoint.headers;
    if (signal.aborted) return { ok: false, reason: 'aborted', message: 'The request was aborted' };
    const why = withdrawn?.();
    if (why !== undefined) return { ok: false, reason: 'withdrawn', message: why };
    const response = await endpoint.fetch(routeUrl(endpoint, route), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...extra },
      body: text,
      signal: timeout.signal,
      ...(endpoint.credentials === undefined ? {} : { credentials: endpoint.credentials }),
    });
    return { ok: true, response };
  } catch (error) {
    if (timedOut) {
      return {
        ok: false,
        reason: 'timeout',
        message: `The server did not answer within ${timeoutMs} ms`,
      };
    }
    if (signal.aborted) return { ok: false, reason: 'aborted', message: 'The request was aborted' };
    return { ok: false, reason: 'network', message: `The request failed: ${errorMessage(error)}` };
  } finally {
    // The abort link stays: aborting later must still close the response body.
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Content types a Mastra agent route streams in: SSE, or JSON lines. */
const STREAM_TYPES = ['text/event-stream', 'application/x-ndjson', 'application/jsonl'];

/**
 * Why a successful response is not a stream the session can read, or undefined when it is one.
 * A 2xx answer with an HTML page (a proxy's or a single-page app's fallback route), JSON or no
 * body at all did not come from Mastra's stream route: taking it for an empty run would hide the
 * failure. The body of a refused response is cancelled, unread.
 */
export function notAStream(response: Response): string | undefined {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const known = STREAM_TYPES.includes(type);
  if (known && response.body !== null) return undefined;
  void response.body?.cancel().catch(() => undefined);
  const what = known ? 'no body' : type === '' ? 'no content type' : `content type ${type}`;
  return `HTTP ${response.status}: expected an event stream, got ${what}`;
}
