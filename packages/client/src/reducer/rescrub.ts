import type { Mutable } from '../state/draft.js';
import { topLevelCall } from '../state/repeats.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import type { Ctx } from './context.js';
import { messageWithoutEchoes, WITHHELD, withoutEchoes } from './echo.js';
import { affords, hidesValue } from './hide.js';
import { openNested } from './open-nested.js';
import { sameValue } from './same-value.js';
import { assignUndoably, setUndoably, toggleUndoably } from './undo.js';

/*
 * A call that turns out to hide values late (its transform learnt from a later chunk, a
 * snapshot that hid them, arguments that came after) was searched for by none of the values
 * stored before: a run's error, the errors (and a workflow's result) of the calls above it, the
 * resume schemas of its requests and of requests left on the calls above. So once a value is
 * applied, each call it wrote that hides a value has these searched again for what it hides now.
 * A run's error went, as it was, to the runs under it that streamed and to the calls its end
 * ended (`endRun`): when the search changes it, those copies change with it, found by their text,
 * so that an error that quotes nothing costs one search, however many calls are under the run.
 */

type Pay = (cost: number) => boolean;

/**
 * A stored value searched again for what `hiders` hide, all at once (all of it for a `failure`,
 * as `withoutEchoes` tells); itself when nothing changed, withheld when `pay` refuses.
 */
function valueAgain(hiders: ToolCallState[], value: unknown, pay: Pay, failure = true): unknown {
  if (typeof value === 'string' && failure) return messageWithoutEchoes(hiders, value, pay);
  if ((typeof value !== 'object' && typeof value !== 'string') || value === null) return value;
  if (!pay(hiders.length)) return WITHHELD;
  const shown = withoutEchoes(hiders, { kind: 'raw', value }, failure);
  return shown.kind === 'raw' || shown.kind === 'transformed' ? shown.value : WITHHELD;
}

/** A display value searched again (see {@link valueAgain}); itself when nothing changed. */
function displayAgain(
  hiders: ToolCallState[],
  display: DisplayValue,
  pay: Pay,
  failure: boolean,
): DisplayValue {
  if (display.kind === 'none') return display;
  if (display.kind === 'hidden') {
    const message = display.message && valueAgain(hiders, display.message, pay);
    return message === display.message ? display : { ...display, message: message as string };
  }
  const value = valueAgain(hiders, display.value, pay, failure);
  return value === display.value ? display : { kind: 'transformed', value };
}

/**
 * Searches again for what `hiders` hide the resume schemas of `call`'s requests, and unless it is
 * their own call (`above` false), its error and a workflow's result. No `hiders` (the search of
 * them was refused): the schemas are withheld.
 */
function callAgain(
  ctx: Ctx,
  call: ToolCallState,
  hiders: ToolCallState[] | undefined,
  pay: Pay,
  above = true,
): void {
  const { key } = call;
  if (above && hiders!.length > 0) {
    const now = ctx.draft.root.toolCalls.get(key)!;
    const error = displayAgain(hiders!, now.error, pay, true);
    const output =
      now.kind === 'workflow' ? displayAgain(hiders!, now.output, pay, false) : now.output;
    if (error !== now.error || output !== now.output) {
      const editable = ctx.draft.toolCall(key)!;
      editable.error = error;
      editable.output = output;
    }
  }
  for (const field of ['approval', 'suspension'] as const) {
    const request = ctx.draft.root.toolCalls.get(key)![field];
    const schema = request?.resumeSchema;
    if (typeof schema !== 'object' || schema === null) continue;
    const shown =
      hiders === undefined
        ? WITHHELD
        : hiders.length === 0
          ? schema
          : valueAgain(hiders, schema, pay);
    if (typeof shown === 'object') markSearched(ctx, shown!);
    if (shown !== schema)
      (ctx.draft.toolCall(key) as Mutable<ToolCallState>)[field] = {
        ...request!,
        resumeSchema: shown,
      } as never;
  }
}

