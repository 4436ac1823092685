import type { MastraChunk } from '../chunks/mastra.js';
import { stepWithoutBesideEchoes } from '../reducer/beside.js';
import { type Ctx, now, type Scope } from '../reducer/context.js';
import { errorText } from '../reducer/error-text.js';
import { affords, hiddenStepValue } from '../reducer/hide.js';
import { shownInside } from '../reducer/inside.js';
import { workflowSentAgain } from '../reducer/reopen.js';
import { placeholder } from '../reducer/transform.js';
import {
  closeSteps,
  editStep,
  editWorkflow,
  setIteration,
  settleIterations,
  suspendPayloadOf,
  workflowEnded,
  workflowStatus,
} from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import type { WorkflowStatus, WorkflowStepState } from '../state/state.js';
import type { WorkflowRecord } from '../state/workflow-record.js';
import { applyNested, noteWorkflowRun } from './nested.js';

/** A `workflow-*` chunk: an event of a workflow that runs inside a `workflow-*` call. */
export type WorkflowChunk = Extract<MastraChunk, { type: `workflow-${string}` }>;

type StepChunk = Extract<
  WorkflowChunk,
  {
    type:
      | 'workflow-step-start'
      | 'workflow-step-result'
      | 'workflow-step-suspended'
      | 'workflow-step-waiting';
  }
>;

const FALLBACK: Record<StepChunk['type'], WorkflowStatus> = {
  'workflow-step-start': 'running',
  'workflow-step-result': 'success',
  'workflow-step-suspended': 'suspended',
  'workflow-step-waiting': 'waiting',
};

const ENDED_STEP: ReadonlySet<WorkflowStatus> = new Set(['success', 'failed']);

/**
 * A step event. A step that starts again under a new `stepCallId` after it ended is a loop's next
 * repetition: the runs before it stay in `iterations`. A step that ends after foreach progress
 * settles every item its output lists.
 */
function onStep(
  ctx: Ctx,
  workflow: WorkflowRecord,
  chunk: StepChunk,
  view: (value: unknown) => unknown,
  errorView: (text: string) => string,
): void {
  const p = chunk.payload as Record<string, unknown>;
  const id = String(p.id);
  const name = typeof p.stepName === 'string' ? p.stepName : id;
  const callId = typeof p.stepCallId === 'string' ? p.stepCallId : undefined;
  const before = workflow.steps.get(id);
  const step = editStep(ctx, workflow, { id, name, status: 'running' });
  const status = workflowStatus(p.status, FALLBACK[chunk.type]);
  if (
    chunk.type === 'workflow-step-start' &&
    before !== undefined &&
    before.iterationCount === undefined &&
    callId !== undefined &&
    before.stepCallId !== undefined &&
    callId !== before.stepCallId &&
    ENDED_STEP.has(before.status)
  ) {
    repeat(step, before);
  }
  step.status = status;
  if (callId !== undefined) step.stepCallId = callId;
  // A sleep step has no start: its input comes with its waiting news.
  const starts =
    chunk.type === 'workflow-step-start' ||
    (chunk.type === 'workflow-step-waiting' && step.input === undefined);
  if (starts && p.payload !== undefined) step.input = view(p.payload);
  if ('output' in p && p.output !== undefined) step.output = view(p.output);
  if (p.suspendPayload !== undefined)
    step.suspendPayload = view(suspendPayloadOf(p.suspendPayload));
  if (status === 'failed' && p.error !== undefined) {
    step.error = errorView(errorText(p.error));
  }
  const at = now(ctx);
  if (typeof p.startedAt === 'number') step.startedAt = p.startedAt;
  else if (chunk.type === 'workflow-step-start' && at !== undefined) step.startedAt = at;
  if (typeof p.endedAt === 'number') step.endedAt = p.endedAt;
  const count = step.iterations?.size ?? 0;
  if (count === 0) return;
  if (step.iterationCount === undefined) {
    // A loop: the event is news of its latest repetition (repetitions are numbered from 0).
    setIteration(step, {
      index: count - 1,
      status,
      ...(step.input === undefined ? {} : { input: step.input }),
      ...(step.output === undefined ? {} : { output: step.output }),
    });
  } else if (chunk.type === 'workflow-step-result') settleItems(step, p.output, status, view);
}

/** The step starts its next repetition: the runs so far become its iterations. */
function repeat(step: Mutable<WorkflowStepState>, before: WorkflowStepState): void {
  if ((before.iterations?.size ?? 0) === 0) {
    setIteration(step, {
      index: 0,
      status: before.status,
      ...(before.input === undefined ? {} : { input: before.input }),
      ...(before.output === undefined ? {} : { output: before.output }),
    });
  }
  setIteration(step, { index: step.iterations!.size, status: 'running' });
  // What the step shows is its current repetition.
  delete step.output;
  delete step.error;
  delete step.endedAt;
}

