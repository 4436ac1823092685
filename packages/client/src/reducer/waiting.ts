import { countOf } from '../state/list-fields.js';
import { expiredReason, HUMAN_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Ctx } from './context.js';
import { latestNestedCall } from './tree.js';

/*
 * What waits for a person: a call, the calls nested under it, a run.
 */

/** Whether `call`, or a call nested under it at any depth, `matches`. */
function selfOrNested(ctx: Ctx, call: ToolCallState, matches: (c: ToolCallState) => boolean) {
  if (matches(call)) return true;
  if (countOf(call, 'childRunIds') === 0) return false;
  return latestNestedCall(ctx.draft.root, call, matches) !== undefined;
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

/** Whether anything in the run waits for a person. */
export function runWaitsForHuman(ctx: Ctx, runId: string): boolean {
  const run = ctx.draft.root.runs.get(runId);
  return run?.toolCallIds.some((id) => waitsForHuman(ctx, id)) ?? false;
}