/**
 * Replaces run `top`'s error `before` with `after` where it went: the run's error and error
 * parts, and the error of each run under it and of each call its end ended with it.
 */
function runErrorAgain(ctx: Ctx, top: string, before: string, after: string): void {
  if (after === before) return;
  const { runs, toolCalls } = ctx.draft.root;
  runs.get(top)!.parts.forEach((part, i) => {
    if (part.type === 'error' && part.message === before)
      ctx.draft.setPart(ctx.draft.run(top)!, i, { ...part, message: after });
  });
  const queue = [top];
  for (let i = 0; i < queue.length; i++) {
    const run = runs.get(queue[i]!);
    if (run === undefined) continue;
    if (run.error === before) ctx.draft.run(run.runId)!.error = after;
    for (const key of run.toolCallIds) {
      const call = toolCalls.get(key);
      if (call === undefined) continue;
      const error = call.error as DisplayValue & { message?: unknown; value?: unknown };
      if (error.kind === 'hidden' ? error.message === before : error.value === before)
        ctx.draft.toolCall(key)!.error =
          error.kind === 'hidden'
            ? { ...error, message: after }
            : { kind: 'transformed', value: after };
      queue.push(...call.childRunIds);
    }
  }
}

/** Searches again what was stored and may quote what `hider` hides (see the note above). */
function rescrubFor(ctx: Ctx, hider: ToolCallState, pay: Pay): void {
  const { runs, toolCalls } = ctx.draft.root;
  const seen = new Set<string>();
  for (let runId: string | undefined = hider.runId; runId !== undefined && !seen.has(runId); ) {
    seen.add(runId);
    const run = runs.get(runId);
    const before = run?.error;
    const after = before === undefined ? before : (valueAgain([hider], before, pay) as string);
    // Finding the copies walks the run: paid for too, else withheld, which nothing changes again.
    if (after !== before)
      runErrorAgain(
        ctx,
        runId,
        before!,
        pay(run!.parts.length + run!.toolCallIds.length) ? after! : WITHHELD,
      );
    const parent = toolCalls.get(run?.parentToolCallId ?? '');
    if (parent !== undefined) callAgain(ctx, parent, [hider], pay);
    runId = parent?.runId;
  }
  // The requests beside it, under the same top-level call (each decision goes there): searched
  // once per pair paid for, and left out once withheld, so that many of both stay linear.
  const keys = askedUnder(ctx, topLevelCall(toolCalls, hider).key);
  for (const key of [...keys]) {
    const call = toolCalls.get(key);
    if (call !== undefined) callAgain(ctx, call, [hider], pay, false);
    const now = toolCalls.get(key);
    if (!now || !resumeSchemas(now).some(isObject))
      toggleUndoably(ctx.draft.undo, keys, key, false);
  }
}

/** Whether a resume schema is to be searched: an object, new unless its call hides a value. */
const fresh = (schema: unknown, hides: boolean, searched: WeakSet<object>): boolean =>
  isObject(schema) && (hides || !searched.has(schema!));

/** Whether a value is an object (a schema as the state keeps it). */
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** The resume schemas of `call`'s requests. */
const resumeSchemas = (call: ToolCallState): unknown[] => [
  call.approval?.resumeSchema,
  call.suspension?.resumeSchema,
];

/**
 * The keys of the calls inside top-level call `top` that hold a resume schema; read from the
 * state's calls the first time (a reducer that starts from a state), kept up to date after.
 */
function askedUnder(ctx: Ctx, top: string): Set<string> {
  const { scratch } = ctx;
  const { toolCalls } = ctx.draft.root;
  let { asked } = scratch;
  if (asked === undefined) {
    // Read from calls a rollback may take back: read again after one.
    asked = new Map();
    assignUndoably(ctx.draft.undo, scratch, { asked });
    for (const call of toolCalls.values()) noteAsked(ctx, call);
  }
  let keys = asked.get(top);
  if (keys === undefined) {
    keys = new Set();
    setUndoably(ctx.draft.undo, asked, top, keys);
  }
  return keys;
}

