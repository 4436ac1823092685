import {
  type DataChunk,
  looksLikeMastraChunk,
  type MastraChunk,
  type ObjectChunk,
  parseMastraChunk,
  type UnknownChunk,
} from './chunk.js';
import { Draft, type Mutable } from './draft.js';
import { isToolpaneEvent, parseToolpaneEvent, type ToolpaneEvent } from './events.js';
import { isAiSdkChunk, reduceAiSdk } from './reduce-aisdk.js';
import {
  addIssue,
  type Ctx,
  createScratch,
  endOpenCalls,
  endRun,
  ensureRun,
  excerpt,
  type ReduceOptions,
  runWaitsForHuman,
  type Scope,
  type Scratch,
  TOP,
} from './reduce-context.js';
import {
  parseNested,
  reduceBackgroundTask,
  reduceToolOutput,
  reduceWorkflowEvent,
} from './reduce-nested.js';
import { appendText, closeTextPart, editTextPart, putDataPart, usageOf } from './reduce-parts.js';
import { errorText, reduceToolChunk } from './reduce-tools.js';
import { HUMAN_TOOL_STATUSES, initialState, type RunState, type ToolpaneState } from './state.js';

function reduceRunChunk(ctx: Ctx, chunk: MastraChunk | ObjectChunk, scope: Scope): void {
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

function addUnknown(ctx: Ctx, chunk: { type: string; format: string }, unexpected: boolean) {
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

function reduceData(ctx: Ctx, chunk: DataChunk, scope: Scope) {
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

function applyMastra(
  ctx: Ctx,
  chunk: MastraChunk | ObjectChunk | DataChunk | UnknownChunk,
  scope: Scope,
) {
  if (ctx.draft.root.format === 'unknown') ctx.draft.state().format = 'mastra';
  if (chunk.format === 'unknown') {
    addUnknown(ctx, chunk, chunk.unexpected);
    return;
  }
  if (chunk.format === 'data') {
    reduceData(ctx, chunk, scope);
    return;
  }
  if (chunk.type === 'object' || chunk.type === 'object-result') {
    reduceRunChunk(ctx, chunk, scope);
    return;
  }
  applyNative(ctx, chunk as MastraChunk, scope);
}

function applyNative(ctx: Ctx, chunk: MastraChunk, scope: Scope) {
  if (chunk.type === 'tool-output') {
    reduceToolOutput(ctx, chunk, scope, applyValue);
    return;
  }
  if (chunk.type.startsWith('workflow-')) {
    if (!reduceWorkflowEvent(ctx, chunk, scope, applyValue)) addUnknown(ctx, chunk, false);
    return;
  }
  if (chunk.type.startsWith('background-task-')) {
    reduceBackgroundTask(ctx, chunk, scope);
    return;
  }
  ensureRun(ctx, chunk.runId, scope);
  if (!reduceToolChunk(ctx, chunk, scope)) reduceRunChunk(ctx, chunk, scope);
}

function endOpenRuns(ctx: Ctx, reason: string, interrupted: boolean) {
  const endOpen = (runId: string) => {
    if (ctx.draft.root.runs.get(runId)?.status !== 'streaming') return;
    if (runWaitsForHuman(ctx, runId)) {
      markWaiting(ctx, runId);
    } else {
      endRun(ctx, runId, interrupted ? 'interrupted' : 'aborted', reason);
    }
  };
  for (const runId of ctx.draft.root.runOrder) endOpen(runId);
  // What the pass above cannot reach: a subagent run whose parent call ended first, and calls
  // whose chunks arrived after their run had ended. Once per stream, so linear overall.
  for (const runId of Array.from(ctx.draft.root.runs.keys())) {
    endOpen(runId);
    const run = ctx.draft.root.runs.get(runId)!;
    if (run.status !== 'streaming' && run.status !== 'waiting') {
      endOpenCalls(ctx, runId, run.status === 'finished' ? undefined : (run.error ?? reason));
    }
  }
}

/** A run that waits for a person, and every open subagent run on the way to the waiting call. */
function markWaiting(ctx: Ctx, runId: string, depth = 0) {
  const run = ctx.draft.run(runId);
  if (run === undefined || depth > 64) return;
  run.status = 'waiting';
  for (const id of run.toolCallIds) {
    for (const child of ctx.draft.root.toolCalls.get(id)?.childRunIds ?? []) {
      if (ctx.draft.root.runs.get(child)?.status === 'streaming')
        markWaiting(ctx, child, depth + 1);
    }
  }
}

function applyEvent(ctx: Ctx, event: ToolpaneEvent) {
  switch (event.type) {
    case 'toolpane/stream-end': {
      endOpenRuns(ctx, 'The stream ended before the run finished', true);
      return;
    }
    case 'toolpane/stream-error': {
      addIssue(ctx, { kind: 'transport', message: event.message });
      endOpenRuns(ctx, event.message, true);
      return;
    }
    case 'toolpane/abort': {
      endOpenRuns(ctx, event.reason ?? 'The run was aborted', false);
      return;
    }
    case 'toolpane/issue': {
      addIssue(ctx, event.issue);
      return;
    }
    case 'toolpane/decision-sent': {
      const call = ctx.draft.toolCall(event.toolCallId);
      if (call === undefined || !HUMAN_TOOL_STATUSES.has(call.status)) return;
      if (call.status === 'approval-requested' && call.approval !== undefined) {
        const decision = {
          approved: event.approved ?? true,
          ...(event.reason === undefined ? {} : { reason: event.reason }),
        };
        const { error: _, ...approval } = call.approval;
        call.approval = { ...approval, decision };
      } else if (call.suspension !== undefined) {
        const { error: _, ...suspension } = call.suspension;
        call.suspension = { ...suspension, resumeData: event.resumeData };
      }
      call.status = 'approval-responded';
      return;
    }
    case 'toolpane/decision-failed': {
      const call = ctx.draft.toolCall(event.toolCallId);
      if (call === undefined || call.status !== 'approval-responded') return;
      if (
        call.approval !== undefined &&
        call.approval.decision !== undefined &&
        call.suspension === undefined
      ) {
        const { decision: _, ...approval } = call.approval;
        call.approval = { ...approval, error: event.error };
        call.status = 'approval-requested';
      } else if (call.suspension !== undefined) {
        const { resumeData: _, ...suspension } = call.suspension;
        call.suspension = { ...suspension, error: event.error };
        call.status = 'suspended';
      }
      addIssue(ctx, { kind: 'decision', message: event.error, toolCallId: event.toolCallId });
      return;
    }
    default: {
      event satisfies never;
    }
  }
}

/** Applies one value from a stream, in a scope. Never throws. */
function applyValue(ctx: Ctx, value: unknown, scope: Scope): void {
  if (scope === TOP && isToolpaneEvent(value)) {
    const parsed = parseToolpaneEvent(value);
    if (parsed.ok) applyEvent(ctx, parsed.event);
    else {
      addIssue(ctx, {
        kind: 'invalid-chunk',
        message: parsed.message,
        chunkType: value.type,
        excerpt: excerpt(value),
      });
    }
    return;
  }
  if (!looksLikeMastraChunk(value) && isAiSdkChunk(value)) {
    if (ctx.draft.root.format === 'unknown') ctx.draft.state().format = 'ai-sdk';
    reduceAiSdk(ctx, value);
    return;
  }
  if (scope !== TOP) {
    const chunk = parseNested(ctx, value);
    if (chunk !== undefined) applyMastra(ctx, chunk, scope);
    return;
  }
  const parsed = parseMastraChunk(value);
  if (!parsed.ok) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: parsed.error.message,
      ...(parsed.error.chunkType ? { chunkType: parsed.error.chunkType } : {}),
      excerpt: excerpt(value),
    });
    return;
  }
  applyMastra(ctx, parsed.chunk, scope);
}

