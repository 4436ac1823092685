import { unseen } from '../state/args-to-come.js';
import type { Mutable } from '../state/draft.js';
import type {
  DecisionTarget,
  DisplayValue,
  SuspensionState,
  ToolCallState,
} from '../state/state.js';
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
 * The raw arguments `call` was asked to be approved with, as far as the state knows them: its raw
 * input, and the raw arguments of its own request (an AI SDK subagent's call keeps only those; a
 * request left on an `agent-*` or `workflow-*` call is an inner call's). Both, where they differ
 * (a request that named other arguments than its call, which its issue said): a later chunk must
 * name what the call was made with and what the person decided on. A state read back from a
 * snapshot knows neither (the snapshot leaves raw values out).
 */
function knownRawArgs({ raw, kind }: ToolCallState): unknown[] | undefined {
  const known: unknown[] = [];
  if (Object.hasOwn(raw, 'input')) known.push(raw.input);
  if (kind === 'tool' && Object.hasOwn(raw, 'approvalArgs')) known.push(raw.approvalArgs);
  return known.length === 0 ? undefined : known;
}

/**
 * Whether a call's input may be shown as `next`: how the arguments a later chunk names (a second
 * `tool-call`, a result, an error, a snapshot's entry) would show, never what the call shows
 * already. Not when the call waits for a person's decision on an approval (or one was sent) and
 * the arguments differ from those it was asked for: the request was made for them, so the chunk
 * changes nothing and an issue says so. Where both the chunk (`raw`) and the call carry the
 * arguments raw, they are compared whatever is shown of them, so a display that turned hidden
 * cannot hide a swap. Otherwise (a state read back from a snapshot) the views are compared: where
 * the call hides nothing its view is its raw input, so the comparison is exact. Only arguments
 * nobody saw yet (none, or hidden while a transform's value is pending) may be filled in.
 */
export function inputMayChange(
  ctx: Ctx,
  call: ToolCallState,
  next: DisplayValue,
  raw?: { readonly args: unknown },
): boolean {
  if (!waitsForDecision(call) || unseen(call.approval!.args)) return true;
  const { input } = call;
  const known = raw === undefined ? undefined : knownRawArgs(call);
  if (known !== undefined) {
    if (known.every((args) => sameValue(args, raw!.args))) return true;
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

/**
 * Whether request arguments as shown hide some of what a person was shown them for: a view or a
 * hidden value that was seen (one still to come, or none, hides nothing anybody saw).
 */
const hidesSomething = (args: DisplayValue): boolean =>
  args.kind === 'transformed' || (args.kind === 'hidden' && args.reason !== 'pending');

/** Whether two decision targets name the same run and call. */
export const sameTarget = (a: DecisionTarget, b: DecisionTarget): boolean =>
  a.runId === b.runId && a.toolCallId === b.toolCallId;

/**
 * Whether a request to `next` names another run or call than the one to `previous` did. Not when
 * one of them aims at an agent network: a call inside one is asked by its own run, then by the
 * network, whose target is where the decision goes (a replayed stream asks in that order again).
 */
export const otherTarget = (previous: DecisionTarget, next: DecisionTarget): boolean =>
  !sameTarget(previous, next) && !previous.network === !next.network;

/** What a request that names another run or call than the one shown has become. */
const MOVED = 'now names another run or call';

/**
 * Notes that the request (`kind`: approval, suspension) for `toolName` that `call` waits on is a
 * new one: `changed` says what became of the earlier one.
 */
const newRequest = (
  ctx: Ctx,
  call: ToolCallState,
  kind: string,
  toolName: string,
  changed: string,
): void =>
  addIssue(ctx, {
    kind: 'decision',
    message: `The ${kind} request for ${toolName} ${changed}: it is a new request, and a decision on the earlier one does not count for it`,
    toolCallId: call.toolCallId,
    ...(call.runId === '' ? {} : { runId: call.runId }),
  });

/**
 * Puts a new suspension on a call, which waits for a person again: the next `revision` (1 for the
 * call's first). `moved`: it names another run or call to resume than the suspension the call
 * waited on, which makes it a new request (any data sent to resume the earlier one does not count
 * for it), and an issue says so.
 */
export function suspend(
  ctx: Ctx,
  call: Mutable<ToolCallState>,
  { payload, resumeSchema }: Pick<SuspensionState, 'payload' | 'resumeSchema'>,
  target: DecisionTarget,
  moved: boolean,
): void {
  if (moved) newRequest(ctx, call, 'suspension', call.toolName, MOVED);
  call.suspension = {
    payload,
    resumeSchema,
    target,
    revision: (call.suspension?.revision ?? 0) + 1,
  };
  moveTo(call, 'suspended');
}

/**
 * Puts an approval request on a call. What a person saw stays what they decide on: the arguments
 * of a request are frozen once shown. The same request again (Mastra repeats it once per level
 * of a nested approval, and on a replayed stream) changes nothing and keeps a decision already
 * sent. A request with other arguments, for another tool, or that names another run or call to
 * send the decision to, is a new request: it gets the next `revision`, any decision made on the
 * earlier one is dropped, the call waits for a person again, and an issue says what happened, so
 * the change is never silent. A request that carries its arguments raw is compared raw with the
 * one shown. Where the state no longer knows those (read back from a snapshot, which leaves raw
 * values out) and the request shown hides some of them, the same view does not prove the same
 * arguments: the request is a new one, and the issue says why.
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
    const unknown = hasRaw && !rawKnown && hidesSomething(previous.args);
    const sameRaw = rawKnown ? sameValue(call.raw.approvalArgs, request.rawArgs) : !unknown;
    // Hidden arguments take the view a later request brings when nobody saw them yet (a
    // transform's value pending), or when the stream proves them the same raw arguments and no
    // decision was sent on what the person saw: a view that changes after it is a new request.
    const refill =
      previous.args.kind === 'hidden' &&
      (previous.args.reason === 'pending' || (rawKnown && call.status !== 'approval-responded'));
    const moved = otherTarget(previous.target, request.target);
    const same =
      !moved &&
      previous.toolName === request.toolName &&
      (refill || sameValue(previous.args, request.args)) &&
      sameRaw;
    if (same && refill && !sameValue(previous.args, request.args)) {
      call.approval = { ...previous, args: request.args };
      if (hasRaw) call.raw = { ...call.raw, approvalArgs: request.rawArgs };
    }
    if (same) {
      if (call.status !== 'approval-responded') moveTo(call, 'approval-requested');
      return;
    }
    // A request whose arguments nobody saw yet (none, or still to come) is replaced quietly, unless
    // it names another target: it is a new revision all the same, so a decision on it does not
    // count for the new one.
    if (!unseen(previous.args) || moved) {
      const changed = moved
        ? MOVED
        : unknown &&
            previous.toolName === request.toolName &&
            sameValue(previous.args, request.args)
          ? 'came again, and this state cannot compare the arguments it hides'
          : 'changed after it was shown';
      newRequest(ctx, call, 'approval', request.toolName, changed);
    }
  }
  if (hasRaw) call.raw = { ...call.raw, approvalArgs: request.rawArgs };
  // Compared only where the stream sent both raw (a request rebuilt from history names none): a
  // view of either proves nothing.
  const made =
    call.kind === 'tool' && Object.hasOwn(call.raw, 'input') ? call.raw.input : undefined;
  const asked = hasRaw ? request.rawArgs : undefined;
  if (asked !== undefined && made !== undefined && !sameValue(made, asked)) {
    // Shown as it asks, and never silently: the tool may run with the arguments it was made with.
    addIssue(ctx, {
      kind: 'decision',
      message: `The request for ${request.toolName} names other arguments than its call was made with`,
      toolCallId: call.toolCallId,
      ...(call.runId === '' ? {} : { runId: call.runId }),
    });
  }
  call.approval = {
    toolName: request.toolName,
    args: request.args,
    resumeSchema: request.resumeSchema,
    target: request.target,
    revision: (previous?.revision ?? 0) + 1,
  };
  moveTo(call, 'approval-requested');
}
