import type { MastraChunk } from './chunk.js';
import {
  applyClientTransform,
  clientTransformFor,
  type DisplayMetadata,
  fromPhase,
  pendingValue,
  readDisplayMetadata,
  suppressedValue,
  type TransformPhase,
} from './display.js';
import type { Mutable } from './draft.js';
import { type Ctx, ensureCall, now, parserFor, type Scope } from './reduce-context.js';
import { parseResumeSchema } from './resume-schema.js';
import {
  type ApprovalState,
  type DecisionTarget,
  type DisplayValue,
  HUMAN_TOOL_STATUSES,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
} from './state.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;
type Call = Mutable<ToolCallState>;

/** Moves a call to `status` unless it already ended; terminal states stay terminal. */
function moveTo(call: Call, status: ToolCallStatus): void {
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.status = status;
}

/** Hides raw values shown before the call turned out to be display-transformed. */
function markDisplayTransformed(call: Call): void {
  if (call.displayTransform === 'display') return;
  call.displayTransform = 'display';
  const hide = (value: DisplayValue): DisplayValue =>
    value.kind === 'raw' ? pendingValue() : value;
  call.input = hide(call.input);
  call.output = hide(call.output);
  call.error = hide(call.error);
  if (call.progress.some((p) => p.kind === 'raw')) call.progress = call.progress.map(hide);
  if (call.approval?.args.kind === 'raw')
    call.approval = { ...call.approval, args: pendingValue() };
  if (call.suspension?.payload.kind === 'raw') {
    call.suspension = { ...call.suspension, payload: pendingValue() };
  }
}

/**
 * Learns whether a display transform applies from a chunk's metadata. A chunk that Mastra would
 * have annotated (`evidence`) but that carries no metadata proves that none applies.
 */
function learn(call: Call, metadata: DisplayMetadata | undefined, evidence: boolean): void {
  if (metadata !== undefined) markDisplayTransformed(call);
  else if (evidence && call.displayTransform === 'unknown') call.displayTransform = 'none';
}

/** The value to show for one phase, honouring server metadata, then client transforms. */
function displayed(
  ctx: Ctx,
  call: Call,
  metadata: DisplayMetadata | undefined,
  phase: TransformPhase,
  raw: unknown,
): DisplayValue {
  const entry = metadata?.[phase];
  if (entry !== undefined) return fromPhase(entry, phase);
  if (call.displayTransform !== 'display') return { kind: 'raw', value: raw };
  const client =
    metadata === undefined ? clientTransformFor(ctx.options.transforms, call.toolName) : undefined;
  return client === undefined ? pendingValue() : applyClientTransform(client, phase, raw);
}

/** Mastra may tuck `__mastraMetadata` into args; it is not part of the tool's input. */
function cleanArgs(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || !('__mastraMetadata' in args)) return args;
  const { __mastraMetadata: _, ...rest } = args as Record<string, unknown>;
  return rest;
}

/** Human-readable text of a tool error as Mastra serializes it. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const e = error as {
      message?: unknown;
      cause?: { message?: unknown };
      details?: { errorMessage?: unknown };
    };
    if (typeof e.message === 'string' && e.message !== '') return e.message;
    if (typeof e.cause?.message === 'string') return e.cause.message;
    if (typeof e.details?.errorMessage === 'string') return e.details.errorMessage;
    try {
      return JSON.stringify(error);
    } catch {
      return 'Unknown error';
    }
  }
  return error === undefined ? 'Unknown error' : String(error);
}

function setEnded(ctx: Ctx, call: Call): void {
  const at = now(ctx);
  if (at !== undefined) call.endedAt = at;
}

/** The run and call a decision must be sent to: the outermost call this one runs inside. */
export function decisionTarget(ctx: Ctx, call: ToolCallState): DecisionTarget {
  let current = call;
  for (let i = 0; i < 64 && current.parentToolCallId !== null; i++) {
    const parent = ctx.draft.root.toolCalls.get(current.parentToolCallId);
    if (parent === undefined) break;
    current = parent;
  }
  return { runId: current.runId, toolCallId: current.toolCallId };
}

function onInputStart(ctx: Ctx, chunk: Chunk<'tool-call-input-streaming-start'>, scope: Scope) {
  const p = chunk.payload;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (p.providerExecuted !== undefined) call.providerExecuted = p.providerExecuted;
}

function onInputDelta(ctx: Ctx, chunk: Chunk<'tool-call-delta'>, scope: Scope) {
  const p = chunk.payload;
  const toolName = typeof p.toolName === 'string' ? p.toolName : undefined;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, toolName);
  if (call.status !== 'input-streaming') return;
  const parser = parserFor(ctx, call);
  call.inputText += p.argsTextDelta;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, true);
  const snapshot = parser.push(p.argsTextDelta);
  if (snapshot.error !== undefined) call.inputError = snapshot.error.message;
  if (call.displayTransform === 'display') {
    const entry = metadata?.['input-delta'];
    call.input = entry?.suppress || entry?.failed ? suppressedValue() : pendingValue();
    return;
  }
  if (snapshot.value !== undefined) call.input = { kind: 'raw', value: snapshot.value };
}

