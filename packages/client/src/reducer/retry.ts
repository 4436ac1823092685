/*
 * A chunk that names a call Mastra ended: sent again (see replay.ts), or a later step's call that
 * reuses the id (a model that numbers its calls per step, or repeats a call).
 */
import { noteCallArgs } from '../state/draft-repeats.js';
import { callsInTurn } from '../state/identity.js';
import { endedByMastra, topLevelCall } from '../state/repeats.js';
import { HUMAN_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Ctx } from './context.js';
import { replaying, replayOf } from './replay.js';

/**
 * Whether call `call` is read again: its run, or the top-level run it runs in, is (see
 * {@link replayOf}). A chunk that names a call Mastra ended sends it again then; otherwise it is a
 * later call that repeats the id (a model that reuses an id in a later step).
 */
export function callReadAgain(ctx: Ctx, call: ToolCallState): boolean {
  if (!replaying(ctx)) return false;
  const top = topLevelCall(ctx.draft.root.toolCalls, call).runId;
  return replayOf(ctx, call.runId) !== undefined || replayOf(ctx, top) !== undefined;
}

/**
 * Whether a chunk of run `runId` that begins a call (or asks a person about one) names call `key`
 * of that run, which Mastra ended, outside a replay: Mastra sends a call once, so it is a later
 * step's call that reuses the id (with the same arguments or not), a call of its own. Sent again,
 * it is the call it names.
 */
export function retried(ctx: Ctx, runId: string, key: string | undefined): boolean {
  const call = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  return (
    call !== undefined && call.runId === runId && endedByMastra(call) && !callReadAgain(ctx, call)
  );
}

/**
 * Whether a chunk of run `runId` that begins a call (or asks a person about one) names ended call
 * `key` of the run as a later step's call of its own ({@link retried}). The ended call is then
 * noted with its arguments, so that a stream sent again finds it among the run's calls with the
 * id.
 */
export function beginsAnew(ctx: Ctx, runId: string, key: string | undefined): boolean {
  if (!retried(ctx, runId, key)) return false;
  noteCallArgs(ctx.draft, ctx.draft.root.toolCalls.get(key!)!);
  return true;
}

/**
 * Whether an end (a result, an error, a denial) that names call `call` is that of an earlier call
 * of its run with the id, sent again: `call` reused the id of a call Mastra ended, waits for a
 * person with nothing sent for it, and is read again. No stream read before ended it (Mastra ends
 * a call that asked only after a decision, in a stream of its own), and the earlier call's end
 * comes before `call` in the stream sent again. O(calls with the id in the turn).
 */
export function endSentAgain(ctx: Ctx, call: ToolCallState): boolean {
  if (!HUMAN_TOOL_STATUSES.has(call.status) || call.key === call.toolCallId) return false;
  if (!callReadAgain(ctx, call)) return false;
  const { root } = ctx.draft;
  const turn = topLevelCall(root.toolCalls, call).runId;
  return callsInTurn(root, call.toolCallId, turn).some(
    (earlier) => earlier.key !== call.key && earlier.runId === call.runId && endedByMastra(earlier),
  );
}
