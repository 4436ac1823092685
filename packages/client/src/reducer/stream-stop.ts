import { inMapOrder, PersistentMap } from '../state/persistent-map.js';
import { topLevelCall } from '../state/repeats.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState, type ToolpaneState } from '../state/state.js';
import { type SinceStop, sinceStopOf } from '../state/state-root.js';
import type { Ctx, StopScope } from './context.js';
import { endCounted } from './continuation.js';
import { hidesValue } from './hide.js';
import { endOpenCalls, endRun } from './lifecycle.js';
import { noteBroken } from './reopen.js';
import { endReplay } from './replay.js';
import { waits as stillWaits } from './waiting.js';

/*
 * A stream stops (it ends, breaks off or is aborted): every run it left streaming ends, or waits
 * when something in it waits for a person, and the open calls of ended runs end. A conversation
 * holds many streams, so a stop looks only at what could have changed since the last one: the runs
 * and calls the reducer wrote since (the draft notes them, see `SinceStop`), and the calls the last
 * stop left open in the turns (top-level runs) those belong to. Nothing else can stream or be
 * open: a run streams, and a call opens, only when the reducer writes it, and whether a run waits
 * for a person, or a call is held, depends only on its own turn. So a stop costs what its stream
 * wrote and what its turns hold open, not what the chat holds. A state made elsewhere has no such
 * note: its first stop looks at everything.
 */

/** Bound on a chain of parents: a cycle in hostile input must not hang the reducer. */
const MAX_CHAIN = 100_000;

/** The turn of calls and runs whose chain of parents breaks off: looked at on every stop. */
const ORPHANS = '';

/** What one stop looks at. */
interface Scope extends StopScope {
  /** The runs to look at, in the order they were first set. */
  readonly runs: readonly string[];
  /** The calls to look at, by key, in the order they were first set. */
  readonly calls: readonly string[];
  /** The turns (top-level runs) looked at; undefined when every one is. */
  readonly turns: ReadonlySet<string> | undefined;
  /** The runs that a call at any depth under them waits for a person in. */
  readonly waits: ReadonlySet<string>;
}

/** The top-level run (the turn of a chat) a call belongs to. */
function turnOfCall(calls: ReadonlyMap<string, ToolCallState>, call: ToolCallState): string {
  const top = topLevelCall(calls, call);
  return top.parentToolCallId === null ? top.runId : ORPHANS;
}

/** The top-level run a run belongs to. */
function turnOfRun(root: ToolpaneState, runId: string): string {
  const parent = root.runs.get(runId)?.parentToolCallId;
  if (parent === null) return runId;
  const call = parent === undefined ? undefined : root.toolCalls.get(parent);
  return call === undefined ? ORPHANS : turnOfCall(root.toolCalls, call);
}

function grouped(into: Map<string, string[]>, key: string, value: string) {
  const list = into.get(key);
  if (list === undefined) into.set(key, [value]);
  else list.push(value);
}

/**
 * What the stop that begins now looks at: the turns written since the last stop, with what that
 * stop left open in them; or everything.
 */
function scopeOf(ctx: Ctx, since: SinceStop | undefined): Scope {
  const { root } = ctx.draft;
  let runs: string[];
  let calls: string[];
  let turns: Set<string> | undefined;
  if (since === undefined) {
    runs = [...root.runs.keys()];
    calls = [...root.toolCalls.keys()];
  } else {
    const written = since.calls.toArray();
    turns = new Set([ORPHANS]);
    for (const runId of since.runs.toArray()) turns.add(turnOfRun(root, runId));
    for (const key of written) {
      const call = root.toolCalls.get(key);
      if (call !== undefined) turns.add(turnOfCall(root.toolCalls, call));
    }
    const callSet = new Set(written);
    for (const turn of turns) for (const key of since.open.get(turn) ?? []) callSet.add(key);
    const runSet = new Set(since.runs.toArray());
    for (const key of callSet) {
      const call = root.toolCalls.get(key);
      if (call !== undefined) runSet.add(call.runId);
    }
    runs = inMapOrder(runSet, root.runs);
    calls = inMapOrder(callSet, root.toolCalls);
  }
  const open = new Map<string, string[]>();
  const waits = new Set<string>();
  for (const key of calls) {
    const call = root.toolCalls.get(key);
    if (call === undefined || TERMINAL_TOOL_STATUSES.has(call.status)) continue;
    grouped(open, call.runId, key);
    if (!stillWaits(call)) continue;
    // The call's run waits, and every run above it.
    let runId: string | undefined = call.runId;
    for (let steps = 0; runId !== undefined && steps < MAX_CHAIN && !waits.has(runId); steps++) {
      waits.add(runId);
      const parent: string | null | undefined = root.runs.get(runId)?.parentToolCallId;
      runId = parent == null ? undefined : root.toolCalls.get(parent)?.runId;
    }
  }
  const under = new Map<string, string[]>();
  for (const runId of runs) {
    const run = root.runs.get(runId);
    if (run?.status !== 'streaming' || run.parentToolCallId === null) continue;
    const parent = root.toolCalls.get(run.parentToolCallId);
    if (parent !== undefined) grouped(under, parent.runId, runId);
  }
  return {
    runs,
    calls,
    turns,
    waits,
    callsOf: (runId) => open.get(runId) ?? [],
    runsUnder: (runId) => under.get(runId) ?? [],
  };
}

