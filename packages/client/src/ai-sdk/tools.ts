import { pushProgress } from '../mastra/tools.js';
import { inputMayChange, requestApproval, sameValue } from '../reducer/approval.js';
import { type Ctx, TOP } from '../reducer/context.js';
import { HIDDEN_INPUT_ERROR } from '../reducer/hide.js';
import { findNestedCall } from '../reducer/human.js';
import { type CallMode, ensureCall, moveTo, setEnded } from '../reducer/lifecycle.js';
import { showSubagentOutput } from '../reducer/redact.js';
import { clientTransformFor, pendingValue, suppressedValue } from '../reducer/transform.js';
import { latestNestedCall } from '../reducer/tree.js';
import { parseResumeSchema } from '../resume/schema.js';
import type { Mutable } from '../state/draft.js';
import { callsWithId, findCallKey } from '../state/identity.js';
import {
  type DecisionTarget,
  HUMAN_TOOL_STATUSES,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
} from '../state/state.js';
import { type Fields, invalid, isRecord, nonEmpty, type Value } from './chunk.js';
import { errorMessage, topRunId } from './run.js';
import { pushInputText, shown, shownInput } from './shown.js';
import { settleWorkflowResult } from './workflow.js';

// Tool calls in AI SDK streams, and the approvals and suspensions that wait for a person.

type Call = Mutable<ToolCallState>;

/**
 * A call of the current message's run, created on first sight. Chunks that continue a call
 * (mode `any`: results, errors, approvals) find it in whatever message it started.
 */
export function topCall(
  ctx: Ctx,
  toolCallId: string,
  toolName: string | undefined,
  mode: CallMode = 'open',
): Call {
  return ensureCall(ctx, topRunId(ctx), TOP, toolCallId, toolName, mode);
}

/** `tool-input-start` opens a call. */
export function onInputStart(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, value.toolName as string);
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
}

/** `tool-input-delta`: more of a call's streamed input. */
export function onInputDelta(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (call.status !== 'input-streaming') return;
  pushInputText(ctx, call, value.inputTextDelta as string);
}

/** `tool-input-available`: a call's whole input. */
export function onInputAvailable(ctx: Ctx, value: Value): void {
  const suppressed = deltasSuppressed(ctx, value);
  const call = topCall(ctx, value.toolCallId as string, value.toolName as string);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  const input = suppressed ? suppressedValue() : shownInput(ctx, call, value.input);
  if (inputMayChange(ctx, call, input)) call.input = input;
  if (call.status === 'input-streaming') moveTo(call, 'input-available');
}

/**
 * Whether the call `value` names started streaming its input and no delta came through:
 * @mastra/ai-sdk drops the deltas of a call whose display transform suppresses them, and then
 * sends the whole input raw (protocol §6.4). A client transform for the tool shows its own view.
 */
function deltasSuppressed(ctx: Ctx, value: Value): boolean {
  const key = findCallKey(ctx.draft.root, value.toolCallId as string, topRunId(ctx));
  const before = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  return (
    before?.status === 'input-streaming' &&
    before.inputText === '' &&
    clientTransformFor(ctx.options.transforms, before.toolName) === undefined
  );
}

/**
 * `tool-input-error`: the model's input for a call was invalid, which ends the call. The error
 * text of an invalid input quotes it, so an input not shown raw hides the text as well.
 */
