import type { SendOptions, SessionThread } from './types.js';

/**
 * The body of a `stream` request: the extra body fields, the messages, the options Mastra's
 * route takes, and the session's thread as `memory` unless the options name their own.
 */
export function sendBody(
  messages: unknown,
  options: SendOptions,
  thread: SessionThread | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options.body, messages };
  if (thread !== undefined) out.memory = { thread: thread.threadId, resource: thread.resourceId };
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
