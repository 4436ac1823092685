import { madeWith, pushProgress } from '../mastra/tools.js';
import { inputMayChange } from '../reducer/approval.js';
import type { CallMode } from '../reducer/call-key.js';
import { type Ctx, TOP } from '../reducer/context.js';
import { refusalError } from '../reducer/display.js';
import { errorMessage, isRefusal } from '../reducer/error-text.js';
import { HIDDEN_INPUT_ERROR, markDisplayTransformed } from '../reducer/hide.js';
import { ensureCall, moveTo, otherTool, setEnded } from '../reducer/lifecycle.js';
import { showSubagentOutput } from '../reducer/redact.js';
import { inputSentAgain, namedCallKey } from '../reducer/reopen.js';
import { clientTransformFor, suppressedValue } from '../reducer/transform.js';
import { setUndoably } from '../reducer/undo.js';
import { failWorkflow, workflowFailure, workflowFromResult } from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { isRecord, nonEmpty, type Value } from './chunk.js';
import { topRunId } from './run.js';
import { pushInputText, shown, shownInput } from './shown.js';
import { noteWorkflowBound, settleWorkflowResult } from './workflow.js';

// Tool calls in AI SDK streams, and the approvals and suspensions that wait for a person.

type Call = Mutable<ToolCallState>;

/**
 * A call of the current message's run, created on first sight. Chunks that continue a call
 * (mode `any`: results, errors, approvals) find it in whatever message it started, among the
 * top-level calls: a call inside a subagent that repeats its parent's id is never theirs.
 */
export function topCall(
  ctx: Ctx,
  toolCallId: string,
  toolName: string | undefined,
  mode: CallMode = 'open',
): Call {
  return ensureCall(ctx, topRunId(ctx), TOP, toolCallId, toolName, mode === 'any' ? 'top' : mode);
}

/**
 * The call a chunk that begins a call names (`tool-input-start`, or `tool-input-available` and
 * `tool-input-error` of a call whose input did not stream). A model that numbers its calls per
 * request gives each step's first call one id, and may reuse an ended call's id with the same
 * input in a later step; the AI SDK's own reader starts a part of its own for it, so when the
 * message's newest call with the id already ended, this is a call of its own, unless the message
 * is being sent again from its start (see `Cursor.aiSdkReplayRunId`). Undefined when it names an
 * open call of another tool (see `otherTool`).
 */
function beginCall(ctx: Ctx, value: Value): Call | undefined {
  const toolCallId = value.toolCallId as string;
  const runId = topRunId(ctx);
  if (otherTool(ctx, runId, toolCallId, value.toolName)) return;
  if (ctx.draft.cursor().aiSdkReplayRunId === runId) {
    return topCall(ctx, toolCallId, nonEmpty(value.toolName));
  }
  const key = namedCallKey(ctx, toolCallId, runId);
  const before = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  const ended =
    before?.runId === runId &&
    before.parentToolCallId === null &&
    TERMINAL_TOOL_STATUSES.has(before.status);
  return topCall(ctx, toolCallId, nonEmpty(value.toolName), ended ? 'new' : 'open');
}

/** `tool-input-start` opens a call. */
export function onInputStart(ctx: Ctx, value: Value): void {
  const call = beginCall(ctx, value);
  if (!call) return;
  inputSentAgain(ctx, call);
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
}

/** `tool-input-delta`: more of a call's streamed input. */
export function onInputDelta(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (call.status !== 'input-streaming') return;
  pushInputText(ctx, call, value.inputTextDelta as string);
}

/**
 * The input a part carries, as it came: compared with the input a call waiting for approval keeps
 * as it came (one it does not show so, see `noteHiddenInput`), whatever is shown of either.
 */
const cameAs = (value: Value) => (value.input === undefined ? undefined : { args: value.input });

