import { z } from 'zod';
import type { StreamIssue } from './state.js';

/**
 * Events the client itself dispatches next to stream chunks: the ends of streams, transport
 * problems and a person's decisions. Their types are namespaced so they never clash with Mastra's.
 */
export type ToolpaneEvent =
  /** The current stream ended (with or without `[DONE]`). */
  | { readonly type: 'toolpane/stream-end' }
  /** The connection failed mid-stream: keep everything, mark open runs interrupted. */
  | { readonly type: 'toolpane/stream-error'; readonly message: string }
  /** The user aborted the stream. */
  | { readonly type: 'toolpane/abort'; readonly reason?: string }
  /** Something to report that is not tied to a chunk. */
  | { readonly type: 'toolpane/issue'; readonly issue: StreamIssue }
  /** A decision (approve / decline) or resume data is being sent for a call. */
  | {
      readonly type: 'toolpane/decision-sent';
      readonly toolCallId: string;
      readonly approved?: boolean;
      readonly reason?: string;
      readonly resumeData?: unknown;
    }
  /** Sending the decision failed; the call waits for a person again. */
  | {
      readonly type: 'toolpane/decision-failed';
      readonly toolCallId: string;
      readonly error: string;
    };

/** Whether a value is one of the client's own events. */
export function isToolpaneEvent(value: unknown): value is ToolpaneEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    (value as { type: string }).type.startsWith('toolpane/')
  );
}

const issueSchema = z.object({
  kind: z.enum(['invalid-chunk', 'unknown-chunk', 'transport', 'decision', 'orphan']),
  message: z.string(),
  chunkType: z.string().optional(),
  runId: z.string().optional(),
  toolCallId: z.string().optional(),
  excerpt: z.string().optional(),
});

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('toolpane/stream-end') }),
  z.object({ type: z.literal('toolpane/stream-error'), message: z.string() }),
  z.object({ type: z.literal('toolpane/abort'), reason: z.string().optional() }),
  z.object({ type: z.literal('toolpane/issue'), issue: issueSchema }),
  z.object({
    type: z.literal('toolpane/decision-sent'),
    toolCallId: z.string(),
    approved: z.boolean().optional(),
    reason: z.string().optional(),
    resumeData: z.unknown().optional(),
  }),
  z.object({
    type: z.literal('toolpane/decision-failed'),
    toolCallId: z.string(),
    error: z.string(),
  }),
]);

/**
 * Checks the fields of a value whose type is a client event's: a malformed event gives the reason,
 * so that it becomes an issue rather than state with missing fields.
 *
 * @example
 * const parsed = parseToolpaneEvent({ type: 'toolpane/stream-error' });
 * parsed.ok; // false: the message is missing
 */
export function parseToolpaneEvent(
  value: unknown,
):
  | { readonly ok: true; readonly event: ToolpaneEvent }
  | { readonly ok: false; readonly message: string } {
  const parsed = eventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data as ToolpaneEvent };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: `Malformed client event: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
  };
}
