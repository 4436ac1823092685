import type { Ctx } from './reduce-context.js';

/** AI SDK UI message stream chunk types (v5 and v6) that are not Mastra native types. */
const AI_SDK_TYPES = new Set([
  'start',
  'finish',
  'start-step',
  'finish-step',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'source-url',
  'source-document',
  'file',
  'error',
  'abort',
  'message-metadata',
]);

/** Whether a value is an AI SDK UI message stream chunk (no Mastra envelope). */
export function isAiSdkChunk(value: unknown): value is { type: string } & Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && AI_SDK_TYPES.has(type);
}

/** Applies an AI SDK UI message stream chunk. */
export function reduceAiSdk(ctx: Ctx, value: { type: string } & Record<string, unknown>): void {
  void ctx;
  void value;
}
