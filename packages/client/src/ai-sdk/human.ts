import {
  otherTarget,
  requestApproval,
  sameTarget as sameDecisionTarget,
  suspend,
} from '../reducer/approval.js';
import { addIssue, type Ctx } from '../reducer/context.js';
import { moveTo } from '../reducer/lifecycle.js';
import { latestOpenNested } from '../reducer/open-nested.js';
import { reopenNamed } from '../reducer/reopen.js';
import { askingCall, refusedOtherArgs, takeOver } from '../reducer/repeat-up.js';
import { sameSchema } from '../reducer/rescrub.js';
import { sameValue } from '../reducer/same-value.js';
import { clientTransformFor, pendingValue } from '../reducer/transform.js';
import { latestNestedCall } from '../reducer/tree.js';
import { parseResumeSchema } from '../resume/schema.js';
import { callsWithId, findTopLevelKey } from '../state/identity.js';
import {
  type DecisionTarget,
  HUMAN_TOOL_STATUSES,
  NO_VALUE,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
} from '../state/state.js';
import { type Fields, invalid, nonEmpty, type Value } from './chunk.js';
import { topRunId } from './run.js';
import { raisedInSubagent, repeatsSuspension, requestShown, samePayload } from './shown.js';
import { topCall } from './tools.js';

// Approvals and suspensions in AI SDK streams: the requests that wait for a person, and the call
// each one belongs to.

const sameTarget = (a: DecisionTarget | undefined, b: DecisionTarget): boolean =>
  a !== undefined && sameDecisionTarget(a, b);

/** `tool-approval-request.approvalId` is `${runId}::${toolCallId}`; the runId may contain `::`. */
function splitApprovalId(approvalId: string): DecisionTarget | undefined {
  const at = approvalId.lastIndexOf('::');
  if (at <= 0 || at + 2 >= approvalId.length) return undefined;
  return { runId: approvalId.slice(0, at), toolCallId: approvalId.slice(at + 2) };
}

/** Whether the call `toolCallId`, or a call under it at any depth, has an approval to `target`. */
function findApproval(ctx: Ctx, toolCallId: string, target: DecisionTarget): boolean {
  const key = outerCallKey(ctx, { ...target, toolCallId });
  const call = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  if (call === undefined || endedOutsideReplay(ctx, call)) return false;
  if (sameTarget(call.approval?.target, target)) return true;
  const approved = (nested: ToolCallState) => sameTarget(nested.approval?.target, target);
  return latestNestedCall(ctx.draft.root, call, approved) !== undefined;
}

/**
 * Whether `call` ended in the current message, which is not sent again from its start. (A request
 * part for a call of an earlier message is that message's, sent again.)
 */
function endedOutsideReplay(ctx: Ctx, call: ToolCallState): boolean {
  const runId = topRunId(ctx);
  return (
    TERMINAL_TOOL_STATUSES.has(call.status) &&
    call.runId === runId &&
    ctx.draft.cursor().aiSdkReplayRunId !== runId
  );
}

/**
 * The call a request to `target` goes to when the call it names ended. Sent again (a call of an
 * earlier message or of another Mastra run, or the message sent again from its start), none: it
 * changes nothing. Else it is never dropped: a later step of the run that asked the ended call
 * reused its id, so the request asks anew on a call of its own (for a top-level call); any other
 * request for an ended call is an issue.
 */
function askedAnew(
  ctx: Ctx,
  call: ToolCallState,
  target: DecisionTarget,
  toolName?: string,
): ToolCallState | undefined {
  const asked = call.approval?.target ?? call.suspension?.target;
  if (!endedOutsideReplay(ctx, call) || asked?.runId !== target.runId) return undefined;
  if (call.kind === 'tool' && call.parentToolCallId === null && call.brokenOff === undefined) {
    return topCall(ctx, call.toolCallId, toolName, 'new');
  }
  addIssue(ctx, {
    kind: 'decision',
    message: `A request for ${call.toolName} came for a call that already ended`,
    toolCallId: call.toolCallId,
  });
  return undefined;
}