function onToolCall(ctx: Ctx, chunk: Chunk<'tool-call'>, scope: Scope) {
  const p = chunk.payload;
  const existed = ctx.draft.root.toolCalls.has(p.toolCallId);
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  // After streamed input Mastra emits a synthetic tool-call without metadata: no evidence.
  const synthetic = existed && call.status === 'input-streaming';
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, !synthetic);
  if (synthetic && metadata === undefined && call.displayTransform === 'unknown') {
    if (runHasDisplayTransform(ctx, call)) call.displayTransform = 'display';
  }
  const args = cleanArgs(p.args);
  call.raw = { ...call.raw, input: args };
  if (p.providerExecuted !== undefined) call.providerExecuted = p.providerExecuted;
  const shown = displayed(ctx, call, metadata, 'input-available', args);
  // Keep a transformed value that arrived earlier rather than replacing it with "pending".
  if (
    !(shown.kind === 'hidden' && shown.reason === 'pending' && call.input.kind === 'transformed')
  ) {
    call.input = shown;
  }
  if (call.status === 'input-streaming') moveTo(call, 'input-available');
}

/** An agent-level policy annotates every call of the run: a sibling that was transformed tells. */
function runHasDisplayTransform(ctx: Ctx, call: ToolCallState): boolean {
  const run = ctx.draft.root.runs.get(call.runId);
  if (run === undefined) return false;
  return run.toolCallIds.some(
    (id) =>
      id !== call.toolCallId && ctx.draft.root.toolCalls.get(id)?.displayTransform === 'display',
  );
}

function updateInputFromResult(
  ctx: Ctx,
  call: Call,
  metadata: DisplayMetadata | undefined,
  args: unknown,
) {
  if (args !== undefined) call.raw = { ...call.raw, input: cleanArgs(args) };
  const entry = metadata?.['input-available'];
  if (entry !== undefined) call.input = fromPhase(entry, 'input-available');
  else if (call.input.kind === 'none' || (call.input.kind === 'raw' && args !== undefined)) {
    call.input = displayed(ctx, call, metadata, 'input-available', call.raw.input);
  }
}

function onToolResult(ctx: Ctx, chunk: Chunk<'tool-result'>, scope: Scope) {
  const p = chunk.payload;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, true);
  updateInputFromResult(ctx, call, metadata, p.args);
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
    ctx.scratch.taskCalls.set(background.taskId, call.toolCallId);
    call.background = { ...call.background, taskId: background.taskId, status: 'running' };
    moveTo(call, 'input-available');
    return;
  }
  call.raw = { ...call.raw, output: p.result };
  if (mastra?.modelOutput !== undefined) call.modelOutput = mastra.modelOutput;
  if (p.isError) {
    call.error = displayed(ctx, call, metadata, 'error', errorText(p.result));
    moveTo(call, 'output-error');
  } else {
    call.output = displayed(ctx, call, metadata, 'output-available', p.result);
    moveTo(call, 'output-available');
  }
  setEnded(ctx, call);
}

function onToolError(ctx: Ctx, chunk: Chunk<'tool-error'>, scope: Scope) {
  const p = chunk.payload;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, true);
  updateInputFromResult(ctx, call, metadata, p.args);
  call.raw = { ...call.raw, error: p.error };
  const entry = metadata?.error;
  call.error =
    entry !== undefined
      ? fromPhase(entry, 'error')
      : displayed(ctx, call, metadata, 'error', errorText(p.error));
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

function onDenied(ctx: Ctx, chunk: Chunk<'tool-output-denied'>, scope: Scope) {
  const p = chunk.payload;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  const reason = p.approval?.reason;
  const decision = { approved: false, ...(reason === undefined ? {} : { reason }) };
  if (call.approval !== undefined) {
    call.approval = { ...call.approval, decision };
    delete (call.approval as Mutable<ApprovalState>).error;
  }
  moveTo(call, 'output-denied');
  setEnded(ctx, call);
}

/** The innermost call under `parent` that waits for approval of `toolName`. */
function findNestedApproval(
  ctx: Ctx,
  parent: ToolCallState,
  toolName: string,
  depth = 0,
): string | undefined {
  if (depth > 64) return undefined;
  for (let i = parent.childRunIds.length - 1; i >= 0; i--) {
    const run = ctx.draft.root.runs.get(parent.childRunIds[i]!);
    if (run === undefined) continue;
    for (let j = run.toolCallIds.length - 1; j >= 0; j--) {
      const call = ctx.draft.root.toolCalls.get(run.toolCallIds[j]!);
      if (call === undefined) continue;
      const deeper = findNestedApproval(ctx, call, toolName, depth + 1);
      if (deeper !== undefined) return deeper;
      if (call.status === 'approval-requested' && call.toolName === toolName)
        return call.toolCallId;
    }
  }
  return undefined;
}