/** `tool-input-available`: a call's whole input. */
export function onInputAvailable(ctx: Ctx, value: Value): void {
  const suppressed = deltasSuppressed(ctx, value);
  const call = beginCall(ctx, value);
  if (!call || TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  // Deltas dropped are a display transform's mark: what the call and its run show is its view.
  if (suppressed) markDisplayTransformed(ctx, call);
  const input = suppressed ? suppressedValue() : shownInput(ctx, call, value.input);
  if (inputMayChange(ctx, call, input, cameAs(value))) call.input = input;
  noteHiddenInput(call, value.input);
  if (call.status === 'input-streaming') moveTo(call, 'input-available');
}

/**
 * Keeps the input an AI SDK stream brings for a call that does not show it as it came (hidden,
 * or a client transform's view): that input is the raw value (protocol §6.4), and its parts may
 * come back quoted in the call's result or error.
 */
function noteHiddenInput(call: Call, input: unknown): void {
  const { kind } = call.input;
  if (
    kind !== 'raw' &&
    kind !== 'none' &&
    input !== undefined &&
    !Object.hasOwn(call.raw, 'input')
  ) {
    call.raw = { ...call.raw, input };
  }
}

/**
 * Whether the call `value` names started streaming its input and no delta came through:
 * @mastra/ai-sdk drops the deltas of a call whose display transform suppresses them, and then
 * sends the whole input raw (protocol §6.4). A client transform for the tool shows its own view.
 */
function deltasSuppressed(ctx: Ctx, value: Value): boolean {
  const key = namedCallKey(ctx, value.toolCallId as string, topRunId(ctx));
  const before = key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  if (before === undefined) return false;
  // A call that reuses the id of an ended call that hid its input, with that input (a later
  // step's call, or the chunk sent again): the same tool, transformed the same way.
  if (TERMINAL_TOOL_STATUSES.has(before.status))
    return (
      before.displayTransform === 'display' &&
      value.input !== undefined &&
      Object.hasOwn(before.raw, 'input') &&
      madeWith(before, value.input)
    );
  return (
    before.status === 'input-streaming' &&
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
  const call =
    value.input === undefined
      ? topCall(ctx, value.toolCallId as string, nonEmpty(value.toolName))
      : beginCall(ctx, value);
  if (!call || TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const message = errorMessage(value.errorText as string);
  // The arguments a person was asked to approve stay those the call shows (an issue says so).
  const next = suppressed
    ? suppressedValue()
    : value.input === undefined
      ? undefined
      : shownInput(ctx, call, value.input);
  if (next !== undefined && inputMayChange(ctx, call, next, cameAs(value))) {
    call.input = next;
    noteHiddenInput(call, value.input);
  }
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

/** The task of a result that says its tool went on in the background, from its metadata. */
function runningTaskOf(providerMetadata: unknown): string | undefined {
  const mastra = isRecord(providerMetadata) ? providerMetadata.mastra : undefined;
  const task = isRecord(mastra) ? mastra.backgroundTask : undefined;
  return isRecord(task) && task.status === 'running' ? nonEmpty(task.taskId) : undefined;
}

/** What the model saw of a result (`toModelOutput`), from `providerMetadata.mastra`. */
export function modelOutputOf(providerMetadata: unknown): unknown {
  const mastra = isRecord(providerMetadata) ? providerMetadata.mastra : undefined;
  return isRecord(mastra) ? mastra.modelOutput : undefined;
}

/** Whether a part's metadata says a display transform made its values (Mastra memory's parts). */
const displayMade = (value: Value) => {
  const mastra = isRecord(value.providerMetadata) ? value.providerMetadata.mastra : undefined;
  return isRecord(mastra) && isRecord(mastra.toolPayloadTransform)
    ? isRecord(mastra.toolPayloadTransform.display)
    : false;
};

/** `tool-output-available`: a call's result, or a preliminary output. */
export function onOutputAvailable(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined, 'any');
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (value.preliminary === true) {
    pushProgress(ctx, call, value.output);
    return;
  }
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  // A tool moved to the background answers at once with a notice for the model, as natively: its
  // real outcome comes later as `data-background-task-*`.
  const taskId = runningTaskOf(value.providerMetadata);
  if (taskId !== undefined) {
    call.modelOutput = value.output;
    setUndoably(ctx.draft.undo, ctx.scratch.taskCalls, taskId, call.key);
    call.background = { ...call.background, taskId, status: 'running' };
    moveTo(call, 'input-available');
    return;
  }
  const modelOutput = modelOutputOf(value.providerMetadata);
  if (modelOutput !== undefined) {
    if (call.displayTransform === 'display') call.raw = { ...call.raw, modelOutput };
    else call.modelOutput = modelOutput;
  }
  // Mastra answers arguments (or an output) its schema refuses with a result: the call failed.
  if (isRefusal(value.output)) {
    const output = shown(ctx, call, 'output-available', value.output, displayMade(value));
    call.error = refusalError(output);
    moveTo(call, 'output-error');
    setEnded(ctx, call);
    return;
  }
  // A workflow tool reports a failed run as its result `{ error, runId }`.
  const failure = workflowFailure(call, value.output);
  if (failure !== undefined) {
    call.error = shown(ctx, call, 'error', failure);
    failWorkflow(ctx, call, failure);
    moveTo(call, 'output-error');
    setEnded(ctx, call);
    return;
  }
  const output = shown(ctx, call, 'output-available', value.output, displayMade(value));
  call.output = showSubagentOutput(ctx.draft.root, ctx.options.transforms, call, output);
  workflowFromResult(ctx, call, value.output);
  noteWorkflowBound(ctx, call);
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