/** Applies a value and turns any unexpected exception into an issue, so a stream never breaks. */
export function applySafely(ctx: Ctx, value: unknown): void {
  try {
    applyValue(ctx, value, TOP);
  } catch (error) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: `Chunk could not be applied: ${error instanceof Error ? error.message : String(error)}`,
      excerpt: excerpt(value),
    });
  }
}

/**
 * Applies one chunk (a Mastra `fullStream` chunk, an AI SDK UI stream chunk, a `data-*` chunk or
 * a {@link ToolpaneEvent}) to a state and returns the next state. Pure: the input state is never
 * modified, unchanged entities keep their identity, and the same reference comes back when
 * nothing changed. Invalid chunks become entries in `state.issues`; nothing throws.
 *
 * For whole streams prefer {@link reduceAll} or a store, which keep working memory between chunks
 * and so stay linear in stream size.
 *
 * @example
 * let state = initialState;
 * for (const chunk of chunks) state = reduce(state, chunk);
 */
export function reduce(
  state: ToolpaneState,
  chunk: unknown,
  options: ReduceOptions = {},
): ToolpaneState {
  const scratch = createScratch();
  const lastTop = state.runOrder[state.runOrder.length - 1];
  if (lastTop !== undefined) scratch.currentRunId = lastTop;
  const ctx: Ctx = { draft: new Draft(state), options, scratch };
  applySafely(ctx, chunk);
  return ctx.draft.publish();
}

/**
 * Applies a whole sequence of chunks in one pass, in time linear in their size.
 *
 * @example
 * const state = reduceAll(lines.map((line) => JSON.parse(line)));
 */
export function reduceAll(
  chunks: Iterable<unknown>,
  options: ReduceOptions = {},
  state: ToolpaneState = initialState,
): ToolpaneState {
  const ctx: Ctx = { draft: new Draft(state), options, scratch: createScratch() };
  for (const chunk of chunks) applySafely(ctx, chunk);
  return ctx.draft.publish();
}

/** Internal: a reducer bound to one draft and scratch, used by the store. */
export interface Reducer {
  apply(value: unknown): void;
  publish(): ToolpaneState;
  readonly scratch: Scratch;
}

/** Internal: creates a long-lived reducer that keeps its working memory between chunks. */
export function createReducer(state: ToolpaneState, options: ReduceOptions): Reducer {
  const ctx: Ctx = { draft: new Draft(state), options, scratch: createScratch() };
  return {
    apply: (value) => applySafely(ctx, value),
    publish: () => ctx.draft.publish(),
    scratch: ctx.scratch,
  };
}
