import type { MastraChunk } from '../chunks/mastra.js';
import { inputMayChange } from '../reducer/approval.js';
import { withoutBesideEchoes } from '../reducer/beside.js';
import type { Ctx, Scope } from '../reducer/context.js';
import { displayed, learn, refusalError, streamedInput } from '../reducer/display.js';
import { withoutEchoes } from '../reducer/echo.js';
import { errorText, isRefusal } from '../reducer/error-text.js';
import { markDisplayTransformed, runHasDisplayTransform } from '../reducer/hide.js';
import { showRequestInput } from '../reducer/human.js';
import {
  ensureCall,
  moveTo,
  otherCall,
  otherTool,
  parserFor,
  setEnded,
} from '../reducer/lifecycle.js';
import { showSubagentOutput } from '../reducer/redact.js';
import { inputSentAgain, namedCallKey } from '../reducer/reopen.js';
import { replayProgress } from '../reducer/replay.js';
import { beginsAnew, endSentAgain } from '../reducer/retry.js';
import { sameValue } from '../reducer/same-value.js';
import {
  fromPhase,
  pendingValue,
  readDisplayMetadata,
  suppressedValue,
} from '../reducer/transform.js';
import { setUndoably } from '../reducer/undo.js';
import {
  failWorkflow,
  maskedFailure,
  workflowFailure,
  workflowFromResult,
} from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import { callWithArgs, noteCallArgs } from '../state/draft-repeats.js';
import { findCallKey } from '../state/identity.js';
import { argsOf, endedByMastra } from '../state/repeats.js';
import {
  type ApprovalState,
  type DisplayValue,
  NO_VALUE,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
} from '../state/state.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;
type Call = Mutable<ToolCallState>;

/** `tool-call-input-streaming-start`: the call exists, its arguments are about to stream. */
export function onInputStart(
  ctx: Ctx,
  chunk: Chunk<'tool-call-input-streaming-start'>,
  scope: Scope,
) {
  const p = chunk.payload;
  if (otherTool(ctx, chunk.runId, p.toolCallId, p.toolName)) return;
  const again = beginsAnew(ctx, chunk.runId, namedCallKey(ctx, p.toolCallId, chunk.runId));
  const call = ensureCall(
    ctx,
    chunk.runId,
    scope,
    p.toolCallId,
    p.toolName,
    again ? 'new' : 'open',
  );
  inputSentAgain(ctx, call);
  if (p.providerExecuted !== undefined) call.providerExecuted = p.providerExecuted;
}

/** `tool-call-delta`: a piece of the streamed arguments, parsed incrementally. */
export function onInputDelta(ctx: Ctx, chunk: Chunk<'tool-call-delta'>, scope: Scope) {
  const p = chunk.payload;
  // One lookup serves the check and the call (mode `open` finds the call in the chunk's run).
  const key = findCallKey(ctx.draft.root, p.toolCallId, chunk.runId);
  if (otherCall(ctx, key, p.toolCallId, p.toolName)) return;
  const toolName = typeof p.toolName === 'string' ? p.toolName : undefined;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, toolName, 'open', key);
  const metadata = readDisplayMetadata(chunk.metadata);
  if (call.status !== 'input-streaming') {
    // Past its input (sent again, or ended by the client when its stream broke off before the
    // transform was known), a call still learns that a transform hides it.
    if (metadata !== undefined) markDisplayTransformed(ctx, call);
    return;
  }
  learn(ctx, call, metadata, true);
  // Hidden arguments are not parsed: nothing shows the parse, and its errors quote the text.
  const snapshot =
    call.displayTransform === 'display' ? undefined : parserFor(ctx, call).push(p.argsTextDelta);
  call.inputText += p.argsTextDelta;
  if (!snapshot) {
    const entry = metadata?.['input-delta'];
    call.input = entry?.suppress || entry?.failed ? suppressedValue() : pendingValue();
    return;
  }
  if (snapshot.error !== undefined) call.inputError = snapshot.error.message;
  call.partialInput = snapshot;
  call.input = streamedInput(snapshot) ?? call.input;
}

/**
 * Whether a call was made with `args`, as far as the state knows its arguments (see `argsOf`):
 * one whose arguments it does not know may have been.
 */
export function madeWith(call: ToolCallState, args: unknown): boolean {
  const before = argsOf(call);
  return before === undefined || sameValue(before, args);
}

/**
 * The call a `tool-call` (or a result) names when its run already had a call with the id (`key`)
 * that Mastra ended: null for a call of its own, with other arguments (a model that numbers its
 * calls per request gives each step's first call one id); else the ended call, or the call of the
 * run with the id that had these arguments (a replayed stream sends an earlier call again as it
 * was). Each call of the run with the id but the newest is noted with its arguments by the time a
 * later one comes, so this is O(1) however many steps repeated the id.
 */
