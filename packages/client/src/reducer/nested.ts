import { type MastraChunk, parseMastraChunk } from '../chunks/mastra.js';
import type { Mutable } from '../state/draft.js';
import {
  TERMINAL_TOOL_STATUSES,
  type WorkflowState,
  type WorkflowStatus,
  type WorkflowStepState,
} from '../state/state.js';
import { addIssue, type Ctx, ensureCall, excerpt, now, ownMessage, type Scope } from './context.js';
import { addProgress, errorText } from './tools.js';

type Chunk<T extends MastraChunk['type']> = Extract<MastraChunk, { type: T }>;

/** Applies a nested chunk in the given scope (set by the caller of this module). */
export type ApplyNested = (ctx: Ctx, value: unknown, scope: Scope) => void;

const MAX_NESTING = 64;

// Wrappers inside wrappers being applied right now. Reducing is synchronous, so one counter is
// exact; the bound keeps a hostile stream of deeply nested wrappers off the call stack.
let nesting = 0;

function applyNested(
  ctx: Ctx,
  apply: ApplyNested,
  value: unknown,
  scope: Scope,
  wrapper: string,
): void {
  if (nesting >= MAX_NESTING) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: `Nested chunk: more than ${MAX_NESTING} levels of ${wrapper} wrappers`,
      chunkType: wrapper,
      excerpt: excerpt(value),
    });
    return;
  }
  nesting++;
  try {
    apply(ctx, value, scope);
  } finally {
    nesting--;
  }
}

const CHUNK_SOURCES = new Set(['AGENT', 'WORKFLOW', 'NETWORK', 'USER']);

/** Whether a `tool-output` carries a chunk of a nested run rather than a tool's own progress. */
function isNestedChunk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; from?: unknown; runId?: unknown };
  if (typeof v.type !== 'string' || typeof v.from !== 'string' || !CHUNK_SOURCES.has(v.from))
    return false;
  return v.from !== 'USER' || v.type === 'tool-output';
}

/**
 * `tool-output` wraps what runs inside a tool: a subagent's or workflow's chunks (unwrapped here at
 * any depth, one scope level per wrapper) or the tool's own preliminary output.
 */
export function reduceToolOutput(
  ctx: Ctx,
  chunk: Chunk<'tool-output'>,
  scope: Scope,
  apply: ApplyNested,
) {
  const { toolCallId, output } = chunk.payload;
  const raw = (chunk.payload as { toolName?: unknown }).toolName;
  const toolName = typeof raw === 'string' ? raw : undefined;
  // Most wrappers belong to a call that is already known and complete: taking a writable copy of
  // it for each would give it a new identity per nested chunk and re-render whatever shows it.
  const known = ctx.draft.root.toolCalls.get(toolCallId);
  if (known === undefined || (known.toolName === '' && toolName !== undefined)) {
    ensureCall(ctx, chunk.runId, scope, toolCallId, toolName);
  }
  if (isNestedChunk(output)) {
    const nested = { parentToolCallId: toolCallId, depth: scope.depth + 1 };
    applyNested(ctx, apply, output, nested, 'tool-output');
    return;
  }
  const type = (output as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && type.startsWith('data-')) {
    applyNested(ctx, apply, output, scope, 'tool-output');
    return;
  }
  addProgress(ctx, chunk.runId, scope, toolCallId, output);
}

const STATUS: Record<string, WorkflowStatus> = {
  running: 'running',
  success: 'success',
  failed: 'failed',
  suspended: 'suspended',
  waiting: 'waiting',
  canceled: 'canceled',
  cancelled: 'canceled',
  paused: 'paused',
  tripwire: 'tripwire',
  bailed: 'success',
};

/** The workflow status a stream's status string names, or `fallback` for one it does not know. */
export const workflowStatus = (value: unknown, fallback: WorkflowStatus): WorkflowStatus =>
  typeof value === 'string' && Object.hasOwn(STATUS, value) ? STATUS[value]! : fallback;

/** The writable workflow of a `workflow-*` call, created on first sight; undefined for no call. */
export function editWorkflow(ctx: Ctx, toolCallId: string): Mutable<WorkflowState> | undefined {
  const call = ctx.draft.toolCall(toolCallId);
  if (call === undefined) return undefined;
  if (call.workflow === undefined) {
    call.workflow = ctx.draft.adopt<WorkflowState>({
      status: 'running',
      stepIds: [],
      steps: new Map(),
    });
  }
  return ctx.draft.field(call, 'workflow') as Mutable<WorkflowState>;
}

/** A writable step of a workflow; `fresh` becomes the step when the workflow has none by its id. */
export function editStep(
  ctx: Ctx,
  workflow: Mutable<WorkflowState>,
  fresh: WorkflowStepState,
): Mutable<WorkflowStepState> {
  const steps = ctx.draft.field(workflow, 'steps') as Map<string, WorkflowStepState>;
  if (!steps.has(fresh.id)) {
    steps.set(fresh.id, ctx.draft.adopt(fresh));
    ctx.draft.push(workflow, 'stepIds', fresh.id);
  }
  return ctx.draft.entry(steps, fresh.id)!;
}

