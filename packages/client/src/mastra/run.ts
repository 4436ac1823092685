import type { DataChunk, MastraChunk, ObjectChunk, UnknownChunk } from '../chunks/mastra.js';
import { addIssue, type Ctx, endRun, ensureRun, type Scope } from '../reducer/context.js';
import { appendText, closeTextPart, editTextPart, putDataPart, usageOf } from '../reducer/parts.js';
import { errorText } from '../reducer/tools.js';
import type { Mutable } from '../state/draft.js';
import type { RunState } from '../state/state.js';

/** Applies a chunk about the run itself: its steps, text, sources, files, errors and end. */
export function reduceRunChunk(ctx: Ctx, chunk: MastraChunk | ObjectChunk, scope: Scope): void {
  const run = ensureRun(ctx, chunk.runId, scope);
  switch (chunk.type) {
    case 'start': {
      if (chunk.payload.id !== undefined) run.agentId = chunk.payload.id;
      if (chunk.payload.messageId !== undefined) run.messageId = chunk.payload.messageId;
      return;
    }
    case 'step-start': {
      const step = {
        index: run.steps.length,
        ...(chunk.payload.messageId === undefined ? {} : { messageId: chunk.payload.messageId }),
        ...(chunk.payload.startedAt === undefined ? {} : { startedAt: chunk.payload.startedAt }),
      };
      ctx.draft.push(run, 'steps', step);
      return;
    }
    case 'step-finish': {
      const steps = ctx.draft.field(run, 'steps') as Mutable<RunState['steps'][number]>[];
      const last = steps.length - 1;
      const usage = usageOf(chunk.payload.output?.usage);
      const reason = chunk.payload.stepResult?.reason;
      const step = last >= 0 ? { ...steps[last]! } : { index: 0 };
      if (reason !== undefined) step.finishReason = reason;
      if (usage !== undefined) step.usage = usage;
      if (last >= 0) steps[last] = step;
      else steps.push(step);
      return;
    }
    case 'finish': {
      const reason = chunk.payload.stepResult?.reason;
      const usage = usageOf(chunk.payload.output?.usage);
      if (reason !== undefined) run.finishReason = reason;
      if (usage !== undefined) run.usage = usage;
      // abort → finish(tripwire) and error → finish(error) keep the status the first chunk set.
      const ended = run.status === 'aborted' || run.status === 'error' || run.status === 'tripwire';
      const status = ended
        ? run.status
        : reason === 'error'
          ? 'error'
          : reason === 'tripwire'
            ? 'tripwire'
            : 'finished';
      endRun(
        ctx,
        chunk.runId,
        status as 'finished',
        ended ? run.error : reason === 'error' ? 'The run failed' : undefined,
      );
      return;
    }
    case 'text-start':
    case 'reasoning-start': {
      editTextPart(ctx, run, chunk.type === 'text-start' ? 'text' : 'reasoning', chunk.payload.id);
      return;
    }
    case 'text-delta':
    case 'reasoning-delta': {
      const type = chunk.type === 'text-delta' ? 'text' : 'reasoning';
      appendText(ctx, run, type, chunk.payload.id, chunk.payload.text);
      return;
    }
    case 'text-end':
    case 'reasoning-end': {
      closeTextPart(ctx, run, chunk.type === 'text-end' ? 'text' : 'reasoning', chunk.payload.id);
      return;
    }
    case 'source': {
      const { id, sourceType, title, url, mimeType, filename } = chunk.payload;
      const part = { type: 'source' as const, id, sourceType, title, url, mimeType, filename };
      ctx.draft.push(run, 'parts', dropUndefined(part));
      return;
    }
    case 'file': {
      const { data, base64, mimeType, filename } = chunk.payload;
      const text = typeof data === 'string' ? data : (base64 ?? '');
      ctx.draft.push(
        run,
        'parts',
        dropUndefined({ type: 'file' as const, mimeType, data: text, filename }),
      );
      return;
    }
    case 'error': {
      const message = errorText(chunk.payload.error);
      ctx.draft.push(run, 'parts', { type: 'error', message });
      endRun(ctx, chunk.runId, 'error', message);
      return;
    }
    case 'abort': {
      endRun(ctx, chunk.runId, 'aborted', 'The run was aborted');
      return;
    }
    case 'tripwire': {
      const reason = chunk.payload.reason ?? 'Blocked by a processor';
      ctx.draft.push(run, 'parts', { type: 'tripwire', reason });
      endRun(ctx, chunk.runId, 'tripwire', reason);
      return;
    }
    case 'object':
    case 'object-result': {
      run.object = chunk.object;
      return;
    }
    default: {
      addUnknown(ctx, chunk, true);
    }
  }
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] === undefined) delete value[key];
  return value;
}

/** Keeps a chunk Toolpane does not interpret; an unexpected one is also an issue. */
export function addUnknown(
  ctx: Ctx,
  chunk: { type: string; format: string },
  unexpected: boolean,
): void {
  const value = chunk.format === 'unknown' ? (chunk as UnknownChunk).value : chunk;
  ctx.draft.push(ctx.draft.state(), 'unknownChunks', value);
  if (unexpected) {
    addIssue(ctx, {
      kind: 'unknown-chunk',
      message: `Unknown chunk type "${chunk.type}" kept as received`,
      chunkType: chunk.type,
    });
  }
}

/** Applies a `data-*` chunk to the run it belongs to. */
export function reduceData(ctx: Ctx, chunk: DataChunk, scope: Scope): void {
  if (chunk.transient) return;
  const runId =
    scope.parentToolCallId === null
      ? ctx.scratch.currentRunId
      : ctx.draft.root.toolCalls.get(scope.parentToolCallId)?.runId;
  const run = runId === undefined ? undefined : ctx.draft.run(runId);
  if (run === undefined) {
    addIssue(ctx, {
      kind: 'orphan',
      message: `${chunk.type} arrived before any run`,
      chunkType: chunk.type,
    });
    return;
  }
  putDataPart(ctx, run, chunk.type.slice('data-'.length), chunk.id, chunk.data);
}
