import { countOf } from '../state/list-fields.js';
import { expiredReason, HUMAN_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Ctx } from './context.js';
import { latestNestedCall } from './tree.js';

/*
 * What waits for a person: a call, the calls nested under it, a run.
 */

/** Whether the call, or a call nested under it at any depth, waits for an approval or a resume. */
export function waitsForHuman(ctx: Ctx, toolCallId: string): boolean {
  const call = ctx.draft.root.toolCalls.get(toolCallId);
  if (call === undefined) return false;
  const waits = (c: ToolCallState) =>
    HUMAN_TOOL_STATUSES.has(c.status) && expiredReason(c) === undefined;
  if (waits(call)) return true;
  if (countOf(call, 'childRunIds') === 0) return false;
  return latestNestedCall(ctx.draft.root, call, waits) !== undefined;
}

/**
 * Whether the call, or a call nested under it at any depth, holds a request for a person: one
 * that waits, or one that expired (it keeps what it asked; see `toolpane/decision-expired`).
 */
export function holdsRequest(ctx: Ctx, call: ToolCallState): boolean {
  const holds = (c: ToolCallState) => HUMAN_TOOL_STATUSES.has(c.status);
  if (holds(call)) return true;
  if (countOf(call, 'childRunIds') === 0) return false;
  return latestNestedCall(ctx.draft.root, call, holds) !== undefined;
}

/** Whether anything in the run waits for a person. */
export function runWaitsForHuman(ctx: Ctx, runId: string): boolean {
  const run = ctx.draft.root.runs.get(runId);
  return run?.toolCallIds.some((id) => waitsForHuman(ctx, id)) ?? false;
}
