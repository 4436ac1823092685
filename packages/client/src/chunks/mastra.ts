import {
  boolean,
  type Checked,
  nonEmpty,
  number,
  object,
  optional,
  record,
  string,
  stringArray,
  stringOrBytes,
  unknown,
} from './check.js';

const id = nonEmpty;
const opt = optional;
const toolRef = { toolCallId: id, toolName: id };
const text = object({ id: string, text: string });
const marker = object({ id: string });
const finish = object({
  stepResult: opt(object({ reason: opt(string) })),
  output: opt(object({ usage: opt(record) })),
  messageId: opt(string),
});
const background = object({ taskId: string, toolCallId: id, toolName: opt(string) });
const step = object({ id: string });

/** Payload checks of the Mastra `fullStream` chunks Toolpane interprets, by chunk type. */
export const mastraPayloadSchemas = {
  start: object({ id: opt(string), messageId: opt(string) }),
  'step-start': object({ messageId: opt(string), startedAt: opt(number) }),
  'step-finish': finish,
  finish,
  'text-start': marker,
  'text-delta': text,
  'text-end': marker,
  'reasoning-start': marker,
  'reasoning-delta': text,
  'reasoning-end': marker,
  source: object({
    id: string,
    sourceType: string,
    title: opt(string),
    url: opt(string),
    mimeType: opt(string),
    filename: opt(string),
  }),
  file: object({
    data: stringOrBytes,
    base64: opt(string),
    mimeType: string,
    filename: opt(string),
  }),
  'tool-call-input-streaming-start': object({ ...toolRef, providerExecuted: opt(boolean) }),
  'tool-call-delta': object({ toolCallId: id, argsTextDelta: string }),
  'tool-call-input-streaming-end': object({ toolCallId: id }),
  'tool-call': object({ ...toolRef, args: opt(unknown), providerExecuted: opt(boolean) }),
  'tool-result': object({
    ...toolRef,
    result: unknown,
    isError: opt(boolean),
    args: opt(unknown),
    providerMetadata: opt(record),
  }),
  'tool-error': object({ ...toolRef, error: unknown, args: opt(unknown) }),
  'tool-output-denied': object({ ...toolRef, approval: opt(object({ reason: opt(string) })) }),
  'tool-output': object({ toolCallId: id, output: unknown }),
  'tool-call-approval': object({ ...toolRef, args: opt(unknown), resumeSchema: opt(unknown) }),
  'tool-call-suspended': object({
    ...toolRef,
    suspendPayload: opt(unknown),
    args: opt(unknown),
    resumeSchema: opt(unknown),
  }),
  error: object({ error: unknown }),
  abort: unknown,
  tripwire: object({ reason: opt(string) }),
  'background-task-started': background,
  'background-task-running': background,
  'background-task-output': background,
  'background-task-completed': background,
  'background-task-failed': background,
  'background-task-suspended': background,
  'background-task-resumed': background,
  'background-task-cancelled': background,
  'background-task-progress': object({ taskIds: stringArray, elapsedMs: opt(number) }),
  'workflow-start': object({ workflowId: opt(string) }),
  'workflow-step-start': step,
  'workflow-step-result': step,
  'workflow-step-suspended': step,
  'workflow-step-waiting': step,
  'workflow-step-progress': step,
  'workflow-step-output': object({ output: unknown }),
  'workflow-step-finish': object({ id: opt(string) }),
  'workflow-finish': object({ workflowStatus: opt(string) }),
  'workflow-canceled': unknown,
  'workflow-paused': unknown,
} as const;

type PayloadSchemas = typeof mastraPayloadSchemas;

/** A Mastra chunk type that Toolpane interprets. */
export type MastraChunkType = keyof PayloadSchemas;

/** A validated Mastra `fullStream` chunk. */
export type MastraChunk = {
  [K in MastraChunkType]: {
    readonly format: 'mastra';
    readonly type: K;
    readonly runId: string;
    readonly from?: string;
    readonly payload: Checked<PayloadSchemas[K]>;
    readonly metadata?: Record<string, unknown>;
    /** Top-level `object` of `object` / `object-result` chunks is carried separately. */
    readonly object?: undefined;
  };
}[MastraChunkType];

/** Mastra chunk types that are valid but carry nothing Toolpane shows; stored as unknown. */
export const KNOWN_UNINTERPRETED = new Set([
  'raw',
  'response-metadata',
  'reasoning-signature',
  'redacted-reasoning',
  'reasoning-file',
  'custom',
  'step-output',
  'watch',
  'is-task-complete',
  'goal',
]);

/** A structured-output chunk (`object`, `object-result`), which has no payload. */
export interface ObjectChunk {
  readonly format: 'mastra';
  readonly type: 'object' | 'object-result';
  readonly runId: string;
  readonly object: unknown;
}

/** A chunk of Mastra's vocabulary that the native reducer interprets. */
export type NativeChunk = MastraChunk | ObjectChunk;

/** The type of a {@link NativeChunk}: every key of the native handler table. */
export type NativeChunkType = NativeChunk['type'];

/** The native chunk of one type. */
export type NativeChunkOf<T extends NativeChunkType> = T extends ObjectChunk['type']
  ? ObjectChunk
  : Extract<MastraChunk, { type: T }>;

/** A `data-*` chunk written by a tool (`writer.custom`), which has no envelope. */
export interface DataChunk {
  readonly format: 'data';
  readonly type: `data-${string}`;
  readonly data: unknown;
  readonly id?: string;
  readonly transient?: boolean;
}

/** A chunk whose type Toolpane does not interpret; kept as received. */
export interface UnknownChunk {
  readonly format: 'unknown';
  readonly type: string;
  readonly value: unknown;
  /** False for types of Mastra's vocabulary that carry nothing to show. */
  readonly unexpected: boolean;
}

/** Why a value is not a usable chunk. */
export interface ChunkError {
  readonly message: string;
  readonly chunkType?: string;
}

/** What {@link parseMastraChunk} returns. */
export type ParsedMastraChunk =
  | { readonly ok: true; readonly chunk: MastraChunk | ObjectChunk | DataChunk | UnknownChunk }
  | { readonly ok: false; readonly error: ChunkError };

/**
 * True when `value` carries what only a Mastra native chunk carries: a `payload` or a `from`. A
 * `runId` alone decides nothing: a chunk of another format may carry one beside its own fields.
 */
export function looksLikeMastraChunk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && ('payload' in v || 'from' in v);
}

/** What an issue about a chunk that looks like one of an AI SDK UI message stream adds. */
export const AI_SDK_HINT =
  "; AI SDK UI message streams need `formats: [aiSdk]` from '@toolpane/client/ai-sdk'";