/**
 * What the next stop starts from: the calls of each turn looked at that are still open (every
 * other turn's are as they were), and every call written since the last stop that hides a value.
 */
function noteStop(ctx: Ctx, since: SinceStop | undefined, scope: Scope, before: unknown): void {
  const { toolCalls } = ctx.draft.root;
  // A stop that wrote nothing after a stream that wrote nothing leaves the state as it was (the
  // session tells an empty stream by that): the note stays too.
  const now = sinceStopOf(ctx.draft.root);
  if (
    ctx.draft.root === before &&
    (now === undefined || now.runs.length + now.calls.length === 0)
  ) {
    return;
  }
  const openNow = new Map<string, string[]>();
  for (const turn of scope.turns ?? []) openNow.set(turn, []);
  for (const key of scope.calls) {
    const call = toolCalls.get(key);
    if (call === undefined || TERMINAL_TOOL_STATUSES.has(call.status)) continue;
    grouped(openNow, turnOfCall(toolCalls, call), key);
  }
  let open = since?.open ?? PersistentMap.empty<readonly string[]>();
  for (const [turn, keys] of openNow) {
    if (keys.length > 0 || (open.get(turn)?.length ?? 0) > 0) open = open.set(turn, keys);
  }
  let hiding = since?.hiding ?? PersistentMap.empty<true>();
  // The stop's own writes are in the list too: what it ended was written since anyway.
  const written = now?.calls.toArray() ?? toolCalls.keys();
  for (const key of written) {
    const call = toolCalls.get(key);
    if (call !== undefined && hidesValue(call)) hiding = hiding.set(key, true);
  }
  ctx.draft.stopped(open, hiding);
}

/** A run that waits for a person, and every open subagent run under it, at any depth. */
function markWaiting(ctx: Ctx, runId: string, scope: Scope) {
  const seen = new Set<string>();
  const work = [runId];
  while (work.length > 0) {
    const id = work.pop()!;
    const run = seen.has(id) ? undefined : ctx.draft.run(id);
    seen.add(id);
    if (run === undefined) continue;
    run.status = 'waiting';
    for (const child of scope.runsUnder(id)) {
      if (ctx.draft.root.runs.get(child)?.status === 'streaming') work.push(child);
    }
  }
}

/**
 * The stream stopped (it ended, broke off or was aborted): the next chunk is the first of a
 * stream, no run is read again, and every open run ends: a run that waits for a person waits on,
 * the others end as interrupted or aborted with `reason`.
 */
export function streamStopped(ctx: Ctx, reason: string, interrupted: boolean): void {
  const before = ctx.draft.root;
  ctx.draft.moveCursor('inStream', undefined);
  endCounted(ctx);
  endReplay(ctx);
  // What this stream did not name again stays as the break left it (see reducer/reopen.ts). A
  // run that waits for a person, sent again and broken off again, is noted again: nothing ends it,
  // so the stream that sends it next starts again what it gathers (see `endOpen` for the others).
  if (interrupted) {
    for (const [runId] of ctx.draft.cursor().reopening ?? []) {
      if (ctx.draft.root.runs.get(runId)?.status === 'waiting') noteBroken(ctx, runId);
    }
  }
  ctx.draft.moveCursor('reopening', undefined);
  const since = sinceStopOf(ctx.draft.root);
  const scope = scopeOf(ctx, since);
  const endOpen = (runId: string, topLevel: boolean) => {
    if (ctx.draft.root.runs.get(runId)?.status !== 'streaming') return;
    // Sent again from its start, a run the stream's break ended goes on (see replay.ts).
    if (interrupted && topLevel) noteBroken(ctx, runId);
    if (scope.waits.has(runId)) markWaiting(ctx, runId, scope);
    else endRun(ctx, runId, interrupted ? 'interrupted' : 'aborted', reason, interrupted, scope);
  };
  // Top-level runs first, each with what runs under it.
  for (const runId of scope.runs) {
    if (ctx.draft.root.runs.get(runId)?.parentToolCallId === null) endOpen(runId, true);
  }
  // Then what that cannot reach: a subagent run whose parent call ended first, and calls whose
  // chunks arrived after their run had ended.
  for (const runId of scope.runs) {
    endOpen(runId, false);
    const run = ctx.draft.root.runs.get(runId);
    if (run !== undefined && run.status !== 'streaming' && run.status !== 'waiting') {
      const error = run.status === 'finished' ? undefined : (run.error ?? reason);
      endOpenCalls(ctx, runId, error, run.status === 'aborted', interrupted, scope.callsOf(runId));
    }
  }
  noteStop(ctx, since, scope, before);
}
