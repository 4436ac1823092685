import { countOf } from '../state/list-fields.js';
import { PersistentMap } from '../state/persistent-map.js';
import { RunRecord } from '../state/run-record.js';
import { expiredReason, HUMAN_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { StateRoot } from '../state/state-root.js';
import type { Ctx } from './context.js';
import { openNested } from './open-nested.js';
import { upFrom } from './tree.js';

/*
 * What waits for a person: a call, the calls nested under it, a run.
 */

/** Whether `call`, or a call nested under it at any depth, `matches` (which no ended call does). */
function selfOrNested(ctx: Ctx, call: ToolCallState, matches: (c: ToolCallState) => boolean) {
  if (matches(call)) return true;
  if (countOf(call, 'childRunIds') === 0) return false;
  return openNested(ctx, call, { asked: true }, matches, 1).length > 0;
}

/** Whether a call itself waits for a person: it asks, and its request has not expired. */
export const waits = (call: ToolCallState): boolean =>
  HUMAN_TOOL_STATUSES.has(call.status) && expiredReason(call) === undefined;
const asks = (call: ToolCallState) => HUMAN_TOOL_STATUSES.has(call.status);

/** Whether the call, or a call nested under it at any depth, waits for an approval or a resume. */
export function waitsForHuman(ctx: Ctx, toolCallId: string): boolean {
  const call = ctx.draft.root.toolCalls.get(toolCallId);
  return call !== undefined && selfOrNested(ctx, call, waits);
}

/**
 * Whether the call, or a call nested under it at any depth, holds a request for a person: one
 * that waits, or one that expired (it keeps what it asked; see `toolpane/decision-expired`).
 */
export const holdsRequest = (ctx: Ctx, call: ToolCallState): boolean =>
  selfOrNested(ctx, call, asks);

/** How many calls that may wait are few enough to look at instead of a run's calls. */
const FEW = 16;

/**
 * Whether anything in the run waits for a person. Asked each time a call stops waiting (its
 * decision expired, or the server took it and nothing followed), so one after another as a chat
 * is restored or a run's decisions fail. For a run inside a call: whether one of the calls that
 * asked under that call (kept in `reducer/open-nested.ts`) waits and is in the run's tree. For a
 * top-level run, the search goes round the run's calls from where the last one found a call that
 * waits (its witness), and notes where this one found one: while calls only stop waiting, the
 * witness only moves forward, and all the searches of a run together look at each call about
 * once, where searching from the first call looked at every call that had stopped before each
 * one found. When few calls of the whole state ask (its index of them, as of its last publish,
 * and the calls written since: every call that may wait is among them), those are looked at
 * instead: a run whose decisions fail one after another, none left waiting, went round all of
 * its calls each time.
 */
export function runWaitsForHuman(ctx: Ctx, runId: string): boolean {
  const { runs, toolCalls } = ctx.draft.root;
  const run = runs.get(runId);
  if (run === undefined) return false;
  // A run inside a call: among the calls that asked under the call it runs in, one of its tree.
  const parent = run.parentToolCallId === null ? undefined : toolCalls.get(run.parentToolCallId);
  if (parent !== undefined) {
    return (
      openNested(
        ctx,
        parent,
        { asked: true },
        (call) => waits(call) && upFrom(toolCalls, call, (at) => at.runId === runId),
        1,
      ).length > 0
    );
  }
  const { root } = ctx.draft;
  const written = ctx.draft.callsWritten();
  if (StateRoot.askingCount(root) + written.size <= FEW) {
    const found = (key: string) => {
      const call = toolCalls.get(key);
      return (
        call !== undefined && waits(call) && upFrom(toolCalls, call, (at) => at.runId === runId)
      );
    };
    for (const key of StateRoot.askingKeys(root)) if (found(key)) return true;
    for (const [key] of written) if (found(key)) return true;
    return false;
  }
  const ids = RunRecord.callIdsOf(run);
  const count = ids.length;
  const witnesses = StateRoot.lists(ctx.draft.root).witnesses ?? PersistentMap.empty<number>();
  const from = witnesses.get(runId) ?? 0;
  for (let i = 0; i < count; i++) {
    const at = (from + i) % count;
    if (!waitsForHuman(ctx, ids.at(at)!)) continue;
    if (at !== from) ctx.draft.setIndex('witnesses', witnesses.set(runId, at));
    return true;
  }
  return false;
}
