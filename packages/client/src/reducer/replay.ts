/**
 * A run sent again from its `start`: a reconnect replays a stream from the beginning, and an app
 * may pipe the same stream into a store twice. What the run already shows is read once: steps,
 * text and reasoning, and the parts that have no id of their own (sources, files, data without an
 * id, errors, tripwires) are matched, in order, against what the run holds; what is inside a call
 * that Mastra ended or that waits for a person is final, and a subagent's run inside a call still
 * running is read again the same way. The first chunk that brings something a run does not hold ends its
 * replay (the stream went on past where it was read before), and from there chunks are read as
 * usual; the stream's end, an abort or another top-level run's `start` ends every replay. Calls
 * and requests are matched by their own rules (see `state/identity.ts`).
 *
 * A stream that broke off is sent again the same way: each call its break ended (`brokenOff`) goes
 * back to where it stood when the stream names it again, and what it gathers from the stream
 * starts again (see `reopenNamed` in reopen.ts), so it reads as one read. Until then it shows as the break
 * left it; one the stream does not name again stays so.
 *
 * A continuation (Mastra goes on after a decision with no `start`) sent again is read again from
 * where it began (see reducer/continuation.ts); calls that waited for a person went on in it, so
 * what runs inside them is read again too.
 *
 * Where each replay stands is kept in the stream's cursor, so a store, the pure `reduce` and a
 * snapshot agree on it.
 */

import { endedByMastra, topLevelCall } from '../state/repeats.js';
import { partAt, partCount, reviveRun, stepCount } from '../state/run-record.js';
import {
  HUMAN_TOOL_STATUSES,
  type RunPart,
  type RunState,
  type RunStatus,
  type ToolCallState,
} from '../state/state.js';
import {
  type ContinuedAt,
  REPLAY_LIMITS,
  type ReplayCursor,
  type RunMark,
} from '../state/state-root.js';
import type { Ctx } from './context.js';
import { textPartAt } from './part-index.js';
import { sameValue } from './same-value.js';

/** How far past the last part matched a part that does not end a replay is looked for. */
const LOOK_AHEAD = 64;

const ENDED: ReadonlySet<RunStatus> = new Set([
  'finished',
  'error',
  'aborted',
  'tripwire',
  'interrupted',
]);

/**
 * Whether a `start` for a run the state holds sends it again because the run ended, and not on
 * calls whose results the app sends (its continuation goes on in the same run). A run that waits
 * is sent again when nothing was sent for it yet ({@link nothingSent}); one still streaming may
 * get a `start` again mid-way (not from its beginning), so it is not read again.
 */
export const sentAgain = (run: RunState): boolean =>
  ENDED.has(run.status) && run.finishReason !== 'tool-calls';

/**
 * Whether a run that stopped for a person or for the app got nothing from either yet: it waits,
 * or stopped on calls the app runs, and no decision, resume or result was sent for it (see
 * {@link noteAnswered}). Nothing can go on, so a `start` for it is its stream sent again.
 */
export function nothingSent(ctx: Ctx, run: RunState): boolean {
  const waits = run.status === 'waiting' || run.finishReason === 'tool-calls';
  return waits && !(ctx.draft.cursor().answered ?? []).includes(run.runId);
}

/** Notes that a decision, a resume or a client tool's result was sent for call `call`'s run. */
export function noteAnswered(ctx: Ctx, call: ToolCallState): void {
  const { runId } = topLevelCall(ctx.draft.root.toolCalls, call);
  const answered = ctx.draft.cursor().answered ?? [];
  if (answered.at(-1) === runId) return;
  const kept = answered.filter((id) => id !== runId).slice(1 - REPLAY_LIMITS.answered);
  ctx.draft.moveCursor('answered', [...kept, runId]);
}

/**
 * Whether what runs inside call `call` of run `runId`, sent again, is final: the run is read
 * again and Mastra ended the call, or it waits for a person (whatever comes next comes after a
 * decision). A call the client ended when its stream broke off had not ended yet: what ran inside
 * it is read again, and goes on where the stream broke.
 */
export function finalInside(ctx: Ctx, runId: string, call: ToolCallState): boolean {
  const replay = replayOf(ctx, runId);
  if (replay === undefined) return false;
  // A continuation went on with the calls that waited.
  return endedByMastra(call) || (!replay.continuation && HUMAN_TOOL_STATUSES.has(call.status));
}

/**
 * A nested chunk was skipped as final (see {@link finalInside}): bare data that follows it may be
 * what a tool inside wrote, and its run is not read again (see {@link dataElsewhere}).
 */
export function skippedInside(ctx: Ctx): void {
  ctx.draft.moveCursor('lastNestedRunId', '');
}

