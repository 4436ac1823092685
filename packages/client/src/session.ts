import { consumeStream } from './consume.js';
import type { ToolpaneEvent } from './events.js';
import { type FieldError, type ResumeValidation, validateResumeData } from './resume-schema.js';
import { selectPendingApprovals } from './select.js';
import {
  type Endpoint,
  type FetchLike,
  normalizePrefix,
  postOnce,
  type SessionHeaders,
} from './session-request.js';
import type { DecisionTarget } from './state.js';
import { createToolpaneStore, type ToolpaneStore } from './store.js';

export type { FetchLike, SessionHeaders } from './session-request.js';

/**
 * What a session is doing: `streaming` while a request or its stream is open, `waiting` when a
 * call needs a person, `error` when the last request or stream failed, else `idle`.
 */
export type SessionStatus = 'idle' | 'streaming' | 'waiting' | 'error';

/** Options of {@link createAgentSession}. */
export interface AgentSessionOptions {
  /** The Mastra server, e.g. `http://localhost:4111`. */
  readonly baseUrl: string;
  /** The agent to talk to, as registered on the server. */
  readonly agentId: string;
  /** The route prefix (default `/api`, as in `@mastra/client-js`). */
  readonly apiPrefix?: string;
  /** Sent with every request; a function is called per request. */
  readonly headers?: SessionHeaders;
  /** A `fetch` to use instead of the global one. */
  readonly fetch?: FetchLike;
  /** Passed to `fetch` (e.g. `include` for cookies on another origin). */
  readonly credentials?: RequestCredentials;
  /** The store to feed (a new one by default). */
  readonly store?: ToolpaneStore;
  /** How long to wait for the response headers of a request, in ms (default 30 000; 0 waits forever). */
  readonly timeoutMs?: number;
}

/** Options every request accepts. */
export interface SessionRequestOptions {
  /** Overrides the session's `timeoutMs` for this request. */
  readonly timeoutMs?: number;
  /** Aborts this request only. */
  readonly signal?: AbortSignal;
  /** Mastra's `requestContext`. */
  readonly requestContext?: Readonly<Record<string, unknown>>;
  /** Further body fields, sent as they are (the session's own fields win). */
  readonly body?: Readonly<Record<string, unknown>>;
}

/** Options of {@link AgentSession.send}, passed through to Mastra's stream route. */
export interface SendOptions extends SessionRequestOptions {
  readonly runId?: string;
  readonly memory?: {
    readonly thread: string | { readonly id: string; readonly [key: string]: unknown };
    readonly resource: string;
    readonly options?: Readonly<Record<string, unknown>>;
  };
  readonly activeTools?: readonly string[];
  readonly toolChoice?:
    | 'auto'
    | 'none'
    | 'required'
    | { readonly type: 'tool'; readonly toolName: string };
  readonly requireToolApproval?: boolean;
  readonly maxSteps?: number;
}

/** A message as Mastra's stream route accepts it. */
export type SessionMessage =
  | string
  | { readonly role: string; readonly content: unknown; readonly [key: string]: unknown };

/** How a session request ended. Session methods never reject; they resolve with this. */
export interface SessionResult {
  /** `invalid`: nothing was sent (the call does not wait for this, or the resume data is wrong). */
  readonly status: 'done' | 'error' | 'aborted' | 'invalid';
  readonly error?: string;
  readonly httpStatus?: number;
  /** For `invalid` resume data: what is wrong, field by field. */
  readonly fieldErrors?: readonly FieldError[];
  /** For `send`: the top-level run the request started. */
  readonly runId?: string;
}

