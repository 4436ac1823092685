import { stepWithoutBesideEchoes } from '../reducer/beside.js';
import { type Ctx, now } from '../reducer/context.js';
import { hiddenStepValue, markDisplayTransformed } from '../reducer/hide.js';
import { sameValue } from '../reducer/same-value.js';
import { assignUndoably, pushUndoably, setUndoably } from '../reducer/undo.js';
import { editStep, editWorkflow, suspendPayloadOf, workflowStatus } from '../reducer/workflow.js';
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
  /** Where each call that joined stands in the state's calls (see {@link noteWorkflowBound}). */
  readonly position: Map<string, number>;
  /**
   * The `workflow-*` calls not bound to a run when they joined, newest last: all of them, and by
   * tool name. Calls that ended or were bound since leave from the top when a search reaches them.
   */
  readonly unbound: string[];
  readonly byName: Map<string, string[]>;
  /** How many calls of the state's call list, and of the calls named late, were looked at. */
  seen: number;
  named: number;
}

const INDEX = 'ai-sdk-workflow-calls';

/**
 * Adds a call to the index, at position `at` of the state's calls: by the run it is bound to, or
 * among the unbound ones. Every change to the index is taken back by a rollback, as the calls it
 * read are.
 */
function join(
  ctx: Ctx,
  index: WorkflowCallIndex,
  call: ToolCallState | undefined,
  at: number,
): void {
  const bound = call?.workflow?.runId;
  if (bound !== undefined) {
    // Ended or not: a late part of its run still belongs to it.
    setUndoably(ctx.draft.undo, index.byRun, bound, call!.key);
    setUndoably(ctx.draft.undo, index.position, call!.key, at);
    return;
  }
  if (call?.kind !== 'workflow' || TERMINAL_TOOL_STATUSES.has(call.status)) return;
  setUndoably(ctx.draft.undo, index.position, call.key, at);
  pushUndoably(ctx.draft.undo, index.unbound, call.key);
  const same = index.byName.get(call.toolName);
  if (same === undefined) setUndoably(ctx.draft.undo, index.byName, call.toolName, [call.key]);
  else pushUndoably(ctx.draft.undo, same, call.key);
}

/**
 * Call `call` was bound to its workflow run outside the search for a run's call (a result that
 * names the run): the index learns it as a rebuild from the state would (a pure `reduce` builds it
 * for each chunk), where the latest call in the state's calls bound to a run holds it. O(1).
 */
export function noteWorkflowBound(ctx: Ctx, call: ToolCallState): void {
  const index = ctx.scratch.indexes.get(INDEX) as WorkflowCallIndex | undefined;
  const runId = call.workflow?.runId;
  const at = index?.position.get(call.key);
  // A call the index has not reached joins, bound, when it does.
  if (index === undefined || at === undefined || runId === undefined) return;
  const held = index.byRun.get(runId);
  const heldAt = held === undefined ? undefined : index.position.get(held);
  const stillHeld =
    held !== undefined && ctx.draft.root.toolCalls.get(held)?.workflow?.runId === runId;
  if (!stillHeld || heldAt === undefined || heldAt < at)
    setUndoably(ctx.draft.undo, index.byRun, runId, call.key);
}

/**
 * The key of the `workflow-*` call a workflow run belongs to. The part names the workflow by its
 * id, which need not match the key in the call's tool name, and carries no toolCallId: the call
 * already bound to this run wins, then the latest open unbound call whose name matches, then the
 * latest open unbound one. Each call joins the index once, when it is made or named, and leaves
 * it once, so a search costs O(1) amortised whatever the conversation holds: a run no call takes
 * (a workflow inside a subagent whose snapshots the stream leaves out) finds nothing at once.
 */
function workflowCallFor(ctx: Ctx, workflowRunId: string, name: string | undefined) {
  let index = ctx.scratch.indexes.get(INDEX) as WorkflowCallIndex | undefined;
  if (index === undefined) {
    index = {
      byRun: new Map(),
      position: new Map(),
      unbound: [],
      byName: new Map(),
      seen: 0,
      named: 0,
    };
    setUndoably(ctx.draft.undo, ctx.scratch.indexes, INDEX, index);
  }
  const { toolCalls } = ctx.draft.root;
  const order = listsOf(ctx.draft.root).calls;
  const { namedLate } = ctx.scratch;
  const { seen, named } = index;
  if (seen < order.length || named < namedLate.length) {
    assignUndoably(ctx.draft.undo, index, { seen, named });
  }
  for (; index.seen < order.length; index.seen++) {
    join(ctx, index, toolCalls.get(order.at(index.seen)!), index.seen);
  }
  // A call made without a name joins once it has one (see `ensureCall`), as the latest.
  for (; index.named < namedLate.length; index.named++) {
    join(ctx, index, toolCalls.get(namedLate[index.named]!), index.seen);
  }
  const cached = index.byRun.get(workflowRunId);
  // A call bound since to another workflow run (a native chunk rebinds it) no longer is this one's.
  const bound = cached === undefined ? undefined : toolCalls.get(cached)?.workflow?.runId;
  if (cached !== undefined && toolCalls.has(cached) && (!bound || bound === workflowRunId)) {
    return cached;
  }
  // The newest call of a stack still open and unbound: the call's key, not its toolCallId (a
  // later run that repeats the toolCallId has a call of its own, and the workflow runs in that).
  const top = (stack: string[] | undefined): string | undefined => {
    while (stack !== undefined && stack.length > 0) {
      const call = toolCalls.get(stack.at(-1)!);
      if (call !== undefined && !TERMINAL_TOOL_STATUSES.has(call.status) && !call.workflow?.runId) {
        return call.key;
      }
      const left = stack.pop()!;
      ctx.draft.undo.push(() => stack.push(left));
    }
    return undefined;
  };
  const found =
    (name === undefined ? undefined : top(index.byName.get(`workflow-${name}`))) ??
    top(index.unbound);
  if (found !== undefined) setUndoably(ctx.draft.undo, index.byRun, workflowRunId, found);
  return found;
}

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Whether the values of a call's workflow (its steps' inputs, outputs and payloads, its result)
 * are hidden: its display transform hides them, and a workflow run inside a subagent comes from
 * snapshots with no transform metadata (protocol §14), so nothing tells whether one hides them.
 * A client transform for the tool marks it display-transformed: its own view shows, never these.
 * A call whose input is hidden (its deltas were suppressed, protocol §6.4) has a server transform:
 * its workflow's snapshots carry that input, and what its steps make of it, raw.
 */
