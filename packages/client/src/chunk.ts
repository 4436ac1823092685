import { z } from 'zod';

const id = z.string().min(1);
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const anyRecord = z.record(z.string(), z.unknown());

const toolRef = { toolCallId: id, toolName: id };
const text = loose({ id: z.string(), text: z.string() });
const marker = loose({ id: z.string() });
const finish = loose({
  stepResult: loose({ reason: z.string().optional() }).optional(),
  output: loose({ usage: anyRecord.optional() }).optional(),
  messageId: z.string().optional(),
});
const background = loose({ taskId: z.string(), toolCallId: id, toolName: z.string().optional() });

/** Payload schemas of the Mastra `fullStream` chunks Toolpane interprets, by chunk type. */
export const mastraPayloadSchemas = {
  start: loose({ id: z.string().optional(), messageId: z.string().optional() }),
  'step-start': loose({ messageId: z.string().optional(), startedAt: z.number().optional() }),
  'step-finish': finish,
  finish,
  'text-start': marker,
  'text-delta': text,
  'text-end': marker,
  'reasoning-start': marker,
  'reasoning-delta': text,
  'reasoning-end': marker,
  source: loose({
    id: z.string(),
    sourceType: z.string(),
    title: z.string().optional(),
    url: z.string().optional(),
    mimeType: z.string().optional(),
    filename: z.string().optional(),
  }),
  file: loose({
    data: z.union([z.string(), z.instanceof(Uint8Array)]),
    base64: z.string().optional(),
    mimeType: z.string(),
    filename: z.string().optional(),
  }),
  'tool-call-input-streaming-start': loose({
    ...toolRef,
    providerExecuted: z.boolean().optional(),
  }),
  'tool-call-delta': loose({ toolCallId: id, argsTextDelta: z.string() }),
  'tool-call-input-streaming-end': loose({ toolCallId: id }),
  'tool-call': loose({
    ...toolRef,
    args: z.unknown().optional(),
    providerExecuted: z.boolean().optional(),
  }),
  'tool-result': loose({
    ...toolRef,
    result: z.unknown(),
    isError: z.boolean().optional(),
    args: z.unknown().optional(),
    providerMetadata: anyRecord.optional(),
  }),
  'tool-error': loose({ ...toolRef, error: z.unknown(), args: z.unknown().optional() }),
  'tool-output-denied': loose({
    ...toolRef,
    approval: loose({ reason: z.string().optional() }).optional(),
  }),
  'tool-output': loose({ toolCallId: id, output: z.unknown() }),
  'tool-call-approval': loose({
    ...toolRef,
    args: z.unknown().optional(),
    resumeSchema: z.unknown().optional(),
  }),
  'tool-call-suspended': loose({
    ...toolRef,
    suspendPayload: z.unknown().optional(),
    args: z.unknown().optional(),
    resumeSchema: z.unknown().optional(),
  }),
  error: loose({ error: z.unknown() }),
  abort: z.unknown(),
  tripwire: loose({ reason: z.string().optional() }),
  'background-task-started': background,
  'background-task-running': background,
  'background-task-output': background,
  'background-task-completed': background,
  'background-task-failed': background,
  'background-task-suspended': background,
  'background-task-resumed': background,
  'background-task-cancelled': background,
  'background-task-progress': loose({
    taskIds: z.array(z.string()),
    elapsedMs: z.number().optional(),
  }),
  'workflow-start': loose({ workflowId: z.string().optional() }),
  'workflow-step-start': loose({ id: z.string() }),
  'workflow-step-result': loose({ id: z.string() }),
  'workflow-step-suspended': loose({ id: z.string() }),
  'workflow-step-waiting': loose({ id: z.string() }),
  'workflow-step-progress': loose({ id: z.string() }),
  'workflow-step-output': loose({ output: z.unknown() }),
  'workflow-step-finish': loose({ id: z.string().optional() }),
  'workflow-finish': loose({ workflowStatus: z.string().optional() }),
  'workflow-canceled': z.unknown(),
  'workflow-paused': z.unknown(),
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
    readonly payload: z.infer<PayloadSchemas[K]>;
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

const envelopeSchema = z.looseObject({
  type: z.string().min(1),
  runId: z.string().min(1).optional(),
  from: z.string().optional(),
  payload: z.unknown().optional(),
  metadata: anyRecord.optional(),
});

const dataChunkSchema = z.looseObject({
  type: z.string().startsWith('data-'),
  data: z.unknown(),
  id: z.string().optional(),
  transient: z.boolean().optional(),
});

/** Why a value is not a usable chunk. */
export interface ChunkError {
  readonly message: string;
  readonly chunkType?: string;
}

/** What {@link parseMastraChunk} returns. */
export type ParsedMastraChunk =
  | { readonly ok: true; readonly chunk: MastraChunk | ObjectChunk | DataChunk | UnknownChunk }
  | { readonly ok: false; readonly error: ChunkError };

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** True when `value` has the shape of a Mastra native chunk (an envelope with `runId`/`payload`). */
export function looksLikeMastraChunk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && ('payload' in v || 'runId' in v || 'from' in v);
}