/** A conversation with one agent on a Mastra server, feeding one store. */
export interface AgentSession {
  /** The store every response is fed into. */
  readonly store: ToolpaneStore;
  /** Starts a run. Aborts whatever the session is still streaming first. */
  send(messages: string | readonly SessionMessage[], options?: SendOptions): Promise<SessionResult>;
  /** Approves the call shown on a card (for a nested approval, the inner call). */
  approve(toolCallId: string, options?: SessionRequestOptions): Promise<SessionResult>;
  /** Declines the call, with an optional reason the model will see. */
  decline(
    toolCallId: string,
    reason?: string,
    options?: SessionRequestOptions,
  ): Promise<SessionResult>;
  /** Resumes a suspended call with data, after checking it against the call's resume schema. */
  resume(
    toolCallId: string,
    resumeData: unknown,
    options?: SessionRequestOptions,
  ): Promise<SessionResult>;
  /** Checks resume data against the call's resume schema without sending anything. */
  checkResumeData(toolCallId: string, resumeData: unknown): ResumeValidation;
  /** Aborts every open request and stream; open runs end as aborted. */
  abort(reason?: string): void;
  getStatus(): SessionStatus;
  /** The error behind the `error` status. */
  getError(): string | undefined;
  /** Calls `listener` when the status or error changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

type DecisionKind = 'approve' | 'decline' | 'resume';

const ROUTES: Record<DecisionKind, string> = {
  approve: 'approve-tool-call',
  decline: 'decline-tool-call',
  resume: 'resume-stream',
};

function pickSendFields(options: SendOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [
    'runId',
    'memory',
    'requestContext',
    'activeTools',
    'toolChoice',
    'requireToolApproval',
    'maxSteps',
  ] as const) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  return out;
}

interface Job {
  readonly controller: AbortController;
}

/**
 * Talks to a Mastra agent over HTTP and feeds every response into a store: `send` starts a run,
 * `approve` / `decline` / `resume` continue it. A decision is sent exactly once: a second call
 * for the same tool call while one is in flight returns the same promise, a failed request puts
 * the call back to waiting with the error and is never retried by itself. Requests run one
 * after the other, so a decision made while a stream is still open is sent once it has ended.
 *
 * @example
 * const session = createAgentSession({ baseUrl: 'http://localhost:4111', agentId: 'ops-agent' });
 * await session.send('Delete record abc-123');
 * const [pending] = selectPendingApprovals(session.store.getState());
 * if (pending) await session.approve(pending.toolCallId);
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const store = options.store ?? createToolpaneStore();
  const endpoint: Endpoint = {
    baseUrl: options.baseUrl,
    apiPrefix: normalizePrefix(options.apiPrefix ?? '/api'),
    agentId: options.agentId,
    headers: options.headers,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    credentials: options.credentials,
  };
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const jobs = new Set<Job>();
  const inFlight = new Map<string, Promise<SessionResult>>();
  const listeners = new Set<() => void>();
  let lane: Promise<unknown> = Promise.resolve();
  let lastError: string | undefined;
  let status: SessionStatus = 'idle';

  const computeStatus = (): SessionStatus => {
    if (jobs.size > 0) return 'streaming';
    if (lastError !== undefined) return 'error';
    return selectPendingApprovals(store.getState()).length > 0 ? 'waiting' : 'idle';
  };
  let notifiedError = lastError;
  const refresh = () => {
    const next = computeStatus();
    if (next === status && notifiedError === lastError) return;
    status = next;
    notifiedError = lastError;
    for (const listener of [...listeners]) listener();
  };
  status = computeStatus();

  /** Runs `task` after every earlier request has ended; `task` must not reject. */
  const enqueue = (
    task: (signal: AbortSignal) => Promise<SessionResult>,
    external: AbortSignal | undefined,
  ): Promise<SessionResult> => {
    const job: Job = { controller: new AbortController() };
    const { signal } = job.controller;
    if (external?.aborted) job.controller.abort(external.reason);
    else external?.addEventListener('abort', () => job.controller.abort(external.reason));
    jobs.add(job);
    refresh();
    const done = lane.then(async (): Promise<SessionResult> => {
      try {
        return await task(signal);
      } catch (error) {
        // Only a throwing store listener gets here; the session must keep working.
        lastError = error instanceof Error ? error.message : String(error);
        return { status: 'error', error: lastError };
      } finally {
        jobs.delete(job);
        refresh();
      }
    });
    lane = done;
    return done;
  };

  const abortAll = (reason?: string) => {
    for (const job of jobs) job.controller.abort(reason);
  };

  const post = (
    route: string,
    body: unknown,
    signal: AbortSignal,
    request: SessionRequestOptions,
  ) => postOnce(endpoint, route, body, signal, request.timeoutMs ?? defaultTimeout);

  const send: AgentSession['send'] = (messages, sendOptions = {}) => {
    abortAll('Stopped by a new message');
    return enqueue(async (signal) => {
      const before = store.getState().runOrder.length;
      const body = { ...sendOptions.body, messages, ...pickSendFields(sendOptions) };
      const outcome = await post('stream', body, signal, sendOptions);
      if (!outcome.ok) {
        if (outcome.reason === 'aborted') return { status: 'aborted' };
        lastError = outcome.message;
        store.dispatch({
          type: 'toolpane/issue',
          issue: { kind: 'transport', message: lastError },
        });
        return { status: 'error', error: lastError };
      }
      const result = await consumeStream(store, outcome.response, { signal });
      lastError = result.status === 'error' ? result.error : undefined;
      const runId = store.getState().runOrder[before];
      return runId === undefined ? result : { ...result, runId };
    }, sendOptions.signal);
  };

