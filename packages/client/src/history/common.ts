// What both history readers share: reading loose records, issues, and the prompt of each run.
// Nothing here imports other code, so a reader can be loaded on its own (a session loads the
// memory reader with its first restore) without taking code the page already has.

import type { SavedViews } from './display-view.js';

/** A record read from a message, its fields not yet checked. */
export type Fields = Record<string, unknown>;

/** Whether a value is a plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value when it is a non-empty string, else undefined. */
export const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The records of an array (other entries are skipped), or none for a non-array. */
export const records = (value: unknown): Fields[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/** The chunks of one message, and the prompt the run they start answers. */
export interface HistorySegment {
  readonly chunks: readonly unknown[];
  readonly prompt?: string;
  /** The run the chunks belong to, when the reader knows it. */
  readonly runId?: string;
}

/** A call, named by its run and toolCallId. */
export interface CallRef {
  readonly runId: string;
  readonly toolCallId: string;
}

/** What a history reader produces: a segment per message, then what settles every run. */
export interface HistoryChunks {
  readonly segments: HistorySegment[];
  readonly tail: unknown[];
  /**
   * Calls whose pending request was raised inside a subagent and came with the inner tool's
   * values and nothing that tells whether a display transform hides them: their request's
   * values stay hidden (see `withholdInner`).
   */
  readonly innerRequests?: readonly CallRef[];
}

/**
 * The messages as given, or those of a response that holds them (`{ messages }`, as the memory
 * messages route and `listMessages()` return); undefined for anything else.
 */
export function messagesOf(input: unknown): readonly unknown[] | undefined {
  if (Array.isArray(input)) return input;
  if (isRecord(input) && Array.isArray(input.messages)) return input.messages;
  return undefined;
}

/**
 * A history message (or history) Toolpane could not read. `buildHistory` applies it as an issue
 * with an excerpt of the value, redacted as the excerpts of stream chunks are.
 */
export interface BadMessage {
  readonly type: 'toolpane/history-issue';
  readonly message: string;
  readonly value: unknown;
}

/** The marker of a history message (or history) Toolpane could not read. */
export const badMessage = (message: string, value: unknown): BadMessage => ({
  type: 'toolpane/history-issue',
  message,
  value,
});

/** The text of a message, from its `content` string or its text parts. */
export function textOf(content: unknown, parts: readonly Fields[]): string | undefined {
  if (typeof content === 'string') return content === '' ? undefined : content;
  const text = parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
  return text === '' ? undefined : text;
}

/** Joins the prompts of user messages that came one after the other. */
export function addPrompt(pending: string | undefined, text: string | undefined) {
  if (text === undefined) return pending;
  return pending === undefined ? text : `${pending}\n\n${text}`;
}

/** A saved call without an outcome: its tool, and whether its whole input was saved. */
export interface OpenCall {
  readonly toolName: string;
  readonly wholeInput: boolean;
}

/**
 * Whether the calls a saved answer left without an outcome all wait for the app's result: each
 * is a call of one of the app's `clientTools` with its whole input, as a live answer that finished
 * on `tool-calls` leaves them. A call without an outcome of any other tool was cut short (a saved
 * message does not say which tools the server was still running). True when there are none.
 */
export const onlyClientCalls = (open: readonly OpenCall[], clientTools: ReadonlySet<string>) =>
  open.every((call) => call.wholeInput && clientTools.has(call.toolName));

/**
 * The app's client tools by name, and the calls of theirs still waiting: toolCallId → runId, and
 * the provider metadata of the part that made each (its display transform, which the answer
 * shows through). A user message starts a new turn (see {@link newTurn}).
 */
export interface AppCalls {
  readonly names: ReadonlySet<string>;
  /** How a saved answer shows what a display transform covers. */
  readonly views: SavedViews;
  readonly waiting: Map<string, string | undefined>;
  readonly metadata: Map<string, unknown>;
}

/** No calls waiting yet, for the client tools named. */
export const appCalls = (names: Iterable<string>, views: SavedViews): AppCalls => ({
  names: new Set(names),
  views,
  waiting: new Map(),
  metadata: new Map(),
});

/**
 * A user message starts a new turn: the calls of earlier turns wait no more for an answer in a
 * later message, whose calls with the same toolCallId are calls of their own.
 */
export function newTurn(app: AppCalls): void {
  app.waiting.clear();
  app.metadata.clear();
}

/**
 * The app's answer to a call an earlier message left waiting for it, as the event the session
 * dispatches when the app answers (`toolpane/client-output`); undefined when no call waits for
 * `toolCallId`. Mastra saves the results a continuation was sent with at the start of the
 * continuation's own message, so the answer is in a later message than the call.
 */
export function answerWaiting(
  app: AppCalls,
  toolCallId: string | undefined,
  answer: { readonly output: unknown } | { readonly errorText: string },
): unknown {
  if (toolCallId === undefined || !app.waiting.has(toolCallId)) return undefined;
  const runId = app.waiting.get(toolCallId);
  app.waiting.delete(toolCallId);
  return { type: 'toolpane/client-output', toolCallId, ...(runId && { runId }), ...answer };
}

/**
 * The tool a UI message's tool part names: `tool-<name>` parts name it in their type,
 * `dynamic-tool` parts carry `toolName`.
 */
export function toolNameOf(part: Fields): string | undefined {
  if (part.type === 'dynamic-tool') return nonEmpty(part.toolName);
  const type = part.type as string;
  return type.startsWith('tool-') ? nonEmpty(type.slice('tool-'.length)) : undefined;
}
