import type { Mutable } from '../state/draft.js';
import type { ApprovalState, DecisionTarget, DisplayValue, ToolCallState } from '../state/state.js';
import { addIssue, type Ctx } from './context.js';
import { moveTo } from './lifecycle.js';

/** A request for approval as a chunk states it. */
export interface ApprovalRequest {
  readonly toolName: string;
  /** The arguments as they are shown. */
  readonly args: DisplayValue;
  /** The arguments as Mastra sent them, when the stream carries them raw. */
  readonly rawArgs?: unknown;
  readonly resumeSchema: unknown;
  readonly target: DecisionTarget;
}

/** Whether two JSON-like values are equal: same keys and values, arrays in order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * Whether a call's input may be shown as `next`. Not when the call waits for a person's decision
 * on an approval (or one was sent) and `next` differs from the input shown with it: the request
 * was made for that input, so a later chunk that names the call with other arguments changes
 * nothing and an issue says so. An input not shown yet (hidden) may be filled in.
 */
export function inputMayChange(ctx: Ctx, call: ToolCallState, next: DisplayValue): boolean {
  const { status, input } = call;
  if (call.approval === undefined) return true;
  if (status !== 'approval-requested' && status !== 'approval-responded') return true;
  if (input.kind === 'none' || input.kind === 'hidden' || sameValue(input, next)) return true;
  addIssue(ctx, {
    kind: 'decision',
    message:
      `A chunk gave ${call.toolName} other arguments while it waits for approval: ` +
      'the arguments the approval was asked for stay shown',
    toolCallId: call.toolCallId,
    ...(call.runId === '' ? {} : { runId: call.runId }),
  });
  return false;
}

/** Whether two decision targets name the same run and call. */
export const sameTarget = (a: DecisionTarget, b: DecisionTarget): boolean =>
  a.runId === b.runId && a.toolCallId === b.toolCallId;

/**
 * Puts an approval request on a call. What a person saw stays what they decide on: the arguments
 * of a request are frozen once shown. The same request again (Mastra repeats it once per level
 * of a nested approval, and on a replayed stream) changes nothing and keeps a decision already
 * sent. A request with other arguments, or for another tool, is a new request: it gets the next
 * `revision`, any decision made on the earlier one is dropped, the call waits for a person again,
 * and an issue says what happened, so the change is never silent.
 */
export function requestApproval(
  ctx: Ctx,
  call: Mutable<ToolCallState>,
  request: ApprovalRequest,
): void {
  const previous = call.approval;
  const hasRaw = Object.hasOwn(request, 'rawArgs');
  if (previous !== undefined) {
    // Arguments not shown yet (a transform pending) are filled in, not changed.
    const unseen = previous.args.kind === 'hidden' && previous.args.reason === 'pending';
    const same =
      previous.toolName === request.toolName &&
      (unseen || sameValue(previous.args, request.args)) &&
      (!hasRaw ||
        !Object.hasOwn(call.raw, 'approvalArgs') ||
        sameValue(call.raw.approvalArgs, request.rawArgs));
    if (same && unseen && !sameValue(previous.args, request.args)) {
      call.approval = { ...previous, args: request.args };
      if (hasRaw) call.raw = { ...call.raw, approvalArgs: request.rawArgs };
    }
    if (same) {
      if (!sameTarget(previous.target, request.target)) {
        call.approval = { ...call.approval!, target: request.target };
      }
      if (call.status !== 'approval-responded') moveTo(call, 'approval-requested');
      return;
    }
    addIssue(ctx, {
      kind: 'decision',
      message:
        `The approval request for ${request.toolName} changed after it was shown: ` +
        'it is a new request, and a decision on the earlier one does not count for it',
      toolCallId: call.toolCallId,
      ...(call.runId === '' ? {} : { runId: call.runId }),
    });
  }
  if (hasRaw) call.raw = { ...call.raw, approvalArgs: request.rawArgs };
  const approval: ApprovalState = {
    toolName: request.toolName,
    args: request.args,
    resumeSchema: request.resumeSchema,
    target: request.target,
    revision: (previous?.revision ?? 0) + 1,
  };
  call.approval = approval;
  moveTo(call, 'approval-requested');
}