/** Applies a `workflow-*` event to the `workflow-*` call it runs inside. */
export function reduceWorkflowEvent(
  ctx: Ctx,
  chunk: MastraChunk,
  scope: Scope,
  apply: ApplyNested,
) {
  const parent = scope.parentToolCallId;
  if (parent === null) return false;
  const workflow = editWorkflow(ctx, parent);
  if (workflow === undefined) return false;
  const p = chunk.payload as Record<string, unknown>;
  const at = now(ctx);
  switch (chunk.type) {
    case 'workflow-start': {
      if (typeof p.workflowId === 'string') workflow.workflowId = p.workflowId;
      workflow.runId = chunk.runId;
      workflow.status = 'running';
      return true;
    }
    case 'workflow-step-start':
    case 'workflow-step-result':
    case 'workflow-step-suspended':
    case 'workflow-step-waiting': {
      const id = String(p.id);
      const name = typeof p.stepName === 'string' ? p.stepName : id;
      const step = editStep(ctx, workflow, { id, name, status: 'running' });
      const fallback: WorkflowStatus =
        chunk.type === 'workflow-step-suspended'
          ? 'suspended'
          : chunk.type === 'workflow-step-waiting'
            ? 'waiting'
            : chunk.type === 'workflow-step-result'
              ? 'success'
              : 'running';
      step.status = workflowStatus(p.status, fallback);
      if (chunk.type === 'workflow-step-start' && p.payload !== undefined) step.input = p.payload;
      if ('output' in p && p.output !== undefined) step.output = p.output;
      if (p.suspendPayload !== undefined) step.suspendPayload = p.suspendPayload;
      if (typeof p.startedAt === 'number') step.startedAt = p.startedAt;
      else if (chunk.type === 'workflow-step-start' && at !== undefined) step.startedAt = at;
      if (typeof p.endedAt === 'number') step.endedAt = p.endedAt;
      return true;
    }
    case 'workflow-step-output': {
      applyNested(ctx, apply, p.output, scope, 'workflow-step-output');
      return true;
    }
    case 'workflow-step-progress':
    case 'workflow-step-finish': {
      return true;
    }
    case 'workflow-finish': {
      workflow.status = workflowStatus(p.workflowStatus, 'success');
      if (p.finalWorkflowResult !== undefined) workflow.result = p.finalWorkflowResult;
      return true;
    }
    case 'workflow-canceled': {
      workflow.status = 'canceled';
      return true;
    }
    case 'workflow-paused': {
      workflow.status = 'paused';
      return true;
    }
    default: {
      return false;
    }
  }
}

const BACKGROUND_STATUS = {
  'background-task-started': 'started',
  'background-task-running': 'running',
  'background-task-resumed': 'running',
  'background-task-output': 'running',
  'background-task-suspended': 'suspended',
  'background-task-completed': 'completed',
  'background-task-failed': 'failed',
  'background-task-cancelled': 'cancelled',
} as const;

/** Applies a `background-task-*` chunk to the call that runs in the background. */
export function reduceBackgroundTask(ctx: Ctx, chunk: MastraChunk, scope: Scope): boolean {
  if (chunk.type === 'background-task-progress') {
    for (const taskId of chunk.payload.taskIds) {
      const toolCallId = ctx.scratch.taskCalls.get(taskId);
      const call = toolCallId === undefined ? undefined : ctx.draft.toolCall(toolCallId);
      if (call?.background !== undefined && chunk.payload.elapsedMs !== undefined) {
        call.background = { ...call.background, elapsedMs: chunk.payload.elapsedMs };
      }
    }
    return true;
  }
  if (!(chunk.type in BACKGROUND_STATUS)) return false;
  const p = chunk.payload as Record<string, unknown> & { taskId: string; toolCallId: string };
  const status = BACKGROUND_STATUS[chunk.type as keyof typeof BACKGROUND_STATUS];
  const toolName = typeof p.toolName === 'string' ? p.toolName : undefined;
  const call = ensureCall(ctx, chunk.runId, scope, p.toolCallId, toolName);
  ctx.scratch.taskCalls.set(p.taskId, p.toolCallId);
  // A task's error is the tool's own value: under a display transform only a placeholder shows.
  const error =
    status === 'failed'
      ? call.displayTransform === 'display'
        ? 'Tool error payload unavailable'
        : errorText(p.error)
      : status === 'cancelled'
        ? 'Background task cancelled'
        : undefined;
  call.background = { ...call.background, taskId: p.taskId, status, ...(error ? { error } : {}) };
  if (chunk.type === 'background-task-output') {
    const inner = p.payload as { payload?: { output?: unknown } } | undefined;
    addProgress(ctx, chunk.runId, scope, p.toolCallId, inner?.payload?.output ?? inner);
  } else if (TERMINAL_TOOL_STATUSES.has(call.status)) {
    // The call already ended (e.g. with its run): terminal states stay terminal.
  } else if (status === 'completed') {
    call.raw = { ...call.raw, output: p.result };
    const failed = p.isError === true;
    if (call.displayTransform === 'display') call.output = { kind: 'hidden', reason: 'pending' };
    else if (failed) call.error = { kind: 'raw', value: errorText(p.result) };
    else call.output = { kind: 'raw', value: p.result };
    call.status = failed ? 'output-error' : 'output-available';
  } else if (error !== undefined) {
    if (status === 'failed') call.raw = { ...call.raw, error: p.error };
    call.error = ownMessage(call, error);
    call.status = 'output-error';
  } else if (status === 'suspended') {
    call.raw = { ...call.raw, suspendPayload: p.suspendPayload };
  }
  return true;
}

/** Parses and applies a chunk found inside a wrapper; a malformed one becomes an issue. */
export function parseNested(ctx: Ctx, value: unknown) {
  const parsed = parseMastraChunk(value);
  if (!parsed.ok) {
    addIssue(ctx, {
      kind: 'invalid-chunk',
      message: `Nested chunk: ${parsed.error.message}`,
      ...(parsed.error.chunkType ? { chunkType: parsed.error.chunkType } : {}),
      excerpt: excerpt(value),
    });
    return undefined;
  }
  return parsed.chunk;
}