export const workflowValuesHidden = (call: ToolCallState | undefined): boolean =>
  call === undefined ||
  call.displayTransform === 'display' ||
  call.parentToolCallId !== null ||
  (call.input.kind === 'hidden' && call.input.reason !== 'pending');

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
  const call = ctx.draft.root.toolCalls.get(key);
  const hidden = workflowValuesHidden(call);
  const before = call?.workflow?.steps.get(stepId);
  const status = workflowStatus(raw.status, before?.status ?? 'running');
  const name = nonEmpty(raw.name) ?? before?.name ?? stepId;
  // A loop (`dountil`, `dowhile`) runs a step again: its latest input and output show, as on a
  // native stream. Hidden values show one placeholder, however often they change.
  const newer = (known: unknown, value: unknown) =>
    present(value) && (known === undefined || (!hidden && !sameValue(known, value)));
  const changed =
    before === undefined ||
    before.status !== status ||
    before.name !== name ||
    newer(before.input, raw.input) ||
    newer(before.output, raw.output) ||
    (before.suspendPayload === undefined && present(raw.suspendPayload));
  if (!changed) return;
  const workflow = editWorkflow(ctx, key)!;
  const at = now(ctx);
  const fresh = { id: stepId, name, status, ...(at === undefined ? {} : { startedAt: at }) };
  const step = editStep(ctx, workflow, fresh);
  if (step.status !== status && status !== 'running' && at !== undefined) step.endedAt = at;
  step.status = status;
  step.name = name;
  // Shown, with none of what the calls beside it hide.
  const view = (value: unknown) =>
    hidden || call === undefined
      ? hiddenStepValue(value)
      : stepWithoutBesideEchoes(ctx, call, value);
  if (newer(step.input, raw.input)) step.input = view(raw.input);
  // Running snapshots null the outputs; only a real output replaces the known one.
  if (present(raw.output)) step.output = view(raw.output);
  if (present(raw.suspendPayload)) step.suspendPayload = view(suspendPayloadOf(raw.suspendPayload));
}

/**
 * A workflow's first step receives the call's `inputData` as it is. When the call's input as the
 * stream shows it differs, a server display transform made that input (a whole input comes
 * transformed, protocol §6.4), and the snapshots, which it does not reach, carry the workflow's
 * values raw: the call is marked display-transformed, so they are hidden, and shows the input it
 * was shown as transformed, which it is. Only the step's first input tells: a loop (`dountil`,
 * `dowhile`) runs the first step again with what the step before made.
 */
function learnTransform(ctx: Ctx, key: string, stepId: string, step: Fields): void {
  const call = ctx.draft.root.toolCalls.get(key)!;
  if (workflowValuesHidden(call) || call.input.kind !== 'raw' || !present(step.input)) return;
  if (call.workflow?.steps.get(stepId)?.input !== undefined) return;
  const first = call.workflow?.steps.keys().next().value ?? stepId;
  const shown = call.input.value as { inputData?: unknown } | null;
  if (first !== stepId || typeof shown !== 'object' || shown === null) return;
  if (sameValue(shown.inputData, step.input)) return;
  const editable = ctx.draft.toolCall(key)!;
  markDisplayTransformed(ctx, editable);
  editable.input = { kind: 'transformed', value: shown };
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
  // A snapshot without a name keeps the one the call has: nothing to copy for it.
  if (
    before?.runId !== workflowRunId ||
    before.status !== status ||
    (name !== undefined && before.workflowId !== name)
  ) {
    const workflow = editWorkflow(ctx, key)!;
    workflow.runId = workflowRunId;
    if (name !== undefined) workflow.workflowId = name;
    workflow.status = status;
  }
  if (isRecord(data.steps)) {
    for (const [stepId, step] of Object.entries(data.steps)) {
      if (!isRecord(step)) continue;
      learnTransform(ctx, key, stepId, step);
      applyStep(ctx, key, stepId, step);
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
  const name = nonEmpty(data.name);
  const key = workflowCallFor(ctx, workflowRunId, name);
  if (key === undefined) {
    onUnboundWorkflow(ctx, value);
    return;
  }
  // The call takes the run as a snapshot binds it: the state, not only the reducer's memory,
  // says whose run it is, so every path finds it for the run's later parts.
  const before = ctx.draft.root.toolCalls.get(key)!.workflow;
  if (before?.runId !== workflowRunId || (name !== undefined && before.workflowId !== name)) {
    const workflow = editWorkflow(ctx, key)!;
    workflow.runId = workflowRunId;
    if (name !== undefined) workflow.workflowId = name;
  }
  learnTransform(ctx, key, stepId, data.step);
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
  workflow.result = workflowValuesHidden(call)
    ? hiddenStepValue(output.result)
    : stepWithoutBesideEchoes(ctx, call, output.result);
}
