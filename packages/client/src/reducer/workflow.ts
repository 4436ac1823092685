import type { Mutable } from '../state/draft.js';
import {
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type WorkflowIterationState,
  type WorkflowStatus,
  type WorkflowStepState,
} from '../state/state.js';
import { WorkflowRecord } from '../state/workflow-record.js';
import type { Ctx } from './context.js';
import { errorText } from './error-text.js';
import { placeholder } from './transform.js';

// The workflow of a `workflow-*` call, as both stream formats edit it.

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
export function editWorkflow(ctx: Ctx, toolCallId: string): WorkflowRecord | undefined {
  const call = ctx.draft.toolCall(toolCallId);
  if (call === undefined) return undefined;
  const workflow = call.workflow;
  // A workflow from elsewhere (JSON, history) is made a record once: its steps become persistent.
  if (!(workflow instanceof WorkflowRecord)) {
    const record = WorkflowRecord.copy(
      workflow ?? { status: 'running', stepIds: [], steps: new Map() },
    );
    call.workflow = ctx.draft.adopt(record);
  }
  return ctx.draft.field(call, 'workflow') as WorkflowRecord;
}

/**
 * A writable step of a workflow; `fresh` becomes the step when the workflow has none by its id.
 * The workflow's steps map takes the new or copied step along one path: O(log steps).
 */
export function editStep(
  ctx: Ctx,
  workflow: WorkflowRecord,
  fresh: WorkflowStepState,
): Mutable<WorkflowStepState> {
  const current = workflow.steps.get(fresh.id);
  const step = current === undefined ? ctx.draft.adopt(fresh) : ctx.draft.own(current);
  if (step !== current) workflow.steps = workflow.steps.set(fresh.id, step);
  return step;
}

/** `iterations` with `entry` in its index's place: replaced when the index is known, else inserted. */
export function withIteration(
  iterations: readonly WorkflowIterationState[] | undefined,
  entry: WorkflowIterationState,
): readonly WorkflowIterationState[] {
  const list = iterations ?? [];
  let at = list.length;
  while (at > 0 && list[at - 1]!.index >= entry.index) at--;
  const replaces = list[at]?.index === entry.index;
  return [...list.slice(0, at), entry, ...list.slice(replaces ? at + 1 : at)];
}

const OPEN: ReadonlySet<WorkflowStatus> = new Set(['running', 'waiting']);

/**
 * Ends what a workflow left open when it ended as `status`: its steps and their iterations still
 * running or waiting take `success` after a successful workflow (their news was lost), else
 * `canceled` (they never finished). Suspended steps stay suspended: the workflow may resume.
 */
export function closeSteps(ctx: Ctx, workflow: WorkflowRecord, status: WorkflowStatus): void {
  const closed: WorkflowStatus = status === 'success' ? 'success' : 'canceled';
  for (const step of workflow.steps.values()) {
    const openIteration = step.iterations?.some((it) => OPEN.has(it.status)) === true;
    if (!OPEN.has(step.status) && !openIteration) continue;
    const edited = editStep(ctx, workflow, step);
    if (OPEN.has(edited.status)) edited.status = closed;
    if (openIteration) {
      edited.iterations = step.iterations!.map((it) =>
        OPEN.has(it.status) ? { ...it, status: closed } : it,
      );
    }
  }
}

/** The statuses after which a workflow runs no more steps. */
const ENDED: ReadonlySet<WorkflowStatus> = new Set(['success', 'failed', 'canceled', 'tripwire']);

/** Whether a workflow has ended as `status`. */
export const workflowEnded = (status: WorkflowStatus): boolean => ENDED.has(status);

/**
 * The error text of a workflow tool's result `{ error, runId }` (what Mastra returns for a
 * failed run), or undefined for any other result.
 */
export function workflowFailure(call: ToolCallState, output: unknown): string | undefined {
  if (call.kind !== 'workflow' || typeof output !== 'object' || output === null) return undefined;
  const o = output as { error?: unknown; result?: unknown; runId?: unknown };
  if (o.error === undefined || o.error === null || 'result' in o) return undefined;
  if (
    o.runId !== undefined &&
    call.workflow?.runId !== undefined &&
    o.runId !== call.workflow.runId
  )
    return undefined;
  return errorText(o.error);
}

/** Records why a call's workflow failed; under a display transform only a placeholder shows. */
export function failWorkflow(ctx: Ctx, call: Mutable<ToolCallState>, error: string): void {
  const workflow = editWorkflow(ctx, call.key);
  if (workflow === undefined) return;
  const shown = call.displayTransform === 'display' ? placeholder('error') : error;
  workflow.error = shown;
  if (!workflowEnded(workflow.status)) workflow.status = 'failed';
  closeSteps(ctx, workflow, 'failed');
  // The run's error is what its failed step threw: AI SDK snapshots carry it for the run only.
  let failed: WorkflowStepState | undefined;
  for (const step of workflow.steps.values()) {
    if (step.status !== 'failed') continue;
    if (failed !== undefined) return;
    failed = step;
  }
  if (failed !== undefined && failed.error === undefined) {
    editStep(ctx, workflow, failed).error = shown;
  }
}

/**
 * A `workflow-*` call ended: its workflow ends with it. One still running takes the call's
 * outcome (`success` after a result, `failed` after an error, else `canceled`), and nothing of it
 * stays running.
 */
export function endWorkflow(ctx: Ctx, call: ToolCallState): void {
  const current = call.workflow;
  if (current === undefined || !TERMINAL_TOOL_STATUSES.has(call.status)) return;
  const ended = workflowEnded(current.status);
  let open = false;
  for (const step of current.steps.values()) {
    open ||= OPEN.has(step.status) || step.iterations?.some((it) => OPEN.has(it.status)) === true;
    if (open) break;
  }
  if (ended && !open) return;
  const workflow = editWorkflow(ctx, call.key)!;
  if (!ended) {
    workflow.status =
      call.status === 'output-available'
        ? 'success'
        : call.status === 'output-error'
          ? 'failed'
          : 'canceled';
  }
  closeSteps(ctx, workflow, workflow.status);
}
