import {
  AI_SDK_HINT,
  type DataChunk,
  looksLikeMastraChunk,
  type NativeChunk,
} from '../chunks/mastra.js';
import { type AppliedChunk, checkChunk, isKept } from '../chunks/parse.js';
import { applyNative } from '../mastra/handlers.js';
import { parseNested } from '../mastra/nested.js';
import { addUnknown, reduceData } from '../mastra/run.js';
import { Draft, type DraftChanges } from '../state/draft.js';
import type { ToolpaneState } from '../state/state.js';
import { type Cursor, initialState } from '../state/state-root.js';
import { isToolpaneEvent, parseToolpaneEvent, type ToolpaneEvent } from '../stream/events.js';
import { besideRolledBack, besideWritten, watchBeside } from './beside.js';
import {
  addInvalid,
  addIssue,
  type Ctx,
  createScratch,
  excerpt,
  type ReduceOptions,
  SCRUB_PER_VALUE,
  type Scope,
  type Scratch,
  TOP,
} from './context.js';
import { readBefore } from './continuation.js';
import { applyEvent } from './events.js';
import { freeName } from './free-name.js';
import { ensureRun } from './lifecycle.js';
import { indexWritten, watchOpen } from './open-nested.js';
import { rescrubWritten, watchHiding } from './rescrub.js';
import { watchEnds } from './run-ends.js';
import { streamStopped } from './stream-stop.js';

const isData = (chunk: NativeChunk | DataChunk): chunk is DataChunk =>
  chunk.type.startsWith('data-');

/** Applies a checked chunk: native ones through the handler table, `data-*` and unknown ones here. */
function applyMastra(ctx: Ctx, value: unknown, chunk: AppliedChunk, scope: Scope) {
  if (ctx.draft.root.format === 'unknown') ctx.draft.state().format = 'mastra';
  if (isKept(chunk, value)) {
    if (!ctx.options.families?.some((f) => f.apply(ctx, chunk.value, scope))) {
      // A type of no native chunk, without a native envelope, is most likely an AI SDK chunk; one
      // of a configured format's types came in a native envelope, which that format never has.
      const { formats } = ctx.options;
      const other = formats?.find((f) => f.accepts(value))?.name;
      const hint = other
        ? `; an ${other} chunk type, in a native envelope`
        : scope === TOP && !formats && !looksLikeMastraChunk(value)
          ? AI_SDK_HINT
          : '';
      addUnknown(ctx, chunk.value, chunk.type, chunk.unexpected, hint);
    }
  } else if (isData(chunk)) reduceData(ctx, chunk, scope);
  else applyNative(ctx, chunk, scope);
}

/** Applies one value from a stream, in a scope. */
function applyValue(ctx: Ctx, value: unknown, scope: Scope): void {
  if (scope === TOP && isToolpaneEvent(value)) {
    const parsed = parseToolpaneEvent(value);
    if (parsed.ok) applyEvent(ctx, parsed.event);
    else addInvalid(ctx, parsed.message, value);
    return;
  }
  // A stream sent again with no end between (an app that pipes a reconnect's chunks on without
  // `toolpane/stream-end`): the `start` of a run the store holds, in the middle of a native
  // stream, where Mastra sends one per run. The stream before it stopped there, as at an end.
  if (scope === TOP && ctx.draft.cursor().inStream && startsHeldRun(ctx, value)) {
    streamStopped(ctx, 'The stream ended before the run finished', true);
  }
  applyChunkValue(ctx, value, scope);
  // What follows is no longer a stream's first chunk.
  if (scope === TOP && !ctx.draft.cursor().inStream) ctx.draft.moveCursor('inStream', true);
}

/**
 * Whether `value` is the native `start` of a top-level run the state holds. An AI SDK `start`
 * also opens a message's continuation under its messageId, which may come while the stream before
 * it is still read (`useChat` sends a client tool's answer before the store read the first
 * response's end): it ends nothing.
 */
function startsHeldRun(ctx: Ctx, value: unknown): boolean {
  const chunk = value as { type?: unknown; runId?: unknown } | null;
  // With a format configured, an AI SDK `start` may carry a runId too: it has no native envelope.
  const native = !ctx.options.formats || looksLikeMastraChunk(value);
  const id = chunk?.type === 'start' && native ? chunk.runId : undefined;
  return typeof id === 'string' && ctx.draft.root.runs.get(id)?.parentToolCallId === null;
}

/**
 * Applies one value from a stream that is not a client event, in a scope. A value with a native
 * envelope (`payload`, `from`) is native; else a configured format that knows its type reads it,
 * whatever else it carries (an AI SDK chunk with a `runId`); anything else is read as native.
 */
function applyChunkValue(ctx: Ctx, value: unknown, scope: Scope): void {
  const { formats } = ctx.options;
  if (formats !== undefined && !looksLikeMastraChunk(value)) {
    for (const format of formats) {
      if (!format.accepts(value)) continue;
      if (ctx.draft.root.format === 'unknown') ctx.draft.state().format = format.name;
      format.apply(ctx, value);
      return;
    }
  }
  if (scope !== TOP) {
    const chunk = parseNested(ctx, value);
    if (chunk !== undefined) applyMastra(ctx, value, chunk, scope);
    return;
  }
  const chunk = checkChunk(value, formats);
  if (typeof chunk === 'string') {
    addInvalid(ctx, chunk, value);
    return;
  }
  applyMastra(
    ctx,
    value,
    isKept(chunk, value) || isData(chunk) ? chunk : topRun(ctx, chunk),
    scope,
  );
}

