import { addIssue, type Ctx, excerpt } from '../reducer/context.js';

// AI SDK chunks as received: their fields and the validation of the ones each type needs.

/** An AI SDK UI message stream chunk: a `type` and whatever fields it came with. */
export type Value = { type: string } & Record<string, unknown>;

/** The fields of a chunk or of an object inside one, not yet checked. */
export type Fields = Record<string, unknown>;

/** `id`: a non-empty string; `string`: any string; `object`: a plain object; `array`: an array. */
type Field = 'id' | 'string' | 'object' | 'array';

const none = {} as const;

/**
 * The chunk types of the AI SDK UI message stream (v5 and v6) and the `data-*` parts Mastra writes
 * into it that Toolpane interprets, each with the fields it needs (optional fields of the wrong
 * type are ignored instead). Other `data-*` parts are data parts of the run; a type outside this
 * table and not `data-*` is no chunk of this format.
 */
export const aiSdkChunkFields = {
  start: none,
  finish: none,
  'start-step': none,
  'finish-step': none,
  'text-start': { id: 'string' },
  'text-delta': { id: 'string', delta: 'string' },
  'text-end': { id: 'string' },
  'reasoning-start': { id: 'string' },
  'reasoning-delta': { id: 'string', delta: 'string' },
  'reasoning-end': { id: 'string' },
  'tool-input-start': { toolCallId: 'id', toolName: 'id' },
  'tool-input-delta': { toolCallId: 'id', inputTextDelta: 'string' },
  'tool-input-available': { toolCallId: 'id', toolName: 'id' },
  'tool-input-error': { toolCallId: 'id', errorText: 'string' },
  'tool-output-available': { toolCallId: 'id' },
  'tool-output-error': { toolCallId: 'id', errorText: 'string' },
  'tool-output-denied': { toolCallId: 'id' },
  'tool-approval-request': { approvalId: 'id', toolCallId: 'id' },
  'source-url': { sourceId: 'string', url: 'string' },
  'source-document': { sourceId: 'string', mediaType: 'string' },
  file: { url: 'string', mediaType: 'string' },
  error: { errorText: 'string' },
  abort: none,
  'message-metadata': none,
  'data-tool-agent': { id: 'id', data: 'object', ancestry: 'array' },
  'data-tool-agent-step': none,
  'data-tool-workflow': { id: 'id', data: 'object' },
  'data-tool-workflow-step': { id: 'id', data: 'object' },
  'data-tool-network': none,
  'data-network': { id: 'id', data: 'object' },
  'data-tool-call-approval': { data: 'object' },
  'data-tool-call-suspended': { data: 'object' },
  'data-tripwire': none,
  'data-structured-output': { data: 'object' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, Field>>>>;

/** A chunk type of the AI SDK vocabulary: every key of the AI SDK handler table. */
export type AiSdkChunkType = keyof typeof aiSdkChunkFields;

/** Whether a type is one of {@link aiSdkChunkFields}. */
export const isAiSdkChunkType = (type: string): type is AiSdkChunkType =>
  Object.hasOwn(aiSdkChunkFields, type);

/** Whether a value is a plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value when it is a non-empty string, else undefined. */
export const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function fits(value: unknown, field: Field): boolean {
  switch (field) {
    case 'id':
      return typeof value === 'string' && value !== '';
    case 'string':
      return typeof value === 'string';
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

const DESCRIBE: Record<Field, string> = {
  id: 'a non-empty string',
  string: 'a string',
  object: 'an object',
  array: 'an array',
};

/** Records a malformed chunk as an issue. */
export function invalid(ctx: Ctx, value: Value, message: string, toolCallId?: string): void {
  addIssue(ctx, {
    kind: 'invalid-chunk',
    message,
    chunkType: value.type,
    ...(toolCallId === undefined ? {} : { toolCallId }),
    excerpt: excerpt(value),
  });
}

/** Checks the required fields of a chunk; records an issue and returns false when one is wrong. */
export function validate(ctx: Ctx, value: Value): boolean {
  if (!isAiSdkChunkType(value.type)) return true;
  const fields: Readonly<Record<string, Field>> = aiSdkChunkFields[value.type];
  for (const [key, field] of Object.entries(fields)) {
    if (!fits(value[key], field)) {
      invalid(ctx, value, `"${key}" of ${value.type} must be ${DESCRIBE[field]}`);
      return false;
    }
  }
  return true;
}