function repeated(
  ctx: Ctx,
  { runId, payload }: { runId: string; payload: { toolCallId: string; args?: unknown } },
  key: string | undefined,
) {
  const { draft } = ctx;
  const ended = key === undefined ? undefined : draft.root.toolCalls.get(key);
  // A call the client ended (its stream broke off, or was stopped) had no result of its own yet.
  if (ended === undefined || !endedByMastra(ended)) return key;
  const args = payload.args;
  const had = (call: ToolCallState | undefined) => call?.runId === runId && madeWith(call, args);
  if (had(ended)) return key;
  if (ended.runId === runId) noteCallArgs(draft, ended);
  const noted = callWithArgs(draft, payload.toolCallId, runId, args);
  return had(noted) ? noted!.key : null;
}

/** `tool-call`: the whole arguments; the call may run. */
export function onToolCall(ctx: Ctx, chunk: Chunk<'tool-call'>, scope: Scope) {
  const p = chunk.payload;
  if (otherTool(ctx, chunk.runId, p.toolCallId, p.toolName)) return;
  const key = namedCallKey(ctx, p.toolCallId, chunk.runId);
  const target = beginsAnew(ctx, chunk.runId, key) ? null : repeated(ctx, chunk, key);
  const existed = typeof target === 'string';
  // A replayed call that is not the run's newest with the id is that earlier call.
  const earlier = typeof target === 'string' && target !== key ? target : undefined;
  const call =
    earlier === undefined
      ? ensureCall(
          ctx,
          chunk.runId,
          scope,
          p.toolCallId,
          p.toolName,
          target === null ? 'new' : 'open',
        )
      : ctx.draft.toolCall(earlier)!;
  // After streamed input Mastra emits a synthetic tool-call without metadata: no evidence. A
  // call of its own that repeats an ended call's id may follow input that streamed to that id
  // (its deltas, and their transform metadata, reached the ended call): no evidence either, and
  // its input shows once its result or request says how.
  const synthetic = existed && call.status === 'input-streaming';
  const metadata = readDisplayMetadata(chunk.metadata);
  const unsure = target === null && metadata === undefined;
  learn(ctx, call, metadata, !synthetic && !unsure);
  if ((synthetic || unsure) && metadata === undefined && call.displayTransform === 'unknown') {
    if (runHasDisplayTransform(ctx, call.runId)) markDisplayTransformed(ctx, call);
  }
  const args = p.args;
  const view = displayed(ctx, call, metadata, 'input-available', args);
  const shown = unsure && view.kind === 'raw' ? NO_VALUE : view;
  if (!inputMayChange(ctx, call, shown, { args })) return;
  call.raw = { ...call.raw, input: args };
  if (p.providerExecuted !== undefined) call.providerExecuted = p.providerExecuted;
  // Keep a transformed value that arrived earlier rather than replacing it with "pending".
  if (
    !(shown.kind === 'hidden' && shown.reason === 'pending' && call.input.kind === 'transformed')
  ) {
    call.input = shown;
  }
  if (call.status === 'input-streaming') moveTo(call, 'input-available');
}

/**
 * The call a result or an error ends, with its input updated from the chunk; undefined when the
 * call already ended.
 */
function endingCall(ctx: Ctx, chunk: Chunk<'tool-result' | 'tool-error'>, scope: Scope) {
  const p = chunk.payload;
  if (otherTool(ctx, chunk.runId, p.toolCallId, p.toolName)) return undefined;
  let call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (endSentAgain(ctx, call)) return undefined;
  if (TERMINAL_TOOL_STATUSES.has(call.status)) {
    // Mastra sends no `tool-call` for a whole input whose id a call of the run already had: a
    // result with other arguments than every such call's is the call of a later step.
    const later =
      p.args !== undefined &&
      call.runId === chunk.runId &&
      repeated(ctx, { runId: chunk.runId, payload: p }, call.key) === null;
    if (!later) return undefined;
    call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName, 'new');
  }
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(ctx, call, metadata, true);
  const args = p.args;
  if (args !== undefined) {
    // The arguments a person was asked to approve stay those the call shows (an issue says so):
    // compared raw, or as the chunk shows them where the call's raw input is not known.
    const view = displayed(ctx, call, metadata, 'input-available', args);
    if (!inputMayChange(ctx, call, view, { args })) return { call, metadata };
    call.raw = { ...call.raw, input: args };
  }
  const entry = metadata?.['input-available'];
  const { input } = call;
  // `none` also holds back a repeat's input until now (see `onToolCall`).
  if (entry !== undefined) call.input = fromPhase(entry, 'input-available');
  else if (input.kind === 'none' || (input.kind === 'raw' && p.args !== undefined)) {
    call.input = displayed(ctx, call, metadata, 'input-available', call.raw.input);
  }
  return { call, metadata };
}

