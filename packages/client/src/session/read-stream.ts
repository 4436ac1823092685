import type { ToolpaneStore } from '../store/store.js';
import { consumeStream } from '../stream/consume.js';
import type { ClientToolHost } from './client-tool-host.js';
import { notAStream, type PostOutcome } from './request.js';
import type { ClientToolAnswer, SessionRequestOptions, SessionResult } from './types.js';

/** The client-side tool code, loaded on first use (see client-tools.ts). */
const loadClientTools = () => import('./client-tools.js');

/** `AgentSession.answer`, once the client-side tool code has loaded. Never rejects. */
export const answerCall = (
  host: ClientToolHost,
  ref: string,
  answer: ClientToolAnswer,
  request: SessionRequestOptions,
): Promise<SessionResult> =>
  loadClientTools().then(
    (tools) => tools.answerCall(host, ref, answer, request),
    (error: unknown) => ({ status: 'error', error: String(error) }),
  );

/** `AgentSession.retryAnswers`, once the client-side tool code has loaded. Never rejects. */
export const retryAnswers = (
  host: ClientToolHost,
  ref: string,
  request: SessionRequestOptions,
): Promise<SessionResult> =>
  loadClientTools().then(
    (tools) => tools.retryAnswers(host, ref, request),
    (error: unknown) => ({ status: 'error', error: String(error) }),
  );

/**
 * Sends a request that answers with a stream (`send`, or a run's continuation) and reads that
 * stream into `store`. Client tools in the body are made ready to send first; one that cannot be
 * is `invalid`, with nothing sent. A transport failure, an answer that is no stream, or an empty
 * stream is an error, also reported as an issue in the store. `host`, when given, learns of the
 * runs that finish waiting for the app, and runs the `execute` of their client tools. Never
 * rejects.
 */
export async function readStream(
  store: ToolpaneStore,
  post: (body: unknown) => Promise<PostOutcome>,
  body: Record<string, unknown>,
  signal: AbortSignal,
  host: ClientToolHost | undefined,
): Promise<SessionResult> {
  const before = store.getState().runOrder.length;
  const transport = (message: string, httpStatus?: number): SessionResult => {
    store.dispatch({ type: 'toolpane/issue', issue: { kind: 'transport', message } });
    return { status: 'error', error: message, ...(httpStatus === undefined ? {} : { httpStatus }) };
  };
  let target = store;
  if (body.clientTools !== undefined) {
    const ready = await loadClientTools().then((tools) => tools.prepare(store, host, body), String);
    if (typeof ready === 'string') return { status: 'invalid', error: ready };
    ({ body, target } = ready);
  }
  const outcome = await post(body);
  if (!outcome.ok) {
    return outcome.reason === 'aborted' ? { status: 'aborted' } : transport(outcome.message);
  }
  const { response } = outcome;
  const refused = response.ok ? notAStream(response) : undefined;
  if (refused !== undefined) return transport(refused, response.status);
  const untouched = store.getState();
  const result = await consumeStream(target, response, { signal });
  if (result.status === 'done' && store.getState() === untouched) {
    // A 200 whose stream carried nothing would otherwise look like success with no answer.
    return transport('The server answered with an empty stream', result.httpStatus);
  }
  const runId = store.getState().runOrder[before];
  return runId === undefined ? result : { ...result, runId };
}