function onApproval(ctx: Ctx, chunk: Chunk<'tool-call-approval'>, scope: Scope) {
  const p = chunk.payload;
  const existing = ctx.draft.root.toolCalls.get(p.toolCallId);
  // A nested approval surfaces again at the top: its toolCallId is the parent agent-* call while
  // toolName is the inner tool. Route it to the inner call and remember where to send decisions.
  if (existing !== undefined && existing.kind !== 'tool' && existing.toolName !== p.toolName) {
    const innerId = findNestedApproval(ctx, existing, p.toolName);
    if (innerId !== undefined) {
      const inner = ctx.draft.toolCall(innerId)!;
      inner.approval = {
        ...inner.approval!,
        target: { runId: chunk.runId, toolCallId: p.toolCallId },
      };
      return;
    }
  }
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, true);
  const args = cleanArgs(p.args);
  if (args !== undefined && call.raw.input === undefined) call.raw = { ...call.raw, input: args };
  if (call.input.kind === 'none')
    call.input = displayed(ctx, call, metadata, 'input-available', args);
  call.approval = {
    toolName: p.toolName,
    args: displayed(ctx, call, metadata, 'approval', args),
    resumeSchema: parseResumeSchema(p.resumeSchema),
    target:
      scope.depth === 0
        ? { runId: chunk.runId, toolCallId: p.toolCallId }
        : decisionTarget(ctx, call),
  };
  moveTo(call, 'approval-requested');
}

function onSuspended(ctx: Ctx, chunk: Chunk<'tool-call-suspended'>, scope: Scope) {
  const p = chunk.payload;
  const existing = ctx.draft.root.toolCalls.get(p.toolCallId);
  if (existing !== undefined && existing.kind !== 'tool' && existing.toolName !== p.toolName) {
    // Same routing as approvals: the top-level echo of a suspension inside a subagent.
    const inner = findNestedSuspension(ctx, existing, p.toolName);
    if (inner !== undefined) {
      const call = ctx.draft.toolCall(inner)!;
      call.suspension = {
        ...call.suspension!,
        target: { runId: chunk.runId, toolCallId: p.toolCallId },
      };
      return;
    }
  }
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, p.toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const metadata = readDisplayMetadata(chunk.metadata);
  learn(call, metadata, true);
  call.raw = { ...call.raw, suspendPayload: p.suspendPayload };
  call.suspension = {
    payload: displayed(ctx, call, metadata, 'suspend', p.suspendPayload),
    resumeSchema: parseResumeSchema(p.resumeSchema),
    target:
      scope.depth === 0
        ? { runId: chunk.runId, toolCallId: p.toolCallId }
        : decisionTarget(ctx, call),
  };
  moveTo(call, 'suspended');
}

function findNestedSuspension(
  ctx: Ctx,
  parent: ToolCallState,
  toolName: string,
  depth = 0,
): string | undefined {
  if (depth > 64) return undefined;
  for (const runId of parent.childRunIds) {
    const run = ctx.draft.root.runs.get(runId);
    for (const id of run?.toolCallIds ?? []) {
      const call = ctx.draft.root.toolCalls.get(id);
      if (call === undefined) continue;
      if (call.status === 'suspended' && call.toolName === toolName) return id;
      const deeper = findNestedSuspension(ctx, call, toolName, depth + 1);
      if (deeper !== undefined) return deeper;
    }
  }
  return undefined;
}

/** Adds a preliminary output (`tool-output` written by the tool itself). */
export function addProgress(
  ctx: Ctx,
  runId: string,
  scope: Scope,
  toolCallId: string,
  value: unknown,
) {
  const call = ensureCall(ctx, runId, scope, toolCallId, undefined);
  const shown: DisplayValue =
    call.displayTransform === 'display' ? suppressedValue() : { kind: 'raw', value };
  ctx.draft.push(call, 'progress', shown);
}

/** Applies a tool chunk. Returns false when the chunk is not a tool chunk. */
export function reduceToolChunk(ctx: Ctx, chunk: MastraChunk, scope: Scope): boolean {
  switch (chunk.type) {
    case 'tool-call-input-streaming-start': {
      onInputStart(ctx, chunk, scope);
      return true;
    }
    case 'tool-call-delta': {
      onInputDelta(ctx, chunk, scope);
      return true;
    }
    case 'tool-call-input-streaming-end': {
      ensureCall(ctx, chunk.runId, scope, chunk.payload.toolCallId, undefined);
      return true;
    }
    case 'tool-call': {
      onToolCall(ctx, chunk, scope);
      return true;
    }
    case 'tool-result': {
      onToolResult(ctx, chunk, scope);
      return true;
    }
    case 'tool-error': {
      onToolError(ctx, chunk, scope);
      return true;
    }
    case 'tool-output-denied': {
      onDenied(ctx, chunk, scope);
      return true;
    }
    case 'tool-call-approval': {
      onApproval(ctx, chunk, scope);
      return true;
    }
    case 'tool-call-suspended': {
      onSuspended(ctx, chunk, scope);
      return true;
    }
    default: {
      return false;
    }
  }
}

/** Whether the call waits for a person. */
export const isWaiting = (call: ToolCallState): boolean => HUMAN_TOOL_STATUSES.has(call.status);