/** `tool-result`: the call ended with a result (or a background task took it over). */
export function onToolResult(ctx: Ctx, chunk: Chunk<'tool-result'>, scope: Scope) {
  const ending = endingCall(ctx, chunk, scope);
  if (ending === undefined) return;
  const { call, metadata } = ending;
  const p = chunk.payload;
  const mastra = (
    p.providerMetadata as
      | {
          mastra?: {
            modelOutput?: unknown;
            backgroundTask?: { taskId?: unknown; status?: unknown };
          };
        }
      | undefined
  )?.mastra;
  // A tool moved to the background answers at once with a notice for the model; its real result
  // comes later as background-task-completed.
  const background = mastra?.backgroundTask;
  if (typeof background?.taskId === 'string' && background.status === 'running') {
    call.modelOutput = p.result;
    setUndoably(ctx.draft.undo, ctx.scratch.taskCalls, background.taskId, call.key);
    call.background = { ...call.background, taskId: background.taskId, status: 'running' };
    moveTo(call, 'input-available');
    return;
  }
  call.raw = { ...call.raw, output: p.result };
  if (mastra?.modelOutput !== undefined) {
    // Made from the raw result: under a display transform it is not shown.
    if (call.displayTransform === 'display') {
      call.raw = { ...call.raw, modelOutput: mastra.modelOutput };
    } else call.modelOutput = mastra.modelOutput;
  }
  // Mastra answers arguments (or an output) its schema refuses with a result: the call failed.
  const refused = !p.isError && isRefusal(p.result);
  // A workflow tool reports a failed run as its result `{ error, runId }`.
  const failure = p.isError || refused ? undefined : workflowFailure(call, p.result);
  if (refused) {
    call.error = refusalError(displayed(ctx, call, metadata, 'output-available', p.result));
    moveTo(call, 'output-error');
  } else if (p.isError || failure !== undefined) {
    // Mastra transforms a failed workflow's result as an output: its `error` is the one to show.
    const masked = failure === undefined ? undefined : maskedFailure(metadata);
    call.error =
      masked === undefined
        ? displayed(ctx, call, metadata, 'error', failure ?? errorText(p.result))
        : withoutEchoes(call, { kind: 'transformed', value: masked }, true);
    if (failure !== undefined) failWorkflow(ctx, call, failure, masked);
    moveTo(call, 'output-error');
  } else {
    workflowFromResult(ctx, call, p.result);
    const shown = displayed(ctx, call, metadata, 'output-available', p.result);
    call.output = showSubagentOutput(ctx.draft.root, ctx.options.transforms, call, shown);
    moveTo(call, 'output-available');
  }
  setEnded(ctx, call);
}

/** `tool-error`: the call ended with an error. */
export function onToolError(ctx: Ctx, chunk: Chunk<'tool-error'>, scope: Scope) {
  const ending = endingCall(ctx, chunk, scope);
  if (ending === undefined) return;
  const { call, metadata } = ending;
  const p = chunk.payload;
  call.raw = { ...call.raw, error: p.error };
  const entry = metadata?.error;
  call.error =
    entry !== undefined
      ? withoutEchoes(call, fromPhase(entry, 'error'), true)
      : displayed(ctx, call, metadata, 'error', errorText(p.error));
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

/** `tool-output-denied`: a person declined the call. */
export function onDenied(ctx: Ctx, chunk: Chunk<'tool-output-denied'>, scope: Scope) {
  const p = chunk.payload;
  if (otherTool(ctx, chunk.runId, p.toolCallId, p.toolName)) return;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (endSentAgain(ctx, call)) return;
  // A denial carries the arguments and their transform's view, as the request did.
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(ctx, call, metadata, true);
  const args = (p as { args?: unknown }).args;
  showRequestInput(ctx, call, metadata, args, false);
  const reason = p.approval?.reason;
  const decision = { approved: false, ...(reason === undefined ? {} : { reason }) };
  if (call.approval !== undefined) {
    call.approval = { ...call.approval, decision };
    delete (call.approval as Mutable<ApprovalState>).error;
  }
  moveTo(call, 'output-denied');
  setEnded(ctx, call);
}

/** Adds a preliminary output (`tool-output` written by the tool itself). */
export function addProgress(
  ctx: Ctx,
  runId: string,
  scope: Scope,
  toolCallId: string,
  value: unknown,
) {
  pushProgress(ctx, ensureCall(ctx, runId, scope, toolCallId, undefined), value);
}

/**
 * Adds a preliminary output to a call; under a display transform only a placeholder shows, and
 * elsewhere what the calls beside it hide is replaced, as in its result (searched when it comes).
 */
export function pushProgress(ctx: Ctx, call: Call, value: unknown): void {
  const shown: DisplayValue =
    call.displayTransform === 'display' ? suppressedValue() : { kind: 'raw', value };
  const kept = withoutBesideEchoes(ctx, call, withoutEchoes(call, shown));
  // Sent again (see reducer/replay.ts), an output the call holds changes nothing.
  if (replayProgress(ctx, call, kept)) return;
  ctx.draft.push(call, 'progress', kept);
}

/** `tool-call-input-streaming-end`: the arguments are complete; the `tool-call` that follows has them. */
export function onInputEnd(ctx: Ctx, chunk: Chunk<'tool-call-input-streaming-end'>, scope: Scope) {
  ensureCall(ctx, chunk.runId, scope, chunk.payload.toolCallId, undefined, 'open');
}
