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
import {
  beginReplay,
  endReplay,
  nothingSent,
  replayedRun,
  replaying,
  replayPart,
  replayStepFinish,
  replayStepStart,
  replayText,
  sentAgain,
} from '../reducer/replay.js';
import type { Mutable } from '../state/draft.js';
import { lastStep, stepCount } from '../state/run-record.js';
import type { RunPart, RunState, StepState } from '../state/state.js';

type Chunk<T extends NativeChunkType> = NativeChunkOf<T>;

/** `start`: the agent and message of the run. */
export function onStart(ctx: Ctx, chunk: Chunk<'start'>, scope: Scope): void {
  const { id, messageId } = chunk.payload;
  // A run that ended and starts again is its stream sent again (see replay.ts). Mastra goes on
  // after a decision without a `start`: one for a run that waits is a replay too, and so is one
  // for a run whose calls the app runs before any result was sent. A run inside a call is read
  // again while its top-level run is.
  const known = ctx.draft.root.runs.get(chunk.runId);
  const again =
    known !== undefined &&
    (sentAgain(known) || known.status === 'waiting' || nothingSent(ctx, known));
  const topLevel = scope.parentToolCallId === null;
  // The stream is on this run now: chunks without a runId (bare `data-*`) belong to it.
  if (topLevel && known !== undefined) ctx.draft.moveCursor('currentRunId', chunk.runId);
  if (again && (topLevel || replaying(ctx))) {
    beginReplay(ctx, chunk.runId, topLevel);
    if (
      (id ?? known.agentId) === known.agentId &&
      (messageId ?? known.messageId) === known.messageId
    )
      return;
  } else if (topLevel) endReplay(ctx);
  const run = ensureRun(ctx, chunk.runId, scope);
  if (id !== undefined) run.agentId = id;
  if (messageId !== undefined) run.messageId = messageId;
}

/** The run of a chunk that adds to it, when it is read again; nothing is copied. */
const replayed = (ctx: Ctx, chunk: { runId: string }): RunState | undefined =>
  replayedRun(ctx, chunk.runId);

/** Whether a part without an id is one the run, read again, holds already. */
const heldAgain = (ctx: Ctx, chunk: { runId: string }, part: RunPart): boolean => {
  const run = replayed(ctx, chunk);
  return run !== undefined && replayPart(ctx, run, part);
};

/** `step-start`: a new step of the run. */
export function onStepStart(ctx: Ctx, chunk: Chunk<'step-start'>, scope: Scope): void {
  const again = replayed(ctx, chunk);
  if (again !== undefined && replayStepStart(ctx, again)) return;
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
  const again = replayed(ctx, chunk);
  if (again !== undefined && replayStepFinish(ctx, again)) return;
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
  if (textAgain(ctx, chunk, 'start')) return;
  const run = ensureRun(ctx, chunk.runId, scope);
  editTextPart(ctx, run, textType(chunk.type), chunk.payload.id);
}

/** Whether a text or reasoning chunk is one its run, read again, holds already. */
function textAgain(
  ctx: Ctx,
  chunk: { type: string; runId: string; payload: { id: string; text?: string } },
  kind: 'start' | 'delta' | 'end',
): boolean {
  const run = replayed(ctx, chunk);
  const { id, text } = chunk.payload;
  return run !== undefined && replayText(ctx, run, textType(chunk.type), id, kind, text);
}

/** `text-delta`, `reasoning-delta`: text appended to its part. */
export function onTextDelta(
  ctx: Ctx,
  chunk: Chunk<'text-delta' | 'reasoning-delta'>,
  scope: Scope,
): void {
  if (textAgain(ctx, chunk, 'delta')) return;
  const run = ensureRun(ctx, chunk.runId, scope);
  appendText(ctx, run, textType(chunk.type), chunk.payload.id, chunk.payload.text);
}

/** `text-end`, `reasoning-end`: a text or reasoning part is complete. */
export function onTextEnd(
  ctx: Ctx,
  chunk: Chunk<'text-end' | 'reasoning-end'>,
  scope: Scope,
): void {
  if (textAgain(ctx, chunk, 'end')) return;
  const run = ensureRun(ctx, chunk.runId, scope);
  closeTextPart(ctx, run, textType(chunk.type), chunk.payload.id);
}

/** `source`: a source part. */
export function onSource(ctx: Ctx, chunk: Chunk<'source'>, scope: Scope): void {
  const { id, sourceType, title, url, mimeType, filename } = chunk.payload;
  const part = dropUndefined({
    type: 'source' as const,
    id,
    sourceType,
    title,
    url,
    mimeType,
    filename,
  });
  if (heldAgain(ctx, chunk, part)) return;
  ctx.draft.pushPart(ensureRun(ctx, chunk.runId, scope), part);
}

/** `file`: a file part, its data as text. */
export function onFile(ctx: Ctx, chunk: Chunk<'file'>, scope: Scope): void {
  const { data, base64, mimeType, filename } = chunk.payload;
  const text = typeof data === 'string' ? data : (base64 ?? '');
  const part = dropUndefined({ type: 'file' as const, mimeType, data: text, filename });
  if (heldAgain(ctx, chunk, part)) return;
  ctx.draft.pushPart(ensureRun(ctx, chunk.runId, scope), part);
}

/** `error`: an error part, and the run ends in `error`. */
export function onError(ctx: Ctx, chunk: Chunk<'error'>, scope: Scope): void {
  const message = runErrorShown(ctx, chunk.runId, errorText(chunk.payload.error));
  const again = replayed(ctx, chunk);
  if (again?.status === 'error' && replayPart(ctx, again, { type: 'error', message })) return;
  const run = ensureRun(ctx, chunk.runId, scope);
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
  const reason = chunk.payload.reason ?? 'Blocked by a processor';
  if (heldAgain(ctx, chunk, { type: 'tripwire', reason })) return;
  const run = ensureRun(ctx, chunk.runId, scope);
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
export function addUnknown(
  ctx: Ctx,
  value: unknown,
  type: string,
  unexpected: boolean,
  hint = '',
): void {
  ctx.draft.append('unknown', value);
  if (unexpected) {
    addIssue(ctx, {
      kind: 'unknown-chunk',
      message: `Unknown chunk type "${type}" kept as received${hint}`,
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
