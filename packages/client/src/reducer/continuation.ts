/*
 * A continuation sent again. Mastra goes on after a decision, a resume or a client tool's result
 * in the same run, with no `start`: a stream that opens with a chunk for a run that waits begins
 * its continuation, and a stream that opens with that chunk again sends the continuation again
 * (see `reducer/replay.ts` for how a run is read again).
 */

import { topLevelCall } from '../state/repeats.js';
import { partCount, stepCount } from '../state/run-record.js';
import type { RunState } from '../state/state.js';
import { type ContinuedAt, REPLAY_LIMITS, type RunMark } from '../state/state-root.js';
import type { Ctx } from './context.js';
import { revivedByChunk } from './lifecycle.js';
import { beginReplay, replayOf, sentAgain } from './replay.js';

/**
 * The first chunk of a stream, for top-level run `runId`, when it is not a `start`, before it is
 * read. Mastra goes on after a decision, a resume or a client tool's result in the same run
 * without a `start`: when such a stream finds the run stopped for a person or for the app, a
 * continuation begins, and where the run stood is noted with a print of the chunk (and where each
 * run inside that goes on in it stood, as it goes on: {@link noteInside}). A stream that opens
 * with that chunk again (a reconnect, an app that pipes one response twice) sends the
 * continuation again, and the run is read again from where it began, the runs inside from where
 * they stood: when the run has ended since (or broke off), or waits again with no decision sent
 * since (see `noteAnswered`). A decision sent since
 * makes it the next continuation, which may open with the same chunk (a workflow that suspends
 * again sends its `workflow-start` again). A background task may report after its run ended: its
 * chunks are neither. O(size of the chunk).
 */
export function noteContinuation(ctx: Ctx, runId: string, chunk: { readonly type: string }): void {
  const run = ctx.draft.root.runs.get(runId);
  if (run === undefined || chunk.type.startsWith('background-task-')) return;
  const waits =
    run.status === 'waiting' || (run.status !== 'streaming' && run.finishReason === 'tool-calls');
  const again = sentAgainFrom(ctx, run, chunk, waits);
  if (again !== undefined) beginReplay(ctx, run.runId, true, again);
}

/**
 * The first chunk of a stream for `run`, which stopped for a person or for the app (`waits`) or
 * ended: the mark of the continuation it sends again, when it opens with that continuation's
 * first chunk and the run has ended or broke off since, or waits again with no decision sent
 * since. Else, when the run waits, a continuation begins and is noted (`counted`: read by count).
 */
export function sentAgainFrom(
  ctx: Ctx,
  run: RunState,
  chunk: { readonly type: string },
  waits: boolean,
  counted = false,
): ContinuedAt | undefined {
  if (!waits && !sentAgain(run)) return undefined;
  const { continued = [], answered = [] } = ctx.draft.cursor();
  const mark = continued.find(({ at }) => at[0] === run.runId);
  const first = printOf(chunk);
  if (mark !== undefined && mark.first === first && !(waits && answered.includes(run.runId))) {
    return mark;
  }
  if (waits) noteBegun(ctx, run, first, counted);
  return undefined;
}

/** A continuation of `run` begins with a chunk whose print is `first`: where the run stood. */
function noteBegun(ctx: Ctx, run: RunState, first: string, counted: boolean): void {
  const { continued = [], answered = [] } = ctx.draft.cursor();
  const kept = continued.filter(({ at }) => at[0] !== run.runId).slice(1 - REPLAY_LIMITS.continued);
  const mark: ContinuedAt = { at: markOf(run), first, inside: [], ...(counted ? { read: 0 } : {}) };
  ctx.draft.moveCursor('continued', [...kept, mark]);
  // The decision is answered by this continuation: one sent later is for the next.
  if (answered.includes(run.runId)) {
    const left = answered.filter((id) => id !== run.runId);
    ctx.draft.moveCursor('answered', left.length > 0 ? left : undefined);
  }
}

/**
 * A chunk of a continuation read by count, counted: whether a reading before read it, and so it
 * is skipped. O(1).
 */
export function readBefore(ctx: Ctx): boolean {
  const counted = ctx.draft.cursor().counted!;
  const read = counted.read + 1;
  ctx.draft.moveCursor('counted', { ...counted, read });
  return read <= counted.skip;
}

/** The stream stopped: its continuation's mark keeps how many of its chunks were read. */
export function endCounted(ctx: Ctx): void {
  const { counted, continued = [] } = ctx.draft.cursor();
  if (counted === undefined) return;
  ctx.draft.moveCursor('counted', undefined);
  const mark = continued.find(({ at }) => at[0] === counted.runId);
  if (mark === undefined || (mark.read ?? 0) >= counted.read) return;
  const read = { ...mark, read: counted.read };
  ctx.draft.moveCursor(
    'continued',
    continued.map((m) => (m === mark ? read : m)),
  );
}

const markOf = (run: RunState): RunMark => [run.runId, stepCount(run), partCount(run)];

/**
 * A chunk for run `runId` inside a call, before it is read. A run inside that waited (or broke
 * off) and gets a chunk goes on in the continuation under way: where it stood is noted with that
 * continuation (the latest, when its top-level run is this run's), once, at most 16 runs. O(1),
 * and O(depth) for the first chunk of such a run.
 */
export function noteInside(ctx: Ctx, runId: string): void {
  const { root } = ctx.draft;
  const run = root.runs.get(runId);
  if (run === undefined || !revivedByChunk(run) || run.parentToolCallId === null) return;
  const continued = ctx.draft.cursor().continued;
  const last = continued?.at(-1);
  if (last === undefined || last.inside.length >= REPLAY_LIMITS.nested) return;
  if (last.inside.some(([id]) => id === runId) || replayOf(ctx, runId) !== undefined) return;
  const parent = root.toolCalls.get(run.parentToolCallId);
  if (parent === undefined || topLevelCall(root.toolCalls, parent).runId !== last.at[0]) return;
  const next: ContinuedAt = { ...last, inside: [...last.inside, markOf(run)] };
  ctx.draft.moveCursor('continued', [...continued!.slice(0, -1), next]);
}

/** A print of a chunk: the length and a 32-bit FNV-1a hash of its JSON. O(size). */
function printOf(chunk: { readonly type: string }): string {
  let json: string;
  try {
    json = JSON.stringify(chunk) ?? '';
  } catch {
    return chunk.type;
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) hash = Math.imul(hash ^ json.charCodeAt(i), 0x01000193);
  return `${json.length}:${(hash >>> 0).toString(36)}`;
}
