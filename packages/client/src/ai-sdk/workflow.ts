import { type Ctx, now } from '../reducer/context.js';
import { hiddenStepValue } from '../reducer/hide.js';
import { editStep, editWorkflow, workflowStatus } from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import { listsOf } from '../state/state-root.js';
import { type Fields, invalid, isRecord, nonEmpty, type Value } from './chunk.js';
import { onData } from './run.js';

// Workflows in AI SDK streams: `data-tool-workflow` snapshots.

/** What the search for a workflow run's call keeps between chunks, in the reducer's memory. */
interface WorkflowCallIndex {
  /** The call each workflow run was found to belong to, by workflow runId. */
  readonly byRun: Map<string, string>;
  /** The keys of the `workflow-*` calls not ended when last looked at, oldest first. */
  open: string[];
  /** How many calls of the state's call list were looked at. */
  seen: number;
}

const INDEX = 'ai-sdk-workflow-calls';

/**
 * The key of the `workflow-*` call a workflow run belongs to. The part names the workflow by its
 * id, which need not match the key in the call's tool name, and carries no toolCallId: the call
 * already bound to this run wins, then the latest open unbound call whose name matches, then the
 * latest open unbound one. Each call is looked at once as it joins the open ones, and leaves them
 * when it ends, so a run no call takes (a workflow inside a subagent whose snapshots the stream
 * leaves out) costs what is open, not every call of the conversation, on each of its parts.
 */
function workflowCallFor(ctx: Ctx, workflowRunId: string, name: string | undefined) {
  const index = (ctx.scratch.indexes.get(INDEX) as WorkflowCallIndex | undefined) ?? {
    byRun: new Map<string, string>(),
    open: [],
    seen: 0,
  };
  ctx.scratch.indexes.set(INDEX, index);
  const { toolCalls } = ctx.draft.root;
  const cached = index.byRun.get(workflowRunId);
  if (cached !== undefined && toolCalls.has(cached)) return cached;
  const order = listsOf(ctx.draft.root).calls;
  // A call joins the index once: by the run it is bound to (a state from elsewhere may hold
  // bound calls), and among the open ones while it has not ended (its name may come later).
  for (; index.seen < order.length; index.seen++) {
    const key = order.at(index.seen)!;
    const call = toolCalls.get(key);
    const bound = call?.workflow?.runId;
    if (bound !== undefined) index.byRun.set(bound, key);
    if (call !== undefined && !TERMINAL_TOOL_STATUSES.has(call.status)) index.open.push(key);
  }
  const again = index.byRun.get(workflowRunId);
  if (again !== undefined) return again;
  index.open = index.open.filter((key) => {
    const call = toolCalls.get(key);
    return call !== undefined && !TERMINAL_TOOL_STATUSES.has(call.status);
  });
  // The call's key, not its toolCallId: a later run that repeats the toolCallId has a call of
  // its own, and the workflow runs in that one.
  const pick = (test: (call: ToolCallState) => boolean): string | undefined => {
    for (let i = index.open.length - 1; i >= 0; i--) {
      const call = toolCalls.get(index.open[i]!)!;
      if (test(call)) return call.key;
    }
    return undefined;
  };
  const unbound = (call: ToolCallState) =>
    call.kind === 'workflow' && call.workflow?.runId === undefined;
  const found =
    pick((c) => c.workflow?.runId === workflowRunId) ??
    pick((c) => unbound(c) && name !== undefined && c.toolName === `workflow-${name}`) ??
    pick(unbound);
  if (found !== undefined) index.byRun.set(workflowRunId, found);
  return found;
}

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Whether the values of a call's workflow (its steps' inputs, outputs and payloads, its result)
 * are hidden: its display transform hides them, and a workflow run inside a subagent comes from
 * snapshots with no transform metadata (protocol §14), so nothing tells whether one hides them.
 * A client transform for the tool marks it display-transformed: its own view shows, never these.
 */
export const workflowValuesHidden = (call: ToolCallState | undefined): boolean =>
  call === undefined || call.displayTransform === 'display' || call.parentToolCallId !== null;

/** A step of a snapshot without its values: its name and status. */
const bare = (step: unknown) => (isRecord(step) ? { name: step.name, status: step.status } : step);

/**
 * A workflow part no `workflow-*` call of this stream runs: a workflow inside a subagent whose
 * snapshots the stream leaves out (what `chatRoute` sends). It is kept as a data part with its
 * steps' names and statuses only: its values are hidden, as {@link workflowValuesHidden} tells.
 */
function onUnboundWorkflow(ctx: Ctx, value: Value): void {
  const { steps, step, output: _, ...data } = value.data as Fields;
  if (isRecord(steps)) {
    data.steps = Object.fromEntries(Object.entries(steps).map(([id, s]) => [id, bare(s)]));
  }
  if (step !== undefined) data.step = bare(step);
  onData(ctx, { ...value, data });
}

/** Applies one step of a workflow snapshot, copying the step only when something changed. */
function applyStep(ctx: Ctx, key: string, stepId: string, raw: Fields): void {
  const before = ctx.draft.root.toolCalls.get(key)?.workflow?.steps.get(stepId);
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
  const workflow = editWorkflow(ctx, key)!;
  const at = now(ctx);
  const fresh = { id: stepId, name, status, ...(at === undefined ? {} : { startedAt: at }) };
  const step = editStep(ctx, workflow, fresh);
  if (step.status !== status && status !== 'running' && at !== undefined) step.endedAt = at;
  step.status = status;
  step.name = name;
  const hidden = workflowValuesHidden(ctx.draft.root.toolCalls.get(key));
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
  const key = workflowCallFor(ctx, workflowRunId, name);
  if (key === undefined) {
    onUnboundWorkflow(ctx, value);
    return;
  }
  const before = ctx.draft.root.toolCalls.get(key)!.workflow;
  const status = workflowStatus(data.status, before?.status ?? 'running');
  if (before?.runId !== workflowRunId || before.status !== status || before.workflowId !== name) {
    const workflow = editWorkflow(ctx, key)!;
    workflow.runId = workflowRunId;
    if (name !== undefined) workflow.workflowId = name;
    workflow.status = status;
  }
  if (isRecord(data.steps)) {
    for (const [stepId, step] of Object.entries(data.steps)) {
      if (isRecord(step)) applyStep(ctx, key, stepId, step);
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
  const key = workflowCallFor(ctx, workflowRunId, nonEmpty(data.name));
  if (key === undefined) {
    onUnboundWorkflow(ctx, value);
    return;
  }
  applyStep(ctx, key, stepId, data.step);
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
  workflow.result = workflowValuesHidden(call) ? hiddenStepValue(output.result) : output.result;
}
