import type { Mutable } from '../state/draft.js';
import type { ApprovalState, DecisionTarget, DisplayValue, ToolCallState } from '../state/state.js';
import { addIssue, type Ctx } from './context.js';
import { waitsForDecision } from './hide.js';
import { moveTo } from './lifecycle.js';
import { sameValue } from './same-value.js';

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

/**
 * Whether a call's input may be shown as `next`. Not when the call waits for a person's decision
 * on an approval (or one was sent) and the arguments differ from those it was asked for: the
 * request was made for them, so a later chunk that names the call with other arguments changes
 * nothing and an issue says so. Where the stream carries the arguments raw (`raw`, native
 * streams), they are compared whatever is shown of them, so a display that turned hidden cannot
 * hide a swap; otherwise what is shown is compared. Only arguments nobody saw yet (none, or
 * hidden while a transform's value is pending) may be filled in.
 */
export function inputMayChange(
  ctx: Ctx,
  call: ToolCallState,
  next: DisplayValue,
  raw?: { readonly args: unknown },
): boolean {
  if (!waitsForDecision(call)) return true;
  const { input } = call;
  if (raw !== undefined && Object.hasOwn(call.raw, 'input')) {
    if (sameValue(call.raw.input, raw.args)) return true;
  } else if (
    input.kind === 'none' ||
    (input.kind === 'hidden' && input.reason === 'pending') ||
    sameValue(input, next)
  ) {
    return true;
  }
  addIssue(ctx, {
    kind: 'decision',
    message:
      `A chunk gave ${call.toolName} other arguments while it waits for approval: ` +
      'the call keeps the arguments the approval was asked for',
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
    const rawKnown = hasRaw && Object.hasOwn(call.raw, 'approvalArgs');
    const sameRaw = !rawKnown || sameValue(call.raw.approvalArgs, request.rawArgs);
    // Hidden arguments take the view a later request brings when nobody saw them yet (a
    // transform's value pending), or when the stream proves them the same raw arguments and no
    // decision was sent on what the person saw: a view that changes after it is a new request.
    const refill =
      previous.args.kind === 'hidden' &&
      (previous.args.reason === 'pending' || (rawKnown && call.status !== 'approval-responded'));
    const same =
      previous.toolName === request.toolName &&
      (refill || sameValue(previous.args, request.args)) &&
      sameRaw;
    if (same && refill && !sameValue(previous.args, request.args)) {
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
    // A request whose arguments nobody saw yet (still to come) is replaced quietly: it is a new
    // revision all the same, so a decision on it does not count for the new one.
    if (previous.args.kind !== 'hidden' || previous.args.reason !== 'pending') {
      addIssue(ctx, {
        kind: 'decision',
        message:
          `The approval request for ${request.toolName} changed after it was shown: ` +
          'it is a new request, and a decision on the earlier one does not count for it',
        toolCallId: call.toolCallId,
        ...(call.runId === '' ? {} : { runId: call.runId }),
      });
    }
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
