import { createEmitter } from '../notify/emitter.js';
import type { NotifySchedule } from '../notify/schedule.js';
import { validateResumeData } from '../resume/schema.js';
import { decisionCall, WAITING } from '../state/identity.js';
import { selectPendingApprovals } from '../state/select.js';
import type { DecisionTarget } from '../state/state.js';
import { createToolpaneStore } from '../store/store.js';
import { consumeStream } from '../stream/consume.js';
import { EXPIRED_MESSAGE, isRunGone, sendBody } from './body.js';
import type { ClientToolHost } from './client-tool-host.js';
import {
  CHANGED,
  type DecisionFields,
  type DecisionKind,
  decisionKey,
  decisionRequest,
  type InFlight,
  NOUNS,
  revisionOf,
  sentEvent,
  targetOf,
  whenValid,
  withdrawn,
} from './decisions.js';
import { resultShown } from './error-shown.js';
import { answerCall, readStream, retryAnswers } from './read-stream.js';
import { type Endpoint, normalizePrefix, notAStream, postOnce } from './request.js';
import { restoreInto } from './restore.js';

import type {
  AgentSession,
  AgentSessionOptions,
  SessionRequestOptions,
  SessionResult,
  SessionStatus,
} from './types.js';

interface Job {
  readonly controller: AbortController;
}

/**
 * How a session's own store tells subscribers about a live stream: at most every 33 ms, in a timer
 * task of its own. In Chromium, on a stream at 1,000 chunks/s into a long transcript, it measured
 * less main-thread time and fewer long tasks than once per frame (BENCHMARKS.md, section 7).
 */
