import type { Mutable } from '../state/draft.js';
import { PersistentMap } from '../state/persistent-map.js';
import {
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type WorkflowIterationState,
  type WorkflowState,
  type WorkflowStatus,
  type WorkflowStepState,
} from '../state/state.js';
import { WorkflowRecord } from '../state/workflow-record.js';
import { stepWithoutBesideEchoes } from './beside.js';
import type { Ctx } from './context.js';
import { errorText } from './error-text.js';
import { affords, hiddenStepValue } from './hide.js';
import { shownInside } from './inside.js';
import { type DisplayMetadata, placeholder } from './transform.js';

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
 * The workflow's steps map takes the new or copied step along one path: O(log steps). The workflow
 * is no longer {@link WorkflowRecord.settled}: the step may run again.
 *
 * A new step gets the step that runs the nested workflow it belongs to as `parentStepId`. Neither
 * stream format links them: Mastra renames each event of a nested workflow's step to
 * `<nested workflow id>.<step id>` (again at each level up), and a workflow used as a step has its
 * own id as step id. So the parent is the longest part of the id before a dot that is a step
 * already reported (the step that runs a nested workflow starts before any of its steps, and a
 * snapshot lists it first): one lookup per dot of the id, O(log steps) each. A step id with a dot
 * and no such step (`confirm.dispatch`) is the workflow's own.
 */
export function editStep(
  ctx: Ctx,
  workflow: WorkflowRecord,
  fresh: WorkflowStepState,
): Mutable<WorkflowStepState> {
  const current = workflow.steps.get(fresh.id);
  const step: Mutable<WorkflowStepState> =
    current === undefined ? ctx.draft.adopt(fresh) : ctx.draft.own(current);
  for (let prefix = current ? '' : fresh.id; prefix.includes('.'); ) {
    prefix = prefix.slice(0, prefix.lastIndexOf('.'));
    if (workflow.steps.has(prefix)) {
      step.parentStepId = prefix;
      break;
    }
  }
  if (step !== current) workflow.steps = workflow.steps.set(fresh.id, step);
  workflow.settled = false;
  return step;
}

const OPEN: ReadonlySet<WorkflowStatus> = new Set(['running', 'waiting']);

/** A step's iterations as a persistent map: a plain one (built by an app) is copied once. */
function iterationsOf(step: WorkflowStepState): PersistentMap<WorkflowIterationState> {
  const { iterations } = step;
  return iterations instanceof PersistentMap
    ? (iterations as PersistentMap<WorkflowIterationState>)
    : PersistentMap.from(iterations ?? []);
}

/**
 * Sets the iteration of `entry.index` on a writable step (replacing the one it had, else added
 * last) and keeps `runningIterations` in step: O(log iterations), whatever the step holds.
 */
export function setIteration(
  step: Mutable<WorkflowStepState>,
  entry: WorkflowIterationState,
): void {
  const iterations = iterationsOf(step);
  const key = String(entry.index);
  const before = iterations.get(key);
  const running =
    (step.runningIterations ?? 0) +
    (OPEN.has(entry.status) ? 1 : 0) -
    (before !== undefined && OPEN.has(before.status) ? 1 : 0);
  step.iterations = iterations.set(key, entry);
  if (running > 0) step.runningIterations = running;
  else delete step.runningIterations;
}

/**
 * The iterations of a writable step still running or waiting take `status`. None: O(1). A loop's
 * latest repetition (the only one a loop leaves open): O(log n). Else one pass over them.
 */
export function settleIterations(step: Mutable<WorkflowStepState>, status: WorkflowStatus): void {
  if (OPEN.has(status) || (step.runningIterations ?? 0) === 0) return;
  const iterations = iterationsOf(step);
  const latest = iterations.get(String(iterations.size - 1));
  if (latest !== undefined && OPEN.has(latest.status)) setIteration(step, { ...latest, status });
  if ((step.runningIterations ?? 0) === 0) return;
  for (const it of iterations.values()) {
    if (OPEN.has(it.status) && it !== latest) setIteration(step, { ...it, status });
  }
}

/**
 * A step's suspend payload without `__workflow_meta`, which Mastra adds to the payload of a step
 * that runs a nested workflow (the inner run's id and the path to its suspended step): its own
 * bookkeeping, not what the step asked.
 */