export function onInputError(ctx: Ctx, value: Value): void {
  const suppressed = deltasSuppressed(ctx, value);
  const call = topCall(ctx, value.toolCallId as string, nonEmpty(value.toolName));
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const message = errorMessage(value.errorText as string);
  if (suppressed) call.input = suppressedValue();
  else if (value.input !== undefined) call.input = shownInput(ctx, call, value.input);
  const client = clientTransformFor(ctx.options.transforms, call.toolName) !== undefined;
  const hidden =
    !client &&
    ((call.input.kind === 'hidden' && call.input.reason !== 'pending') ||
      call.displayTransform === 'display');
  call.inputError = client || hidden ? HIDDEN_INPUT_ERROR : message;
  call.error = hidden ? suppressedValue() : shown(ctx, call, 'error', message);
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

/** What the model saw of a result (`toModelOutput`), from `providerMetadata.mastra`. */
export function modelOutputOf(providerMetadata: unknown): unknown {
  const mastra = isRecord(providerMetadata) ? providerMetadata.mastra : undefined;
  return isRecord(mastra) ? mastra.modelOutput : undefined;
}

/** `tool-output-available`: a call's result, or a preliminary output. */
export function onOutputAvailable(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (value.preliminary === true) {
    pushProgress(ctx, call, value.output);
    return;
  }
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  const modelOutput = modelOutputOf(value.providerMetadata);
  if (modelOutput !== undefined) {
    if (call.displayTransform === 'display') call.raw = { ...call.raw, modelOutput };
    else call.modelOutput = modelOutput;
  }
  const output = shown(ctx, call, 'output-available', value.output);
  call.output = showSubagentOutput(ctx.draft.root, ctx.options.transforms, call, output);
  settleWorkflowResult(ctx, call, value.output);
  moveTo(call, 'output-available');
  setEnded(ctx, call);
}

/** `tool-output-error`: the call failed. */
export function onOutputError(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.error = shown(ctx, call, 'error', errorMessage(value.errorText as string));
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

/** `tool-output-denied`: a person declined the call. */
export function onDenied(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  // The stream carries no reason; keep the one a local decision recorded.
  if (call.approval !== undefined && call.approval.decision?.approved !== false) {
    const { error: _, ...approval } = call.approval;
    call.approval = { ...approval, decision: { approved: false } };
  }
  moveTo(call, 'output-denied');
  setEnded(ctx, call);
}

// ---------------------------------------------------------------------------------------------
// Approvals and suspensions

const sameTarget = (a: DecisionTarget | undefined, b: DecisionTarget): boolean =>
  a !== undefined && a.runId === b.runId && a.toolCallId === b.toolCallId;

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
  if (call === undefined) return false;
  if (sameTarget(call.approval?.target, target)) return true;
  const approved = (nested: ToolCallState) => sameTarget(nested.approval?.target, target);
  return latestNestedCall(ctx.draft.root, call, approved) !== undefined;
}

/** The target of the request `call`, or the innermost call under it, waits on. */
function requestTarget(ctx: Ctx, call: ToolCallState): DecisionTarget | undefined {
  const asked = (c: ToolCallState) =>
    HUMAN_TOOL_STATUSES.has(c.status) ? (c.approval?.target ?? c.suspension?.target) : undefined;
  const own = asked(call);
  if (own !== undefined || call.kind === 'tool') return own;
  const inner = findNestedCall(ctx, call, (c) => asked(c) !== undefined);
  return inner === undefined ? undefined : asked(ctx.draft.root.toolCalls.get(inner)!);
}

/**
 * The call a request part's `toolCallId` names: the newest call with it, unless that one waits on
 * a request of another target while an older call waits on this one. Then the part is an earlier
 * run's again (a replayed stream), and belongs to that run's call: every run of a chat that
 * repeats toolCallIds and arguments asks alike, and only the target tells them apart.
 */
function outerCallKey(ctx: Ctx, target: DecisionTarget): string | undefined {
  const { root } = ctx.draft;
  const newest = findCallKey(root, target.toolCallId, undefined);
  if (newest === undefined) return undefined;
  const asked = requestTarget(ctx, root.toolCalls.get(newest)!);
  if (asked === undefined || sameTarget(asked, target)) return newest;
  const own = callsWithId(root, target.toolCallId).find((call) =>
    sameTarget(requestTarget(ctx, call), target),
  );
  return own?.key ?? newest;
}

/**
 * The call a human request belongs to. For a request raised inside a subagent, Mastra names the
 * outer `agent-*` call (with the inner tool's name for approvals, its own for suspensions); the
 * request goes to the inner call, and an approval that a v6 `tool-approval-request` put on the
 * outer call moves with it.
 */
function humanCallKey(
  ctx: Ctx,
  target: DecisionTarget,
  toolName: string,
  suspension: boolean,
): string {
  const outerKey = outerCallKey(ctx, target);
  const outer = outerKey === undefined ? undefined : ctx.draft.root.toolCalls.get(outerKey);
  // A suspension part names the outer call itself: the inner call is the innermost open one.
  const named = outer !== undefined && outer.toolName !== toolName;
  if (outer !== undefined && outer.kind !== 'tool' && (named || suspension)) {
    const innerId = findNestedCall(
      ctx,
      outer,
      (call) => (!named || call.toolName === toolName) && !TERMINAL_TOOL_STATUSES.has(call.status),
    );
    if (innerId !== undefined) {
      if (outer.status === 'approval-requested' && sameTarget(outer.approval?.target, target)) {
        const editable = ctx.draft.toolCall(outer.key)!;
        delete editable.approval;
        editable.status = editable.input.kind === 'none' ? 'input-streaming' : 'input-available';
      }
      return innerId;
    }
  }
  return topCall(ctx, target.toolCallId, toolName, 'any').key;
}

/**
 * An approval part that repeats the request shown (tool, target, arguments, schema) changes
 * nothing: the call keeps its identity. Client-transformed calls are not judged here.
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
    previous.args.kind === 'raw' &&
    sameValue(previous.args.value, data.args) &&
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
  const call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  // The data part with the approval phase's arguments may follow; under a client transform the
  // input's view is not that phase's, so the arguments wait for it.
  const args =
    clientTransformFor(ctx.options.transforms, call.toolName) === undefined
      ? call.input
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
  const key = humanCallKey(ctx, target, toolName, value.type === 'data-tool-call-suspended');
  const current = ctx.draft.root.toolCalls.get(key)!;
  const approval = value.type === 'data-tool-call-approval';
  if (TERMINAL_TOOL_STATUSES.has(current.status)) return;
  if (approval && repeatsApproval(ctx, current, toolName, data, target)) return;
  const call = ctx.draft.toolCall(key)!;
  const resumeSchema = parseResumeSchema(data.resumeSchema);
  if (approval) {
    if (call.input.kind === 'none' && data.args !== undefined)
      call.input = shown(ctx, call, 'input-available', data.args);
    const previous = call.approval;
    requestApproval(ctx, call, {
      toolName,
      args: shown(ctx, call, 'approval', data.args),
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
  const same = sameTarget(previous?.target, target);
  call.suspension = {
    payload: shown(ctx, call, 'suspend', data.suspendPayload),
    resumeSchema,
    target,
    ...(same && previous?.resumeData !== undefined ? { resumeData: previous.resumeData } : {}),
  };
  if (!(same && call.status === 'approval-responded')) moveTo(call, 'suspended');
}