/**
 * A top-level chunk whose runId names a subagent run inside a call (a later turn reusing that id,
 * which Mastra never sends) goes to a top-level run of its own, kept as `<runId>@top` with the
 * stream's id in `streamRunId`, which decisions name. Without it the turn would land inside, and
 * end, the subagent's run.
 */
function topRun(ctx: Ctx, chunk: NativeChunk): NativeChunk {
  // Checked in a function without closures (whose variables would be allocated at each call):
  // nearly every chunk names a run of its own.
  const parent = ctx.draft.root.runs.get(chunk.runId)?.parentToolCallId;
  return parent == null ? chunk : renamed(ctx, chunk);
}

/** {@link topRun} for a chunk whose run id a subagent run holds. */
function renamed(ctx: Ctx, chunk: NativeChunk): NativeChunk {
  const { runs } = ctx.draft.root;
  const { runId } = chunk;
  const inside = (id: string) => (runs.get(id)?.parentToolCallId ?? null) !== null;
  // The first of `<runId>@top`, `<runId>@top2`, … that no subagent run holds.
  const name = (n: number) => (n === 1 ? `${runId}@top` : `${runId}@top${n}`);
  const own = freeName(ctx.draft, `@top\u0000${runId}`, 1, name, inside);
  if (!runs.has(own)) ensureRun(ctx, own, TOP).streamRunId = runId;
  return { ...chunk, runId: own } as NativeChunk;
}

/**
 * Applies a value and turns any unexpected exception into an issue, so a stream never breaks. A
 * value that throws changes nothing else: the draft goes back to its last publish, taking back
 * what the epoch wrote to the working memory too (`Draft.undo`), and what was applied since is
 * applied again. Returns whether a publish is due, so that a rollback never has much to apply
 * again: after each of the 256 values that follow a failure (failures that come often apply
 * nothing again), else once 256 were applied.
 */
function applySafely(ctx: Ctx, value: unknown): boolean {
  const { draft, scratch } = ctx;
  // What a value that throws added to the budget, and spent of it, goes back too (below).
  if (draft.log.size === 0) scratch.budgetBefore = scratch.scrubBudget;
  scratch.scrubBudget += SCRUB_PER_VALUE;
  try {
    if (isToolpaneEvent(value) || !skipped(ctx, value)) {
      applyValue(ctx, value, TOP);
      indexWritten(ctx);
      besideWritten(ctx);
      rescrubWritten(ctx);
    }
    draft.log.push(value);
    return draft.log.size > (scratch.sinceFailure++ < 256 ? 0 : 255);
  } catch (error) {
    const log = draft.log.take();
    draft.rollback();
    scratch.scrubBudget = scratch.budgetBefore;
    scratch.written.clear();
    scratch.endsToldRun = scratch.endsToldCall = undefined;
    besideRolledBack(ctx);
    if (scratch.openInside !== undefined) scratch.openInside.fresh = undefined;
    scratch.nesting = 0;
    scratch.lastText.part = undefined;
    for (const entry of log) applySafely(ctx, entry);
    scratch.sinceFailure = 0;
    const message = `Chunk could not be applied: ${excerpt(error)}`;
    const issue = { kind: 'invalid-chunk', message, excerpt: excerpt(value) } as const;
    addIssue(ctx, issue);
    // Logged as the event that adds it: a value applied again that throws then keeps its issue
    // through a later rollback in the same loop.
    draft.log.push({ type: 'toolpane/issue', issue });
    return true;
  }
}

/**
 * Whether a chunk a stream brought is skipped: a chunk family may begin a continuation read by
 * count at a stream's first chunk, which skips what an earlier reading of it read.
 */
function skipped(ctx: Ctx, value: unknown): boolean {
  const { families } = ctx.options;
  if (families !== undefined && !ctx.draft.cursor().inStream) {
    for (const family of families) family.begins?.(ctx, value);
  }
  if (ctx.draft.cursor().counted === undefined || !readBefore(ctx)) return false;
  ctx.draft.moveCursor('inStream', true);
  return true;
}

function createCtx(state: ToolpaneState, options: ReduceOptions, scratch: Scratch): Ctx {
  const ctx: Ctx = { draft: new Draft(state), options, scratch, apply: applyValue };
  watchEnds(ctx);
  watchHiding(ctx);
  watchOpen(ctx);
  watchBeside(ctx);
  return ctx;
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
  const ctx = createCtx(state, options, createScratch(state));
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
  const ctx = createCtx(state, options, createScratch(state));
  // An array by index: its iterator allocated a result per chunk here.
  if (Array.isArray(chunks)) {
    for (let i = 0; i < chunks.length; i++) if (applySafely(ctx, chunks[i])) ctx.draft.publish();
  } else for (const chunk of chunks) if (applySafely(ctx, chunk)) ctx.draft.publish();
  return ctx.draft.publish();
}

/** Internal: a reducer bound to one draft and scratch, used by the store. */
export interface Reducer {
  /** Applies a value; true when a publish is due (see `applySafely`). */
  apply(value: unknown): boolean;
  publish(): ToolpaneState;
  /** What the last publish changed. */
  changes(): DraftChanges;
  /** Where the stream stands now (see `Cursor`). */
  cursor(): Cursor;
  readonly scratch: Scratch;
}

/** Internal: creates a long-lived reducer that keeps its working memory between chunks. */
export function createReducer(state: ToolpaneState, options: ReduceOptions): Reducer {
  const ctx = createCtx(state, options, createScratch(state));
  return {
    apply: (value) => applySafely(ctx, value),
    publish: () => ctx.draft.publish(),
    changes: () => ctx.draft.changes(),
    cursor: () => ctx.draft.cursor(),
    scratch: ctx.scratch,
  };
}
