import {
  boolean,
  type Check,
  formatIssue,
  object,
  optional,
  string,
  unknown,
} from '../chunks/check.js';
import type { StreamIssue } from '../state/state.js';

/**
 * Events the client itself dispatches next to stream chunks: the ends of streams, transport
 * problems, a person's decisions and the app's results for client-side tools. Their types are
 * namespaced so they never clash with Mastra's.
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
  /**
   * Sending the decision failed; the call waits for a person again. With `accepted`, the server
   * took the decision but nothing of its continuation arrived: a decision the server took is
   * never sent again, so the call ends instead (`output-aborted` with `aborted`, else
   * `output-error`), and the runs that waited for it end as `aborted` or `interrupted`.
   */
  | {
      readonly type: 'toolpane/decision-failed';
      /**
       * The call's key or wire id, as in `toolpane/decision-sent`: without `key`, the call with
       * that key while it holds a decision, else the newest call with that toolCallId that does.
       */
      readonly toolCallId: string;
      readonly error: string;
      readonly accepted?: boolean;
      readonly aborted?: boolean;
      /**
       * The key of the call the decision was sent for. The failure then answers that call only:
       * when it no longer holds the decision (a stream ended it or asked again meanwhile), an
       * issue says so, and another call that repeats its toolCallId is never reopened.
       */
      readonly key?: string;
    }
  /**
   * Mastra no longer holds the call's run: no decision can be sent any more. The call keeps its
   * approval or suspension, marked `expired` with `message`, and no longer waits.
   */
  | {
      readonly type: 'toolpane/decision-expired';
      readonly toolCallId: string;
      readonly message: string;
    }
  /**
   * The app's result for a call that awaits the client (`awaitingClient`: a tool Mastra does not
   * run), which no stream carries: the call ends in `output-available` with `output`, or in
   * `output-error` with `errorText`, shown through the tool's client transform if it has one. The
   * call is the one with the wire id `toolCallId` in run `runId`, or without `runId` the newest
   * call with that toolCallId. A call that does not await the client is left as it is.
   */
  | {
      readonly type: 'toolpane/client-output';
      readonly toolCallId: string;
      readonly runId?: string;
      readonly output?: unknown;
      readonly errorText?: string;
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

const ISSUE_KINDS = new Set(['invalid-chunk', 'unknown-chunk', 'transport', 'decision', 'orphan']);

const issueKind: Check<string> = {
  optional: false,
  test: (value) =>
    typeof value === 'string' && ISSUE_KINDS.has(value)
      ? undefined
      : { path: [], message: `expected one of ${[...ISSUE_KINDS].join(', ')}` },
};

const issueSchema = object({
  kind: issueKind,
  message: string,
  chunkType: optional(string),
  runId: optional(string),
  toolCallId: optional(string),
  excerpt: optional(string),
});

const eventSchemas: Readonly<Record<string, Check<unknown>>> = {
  'toolpane/stream-end': object({}),
  'toolpane/stream-error': object({ message: string }),
  'toolpane/abort': object({ reason: optional(string) }),
  'toolpane/issue': object({ issue: issueSchema }),
  'toolpane/decision-sent': object({
    toolCallId: string,
    approved: optional(boolean),
    reason: optional(string),
    resumeData: optional(unknown),
  }),
  'toolpane/decision-failed': object({
    toolCallId: string,
    error: string,
    accepted: optional(boolean),
    aborted: optional(boolean),
    key: optional(string),
  }),
  'toolpane/decision-expired': object({ toolCallId: string, message: string }),
  'toolpane/client-output': object({
    toolCallId: string,
    runId: optional(string),
    output: optional(unknown),
    errorText: optional(string),
  }),
};

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
  const type = (value as { type?: unknown } | null)?.type;
  const schema =
    typeof type === 'string' && Object.hasOwn(eventSchemas, type) ? eventSchemas[type] : undefined;
  if (schema === undefined) {
    return { ok: false, message: `Malformed client event: type: unknown event type` };
  }
  const issue = schema.test(value);
  if (issue === undefined) return { ok: true, event: value as ToolpaneEvent };
  return { ok: false, message: `Malformed client event: ${formatIssue(issue)}` };
}