export function suspendPayloadOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, '__workflow_meta'))
    return value;
  const { __workflow_meta: _, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** What an ended workflow closes: a suspended step too, as an ended run resumes nothing. */
const UNFINISHED: ReadonlySet<WorkflowStatus> = new Set([...OPEN, 'suspended']);

/**
 * Ends what a workflow left open when it ended as `status`: its steps and their iterations still
 * running, waiting or suspended take `success` after a successful workflow (their news was lost),
 * else `canceled` (they never finished: a resume that failed leaves its step suspended).
 */
export function closeSteps(ctx: Ctx, workflow: WorkflowRecord, status: WorkflowStatus): void {
  // Closed already, and no step edited since: O(1), so a workflow is walked once when it ends.
  if (workflow.settled) return;
  const closed: WorkflowStatus = status === 'success' ? 'success' : 'canceled';
  for (const step of workflow.steps.values()) {
    if (!UNFINISHED.has(step.status) && (step.runningIterations ?? 0) === 0) continue;
    const edited = editStep(ctx, workflow, step);
    if (UNFINISHED.has(edited.status)) edited.status = closed;
    settleIterations(edited, closed);
  }
  workflow.settled = true;
}

/** The statuses after which a workflow runs no more steps. */
const ENDED: ReadonlySet<WorkflowStatus> = new Set(['success', 'failed', 'canceled', 'tripwire']);

/** Whether a workflow has ended as `status`. */
export const workflowEnded = (status: WorkflowStatus): boolean => ENDED.has(status);

/**
 * A `workflow-*` call's result `{ result, runId }` when no event of its run came before it (a
 * thread restored from memory keeps only the result): the run it reports on succeeded with it.
 */
export function workflowFromResult(ctx: Ctx, call: ToolCallState, output: unknown): void {
  if (call.kind !== 'workflow' || call.workflow !== undefined) return;
  if (typeof output !== 'object' || output === null || !('result' in output)) return;
  const { result, runId } = output as { result: unknown; runId?: unknown };
  const workflow = editWorkflow(ctx, call.key)!;
  if (typeof runId === 'string') workflow.runId = runId;
  workflow.status = 'success';
  const shown =
    call.displayTransform === 'display' ? undefined : shownInside(ctx, call, result, affords(ctx));
  // Nor what the calls beside it hide (a result handed a key a call beside it hid).
  workflow.result =
    shown === undefined ? hiddenStepValue(result) : stepWithoutBesideEchoes(ctx, call, shown);
}

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

/** Whether a workflow is a record whose steps were closed and not edited since. */
const settledAs = (workflow: WorkflowState | undefined): workflow is WorkflowRecord =>
  workflow instanceof WorkflowRecord && workflow.settled;

/**
 * The error a display transform shows for a failed workflow: Mastra transforms the result
 * `{ error, runId }` as an output, under `output-available`, with no `error` phase. Undefined
 * when there is an `error` phase, or no transformed output with an error.
 */
export function maskedFailure(metadata: DisplayMetadata | undefined): string | undefined {
  const entry = metadata?.['output-available'];
  if (metadata?.error !== undefined || entry === undefined || entry.failed || entry.suppress)
    return undefined;
  const value = entry.transformed as { error?: unknown } | null | undefined;
  return typeof value === 'object' && value !== null && value.error != null
    ? errorText(value.error)
    : undefined;
}

/**
 * Records why a call's workflow failed; under a display transform only the transform's error
 * (`masked`) or a placeholder shows.
 */
export function failWorkflow(
  ctx: Ctx,
  call: Mutable<ToolCallState>,
  error: string,
  masked?: string,
): void {
  const inside =
    call.displayTransform === 'display'
      ? masked
      : shownInside(ctx, call, error, affords(ctx), true);
  // Nor what the calls beside it hide.
  const beside =
    typeof inside === 'string' && call.displayTransform !== 'display'
      ? stepWithoutBesideEchoes(ctx, call, inside)
      : inside;
  const shown = typeof beside === 'string' ? beside : placeholder('error');
  // The same failure again (a repeated result): nothing to do, in O(1).
  const current = call.workflow;
  if (settledAs(current) && current.error === shown && workflowEnded(current.status)) return;
  const workflow = editWorkflow(ctx, call.key);
  if (workflow === undefined) return;
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
  if (
    failed !== undefined &&
    (failed.error === undefined || failed.error === placeholder('error'))
  ) {
    editStep(ctx, workflow, failed).error = shown;
    // Only its error changed: nothing of the workflow runs again.
    workflow.settled = true;
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
  // Ended and closed: O(1), however many terminal chunks the call gets.
  if (ended && settledAs(current)) return;
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