/** Notes `call` among the calls of its top-level call that hold a resume schema, when it does. */
function noteAsked(ctx: Ctx, call: ToolCallState): void {
  if (call.parentToolCallId === null) return;
  if (!resumeSchemas(call).some(isObject)) return;
  const keys = askedUnder(ctx, topLevelCall(ctx.draft.root.toolCalls, call).key);
  toggleUndoably(ctx.draft.undo, keys, call.key, true);
}

/** Marks a value searched; a rollback, which takes back what the search wrote, unmarks it. */
function markSearched(ctx: Ctx, value: object): void {
  toggleUndoably(ctx.draft.undo, ctx.scratch.rescrubbed, value, true);
}

/** Makes the reducer's draft tell the calls it writes to {@link rescrubWritten} too. */
export function watchHiding(ctx: Ctx): void {
  const told = ctx.draft.onWrite;
  ctx.draft.onWrite = (field, id) => {
    told?.(field, id);
    if (field === 'calls') ctx.scratch.written.add(id);
  };
}

/**
 * Searches again, for each call written while the last value was applied that hides a value,
 * what was stored and may quote it; and the resume schemas not searched yet of the calls written,
 * for what they and the calls under them hide.
 */
export function rescrubWritten(ctx: Ctx): void {
  const { written, rescrubbed } = ctx.scratch;
  if (written.size === 0) return;
  let pay: ((cost: number) => boolean) | undefined;
  // The calls written so far only: what the searches write (added behind them, or again once
  // deleted) is noted for the next value.
  for (let left = written.size; left > 0; left--) {
    const key = written.shift()!;
    const call = ctx.draft.root.toolCalls.get(key);
    if (call === undefined) continue;
    const hides = hidesValue(call);
    // Only the call's own schemas: with none, or none new while it hides nothing, no search.
    // (No closure here: this runs for every call written.)
    const asks =
      fresh(call.approval?.resumeSchema, hides, rescrubbed) ||
      fresh(call.suspension?.resumeSchema, hides, rescrubbed);
    if (!hides && !asks) continue;
    pay ??= affords(ctx);
    // What a call restored from a snapshot hid was searched for before it was saved; raw values
    // already searched for (the same object: set anew when they change) are not searched again.
    if (hides && call.raw.withheld !== true && !rescrubbed.has(call.raw)) {
      markSearched(ctx, call.raw);
      rescrubFor(ctx, call, pay);
    }
    if (!asks) continue;
    // Found once per schema, paid for: every call that hides under the top-level call is looked
    // at, and a subagent whose many calls each ask must not make that quadratic.
    callAgain(ctx, call, requestHiders(ctx, call, pay), pay, false);
    noteAsked(ctx, call);
  }
}

/**
 * The calls whose hidden values a request on `call` may quote (its resume schema, the message of
 * a decision that failed): the decision goes to the outermost call `call` runs inside, so what
 * that call and every call under it hide, the calls beside `call` in its subagent included.
 * Undefined when `pay` refuses the search.
 */
export function requestHiders(
  ctx: Ctx,
  call: ToolCallState,
  pay: Pay = () => true,
): ToolCallState[] | undefined {
  const top = topLevelCall(ctx.draft.root.toolCalls, call);
  const inside = openNested(ctx, top, { hiding: true }, () => true);
  if (!pay(inside.length)) return undefined;
  return hidesValue(top) ? [top, ...inside] : inside;
}

/**
 * Whether `schema`, a request's resume schema as a chunk sends it, is the one `call` holds: as
 * sent, or as searched for what the call and the calls under it hide (what the state keeps).
 */
export function sameSchema(ctx: Ctx, call: ToolCallState, schema: unknown): boolean {
  const held = (call.suspension ?? call.approval)?.resumeSchema;
  if (sameValue(held, schema)) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  const hiders = requestHiders(ctx, call)!;
  const shown = hiders.length === 0 ? schema : valueAgain(hiders, schema, () => true);
  return sameValue(held, shown);
}