/**
 * Whether a bare `data-*` chunk that run `runId`, read again, does not hold may belong to another
 * run. Mastra re-emits what a tool inside a subagent writes as bare chunks, which go to the run of
 * the latest nested chunk while it streams (see `dataRunId`): sent again, that chunk may have been
 * inside a call whose inside is final (not read again), or in a run that has ended since, so the
 * chunk may not reach the run it reached when read once, and shown elsewhere it would show what
 * its run hides.
 */
export function dataElsewhere(ctx: Ctx, runId: string): boolean {
  const nested = ctx.draft.cursor().lastNestedRunId;
  return nested === '' || (nested !== undefined && nested !== runId && !!replayOf(ctx, nested));
}

/** The run read again, when a replay of run `runId` is under way. */
export function replayedRun(ctx: Ctx, runId: string): RunState | undefined {
  return replayOf(ctx, runId) === undefined ? undefined : ctx.draft.root.runs.get(runId);
}

/** The replay of run `runId` under way, if any. */
export function replayOf(ctx: Ctx, runId: string): ReplayCursor | undefined {
  const replays = ctx.draft.cursor().replays;
  if (replays === undefined) return undefined;
  for (const replay of replays) if (replay.runId === runId) return replay;
  return undefined;
}

/** Whether any run is being read again. */
export const replaying = (ctx: Ctx): boolean => ctx.draft.cursor().replays !== undefined;

/**
 * Starts reading run `runId` again from its start, or from where its continuation `from` began
 * (with the runs inside that went on in it from where they stood: see reducer/continuation.ts). A
 * top-level run's replay replaces any under way; a run inside a call is read again while its
 * top-level run is.
 */
export function beginReplay(ctx: Ctx, runId: string, topLevel: boolean, from?: ContinuedAt): void {
  if (topLevel) {
    ctx.draft.moveCursor('replays', [replayFrom(runId, from?.at)]);
    // The runs inside its calls go on from where they stood too.
    for (const mark of from?.inside ?? []) replayInside(ctx, mark[0], mark);
    // What the break ended, at any depth, reopens once, as the stream names it again.
    const broken = ctx.draft.cursor().broken;
    if (broken?.includes(runId)) {
      const left = broken.filter((id) => id !== runId);
      ctx.draft.moveCursor('broken', left.length > 0 ? left : undefined);
      const reopening = (ctx.draft.cursor().reopening ?? []).filter(([id]) => id !== runId);
      ctx.draft.moveCursor('reopening', [
        ...reopening.slice(1 - REPLAY_LIMITS.broken),
        [runId, from !== undefined],
      ]);
    }
  } else if (!replayInside(ctx, runId)) return;
  revive(ctx, runId);
}

/**
 * A run a break ended is read on as it comes again: bare data and the run's end find it open, as
 * read once. (The runs inside it are when their own `start` comes again: a run streaming is not
 * one sent again.)
 */
export function revive(ctx: Ctx, runId: string): void {
  if (ctx.draft.root.runs.get(runId)?.status !== 'interrupted') return;
  reviveRun(ctx.draft.run(runId)!);
}

const freshReplay = (runId: string): ReplayCursor => ({
  runId,
  steps: 0,
  parts: 0,
  textAt: -1,
  offset: 0,
  pending: [],
});

/**
 * Starts reading run `runId`, inside a call, again beside the replays under way (from where its
 * continuation began, with `from`): false if full.
 */
export function replayInside(ctx: Ctx, runId: string, from?: RunMark): boolean {
  const replays = ctx.draft.cursor().replays;
  if (replays === undefined || replays.length > REPLAY_LIMITS.nested) return false;
  ctx.draft.moveCursor('replays', [
    ...replays.filter((r) => r.runId !== runId),
    replayFrom(runId, from),
  ]);
  return true;
}

/** A replay of run `runId` from its start, or from where its continuation began. */
const replayFrom = (runId: string, from?: RunMark): ReplayCursor => {
  const replay = freshReplay(runId);
  if (from === undefined) return replay;
  return { ...replay, steps: from[1], parts: from[2], continuation: true };
};

/** Ends the replay of run `runId` (of every run, without one): its chunks are read as usual again. */
export function endReplay(ctx: Ctx, runId?: string): void {
  const replays = ctx.draft.cursor().replays;
  if (replays === undefined) return;
  const left = runId === undefined ? [] : replays.filter((replay) => replay.runId !== runId);
  if (left.length !== replays.length)
    ctx.draft.moveCursor('replays', left.length ? left : undefined);
}

const move = (ctx: Ctx, replay: ReplayCursor, change: Partial<ReplayCursor>): void => {
  const replays = ctx.draft.cursor().replays!;
  const next = { ...replay, ...change };
  ctx.draft.moveCursor(
    'replays',
    replays.length === 1 ? [next] : replays.map((r) => (r === replay ? next : r)),
  );
};