/** The target of the request `call`, or the innermost call under it, waits on. */
function requestTarget(ctx: Ctx, call: ToolCallState): DecisionTarget | undefined {
  const asked = (c: ToolCallState) =>
    HUMAN_TOOL_STATUSES.has(c.status) ? (c.approval?.target ?? c.suspension?.target) : undefined;
  const own = asked(call);
  if (own !== undefined || call.kind === 'tool') return own;
  const inner = latestOpenNested(ctx, call, { asked: true }, (c) => asked(c) !== undefined);
  return inner === undefined ? undefined : asked(inner);
}

/** Whether `call` asked a person with a request to `target`, whatever became of it. */
const askedAt = (call: ToolCallState, target: DecisionTarget): boolean =>
  sameTarget(call.approval?.target ?? call.suspension?.target, target);

/** The call, `call` or one under it at any depth, that asked with a request to `target`. */
function askedBefore(
  ctx: Ctx,
  call: ToolCallState,
  target: DecisionTarget,
): ToolCallState | undefined {
  if (askedAt(call, target)) return call;
  if (call.kind === 'tool') return undefined;
  return latestNestedCall(ctx.draft.root, call, (c) => askedAt(c, target));
}

/**
 * The call a request part's `toolCallId` names: the newest call with it, unless that one waits on
 * a request of another target while an older call waits on this one, or asked it and has moved on
 * (answered, ended). Then the part is an earlier run's again (a replayed stream), and belongs to
 * that run's call: every run of a chat that repeats toolCallIds and arguments asks alike, and
 * only the target tells them apart.
 */
function outerCallKey(ctx: Ctx, target: DecisionTarget): string | undefined {
  const newest = findTopLevelKey(ctx.draft.root, target.toolCallId);
  if (newest === undefined) return undefined;
  reopenNamed(ctx, newest);
  const { root } = ctx.draft;
  const asked = requestTarget(ctx, root.toolCalls.get(newest)!);
  if (asked === undefined || sameTarget(asked, target)) return newest;
  const calls = callsWithId(root, target.toolCallId).filter((c) => c.parentToolCallId === null);
  const own = calls.find((call) => sameTarget(requestTarget(ctx, call), target));
  if (own !== undefined) return own.key;
  for (let i = calls.length - 1; i >= 0; i--) {
    if (askedBefore(ctx, calls[i]!, target) !== undefined) return calls[i]!.key;
  }
  return newest;
}

/**
 * The call a human request belongs to. For a request raised inside a subagent, Mastra names the
 * outer `agent-*` call (with the inner tool's name for approvals, its own for suspensions); the
 * request goes to the inner call, and an approval that a v6 `tool-approval-request` put on the
 * outer call moves with it. None, with an issue, for an approval whose arguments no open call of
 * its tool inside was made with (see `refusedOtherArgs`).
 */
