import type { SendOptions, SessionThread } from './types.js';

/**
 * The body of a `stream` request: the extra body fields, the messages, the options Mastra's
 * route takes, and the session's thread as `memory` unless the options name their own. Client
 * tools go as they are given; they are made ready to send before the request.
 */
export function sendBody(
  messages: unknown,
  options: SendOptions,
  thread: SessionThread | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options.body, messages };
  if (thread !== undefined) out.memory = { thread: thread.threadId, resource: thread.resourceId };
  for (const key of [
    'clientTools',
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

/** What a card says when Mastra no longer holds the run of a restored decision. */
export const EXPIRED_MESSAGE =
  'Mastra no longer holds this run, so this decision can no longer be sent.';

/**
 * Whether a failed decision failed because Mastra no longer holds the run: resuming a run that
 * finished, or whose snapshot is gone, answers "could not find a suspended run" (or, for a call
 * that is no longer suspended, "not suspended"). Retrying cannot help then.
 */
export const isRunGone = (error: string | undefined): boolean =>
  error !== undefined && /could not find a suspended run|not suspended/i.test(error);