/**
 * A step starts while run `run` is read again: true when the run has this step already (the
 * chunk changes nothing), false when it is new (the replay ends).
 */
export function replayStepStart(ctx: Ctx, run: RunState): boolean {
  const replay = replayOf(ctx, run.runId);
  if (replay === undefined) return false;
  if (replay.steps < stepCount(run)) {
    move(ctx, replay, { steps: replay.steps + 1 });
    return true;
  }
  endReplay(ctx, run.runId);
  return false;
}

/** A step finishes while run `run` is read again: true when a later step exists already. */
export function replayStepFinish(ctx: Ctx, run: RunState): boolean {
  const replay = replayOf(ctx, run.runId);
  return replay !== undefined && replay.steps < stepCount(run);
}

/**
 * A text or reasoning chunk (`type`, part `id`) of run `run`, read again: true when the run holds
 * it already. A start and an end of a part it holds change nothing, and a delta that the part
 * holds where the replay stands in it moves the replay on. A part left part-way (its id comes
 * back later in the stream) keeps where it stood.
 */
export function replayText(
  ctx: Ctx,
  run: RunState,
  type: 'text' | 'reasoning',
  id: string,
  kind: 'start' | 'delta' | 'end',
  delta = '',
): boolean {
  const replay = replayOf(ctx, run.runId);
  if (replay === undefined) return false;
  const at = textPartAt(ctx.scratch.partIndexes, run, type, id, ctx.draft.undo);
  const part = at === -1 ? undefined : partAt(run, at);
  if (part === undefined || (part.type !== 'text' && part.type !== 'reasoning')) {
    endReplay(ctx, run.runId);
    return false;
  }
  if (kind === 'start') return true;
  if (kind === 'end') return part.state === 'done';
  let { offset, pending } = replay;
  if (at !== replay.textAt) {
    // The stream turned to another part: the one it leaves keeps its place if it is not done.
    const left = replay.textAt === -1 ? undefined : partAt(run, replay.textAt);
    const kept = pending.filter(([index]) => index !== at);
    if (left !== undefined && 'text' in left && offset < left.text.length) {
      kept.push([replay.textAt, offset]);
    }
    if (kept.length > REPLAY_LIMITS.pending) {
      endReplay(ctx, run.runId);
      return false;
    }
    offset = pending.find(([index]) => index === at)?.[1] ?? 0;
    pending = kept;
  }
  if (!part.text.startsWith(delta, offset)) {
    endReplay(ctx, run.runId);
    return false;
  }
  move(ctx, replay, { textAt: at, offset: offset + delta.length, pending });
  return true;
}

/**
 * A preliminary output `shown` for call `call`, whose run is read again: true when the call holds
 * it already, as the next of its outputs not yet matched. One it does not hold is read as usual
 * (it does not end the replay: the call's tool writes while the stream reads other calls).
 */
export function replayProgress(ctx: Ctx, call: ToolCallState, shown: unknown): boolean {
  const replay = replayOf(ctx, call.runId);
  if (replay === undefined) return false;
  const matched = replay.progress ?? [];
  const at = matched.findIndex(([key]) => key === call.key);
  const count = at === -1 ? 0 : matched[at]![1];
  const held = count < call.progress.length && sameValue(call.progress[count], shown);
  // Past what the call holds, every later output is new too: the one read now is counted.
  const next: readonly [string, number] = [call.key, held ? count + 1 : call.progress.length + 1];
  if (next[1] === count || (at === -1 && matched.length >= REPLAY_LIMITS.pending)) return false;
  move(ctx, replay, {
    progress: at === -1 ? [...matched, next] : matched.map((entry, i) => (i === at ? next : entry)),
  });
  return held;
}

/**
 * A part with no id of its own (a source, a file, data without an id, an error, a tripwire) for
 * run `run`, read again: true when the run holds the same part after the last one matched. One it
 * does not hold ends the replay, unless `ends` is false.
 */
export function replayPart(ctx: Ctx, run: RunState, part: RunPart, ends = true): boolean {
  const replay = replayOf(ctx, run.runId);
  if (replay === undefined) return false;
  // One the run may not hold looks a few parts ahead only: many of them must not each read the
  // whole run (a miss that ends the replay reads it once).
  const count = ends ? partCount(run) : Math.min(partCount(run), replay.parts + LOOK_AHEAD);
  for (let at = replay.parts; at < count; at++) {
    const held = partAt(run, at)!;
    if (held.type === part.type && sameValue(held, part)) {
      move(ctx, replay, { parts: at + 1 });
      return true;
    }
  }
  if (ends) endReplay(ctx, run.runId);
  return false;
}