/** A foreach step ended: each item of its output is an iteration, and none stays running. */
function settleItems(
  step: Mutable<WorkflowStepState>,
  output: unknown,
  status: WorkflowStatus,
  view: (value: unknown) => unknown,
): void {
  // Each item the output lists costs O(log n): the work grows with the chunk, not the step.
  if (Array.isArray(output)) {
    output.forEach((value, index) => {
      if (step.iterations?.has(String(index)) !== true) {
        setIteration(step, { index, status, output: view(value) });
      }
    });
  }
  settleIterations(step, status);
}

/** Whether a value is a whole number, 0 or more. */
const isCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;

/** `workflow-step-progress`: one item of a foreach step finished. */
function onProgress(
  ctx: Ctx,
  workflow: WorkflowRecord,
  p: Record<string, unknown>,
  view: (value: unknown) => unknown,
): void {
  const index = p.currentIndex;
  if (!isCount(index)) return;
  const id = String(p.id);
  const step = editStep(ctx, workflow, { id, name: id, status: 'running' });
  if (isCount(p.totalCount)) step.iterationCount = p.totalCount;
  else step.iterationCount ??= index + 1;
  setIteration(step, {
    index,
    status: workflowStatus(p.iterationStatus, 'success'),
    ...(p.iterationOutput === undefined ? {} : { output: view(p.iterationOutput) }),
  });
}

/**
 * Applies a `workflow-*` event to the `workflow-*` call it runs inside. Returns false when the
 * event has no such call (it is then kept as an uninterpreted chunk).
 */
export function reduceWorkflowEvent(ctx: Ctx, chunk: WorkflowChunk, scope: Scope): boolean {
  const parent = scope.parentToolCallId;
  if (parent === null) return false;
  if (chunk.type === 'workflow-start') workflowSentAgain(ctx, parent);
  const workflow = editWorkflow(ctx, parent);
  if (workflow === undefined) return false;
  const p = chunk.payload as Record<string, unknown>;
  // The steps' values come from the workflow call's raw input: its display transform hides them.
  const call = ctx.draft.root.toolCalls.get(parent);
  const hidden = call?.displayTransform === 'display';
  // Else they show none of what the calls inside it (an agent step's) hide, nor what the calls
  // beside it hide (a step handed a key a call beside it hid).
  const inside = (value: unknown, failure = false) => {
    if (call === undefined || value === undefined) return value;
    const shown = shownInside(ctx, call, value, affords(ctx), failure);
    return shown === undefined ? undefined : stepWithoutBesideEchoes(ctx, call, shown);
  };
  const view = (value: unknown) => {
    if (hidden) return hiddenStepValue(value);
    const shown = inside(value);
    return shown === undefined ? hiddenStepValue(value) : shown;
  };
  const errorView = (text: string) => {
    const shown = hidden ? undefined : inside(text, true);
    return typeof shown === 'string' ? shown : placeholder('error');
  };
  switch (chunk.type) {
    case 'workflow-start': {
      if (typeof p.workflowId === 'string') workflow.workflowId = p.workflowId;
      workflow.runId = chunk.runId;
      noteWorkflowRun(ctx, chunk.runId, parent);
      workflow.status = 'running';
      return true;
    }
    case 'workflow-step-start':
    case 'workflow-step-result':
    case 'workflow-step-suspended':
    case 'workflow-step-waiting': {
      onStep(ctx, workflow, chunk, view, errorView);
      return true;
    }
    case 'workflow-step-output': {
      applyNested(ctx, p.output, scope, 'workflow-step-output');
      return true;
    }
    case 'workflow-step-progress': {
      onProgress(ctx, workflow, p, view);
      return true;
    }
    case 'workflow-step-finish': {
      return true;
    }
    case 'workflow-finish': {
      workflow.status = workflowStatus(p.workflowStatus, 'success');
      if (p.finalWorkflowResult !== undefined) workflow.result = view(p.finalWorkflowResult);
      if (workflowEnded(workflow.status)) closeSteps(ctx, workflow, workflow.status);
      return true;
    }
    case 'workflow-canceled': {
      workflow.status = 'canceled';
      closeSteps(ctx, workflow, 'canceled');
      return true;
    }
    case 'workflow-paused': {
      workflow.status = 'paused';
      return true;
    }
    default: {
      chunk satisfies never;
      return false;
    }
  }
}