function humanCallKey(
  ctx: Ctx,
  target: DecisionTarget,
  toolName: string,
  data: Fields,
  suspension: boolean,
): string | undefined {
  const outerKey = outerCallKey(ctx, target);
  const outer = outerKey === undefined ? undefined : ctx.draft.root.toolCalls.get(outerKey);
  // A suspension part names the outer call itself. The inner call is the open one that asked this
  // request already (the part sent again), else the one open call inside that can have asked it
  // (an approval's tool and arguments name it among several); never a guess between several.
  const named = outer !== undefined && outer.toolName !== toolName;
  if (outer !== undefined && outer.kind !== 'tool' && (named || suspension)) {
    const args = named ? data.args : undefined;
    const again = (call: ToolCallState) =>
      !TERMINAL_TOOL_STATUSES.has(call.status) &&
      (suspension
        ? sameTarget(call.suspension?.target, target) &&
          Object.hasOwn(call.raw, 'suspendPayload') &&
          sameValue(call.raw.suspendPayload, data.suspendPayload)
        : sameTarget(call.approval?.target, target) &&
          call.approval!.toolName === toolName &&
          Object.hasOwn(call.raw, 'approvalArgs') &&
          sameValue(call.raw.approvalArgs, args));
    const asked = latestOpenNested(ctx, outer, { asked: true }, again)?.key;
    if (asked === undefined && named && refusedOtherArgs(ctx, outer, toolName, args, target))
      return undefined;
    const innerId = asked ?? askingCall(ctx, outer, named ? toolName : undefined, args)?.key;
    if (asked === undefined && innerId !== undefined) {
      // A new request to a target another call inside still waits on: that call waits no more.
      const field = suspension ? 'suspension' : 'approval';
      const waits = (call: ToolCallState) =>
        call.key !== innerId && HUMAN_TOOL_STATUSES.has(call.status) && askedAt(call, target);
      const beside = latestOpenNested(ctx, outer, { asked: true }, waits);
      const inner = ctx.draft.root.toolCalls.get(innerId)!;
      if (beside !== undefined) takeOver(ctx, inner, field, target, () => false, beside);
    }
    if (innerId !== undefined) {
      if (outer.status === 'approval-requested' && sameTarget(outer.approval?.target, target)) {
        const editable = ctx.draft.toolCall(outer.key)!;
        delete editable.approval;
        editable.status = editable.input.kind === 'none' ? 'input-streaming' : 'input-available';
      }
      return innerId;
    }
  }
  // Nothing open asks: the call that asked this request before, when one did (the part is a
  // replay, which changes nothing on an ended call), else the newest call with the id.
  const before = outer === undefined ? undefined : askedBefore(ctx, outer, target);
  return before?.key ?? topCall(ctx, target.toolCallId, toolName, 'any').key;
}

/**
 * An approval part that repeats the request shown (tool, target, arguments, schema) changes
 * nothing: the call keeps its identity. Arguments that show hidden are compared as they came.
 * Client-transformed calls are not judged here.
 */
function repeatsApproval(
  ctx: Ctx,
  call: ToolCallState,
  toolName: string,
  data: Fields,
  target: DecisionTarget,
): boolean {
  const previous = call.approval;
  return (
    previous !== undefined &&
    clientTransformFor(ctx.options.transforms, toolName) === undefined &&
    (call.status === 'approval-requested' || call.status === 'approval-responded') &&
    call.input.kind !== 'none' &&
    previous.toolName === toolName &&
    sameTarget(previous.target, target) &&
    (previous.args.kind === 'raw'
      ? sameValue(previous.args.value, data.args)
      : Object.hasOwn(call.raw, 'approvalArgs') && sameValue(call.raw.approvalArgs, data.args)) &&
    (previous.resumeSchema !== undefined || data.resumeSchema === undefined)
  );
}

/** `tool-approval-request` (AI SDK v6): the call waits for approval. */
export function onApprovalRequest(ctx: Ctx, value: Value): void {
  const target = splitApprovalId(value.approvalId as string);
  if (target === undefined) {
    invalid(
      ctx,
      value,
      'tool-approval-request has an approvalId without a "runId::toolCallId" target',
      value.toolCallId as string,
    );
    return;
  }
  // The data-tool-call-approval that carries the same request may already have been applied.
  if (findApproval(ctx, value.toolCallId as string, target)) return;
  let call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) {
    const anew = askedAnew(ctx, call, target);
    if (anew === undefined) return;
    call = anew;
  }
  // The data part with the approval phase's arguments may follow; under a transform (a client's
  // or the server's) the input's view is not that phase's, so they wait for it, as on an `agent-*`
  // call (whose data part names the inner tool's). Input still streaming is none yet, even parsed
  // whole (Mastra asks after the whole input; deltas are the input phase's view); so is a repeat's.
  const { input, approval } = call;
  const viewed =
    call.displayTransform === 'display' || input.kind === 'hidden' || input.kind === 'transformed';
  const args =
    (input.kind === 'raw' && call.status === 'input-streaming') || approval?.args.kind === 'none'
      ? NO_VALUE
      : clientTransformFor(ctx.options.transforms, call.toolName) === undefined &&
          call.kind !== 'agent' &&
          !viewed
        ? input
        : pendingValue();
  requestApproval(ctx, call, { toolName: call.toolName, args, resumeSchema: undefined, target });
}