const LIVE_SCHEDULE: NotifySchedule = { every: 33 };

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
  const store = options.store ?? createToolpaneStore({ notify: options.notify ?? LIVE_SCHEDULE });
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
  const inFlight = new Map<string, InFlight>();
  const statusEmitter = createEmitter<never>();
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
    statusEmitter.emit();
  };
  status = computeStatus();

  /** Runs `task` after every earlier request has ended; `task` must not reject. */
  const enqueue = (
    task: (signal: AbortSignal) => Promise<SessionResult>,
    external: AbortSignal | undefined,
  ): Promise<SessionResult> => {
    const job: Job = { controller: new AbortController() };
    const { signal } = job.controller;
    const forward = () => job.controller.abort(external?.reason);
    if (external?.aborted) forward();
    else external?.addEventListener('abort', forward, { once: true });
    jobs.add(job);
    refresh();
    const done = lane.then(async (): Promise<SessionResult> => {
      try {
        const result = await task(signal);
        // What a request ended with is shown now, not at the next frame; its error as shown.
        store.flush();
        return resultShown(store, result);
      } catch (error) {
        // Only a throwing store listener gets here; the session must keep working.
        lastError = error instanceof Error ? error.message : String(error);
        return { status: 'error', error: lastError };
      } finally {
        external?.removeEventListener('abort', forward);
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
    withdrawn?: () => string | undefined,
  ) => postOnce(endpoint, route, body, signal, request.timeoutMs ?? defaultTimeout, withdrawn);

  /** Streams `body` from `route` into the store after every earlier request (see readStream). */
  const stream = (
    route: string,
    body: Record<string, unknown>,
    request: SessionRequestOptions,
  ): Promise<SessionResult> =>
    enqueue(async (signal) => {
      lastError = undefined;
      const send = (sent: unknown) => post(route, sent, signal, request);
      const tools = route === 'stream' ? host : undefined;
      const result = await readStream(store, send, body, signal, tools);
      if (result.status === 'error' || result.status === 'invalid') lastError = result.error;
      return result;
    }, request.signal);

  // Runs done waiting for the app, its answers, what client tools need to run (client-tools.ts).
  const host: ClientToolHost = {
    store,
    agentId: options.agentId,
    enqueue,
    runs: new Map(),
    answers: new Map(),
    unsent: new Map(),
    body: () => sendBody([], options, options.thread),
    stream: (body, request) => stream('stream', body, request),
  };

  const send: AgentSession['send'] = (messages, sendOptions = {}) => {
    abortAll('Stopped by a new message');
    // A new message moves the conversation on: earlier answers are no longer sent again.
    host.unsent.clear();
    const body = sendBody(
      messages,
      { clientTools: options.clientTools, ...sendOptions },
      options.thread,
    );
    return stream(sendOptions.network === true ? 'network' : 'stream', body, sendOptions);
  };

  const sendDecision = async (
    toolCallId: string,
    kind: DecisionKind,
    fields: DecisionFields,
    request: SessionRequestOptions,
    signal: AbortSignal,
    marked: DecisionTarget | undefined,
    revision: number | undefined,
  ): Promise<SessionResult> => {
    let target = marked;
    if (target === undefined) {
      // Checked again now that earlier streams have ended: the call may have moved on meanwhile,
      // or asked again with other arguments, which the person has not decided on.
      const current =
        revisionOf(store.getState().toolCalls.get(toolCallId), kind) === revision
          ? targetOf(store.getState(), toolCallId, kind)
          : CHANGED;
      if (typeof current === 'string') return { status: 'invalid', error: current };
      if (signal.aborted) return { status: 'aborted' };
      store.dispatch(sentEvent(toolCallId, kind, fields));
      target = current;
    }
    const failed = (error: string) => {
      // Retrying cannot help when Mastra no longer holds the run: the card says so instead.
      store.dispatch(
        isRunGone(error)
          ? { type: 'toolpane/decision-expired', toolCallId, message: EXPIRED_MESSAGE }
          : { type: 'toolpane/decision-failed', toolCallId, key: toolCallId, error },
      );
      lastError = undefined;
    };
    const { route, body } = decisionRequest(target, kind, fields, {
      ...request.body,
      ...(request.requestContext === undefined ? {} : { requestContext: request.requestContext }),
    });
    // Any chunk for the run replaces this object: it tells whether the continuation reached it.
    const runBefore = store.getState().runs.get(target.runId);
    // Asked again right before the POST, once the headers are ready: the request the person saw.
    const outcome = await post(route, body, signal, request, () =>
      withdrawn(store.getState(), toolCallId, kind, revision),
    );
    if (!outcome.ok) {
      if (outcome.reason === 'withdrawn') return { status: 'invalid', error: outcome.message };
      const error =
        outcome.reason === 'aborted' ? 'Aborted before the server answered' : outcome.message;
      failed(error);
      return { status: outcome.reason === 'aborted' ? 'aborted' : 'error', error };
    }
    const { response } = outcome;
    const refused = response.ok ? notAStream(response) : undefined;
    if (refused !== undefined) {
      // Not Mastra's answer (a proxy's page, say): the decision did not reach it.
      store.dispatch({ type: 'toolpane/issue', issue: { kind: 'transport', message: refused } });
      failed(refused);
      return { status: 'error', error: refused, httpStatus: response.status };
    }
    const result = await consumeStream(store, response, { signal });
    if (!response.ok) {
      failed(result.error ?? `HTTP ${response.status}`);
      return result;
    }
    lastError = result.status === 'error' ? result.error : undefined;
    // Mastra answered with a stream: it took the decision, never to be sent again. When nothing
    // of it reached the run (empty, aborted or broken before its first event), the call ends.
    const state = store.getState();
    if (
      state.toolCalls.get(toolCallId)?.status === 'approval-responded' &&
      state.runs.get(target.runId) === runBefore
    ) {
      const aborted = result.status === 'aborted';
      const error =
        result.error ??
        (aborted
          ? 'Stopped after the server accepted the decision: what the tool did is not known here'
          : 'The server accepted the decision but its stream did not continue the call');
      store.dispatch({
        type: 'toolpane/decision-failed',
        toolCallId,
        error,
        accepted: true,
        ...(aborted ? { aborted } : {}),
      });
      if (!aborted) lastError = error;
      return {
        status: aborted ? 'aborted' : 'error',
        error,
        ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
      };
    }
    return result;
  };

  const decide = (
    ref: string,
    kind: DecisionKind,
    fields: DecisionFields,
    request: SessionRequestOptions,
  ): Promise<SessionResult> => {
    // A key, or a bare toolCallId; with the revision a card drew, that key only (`decisionCall`).
    const shown = request.revision;
    const toolCallId = decisionCall(store.getState(), ref, WAITING[kind], shown)?.key ?? ref;
    // The request the person saw: a queued decision is not sent for a later one.
    const call = store.getState().toolCalls.get(toolCallId);
    const revision = revisionOf(call, kind);
    if (shown !== undefined && shown !== revision)
      return Promise.resolve({ status: 'invalid', error: CHANGED });
    const pending = inFlight.get(toolCallId);
    if (pending !== undefined) {
      // The same decision on the same revision (a double click) shares the request; another one
      // sends nothing: what the person chose second must not read as done when the first went out.
      if (pending.decision === decisionKey(kind, revision, fields)) return pending.promise;
      return Promise.resolve({
        status: 'busy',
        error: `Nothing was sent: ${NOUNS[pending.kind]} of ${toolCallId} is already on its way`,
      });
    }
    const target = targetOf(store.getState(), toolCallId, kind);
    if (typeof target === 'string') return Promise.resolve({ status: 'invalid', error: target });
    const start = (): Promise<SessionResult> => {
      // Nothing queued ahead: shown as answered at once, if it still waits (resume data was checked
      // meanwhile); else in its turn (the stream may change it).
      const marked = jobs.size === 0 ? targetOf(store.getState(), toolCallId, kind) : undefined;
      if (typeof marked === 'string') return Promise.resolve({ status: 'invalid', error: marked });
      if (marked !== undefined) store.dispatch(sentEvent(toolCallId, kind, fields));
      return enqueue(
        (signal) => sendDecision(toolCallId, kind, fields, request, signal, marked, revision),
        request.signal,
      );
    };
    const schema = kind === 'resume' ? call?.suspension?.resumeSchema : undefined;
    const promise = whenValid(schema, fields.resumeData, start).finally(() =>
      inFlight.delete(toolCallId),
    );
    inFlight.set(toolCallId, { kind, decision: decisionKey(kind, revision, fields), promise });
    return promise;
  };

  const restore: AgentSession['restore'] = (request = {}) => {
    const { thread } = options;
    if (thread === undefined) {
      return Promise.resolve({ status: 'invalid', error: 'The session has no thread to restore' });
    }
    return enqueue(async (signal) => {
      const tools = [...Object.keys(options.clientTools ?? {}), ...(request.clientTools ?? [])];
      const result = await restoreInto(store, endpoint, thread, signal, tools);
      lastError = result.status === 'error' ? result.error : undefined;
      return result;
    }, request.signal);
  };
  if (options.thread !== undefined && options.restore !== false) void restore();

  return {
    store,
    send,
    restore,
    approve: (toolCallId, request = {}) => decide(toolCallId, 'approve', {}, request),
    decline: (toolCallId, reason, request = {}) =>
      decide(toolCallId, 'decline', reason === undefined ? {} : { reason }, request),
    resume: (toolCallId, resumeData, request = {}) =>
      decide(toolCallId, 'resume', { resumeData }, request),
    answer: (ref, given, request = {}) => answerCall(host, ref, given, request),
    retryAnswers: (ref, request = {}) => retryAnswers(host, ref, request),
    checkResumeData: (ref, resumeData) =>
      validateResumeData(
        decisionCall(store.getState(), ref, WAITING.resume)?.suspension?.resumeSchema,
        resumeData,
      ),
    abort: (reason) => abortAll(reason),
    getStatus: () => status,
    getError: () => lastError,
    subscribe: (listener) => statusEmitter.subscribe(listener),
  };
}