  const targetOf = (toolCallId: string, kind: DecisionKind): DecisionTarget | string => {
    const call = store.getState().toolCalls.get(toolCallId);
    if (call === undefined) return `There is no tool call ${toolCallId}`;
    if (kind === 'resume') {
      if (call.status === 'suspended' && call.suspension !== undefined)
        return call.suspension.target;
      return `Tool call ${toolCallId} is not suspended (status: ${call.status})`;
    }
    if (call.status === 'approval-requested' && call.approval !== undefined)
      return call.approval.target;
    if (call.status === 'suspended')
      return `Tool call ${toolCallId} is suspended: resume it with data instead`;
    return `Tool call ${toolCallId} does not wait for an approval (status: ${call.status})`;
  };

  const decide = (
    toolCallId: string,
    kind: DecisionKind,
    fields: { approved?: boolean; reason?: string; resumeData?: unknown },
    request: SessionRequestOptions,
  ): Promise<SessionResult> => {
    const pending = inFlight.get(toolCallId);
    if (pending !== undefined) return pending;
    const target = targetOf(toolCallId, kind);
    if (typeof target === 'string') return Promise.resolve({ status: 'invalid', error: target });
    if (kind === 'resume') {
      const call = store.getState().toolCalls.get(toolCallId);
      const check = validateResumeData(call?.suspension?.resumeSchema, fields.resumeData);
      if (!check.ok) {
        const error = `The resume data does not match the schema: ${check.errors
          .map((e) => `${e.path || '/'} ${e.message}`)
          .join('; ')}`;
        return Promise.resolve({ status: 'invalid', error, fieldErrors: check.errors });
      }
    }
    const sent: ToolpaneEvent =
      kind === 'resume'
        ? { type: 'toolpane/decision-sent', toolCallId, resumeData: fields.resumeData }
        : {
            type: 'toolpane/decision-sent',
            toolCallId,
            approved: kind === 'approve',
            ...(fields.reason === undefined ? {} : { reason: fields.reason }),
          };
    store.dispatch(sent);
    const failed = (error: string) => {
      store.dispatch({ type: 'toolpane/decision-failed', toolCallId, error });
      lastError = undefined;
    };
    const body = {
      ...request.body,
      ...(request.requestContext === undefined ? {} : { requestContext: request.requestContext }),
      runId: target.runId,
      toolCallId: target.toolCallId,
      ...(kind === 'decline' && fields.reason !== undefined ? { reason: fields.reason } : {}),
      ...(kind === 'resume' ? { resumeData: fields.resumeData } : {}),
    };
    const promise = enqueue(async (signal): Promise<SessionResult> => {
      const outcome = await post(ROUTES[kind], body, signal, request);
      if (!outcome.ok) {
        const error =
          outcome.reason === 'aborted' ? 'Aborted before the server answered' : outcome.message;
        failed(error);
        return { status: outcome.reason === 'aborted' ? 'aborted' : 'error', error };
      }
      const result = await consumeStream(store, outcome.response, { signal });
      if (!outcome.response.ok) {
        failed(result.error ?? `HTTP ${outcome.response.status}`);
        return result;
      }
      lastError = result.status === 'error' ? result.error : undefined;
      return result;
    }, request.signal).finally(() => inFlight.delete(toolCallId));
    inFlight.set(toolCallId, promise);
    return promise;
  };

  return {
    store,
    send,
    approve: (toolCallId, request = {}) =>
      decide(toolCallId, 'approve', { approved: true }, request),
    decline: (toolCallId, reason, request = {}) =>
      decide(
        toolCallId,
        'decline',
        { approved: false, ...(reason === undefined ? {} : { reason }) },
        request,
      ),
    resume: (toolCallId, resumeData, request = {}) =>
      decide(toolCallId, 'resume', { resumeData }, request),
    checkResumeData: (toolCallId, resumeData) =>
      validateResumeData(
        store.getState().toolCalls.get(toolCallId)?.suspension?.resumeSchema,
        resumeData,
      ),
    abort: (reason) => abortAll(reason),
    getStatus: () => status,
    getError: () => lastError,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