/** The `data` of an approval or suspension part, or undefined after recording an issue. */
function humanData(ctx: Ctx, value: Value) {
  const data = value.data as Fields;
  const runId = nonEmpty(data.runId);
  const toolCallId = nonEmpty(data.toolCallId);
  const toolName = nonEmpty(data.toolName);
  if (runId === undefined || toolCallId === undefined || toolName === undefined) {
    invalid(ctx, value, `${value.type} needs data.runId, data.toolCallId and data.toolName`);
    return undefined;
  }
  return { data, target: { runId, toolCallId }, toolName };
}

/** Applies an approval or suspension part to the call it belongs to. */
export function onHumanData(ctx: Ctx, value: Value): void {
  const parsed = humanData(ctx, value);
  if (parsed === undefined) return;
  const { data, target, toolName } = parsed;
  let key = humanCallKey(ctx, target, toolName, data, value.type === 'data-tool-call-suspended');
  if (key === undefined) return;
  let current = ctx.draft.root.toolCalls.get(key)!;
  const approval = value.type === 'data-tool-call-approval';
  if (TERMINAL_TOOL_STATUSES.has(current.status)) {
    const anew = askedAnew(ctx, current, target, toolName);
    if (anew === undefined) return;
    key = anew.key;
    current = anew;
  }
  if (approval && repeatsApproval(ctx, current, toolName, data, target)) return;
  const resumeSchema = parseResumeSchema(data.resumeSchema);
  if (!approval && repeatsSuspension(ctx, current, data, target, resumeSchema)) return;
  const call = ctx.draft.toolCall(key)!;
  if (approval) {
    if (call.input.kind === 'none' && data.args !== undefined)
      call.input = requestShown(ctx, call, 'input-available', data.args);
    const previous = call.approval;
    requestApproval(ctx, call, {
      toolName,
      args: requestShown(ctx, call, 'approval', data.args),
      // Arguments that show hidden, or as a client transform's view, are compared as they came,
      // so a changed request is a new one even where the view stays the same.
      ...(raisedInSubagent(call) || clientTransformFor(ctx.options.transforms, toolName)
        ? { rawArgs: data.args }
        : {}),
      resumeSchema,
      target,
    });
    // The same request may bring the schema a v6 `tool-approval-request` did not carry.
    const current = call.approval!;
    if (current.revision === previous?.revision && current.resumeSchema === undefined) {
      if (resumeSchema !== undefined) call.approval = { ...current, resumeSchema };
    }
    return;
  }
  const previous = call.suspension;
  const payload = requestShown(ctx, call, 'suspend', data.suspendPayload);
  // Another payload (compared raw: one raised inside a subagent shows hidden whatever it is),
  // schema or target is a new suspension (`suspend`: the next revision, which waits for a person
  // again; one that names another run or call to resume says so).
  const same =
    sameTarget(previous?.target, target) &&
    sameValue(previous!.payload, payload) &&
    samePayload(call, data.suspendPayload, payload) &&
    sameSchema(ctx, call, resumeSchema);
  call.raw = { ...call.raw, suspendPayload: data.suspendPayload };
  if (!same) {
    suspend(
      ctx,
      call,
      { payload, resumeSchema },
      target,
      !!previous && otherTarget(previous.target, target),
    );
    return;
  }
  // The same suspension shown again (a replay) keeps its revision and the data sent to resume it.
  call.suspension = {
    payload,
    resumeSchema,
    target,
    revision: previous!.revision,
    ...(previous!.resumeData !== undefined ? { resumeData: previous!.resumeData } : {}),
  };
  if (call.status !== 'approval-responded') moveTo(call, 'suspended');
}
