import {
  boolean,
  type Check,
  formatIssue,
  nonEmpty,
  object,
  optional,
  record,
  string,
  unknown,
} from './check.js';
import {
  AI_SDK_HINT,
  type DataChunk,
  KNOWN_UNINTERPRETED,
  looksLikeMastraChunk,
  type MastraChunk,
  mastraPayloadSchemas,
  type NativeChunk,
  type ObjectChunk,
  type ParsedMastraChunk,
  type UnknownChunk,
} from './mastra.js';

const opt = optional;

type Fields = Record<string, unknown>;

/** The payload schemas by chunk type, for a lookup by a type the stream names. */
const payloadSchemas: ReadonlyMap<string, Check<unknown>> = new Map(
  Object.entries(mastraPayloadSchemas),
);

const envelopeSchema = object({
  type: nonEmpty,
  runId: opt(nonEmpty),
  from: opt(string),
  payload: opt(unknown),
  metadata: opt(record),
});

const dataChunkSchema = object({
  data: unknown,
  id: opt(string),
  transient: opt(boolean),
});

/**
 * Validates one Mastra `fullStream` chunk.
 *
 * @example
 * const parsed = parseMastraChunk(JSON.parse(line));
 * if (parsed.ok) store.dispatch(parsed.chunk);
 */
export function parseMastraChunk(value: unknown): ParsedMastraChunk {
  const checked = checkChunk(value);
  if (typeof checked === 'string') {
    const chunkType = chunkTypeOf(value);
    return {
      ok: false,
      error: chunkType === undefined ? { message: checked } : { message: checked, chunkType },
    };
  }
  if (isKept(checked, value)) return { ok: true, chunk: checked };
  if (checked.type.startsWith('data-')) {
    const data = checked as DataChunk;
    return {
      ok: true,
      chunk: {
        format: 'data',
        type: data.type,
        data: data.data,
        ...(data.id === undefined ? {} : { id: data.id }),
        ...(data.transient === undefined ? {} : { transient: data.transient }),
      },
    };
  }
  return { ok: true, chunk: normaliseNative(checked as NativeChunk) };
}

/** The type a failed chunk names, for its issue: a non-empty string, or undefined. */
export function chunkTypeOf(value: unknown): string | undefined {
  const type = typeof value === 'object' && value !== null ? (value as Fields).type : undefined;
  return typeof type === 'string' && type !== '' ? type : undefined;
}

/**
 * Internal: a chunk as the reducer applies it. A native or `data-*` chunk whose fields are all in
 * place is the value itself, not a copy, and has no `format` field of its own then: the kinds are
 * told apart by {@link isKept} and by type (see {@link checkChunk}).
 */
export type AppliedChunk = NativeChunk | DataChunk | UnknownChunk;

/** Whether {@link checkChunk} kept `value` as an uninterpreted chunk (a new object, never the value). */
export const isKept = (chunk: AppliedChunk, value: unknown): chunk is UnknownChunk =>
  chunk !== value && chunk.format === 'unknown';

/**
 * Internal: checks one chunk the way {@link parseMastraChunk} does, for the reducer, which runs it
 * for every chunk at every level of nesting. Returns the message for an invalid chunk (its type
 * is {@link chunkTypeOf} the value),
 * an {@link UnknownChunk} for an uninterpreted one, and otherwise the chunk: the value itself when it
 * carries its `runId` and `payload` in the envelope (nearly always), else a normalised copy. A
 * `data-*` chunk is one whose type starts with `data-`; every other is native. A message about a
 * chunk with no native envelope names the AI SDK format, unless `formats` says it is configured.
 */
export function checkChunk(value: unknown, formats?: unknown): AppliedChunk | string {
  try {
    return check(value, formats === undefined && !looksLikeMastraChunk(value) ? AI_SDK_HINT : '');
  } catch (error) {
    // Values from a JavaScript source can trip the validator itself (e.g. a `length` that cannot
    // be compared): that is still just an invalid chunk.
    return `The chunk could not be validated: ${error instanceof Error ? error.message : 'unknown error'}`;
  }
}

/** A native chunk as {@link parseMastraChunk} returns it, from one {@link checkChunk} passed. */
export function normaliseNative(checked: NativeChunk): NativeChunk {
  const fields = checked as Partial<MastraChunk>;
  if (checked.type === 'object' || checked.type === 'object-result') {
    return { format: 'mastra', type: checked.type, runId: checked.runId, object: checked.object };
  }
  const chunk: { -readonly [K in keyof MastraChunk]?: unknown } = {
    format: 'mastra',
    type: checked.type,
    runId: checked.runId,
    payload: fields.payload,
  };
  if (fields.from !== undefined) chunk.from = fields.from;
  if (fields.metadata !== undefined) chunk.metadata = fields.metadata;
  return chunk as MastraChunk;
}

function check(value: unknown, hint: string): AppliedChunk | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'A chunk must be a JSON object';
  }
  const fields = value as Fields;
  const type = fields.type;
  if (typeof type !== 'string' || type === '') {
    return 'A chunk needs a string "type"';
  }
  if (type.startsWith('data-')) {
    const issue = dataChunkSchema.test(value);
    return issue === undefined ? (value as DataChunk) : formatIssue(issue);
  }
  // A map: a type such as "constructor" must not find Object.prototype's members.
  const schema = payloadSchemas.get(type);
  const structured = type === 'object' || type === 'object-result';
  if (schema === undefined && !structured) {
    return { format: 'unknown', type, value, unexpected: !KNOWN_UNINTERPRETED.has(type) };
  }
  // The envelope's fields are checked inline: this runs for every chunk at every level.
  const { runId: envelopeRunId, from, metadata } = fields;
  if (
    (envelopeRunId !== undefined && (typeof envelopeRunId !== 'string' || envelopeRunId === '')) ||
    (from !== undefined && typeof from !== 'string') ||
    (metadata !== undefined &&
      (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)))
  ) {
    return formatIssue(envelopeSchema.test(value)!);
  }
  // Background-task chunks carry their runId in the payload rather than the envelope.
  const payloadRunId = (fields.payload as { runId?: unknown } | undefined)?.runId;
  const runId =
    (envelopeRunId as string | undefined) ??
    (typeof payloadRunId === 'string' && payloadRunId !== '' ? payloadRunId : undefined);
  // A chunk without a native envelope is most likely from an AI SDK UI message stream.
  if (runId === undefined) return `runId: a chunk needs a runId${hint}`;
  if (structured) {
    return runId === envelopeRunId
      ? (value as ObjectChunk)
      : { format: 'mastra', type, runId, object: fields.object };
  }
  const payload = fields.payload ?? {};
  const invalidPayload = schema!.test(payload);
  if (invalidPayload !== undefined) {
    return formatIssue(invalidPayload, 'payload') + hint;
  }
  if (runId === envelopeRunId && payload === fields.payload) return value as MastraChunk;
  return normaliseNative({ type, runId, payload, from, metadata } as MastraChunk);
}
