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
