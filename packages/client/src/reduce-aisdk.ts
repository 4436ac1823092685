import type { MastraChunk } from './chunk.js';
import {
  applyClientTransform,
  clientTransformFor,
  pendingValue,
  type TransformPhase,
} from './display.js';
import type { Mutable } from './draft.js';
import {
  addIssue,
  type Ctx,
  endRun,
  ensureCall,
  ensureRun,
  excerpt,
  moveTo,
  now,
  parserFor,
  type Scope,
  type Scratch,
  setEnded,
  TOP,
} from './reduce-context.js';
import { editStep, editWorkflow, reduceBackgroundTask, workflowStatus } from './reduce-nested.js';
import {
  appendText,
  closeTextPart,
  countedUsage,
  editTextPart,
  putDataPart,
  sameUsage,
  type TextPart,
} from './reduce-parts.js';
import { errorText, findNestedCall, pushProgress } from './reduce-tools.js';
import { parseResumeSchema } from './resume-schema.js';
import {
  type DecisionTarget,
  type DisplayValue,
  type RunPart,
  type RunState,
  type StepState,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type WorkflowState,
} from './state.js';

/*
 * AI SDK UI message streams, as `@mastra/ai-sdk` writes them, mapped onto the same state as native
 * Mastra streams so one UI renders both.
 *
 * Display values: `@mastra/ai-sdk` substitutes Mastra's display transform before it writes a tool
 * payload, so the stream carries only what the server chose to show and never the value before
 * the transform. Such a value is shown as `raw` (nothing on this side transformed it) and
 * `displayTransform` stays `unknown`, because the stream cannot tell whether a server transform
 * applied. `call.raw.*` is never filled from this stream: it promises pre-transform values, and
 * claiming a possibly transformed value as raw would defeat that promise. A client transform, when
 * one is configured for the tool, still applies, as it does for native streams without metadata.
 */

type Value = { type: string } & Record<string, unknown>;
type Fields = Record<string, unknown>;
type Call = Mutable<ToolCallState>;

/** Chunk types of the AI SDK UI message stream (v5 and v6) and Mastra's `data-*` parts in it. */
const AI_SDK_TYPES = new Set([
  'start',
  'finish',
  'start-step',
  'finish-step',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'source-url',
  'source-document',
  'file',
  'error',
  'abort',
  'message-metadata',
  'data-tool-agent',
  'data-tool-agent-step',
  'data-tool-workflow',
  'data-tool-workflow-step',
  'data-tool-network',
  'data-tool-call-approval',
  'data-tool-call-suspended',
  'data-tripwire',
  'data-structured-output',
]);

const BACKGROUND_PREFIX = 'data-background-task-';

/** Whether a value is an AI SDK UI message stream chunk (no Mastra envelope). */
export function isAiSdkChunk(value: unknown): value is Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && (AI_SDK_TYPES.has(type) || type.startsWith(BACKGROUND_PREFIX));
}

// ---------------------------------------------------------------------------------------------
// Validation

/** `id`: a non-empty string; `string`: any string; `object`: a plain object; `array`: an array. */
type Field = 'id' | 'string' | 'object' | 'array';

/** The start, delta and end chunks of a text or reasoning part. */
const textFields = (kind: 'text' | 'reasoning'): Record<string, Record<string, Field>> => ({
  [`${kind}-start`]: { id: 'string' },
  [`${kind}-delta`]: { id: 'string', delta: 'string' },
  [`${kind}-end`]: { id: 'string' },
});

