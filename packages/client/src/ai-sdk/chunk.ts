import { addIssue, type Ctx, excerpt } from '../reducer/context.js';

// AI SDK chunks as received: their fields and the validation of the ones each type needs.

/** An AI SDK UI message stream chunk: a `type` and whatever fields it came with. */
export type Value = { type: string } & Record<string, unknown>;

/** The fields of a chunk or of an object inside one, not yet checked. */
export type Fields = Record<string, unknown>;

/** `id`: a non-empty string; `string`: any string; `object`: a plain object; `array`: an array. */
type Field = 'id' | 'string' | 'object' | 'array';

/** The start, delta and end chunks of a text or reasoning part. */
const textFields = (kind: 'text' | 'reasoning'): Record<string, Record<string, Field>> => ({
  [`${kind}-start`]: { id: 'string' },
  [`${kind}-delta`]: { id: 'string', delta: 'string' },
  [`${kind}-end`]: { id: 'string' },
});

/** Fields each chunk type needs; optional fields of the wrong type are ignored instead. */
const REQUIRED: Readonly<Record<string, Readonly<Record<string, Field>>>> = {
  ...textFields('text'),
  ...textFields('reasoning'),
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
  'data-tool-agent': { id: 'id', data: 'object', ancestry: 'array' },
  'data-tool-workflow': { id: 'id', data: 'object' },
  'data-tool-workflow-step': { id: 'id', data: 'object' },
  'data-tool-call-approval': { data: 'object' },
  'data-tool-call-suspended': { data: 'object' },
  'data-structured-output': { data: 'object' },
};

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
  if (!Object.hasOwn(REQUIRED, value.type)) return true;
  const fields = REQUIRED[value.type]!;
  for (const [key, field] of Object.entries(fields)) {
    if (!fits(value[key], field)) {
      invalid(ctx, value, `"${key}" of ${value.type} must be ${DESCRIBE[field]}`);
      return false;
    }
  }
  return true;
}
