import type { DataChunk, NativeChunkOf, NativeChunkType, ObjectChunk } from '../chunks/mastra.js';
import { addIssue, type Ctx, type Scope } from '../reducer/context.js';
import { errorText } from '../reducer/error-text.js';
import { runErrorShown } from '../reducer/hide.js';
import { awaitClient, endRun, ensureRun } from '../reducer/lifecycle.js';
import {
  appendText,
  closeTextPart,
  dataRunId,
  editTextPart,
  putDataPart,
  usageOf,
} from '../reducer/parts.js';
import type { Mutable } from '../state/draft.js';
import { lastStep, stepCount } from '../state/run-record.js';
import type { StepState } from '../state/state.js';

type Chunk<T extends NativeChunkType> = NativeChunkOf<T>;

/** `start`: the agent and message of the run. */
export function onStart(ctx: Ctx, chunk: Chunk<'start'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  if (chunk.payload.id !== undefined) run.agentId = chunk.payload.id;
  if (chunk.payload.messageId !== undefined) run.messageId = chunk.payload.messageId;
}

/** `step-start`: a new step of the run. */
export function onStepStart(ctx: Ctx, chunk: Chunk<'step-start'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const step = {
    index: stepCount(run),
    ...(chunk.payload.messageId === undefined ? {} : { messageId: chunk.payload.messageId }),
    ...(chunk.payload.startedAt === undefined ? {} : { startedAt: chunk.payload.startedAt }),
  };
  ctx.draft.push(run, 'steps', step);
}

/** `step-finish`: the last step's finish reason and usage. */
export function onStepFinish(ctx: Ctx, chunk: Chunk<'step-finish'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const last = lastStep(run);
  const usage = usageOf(chunk.payload.output?.usage);
  const reason = chunk.payload.stepResult?.reason;
  // One Object.assign onto a new literal: V8 adds fields to a spread copy on a slow path.
  const step: Mutable<StepState> = Object.assign(
    {},
    last ?? { index: 0 },
    reason === undefined ? undefined : { finishReason: reason },
    usage === undefined ? undefined : { usage },
  );
  if (last !== undefined) ctx.draft.setStep(run, stepCount(run) - 1, step);
  else ctx.draft.push(run, 'steps', step);
}

/** `finish`: the run ends, finished unless it already failed, was aborted or tripped. */
export function onFinish(ctx: Ctx, chunk: Chunk<'finish'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const reason = chunk.payload.stepResult?.reason;
  const usage = usageOf(chunk.payload.output?.usage);
  if (reason !== undefined) run.finishReason = reason;
  if (usage !== undefined) run.usage = usage;
  // abort → finish(tripwire) and error → finish(error) keep the status the first chunk set.
  const ended = run.status === 'aborted' || run.status === 'error' || run.status === 'tripwire';
  // Calls left without a result when the run ends on `tool-calls` wait for the app's result.
  if (!ended && reason === 'tool-calls') awaitClient(ctx, chunk.runId);
  const status = ended
    ? run.status
    : reason === 'error' || reason === 'tripwire'
      ? reason
      : 'finished';
  endRun(
    ctx,
    chunk.runId,
    status as 'finished',
    ended ? run.error : reason === 'error' ? 'The run failed' : undefined,
  );
}

const textType = (type: string) => (type.startsWith('text-') ? 'text' : 'reasoning');

/** `text-start`, `reasoning-start`: a text or reasoning part opens. */
export function onTextStart(
  ctx: Ctx,
  chunk: Chunk<'text-start' | 'reasoning-start'>,
  scope: Scope,
): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  editTextPart(ctx, run, textType(chunk.type), chunk.payload.id);
}

/** `text-delta`, `reasoning-delta`: text appended to its part. */
export function onTextDelta(
  ctx: Ctx,
  chunk: Chunk<'text-delta' | 'reasoning-delta'>,
  scope: Scope,
): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  appendText(ctx, run, textType(chunk.type), chunk.payload.id, chunk.payload.text);
}

/** `text-end`, `reasoning-end`: a text or reasoning part is complete. */
export function onTextEnd(
  ctx: Ctx,
  chunk: Chunk<'text-end' | 'reasoning-end'>,
  scope: Scope,
): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  closeTextPart(ctx, run, textType(chunk.type), chunk.payload.id);
}

/** `source`: a source part. */
export function onSource(ctx: Ctx, chunk: Chunk<'source'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const { id, sourceType, title, url, mimeType, filename } = chunk.payload;
  const part = { type: 'source' as const, id, sourceType, title, url, mimeType, filename };
  ctx.draft.pushPart(run, dropUndefined(part));
}

/** `file`: a file part, its data as text. */
export function onFile(ctx: Ctx, chunk: Chunk<'file'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const { data, base64, mimeType, filename } = chunk.payload;
  const text = typeof data === 'string' ? data : (base64 ?? '');
  ctx.draft.pushPart(run, dropUndefined({ type: 'file' as const, mimeType, data: text, filename }));
}

/** `error`: an error part, and the run ends in `error`. */
export function onError(ctx: Ctx, chunk: Chunk<'error'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const message = runErrorShown(ctx, chunk.runId, errorText(chunk.payload.error));
  ctx.draft.pushPart(run, { type: 'error', message });
  endRun(ctx, chunk.runId, 'error', message);
}

/** `abort`: the run ends in `aborted`. */
export function onAbort(ctx: Ctx, chunk: Chunk<'abort'>, scope: Scope): void {
  ensureRun(ctx, chunk.runId, scope);
  endRun(ctx, chunk.runId, 'aborted', 'The run was aborted');
}

/** `tripwire`: a processor blocked the run; a tripwire part, and the run ends in `tripwire`. */
export function onTripwire(ctx: Ctx, chunk: Chunk<'tripwire'>, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  const reason = chunk.payload.reason ?? 'Blocked by a processor';
  ctx.draft.pushPart(run, { type: 'tripwire', reason });
  endRun(ctx, chunk.runId, 'tripwire', reason);
}

/** `object`, `object-result`: the run's structured output, partial or final. */
export function onObject(ctx: Ctx, chunk: ObjectChunk, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  run.object = chunk.object;
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] === undefined) delete value[key];
  return value;
}

/** Keeps a chunk Toolpane does not interpret; an unexpected one is also an issue. */
export function addUnknown(ctx: Ctx, value: unknown, type: string, unexpected: boolean): void {
  ctx.draft.appendUnknown(value);
  if (unexpected) {
    addIssue(ctx, {
      kind: 'unknown-chunk',
      message: `Unknown chunk type "${type}" kept as received`,
      chunkType: type,
    });
  }
}

/** Applies a `data-*` chunk to the run it belongs to. */
export function reduceData(ctx: Ctx, chunk: DataChunk, scope: Scope): void {
  if (chunk.transient) return;
  const runId =
    scope.parentToolCallId === null
      ? dataRunId(ctx, ctx.draft.cursor().currentRunId)
      : ctx.draft.root.toolCalls.get(scope.parentToolCallId)?.runId;
  if (runId === undefined || !ctx.draft.root.runs.has(runId)) {
    addIssue(ctx, {
      kind: 'orphan',
      message: `${chunk.type} arrived before any run`,
      chunkType: chunk.type,
    });
    return;
  }
  putDataPart(ctx, runId, chunk.type.slice('data-'.length), chunk.id, chunk.data);
}
