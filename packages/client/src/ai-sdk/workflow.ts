import { type Ctx, now, type Scratch } from '../reducer/context.js';
import { hiddenStepValue } from '../reducer/hide.js';
import { editStep, editWorkflow, workflowStatus } from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { listsOf } from '../state/state-root.js';
import { type Fields, invalid, isRecord, nonEmpty, type Value } from './chunk.js';
import { onData } from './run.js';

// Workflows in AI SDK streams: `data-tool-workflow` snapshots.

// Which `workflow-*` call each workflow run belongs to, so the search runs once per workflow.
const workflowCalls = new WeakMap<Scratch, Map<string, string>>();

/**
 * The key of the `workflow-*` call a workflow run belongs to. The part names the workflow by its id, which
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
  const { toolCalls } = ctx.draft.root;
  const order = listsOf(ctx.draft.root).calls;
  const cached = cache.get(workflowRunId);
  if (cached !== undefined && toolCalls.has(cached)) return cached;
  const pick = (test: (call: ToolCallState) => boolean): string | undefined => {
    for (let i = order.length - 1; i >= 0; i--) {
      const call = toolCalls.get(order.at(i)!);
      // The call's key: a later run that repeats the toolCallId has its own call.
      if (call !== undefined && test(call)) return call.key;
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
function applyStep(ctx: Ctx, callKey: string, stepId: string, raw: Fields): void {
  const before = ctx.draft.root.toolCalls.get(callKey)?.workflow?.steps.get(stepId);
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
  const workflow = editWorkflow(ctx, callKey)!;
  const at = now(ctx);
  const fresh = { id: stepId, name, status, ...(at === undefined ? {} : { startedAt: at }) };
  const step = editStep(ctx, workflow, fresh);
  if (step.status !== status && status !== 'running' && at !== undefined) step.endedAt = at;
  step.status = status;
  step.name = name;
  // The steps' values come from the workflow call's raw input: its display transform hides them.
  const hidden = ctx.draft.root.toolCalls.get(callKey)?.displayTransform === 'display';
  const view = (value: unknown) => (hidden ? hiddenStepValue(value) : value);
  if (step.input === undefined && present(raw.input)) step.input = view(raw.input);
  // Running snapshots null the outputs; only a real output replaces the known one.
  if (present(raw.output)) step.output = view(raw.output);
  if (present(raw.suspendPayload)) step.suspendPayload = view(raw.suspendPayload);
}

/** `data-tool-workflow`: a snapshot of a workflow run, applied to the call that runs it. */
export function onWorkflowSnapshot(ctx: Ctx, value: Value): void {
  const workflowRunId = value.id as string;
  const data = value.data as Fields;
  const name = nonEmpty(data.name);
  const callKey = workflowCallFor(ctx, workflowRunId, name);
  if (callKey === undefined) {
    onData(ctx, value);
    return;
  }
  const before = ctx.draft.root.toolCalls.get(callKey)!.workflow;
  const status = workflowStatus(data.status, before?.status ?? 'running');
  if (before?.runId !== workflowRunId || before.status !== status || before.workflowId !== name) {
    const workflow = editWorkflow(ctx, callKey)!;
    workflow.runId = workflowRunId;
    if (name !== undefined) workflow.workflowId = name;
    workflow.status = status;
  }
  if (isRecord(data.steps)) {
    for (const [stepId, step] of Object.entries(data.steps)) {
      if (isRecord(step)) applyStep(ctx, callKey, stepId, step);
    }
  }
}

/** `data-tool-workflow-step`: one step of a workflow run. */
export function onWorkflowStep(ctx: Ctx, value: Value): void {
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
  const callKey = workflowCallFor(ctx, workflowRunId, nonEmpty(data.name));
  if (callKey === undefined) {
    onData(ctx, value);
    return;
  }
  applyStep(ctx, callKey, stepId, data.step);
}

/** The workflow tool's output is `{ result, runId }`: the result of the run it reports on. */
export function settleWorkflowResult(
  ctx: Ctx,
  call: Mutable<ToolCallState>,
  output: unknown,
): void {
  if (call.workflow === undefined || !isRecord(output) || !('result' in output)) return;
  if (output.runId !== undefined && output.runId !== call.workflow.runId) return;
  const workflow = ctx.draft.field(call, 'workflow');
  workflow.result =
    call.displayTransform === 'display' ? hiddenStepValue(output.result) : output.result;
}