/** Fields each chunk type needs; optional fields of the wrong type are ignored instead. */
const REQUIRED: Readonly<Record<string, Readonly<Record<string, Field>>>> = {
  ...textFields('text'),
  ...textFields('reasoning'),
  'tool-input-start': { toolCallId: 'id', toolName: 'id' },
  'tool-input-delta': { toolCallId: 'id', inputTextDelta: 'string' },
  'tool-input-available': { toolCallId: 'id', toolName: 'id' },
  'tool-input-error': { toolCallId: 'id', errorText: 'string' },
  'tool-output-available': { toolCallId: 'id' },
  'tool-output-error': { toolCallId: 'id', errorText: 'string' },
  'tool-output-denied': { toolCallId: 'id' },
  'tool-approval-request': { approvalId: 'id', toolCallId: 'id' },
  'source-url': { sourceId: 'string', url: 'string' },
  'source-document': { sourceId: 'string', mediaType: 'string' },
  file: { url: 'string', mediaType: 'string' },
  error: { errorText: 'string' },
  'data-tool-agent': { id: 'id', data: 'object', ancestry: 'array' },
  'data-tool-workflow': { id: 'id', data: 'object' },
  'data-tool-workflow-step': { id: 'id', data: 'object' },
  'data-tool-call-approval': { data: 'object' },
  'data-tool-call-suspended': { data: 'object' },
  'data-structured-output': { data: 'object' },
};

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function fits(value: unknown, field: Field): boolean {
  switch (field) {
    case 'id':
      return typeof value === 'string' && value !== '';
    case 'string':
      return typeof value === 'string';
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

const DESCRIBE: Record<Field, string> = {
  id: 'a non-empty string',
  string: 'a string',
  object: 'an object',
  array: 'an array',
};

function invalid(ctx: Ctx, value: Value, message: string, toolCallId?: string): void {
  addIssue(ctx, {
    kind: 'invalid-chunk',
    message,
    chunkType: value.type,
    ...(toolCallId === undefined ? {} : { toolCallId }),
    excerpt: excerpt(value),
  });
}

/** Checks the required fields of a chunk; records an issue and returns false when one is wrong. */
function validate(ctx: Ctx, value: Value): boolean {
  if (!Object.hasOwn(REQUIRED, value.type)) return true;
  const fields = REQUIRED[value.type]!;
  for (const [key, field] of Object.entries(fields)) {
    if (!fits(value[key], field)) {
      invalid(ctx, value, `"${key}" of ${value.type} must be ${DESCRIBE[field]}`);
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The synthetic top-level run

/** A run id for a message that arrived without a `messageId`. */
function newRunId(ctx: Ctx): string {
  const { runs, runOrder } = ctx.draft.root;
  let n = runOrder.length + 1;
  while (runs.has(`ai-sdk-run-${n}`)) n++;
  return `ai-sdk-run-${n}`;
}

/**
 * The run the current message belongs to. A pure `reduce` starts with empty working memory, so in
 * an AI SDK state the latest top-level run stands in for it.
 */
function currentRunId(ctx: Ctx): string | undefined {
  const id =
    ctx.scratch.aiSdkRunId ??
    (ctx.draft.root.format === 'ai-sdk' ? ctx.scratch.currentRunId : undefined);
  return id !== undefined && ctx.draft.root.runs.has(id) ? id : undefined;
}

/** The current message's run, created when chunks arrive before any `start`. */
function topRun(ctx: Ctx): Mutable<RunState> {
  const runId = currentRunId(ctx) ?? newRunId(ctx);
  ctx.scratch.aiSdkRunId = runId;
  return ensureRun(ctx, runId, TOP);
}

function onStart(ctx: Ctx, value: Value): void {
  const messageId = nonEmpty(value.messageId);
  const { runs } = ctx.draft.root;
  const current = currentRunId(ctx);
  const open = current === undefined ? undefined : runs.get(current);
  let runId: string;
  if (messageId !== undefined && runs.has(messageId)) {
    // The same assistant message continues, e.g. after an approval.
    runId = messageId;
  } else if (open?.status === 'streaming' && open.messageId === undefined) {
    // Chunks that came before this `start` already opened the run.
    runId = open.runId;
  } else {
    runId = messageId ?? newRunId(ctx);
  }
  ctx.scratch.aiSdkRunId = runId;
  const run = ensureRun(ctx, runId, TOP);
  ctx.scratch.currentRunId = runId;
  if (run.status !== 'streaming') {
    run.status = 'streaming';
    delete run.error;
    delete run.endedAt;
  }
  if (messageId !== undefined) run.messageId = messageId;
}

function onFinish(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const reason = nonEmpty(value.finishReason);
  // @mastra/ai-sdk reports a tripwire as `other`; the run already knows it was a tripwire.
  if (reason !== undefined) {
    run.finishReason = reason === 'other' && run.status === 'tripwire' ? 'tripwire' : reason;
  }
  // abort → finish and error → finish keep the status the first chunk set.
  if (run.status === 'aborted' || run.status === 'error' || run.status === 'tripwire') return;
  if (reason === 'error') endRun(ctx, run.runId, 'error', 'The run failed');
  else endRun(ctx, run.runId, 'finished', undefined);
}

// ---------------------------------------------------------------------------------------------
// Text and reasoning

function onText(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const type = value.type.startsWith('text-') ? 'text' : 'reasoning';
  const id = value.id as string;
  if (value.type.endsWith('-delta')) {
    appendText(ctx, run, type, id, value.delta as string);
  } else if (value.type.endsWith('-end')) {
    closeTextPart(ctx, run, type, id);
  } else {
    editTextPart(ctx, run, type, id);
  }
}

// ---------------------------------------------------------------------------------------------
// Errors, sources, files, data

/**
 * The text of an `errorText`. @mastra/ai-sdk serializes error objects to JSON; their message is
 * what a person should read, exactly as the native stream's error gives it.
 */
function errorMessage(text: string): string {
  if (!text.trimStart().startsWith('{')) return text;
  try {
    return errorText(JSON.parse(text));
  } catch {
    return text;
  }
}

function onError(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const message = errorMessage(value.errorText as string);
  ctx.draft.push(run, 'parts', { type: 'error', message });
  endRun(ctx, run.runId, 'error', message);
}

function onTripwire(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const data = isRecord(value.data) ? value.data : {};
  const reason = nonEmpty(data.reason) ?? 'Blocked by a processor';
  ctx.draft.push(run, 'parts', { type: 'tripwire', reason });
  endRun(ctx, run.runId, 'tripwire', reason);
}

function onSource(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const title = typeof value.title === 'string' ? { title: value.title } : {};
  const part =
    value.type === 'source-url'
      ? { type: 'source', id: value.sourceId, sourceType: 'url', url: value.url, ...title }
      : {
          type: 'source',
          id: value.sourceId,
          sourceType: 'document',
          mimeType: value.mediaType,
          ...title,
          ...(typeof value.filename === 'string' ? { filename: value.filename } : {}),
        };
  ctx.draft.push(run, 'parts', part);
}

const DATA_URL = /^data:[^,]*;base64,/;

function onFile(ctx: Ctx, value: Value): void {
  const run = topRun(ctx);
  const url = value.url as string;
  // Native file parts carry base64 text; a data URL is unwrapped to match, other URLs stay as is.
  const match = DATA_URL.exec(url);
  const data = match === null ? url : url.slice(match[0].length);
  ctx.draft.push(run, 'parts', { type: 'file', mimeType: value.mediaType, data });
}

/** A data part on the current run; parts with an id are reconciled by name and id. */
function onData(ctx: Ctx, value: Value): void {
  if (value.transient === true) return;
  const run = topRun(ctx);
  putDataPart(ctx, run, value.type.slice('data-'.length), nonEmpty(value.id), value.data);
}

// ---------------------------------------------------------------------------------------------
// Tool calls

/** How a value that arrived on this stream is shown (see the note at the top of this file). */
function shown(ctx: Ctx, call: Call, phase: TransformPhase, value: unknown): DisplayValue {
  const client = clientTransformFor(ctx.options.transforms, call.toolName);
  if (client === undefined) return { kind: 'raw', value };
  call.displayTransform = 'display';
  return applyClientTransform(client, phase, value);
}

function topCall(ctx: Ctx, toolCallId: string, toolName: string | undefined): Call {
  return ensureCall(ctx, topRun(ctx).runId, TOP, toolCallId, toolName);
}

function onInputStart(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, value.toolName as string);
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
}

/** Appends streamed input text and shows the partial input. */
function pushInputText(ctx: Ctx, call: Call, delta: string): void {
  const snapshot = parserFor(ctx, call).push(delta);
  call.inputText += delta;
  if (snapshot.error !== undefined) call.inputError = snapshot.error.message;
  if (clientTransformFor(ctx.options.transforms, call.toolName) !== undefined) {
    call.displayTransform = 'display';
    call.input = pendingValue();
  } else if (snapshot.value !== undefined) {
    call.input = { kind: 'raw', value: snapshot.value };
  }
}

function onInputDelta(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (call.status !== 'input-streaming') return;
  pushInputText(ctx, call, value.inputTextDelta as string);
}

function onInputAvailable(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, value.toolName as string);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  call.input = shown(ctx, call, 'input-available', value.input);
  if (call.status === 'input-streaming') call.status = 'input-available';
}

function onInputError(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, nonEmpty(value.toolName));
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const message = errorMessage(value.errorText as string);
  if (value.input !== undefined) call.input = shown(ctx, call, 'input-available', value.input);
  call.inputError = message;
  call.error = shown(ctx, call, 'error', message);
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

/** What the model saw of a result (`toModelOutput`), from `providerMetadata.mastra`. */
function modelOutputOf(providerMetadata: unknown): unknown {
  const mastra = isRecord(providerMetadata) ? providerMetadata.mastra : undefined;
  return isRecord(mastra) ? mastra.modelOutput : undefined;
}

function onOutputAvailable(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  if (value.preliminary === true) {
    pushProgress(ctx, call, value.output);
    return;
  }
  if (typeof value.providerExecuted === 'boolean') call.providerExecuted = value.providerExecuted;
  const modelOutput = modelOutputOf(value.providerMetadata);
  if (modelOutput !== undefined) call.modelOutput = modelOutput;
  call.output = shown(ctx, call, 'output-available', value.output);
  settleWorkflowResult(ctx, call, value.output);
  moveTo(call, 'output-available');
  setEnded(ctx, call);
}

function onOutputError(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.error = shown(ctx, call, 'error', errorMessage(value.errorText as string));
  moveTo(call, 'output-error');
  setEnded(ctx, call);
}

function onDenied(ctx: Ctx, value: Value): void {
  const call = topCall(ctx, value.toolCallId as string, undefined);
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

/** The call, at or under `toolCallId`, whose approval already goes to `target`. */
function findApproval(ctx: Ctx, toolCallId: string, target: DecisionTarget, depth = 0): boolean {
  const call = ctx.draft.root.toolCalls.get(toolCallId);
  if (call === undefined || depth > 64) return false;
  if (sameTarget(call.approval?.target, target)) return true;
  for (const runId of call.childRunIds) {
    for (const id of ctx.draft.root.runs.get(runId)?.toolCallIds ?? []) {
      if (findApproval(ctx, id, target, depth + 1)) return true;
    }
  }
  return false;
}

/**
 * The call a human request belongs to. For a request raised inside a subagent, Mastra names the
 * outer `agent-*` call with the inner tool's name; the request goes to the inner call, and an
 * approval that a v6 `tool-approval-request` put on the outer call moves with it.
 */
function humanCall(ctx: Ctx, target: DecisionTarget, toolName: string): Call {
  const outer = ctx.draft.root.toolCalls.get(target.toolCallId);
  if (outer !== undefined && outer.kind !== 'tool' && outer.toolName !== toolName) {
    const innerId = findNestedCall(
      ctx,
      outer,
      (call) => call.toolName === toolName && !TERMINAL_TOOL_STATUSES.has(call.status),
    );
    if (innerId !== undefined) {
      if (outer.status === 'approval-requested' && sameTarget(outer.approval?.target, target)) {
        const editable = ctx.draft.toolCall(outer.toolCallId)!;
        delete editable.approval;
        editable.status = editable.input.kind === 'none' ? 'input-streaming' : 'input-available';
      }
      return ctx.draft.toolCall(innerId)!;
    }
  }
  return topCall(ctx, target.toolCallId, toolName);
}

function onApprovalRequest(ctx: Ctx, value: Value): void {
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
  const call = topCall(ctx, value.toolCallId as string, undefined);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  call.approval = { toolName: call.toolName, args: call.input, resumeSchema: undefined, target };
  moveTo(call, 'approval-requested');
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
function onHumanData(ctx: Ctx, value: Value): void {
  const parsed = humanData(ctx, value);
  if (parsed === undefined) return;
  const { data, target, toolName } = parsed;
  const call = humanCall(ctx, target, toolName);
  if (TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const resumeSchema = parseResumeSchema(data.resumeSchema);
  const approval = value.type === 'data-tool-call-approval';
  let same: boolean;
  if (approval) {
    const previous = call.approval;
    same = sameTarget(previous?.target, target);
    if (call.input.kind === 'none' && data.args !== undefined)
      call.input = shown(ctx, call, 'input-available', data.args);
    call.approval = {
      toolName,
      args: shown(ctx, call, 'approval', data.args),
      resumeSchema,
      target,
      ...(same && previous?.decision !== undefined ? { decision: previous.decision } : {}),
    };
  } else {
    const previous = call.suspension;
    same = sameTarget(previous?.target, target);
    call.suspension = {
      payload: shown(ctx, call, 'suspend', data.suspendPayload),
      resumeSchema,
      target,
      ...(same && previous?.resumeData !== undefined ? { resumeData: previous.resumeData } : {}),
    };
  }
  if (!(same && call.status === 'approval-responded'))
    moveTo(call, approval ? 'approval-requested' : 'suspended');
}

// ---------------------------------------------------------------------------------------------
// Subagents: `data-tool-agent` snapshots

interface AncestryEntry {
  readonly toolCallId: string;
  readonly toolName?: string;
}

function parseAncestry(value: unknown): AncestryEntry[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const out: AncestryEntry[] = [];
  for (const entry of value) {
    const toolCallId = isRecord(entry) ? nonEmpty(entry.toolCallId) : undefined;
    if (toolCallId === undefined) return undefined;
    const toolName = nonEmpty((entry as Fields).toolName);
    out.push(toolName === undefined ? { toolCallId } : { toolCallId, toolName });
  }
  return out;
}

/** Makes sure the `agent-*` call a snapshot runs under exists, at the level above it. */
function ensureParentCall(ctx: Ctx, ancestry: readonly AncestryEntry[], depth: number): void {
  const parent = ancestry[ancestry.length - 1]!;
  if (ctx.draft.root.toolCalls.has(parent.toolCallId)) return;
  const grand = ancestry[ancestry.length - 2];
  const grandRun =
    grand === undefined ? undefined : ctx.draft.root.toolCalls.get(grand.toolCallId)?.childRunIds;
  const runId = grandRun?.[grandRun.length - 1];
  if (grand === undefined || runId === undefined) {
    topCall(ctx, parent.toolCallId, parent.toolName);
    return;
  }
  const scope = { parentToolCallId: grand.toolCallId, depth: Math.max(depth - 1, 1) };
  ensureCall(ctx, runId, scope, parent.toolCallId, parent.toolName);
}

const records = (value: unknown): Fields[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** Applies the tool lists of a snapshot; returns false when an entry had no usable toolCallId. */
function applySnapshotCalls(ctx: Ctx, runId: string, scope: Scope, data: Fields): boolean {
  let ok = true;
  const each = (list: unknown, apply: (id: string, entry: Fields) => void) => {
    for (const entry of records(list)) {
      const id = nonEmpty(entry.toolCallId);
      if (id === undefined) ok = false;
      else apply(id, entry);
    }
  };
  // Read the map afresh each time: the draft replaces it on the first write of an epoch.
  const current = (id: string) => ctx.draft.root.toolCalls.get(id);
  const call = (id: string, entry: Fields) =>
    ensureCall(ctx, runId, scope, id, nonEmpty(entry.toolName));

  const onCall = (id: string, entry: Fields) => {
    const existing = current(id);
    if (existing !== undefined && existing.status !== 'input-streaming') return;
    const editable = call(id, entry);
    editable.input = shown(ctx, editable, 'input-available', entry.args);
    editable.status = 'input-available';
  };
  const onPending = (id: string, entry: Fields) => {
    const argsText = typeof entry.argsText === 'string' ? entry.argsText : '';
    const existing = current(id);
    if (existing !== undefined) {
      if (existing.status !== 'input-streaming' || existing.inputText === argsText) return;
    }
    const editable = call(id, entry);
    if (argsText === editable.inputText) return;
    if (!argsText.startsWith(editable.inputText)) {
      ctx.scratch.parsers.delete(id);
      editable.inputText = '';
    }
    pushInputText(ctx, editable, argsText.slice(editable.inputText.length));
  };
  // The call a result or an error ends, its input shown; undefined when it already ended.
  const ending = (id: string, entry: Fields) => {
    const existing = current(id);
    if (existing !== undefined && TERMINAL_TOOL_STATUSES.has(existing.status)) return undefined;
    const editable = call(id, entry);
    if (editable.input.kind === 'none' && entry.args !== undefined)
      editable.input = shown(ctx, editable, 'input-available', entry.args);
    return editable;
  };
  const onResult = (id: string, entry: Fields) => {
    const editable = ending(id, entry);
    if (editable === undefined) return;
    if (entry.isError === true) {
      editable.error = shown(ctx, editable, 'error', errorText(entry.result));
      editable.status = 'output-error';
    } else {
      editable.output = shown(ctx, editable, 'output-available', entry.result);
      editable.status = 'output-available';
    }
    const modelOutput = modelOutputOf(entry.providerMetadata);
    if (modelOutput !== undefined) editable.modelOutput = modelOutput;
    setEnded(ctx, editable);
  };
  const onFailed = (id: string, entry: Fields) => {
    const editable = ending(id, entry);
    if (editable === undefined) return;
    const message =
      typeof entry.errorText === 'string' ? errorMessage(entry.errorText) : errorText(entry.error);
    editable.error = shown(ctx, editable, 'error', message);
    editable.status = 'output-error';
    setEnded(ctx, editable);
  };

  // Completed steps first: they hold the calls that happened before the current step's.
  for (const step of records(data.steps)) {
    each(step.toolCalls, onCall);
    each(step.toolResults, onResult);
    each(step.toolErrors, onFailed);
  }
  each(data.toolCalls, onCall);
  each(data.pendingToolCalls, onPending);
  each(data.toolResults, onResult);
  each(data.toolErrors, onFailed);
  return ok;
}

/**
 * Sets a subagent run's text from the snapshot's cumulative text. Text that grows after a tool
 * call part goes to a new text part, so the transcript keeps the native order.
 */
function applySnapshotText(ctx: Ctx, run: Mutable<RunState>, full: string, done: boolean) {
  let offset = 0;
  let last = -1;
  let count = 0;
  let matches = true;
  for (let i = 0; i < run.parts.length; i++) {
    const part = run.parts[i]!;
    if (part.type !== 'text') continue;
    count++;
    if (matches && full.startsWith(part.text, offset)) offset += part.text.length;
    else matches = false;
    last = i;
  }
  const state = done ? 'done' : 'streaming';
  if (!matches) {
    // The text was rewritten rather than extended: start over with one part.
    const parts = ctx.draft.field(run, 'parts') as RunPart[];
    const kept = parts.filter((p) => p.type !== 'text');
    parts.length = 0;
    parts.push(...kept, { type: 'text', id: `${run.runId}:text:0`, text: full, state });
    return;
  }
  const rest = full.slice(offset);
  const lastPart = last >= 0 ? (run.parts[last] as TextPart) : undefined;
  if (rest === '') {
    if (lastPart !== undefined && lastPart.state !== state) {
      (ctx.draft.field(run, 'parts') as RunPart[])[last] = { ...lastPart, state };
    }
    return;
  }
  if (lastPart !== undefined && last === run.parts.length - 1) {
    const parts = ctx.draft.field(run, 'parts') as RunPart[];
    parts[last] = { ...lastPart, text: lastPart.text + rest, state };
    return;
  }
  if (lastPart !== undefined && lastPart.state !== 'done') {
    (ctx.draft.field(run, 'parts') as RunPart[])[last] = { ...lastPart, state: 'done' };
  }
  ctx.draft.push(run, 'parts', {
    type: 'text',
    id: `${run.runId}:text:${count}`,
    text: rest,
    state,
  });
}

function applySnapshotSteps(run: Mutable<RunState>, data: Fields): void {
  const steps = records(data.steps);
  if (steps.length !== run.steps.length) {
    run.steps = steps.map((step, index): StepState => {
      const finishReason = nonEmpty(step.finishReason);
      const usage = countedUsage(step.usage);
      return {
        index,
        ...(finishReason === undefined ? {} : { finishReason }),
        ...(usage === undefined ? {} : { usage }),
      };
    });
  }
  const usage = countedUsage(data.usage);
  if (usage !== undefined && !sameUsage(run.usage, usage)) run.usage = usage;
  const finishReason = nonEmpty(data.finishReason);
  if (finishReason !== undefined) run.finishReason = finishReason;
}

/**
 * `data-tool-agent` is a cumulative snapshot of one subagent run, keyed by the subagent's runId.
 * Each one replaces what the previous one said; nothing is appended twice.
 */
function onAgentSnapshot(ctx: Ctx, value: Value): void {
  const ancestry = parseAncestry(value.ancestry);
  if (ancestry === undefined) {
    invalid(ctx, value, 'data-tool-agent needs an ancestry of { toolCallId } entries');
    return;
  }
  const runId = value.id as string;
  const data = value.data as Fields;
  const depth =
    typeof value.depth === 'number' && Number.isInteger(value.depth) && value.depth >= 1
      ? value.depth
      : ancestry.length;
  ensureParentCall(ctx, ancestry, depth);
  const scope: Scope = { parentToolCallId: ancestry[ancestry.length - 1]!.toolCallId, depth };
  const run = ensureRun(ctx, runId, scope);
  const agentId = nonEmpty(data.id);
  if (agentId !== undefined && run.agentId !== agentId) run.agentId = agentId;
  if (!applySnapshotCalls(ctx, runId, scope, data)) {
    invalid(ctx, value, 'data-tool-agent lists a tool call without a toolCallId');
  }
  const finished = data.status === 'finished';
  const text = typeof data.text === 'string' ? data.text : '';
  applySnapshotText(ctx, ctx.draft.run(runId)!, text, finished);
  applySnapshotSteps(ctx.draft.run(runId)!, data);
  const current = ctx.draft.root.runs.get(runId)!;
  if (finished && (current.status === 'streaming' || current.status === 'waiting')) {
    if (current.finishReason === 'error') endRun(ctx, runId, 'error', 'The subagent failed');
    else endRun(ctx, runId, 'finished', undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Workflows: `data-tool-workflow` snapshots

// Which `workflow-*` call each workflow run belongs to, so the search runs once per workflow.
const workflowCalls = new WeakMap<Scratch, Map<string, string>>();

/**
 * The `workflow-*` call a workflow run belongs to. The part names the workflow by its id, which
 * need not match the key in the call's tool name, and carries no toolCallId: the call already
 * bound to this run wins, then the latest open unbound call whose name matches, then the latest
 * open unbound one.
 */
function workflowCallFor(ctx: Ctx, workflowRunId: string, name: string | undefined) {
  let cache = workflowCalls.get(ctx.scratch);
  if (cache === undefined) {
    cache = new Map();
    workflowCalls.set(ctx.scratch, cache);
  }
  const { toolCalls, toolCallOrder } = ctx.draft.root;
  const cached = cache.get(workflowRunId);
  if (cached !== undefined && toolCalls.has(cached)) return cached;
  const pick = (test: (call: ToolCallState) => boolean): string | undefined => {
    for (let i = toolCallOrder.length - 1; i >= 0; i--) {
      const call = toolCalls.get(toolCallOrder[i]!);
      if (call !== undefined && test(call)) return call.toolCallId;
    }
    return undefined;
  };
  const open = (call: ToolCallState) =>
    call.kind === 'workflow' &&
    !TERMINAL_TOOL_STATUSES.has(call.status) &&
    call.workflow?.runId === undefined;
  const found =
    pick((call) => call.workflow?.runId === workflowRunId) ??
    (name === undefined ? undefined : pick((c) => open(c) && c.toolName === `workflow-${name}`)) ??
    pick(open);
  if (found !== undefined) cache.set(workflowRunId, found);
  return found;
}

const present = (value: unknown) => value !== undefined && value !== null;

/** Applies one step of a workflow snapshot, copying the step only when something changed. */
function applyStep(ctx: Ctx, toolCallId: string, stepId: string, raw: Fields): void {
  const before = ctx.draft.root.toolCalls.get(toolCallId)?.workflow?.steps.get(stepId);
  const status = workflowStatus(raw.status, before?.status ?? 'running');
  const name = nonEmpty(raw.name) ?? before?.name ?? stepId;
  const changed =
    before === undefined ||
    before.status !== status ||
    before.name !== name ||
    (before.input === undefined && present(raw.input)) ||
    (before.output === undefined && present(raw.output)) ||
    (before.suspendPayload === undefined && present(raw.suspendPayload));
  if (!changed) return;
  const workflow = editWorkflow(ctx, toolCallId)!;
  const at = now(ctx);
  const fresh = { id: stepId, name, status, ...(at === undefined ? {} : { startedAt: at }) };
  const step = editStep(ctx, workflow, fresh);
  if (step.status !== status && status !== 'running' && at !== undefined) step.endedAt = at;
  step.status = status;
  step.name = name;
  if (step.input === undefined && present(raw.input)) step.input = raw.input;
  // Running snapshots null the outputs; only a real output replaces the known one.
  if (present(raw.output)) step.output = raw.output;
  if (present(raw.suspendPayload)) step.suspendPayload = raw.suspendPayload;
}

function onWorkflowSnapshot(ctx: Ctx, value: Value): void {
  const workflowRunId = value.id as string;
  const data = value.data as Fields;
  const name = nonEmpty(data.name);
  const toolCallId = workflowCallFor(ctx, workflowRunId, name);
  if (toolCallId === undefined) {
    onData(ctx, value);
    return;
  }
  const before = ctx.draft.root.toolCalls.get(toolCallId)!.workflow;
  const status = workflowStatus(data.status, before?.status ?? 'running');
  if (before?.runId !== workflowRunId || before.status !== status || before.workflowId !== name) {
    const workflow = editWorkflow(ctx, toolCallId)!;
    workflow.runId = workflowRunId;
    if (name !== undefined) workflow.workflowId = name;
    workflow.status = status;
  }
  if (isRecord(data.steps)) {
    for (const [stepId, step] of Object.entries(data.steps)) {
      if (isRecord(step)) applyStep(ctx, toolCallId, stepId, step);
    }
  }
}

function onWorkflowStep(ctx: Ctx, value: Value): void {
  const data = value.data as Fields;
  const stepId = nonEmpty(data.stepId);
  const id = value.id as string;
  if (stepId === undefined || !isRecord(data.step) || !id.endsWith(`:${stepId}`)) {
    invalid(
      ctx,
      value,
      'data-tool-workflow-step needs data.stepId, data.step and an id "<runId>:<stepId>"',
    );
    return;
  }
  const workflowRunId = id.slice(0, id.length - stepId.length - 1);
  const toolCallId = workflowCallFor(ctx, workflowRunId, nonEmpty(data.name));
  if (toolCallId === undefined) {
    onData(ctx, value);
    return;
  }
  applyStep(ctx, toolCallId, stepId, data.step);
}

/** The workflow tool's output is `{ result, runId }`: the result of the run it reports on. */
function settleWorkflowResult(ctx: Ctx, call: Call, output: unknown): void {
  if (call.workflow === undefined || !isRecord(output) || !('result' in output)) return;
  if (output.runId !== undefined && output.runId !== call.workflow.runId) return;
  const workflow = ctx.draft.field(call, 'workflow') as Mutable<WorkflowState>;
  workflow.result = output.result;
}

// ---------------------------------------------------------------------------------------------
// Background tasks

/** `data-background-task-*` carries the native payload; it updates the call like the native chunk. */
function onBackgroundTask(ctx: Ctx, value: Value): void {
  const data = isRecord(value.data) ? value.data : undefined;
  const type = value.type.slice('data-'.length);
  const progress = type === 'background-task-progress';
  const usable =
    data !== undefined &&
    (progress
      ? Array.isArray(data.taskIds) && data.taskIds.every((id) => typeof id === 'string')
      : nonEmpty(data.taskId) !== undefined && nonEmpty(data.toolCallId) !== undefined);
  if (!usable) {
    invalid(ctx, value, `${value.type} needs data.taskId and data.toolCallId`);
    return;
  }
  const { runId } = topRun(ctx);
  const chunk = { type, runId, from: 'AGENT', payload: data } as unknown as MastraChunk;
  if (!reduceBackgroundTask(ctx, chunk, TOP)) onData(ctx, value);
}

// ---------------------------------------------------------------------------------------------

/** Applies an AI SDK UI message stream chunk. Malformed chunks become issues; nothing throws. */
export function reduceAiSdk(ctx: Ctx, value: Value): void {
  if (!validate(ctx, value)) return;
  switch (value.type) {
    case 'start':
      onStart(ctx, value);
      return;
    case 'start-step': {
      const run = topRun(ctx);
      ctx.draft.push(run, 'steps', { index: run.steps.length });
      return;
    }
    case 'finish-step':
      topRun(ctx);
      return;
    case 'finish':
      onFinish(ctx, value);
      return;
    case 'abort': {
      const run = topRun(ctx);
      endRun(ctx, run.runId, 'aborted', nonEmpty(value.reason) ?? 'The run was aborted');
      return;
    }
    case 'error':
      onError(ctx, value);
      return;
    case 'text-start':
    case 'text-delta':
    case 'text-end':
    case 'reasoning-start':
    case 'reasoning-delta':
    case 'reasoning-end':
      onText(ctx, value);
      return;
    case 'source-url':
    case 'source-document':
      onSource(ctx, value);
      return;
    case 'file':
      onFile(ctx, value);
      return;
    case 'tool-input-start':
      onInputStart(ctx, value);
      return;
    case 'tool-input-delta':
      onInputDelta(ctx, value);
      return;
    case 'tool-input-available':
      onInputAvailable(ctx, value);
      return;
    case 'tool-input-error':
      onInputError(ctx, value);
      return;
    case 'tool-output-available':
      onOutputAvailable(ctx, value);
      return;
    case 'tool-output-error':
      onOutputError(ctx, value);
      return;
    case 'tool-output-denied':
      onDenied(ctx, value);
      return;
    case 'tool-approval-request':
      onApprovalRequest(ctx, value);
      return;
    case 'data-tool-call-approval':
    case 'data-tool-call-suspended':
      onHumanData(ctx, value);
      return;
    case 'data-tool-agent':
      onAgentSnapshot(ctx, value);
      return;
    case 'data-tool-agent-step':
      // Every step is also in the next data-tool-agent snapshot.
      return;
    case 'data-tool-workflow':
      onWorkflowSnapshot(ctx, value);
      return;
    case 'data-tool-workflow-step':
      onWorkflowStep(ctx, value);
      return;
    case 'data-tripwire':
      onTripwire(ctx, value);
      return;
    case 'data-structured-output':
      topRun(ctx).object = (value.data as Fields).object;
      return;
    case 'message-metadata':
      ctx.draft.push(ctx.draft.state(), 'unknownChunks', value);
      return;
    default:
      if (value.type.startsWith(BACKGROUND_PREFIX)) onBackgroundTask(ctx, value);
      else onData(ctx, value);
  }
}