/**
 * Validates one Mastra `fullStream` chunk.
 *
 * @example
 * const parsed = parseMastraChunk(JSON.parse(line));
 * if (parsed.ok) store.dispatch(parsed.chunk);
 */
export function parseMastraChunk(value: unknown): ParsedMastraChunk {
  try {
    return parseChunk(value);
  } catch (error) {
    // Values from a JavaScript source can trip the validator itself (e.g. a `length` that cannot
    // be compared): that is still just an invalid chunk.
    const type = (value as { type?: unknown }).type;
    return {
      ok: false,
      error: {
        message: `The chunk could not be validated: ${error instanceof Error ? error.message : 'unknown error'}`,
        ...(typeof type === 'string' ? { chunkType: type } : {}),
      },
    };
  }
}

function parseChunk(value: unknown): ParsedMastraChunk {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: { message: 'A chunk must be a JSON object' } };
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || type === '') {
    return { ok: false, error: { message: 'A chunk needs a string "type"' } };
  }
  if (type.startsWith('data-')) {
    const data = dataChunkSchema.safeParse(value);
    if (!data.success)
      return { ok: false, error: { message: describe(data.error), chunkType: type } };
    return {
      ok: true,
      chunk: {
        format: 'data',
        type: type as `data-${string}`,
        data: data.data.data,
        ...(data.data.id === undefined ? {} : { id: data.data.id }),
        ...(data.data.transient === undefined ? {} : { transient: data.data.transient }),
      },
    };
  }
  // An own-key lookup: a type such as "constructor" must not find Object.prototype's members.
  const schema = Object.hasOwn(mastraPayloadSchemas, type)
    ? (mastraPayloadSchemas as Record<string, z.ZodType>)[type]
    : undefined;
  const structured = type === 'object' || type === 'object-result';
  if (schema === undefined && !structured) {
    return {
      ok: true,
      chunk: { format: 'unknown', type, value, unexpected: !KNOWN_UNINTERPRETED.has(type) },
    };
  }
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) {
    return { ok: false, error: { message: describe(envelope.error), chunkType: type } };
  }
  // Background-task chunks carry their runId in the payload rather than the envelope.
  const payloadRunId = (envelope.data.payload as { runId?: unknown } | undefined)?.runId;
  const runId =
    envelope.data.runId ??
    (typeof payloadRunId === 'string' && payloadRunId !== '' ? payloadRunId : undefined);
  if (runId === undefined) {
    return { ok: false, error: { message: 'runId: a chunk needs a runId', chunkType: type } };
  }
  if (structured) {
    const object = (value as { object?: unknown }).object;
    return { ok: true, chunk: { format: 'mastra', type, runId, object } };
  }
  const payload = schema!.safeParse(envelope.data.payload ?? {});
  if (!payload.success) {
    return {
      ok: false,
      error: { message: `payload.${describe(payload.error)}`, chunkType: type },
    };
  }
  const { from, metadata } = envelope.data;
  return {
    ok: true,
    chunk: {
      format: 'mastra',
      type,
      runId,
      ...(from === undefined ? {} : { from }),
      ...(metadata === undefined ? {} : { metadata }),
      payload: payload.data,
    } as MastraChunk,
  };
}
