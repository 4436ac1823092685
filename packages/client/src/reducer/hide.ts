import type { Mutable } from '../state/draft.js';
import { partAt, partCount } from '../state/run-record.js';
import type { DataPart, DisplayValue, ToolCallState, WorkflowState } from '../state/state.js';
import { sinceStopOf } from '../state/state-root.js';
import { mapWorkflowValues } from '../state/workflow-record.js';
import { type Ctx, noteRun } from './context.js';
import { messageWithoutEchoes, WITHHELD } from './echo.js';
import { callsHidingUnder, noteHidingAbove } from './inside.js';
import {
  redactSubagentResult,
  showSubagentOutput,
  unavailable,
  withholdModelOutput,
} from './redact.js';
import { pendingValue, placeholder, suppressedValue } from './transform.js';
import { setUndoably } from './undo.js';

type Call = Mutable<ToolCallState>;

/** A workflow step's value as shown when its `workflow-*` call is display-transformed. */
export const hiddenStepValue = (value: unknown): unknown =>
  value === undefined ? undefined : unavailable('output-available');

/** The workflow of a display-transformed call with every step value and the result hidden. */
export const hideWorkflow = (workflow: WorkflowState): WorkflowState =>
  mapWorkflowValues(workflow, hiddenStepValue, () => placeholder('error'));

/**
 * A call's `inputError` once its input is hidden. Parse and validation errors quote the arguments
 * (a parse error names the character it stopped at), so a hidden input keeps only this.
 */
export const HIDDEN_INPUT_ERROR = 'Invalid arguments (hidden)';

/** Whether a call waits for a person's decision on an approval, or one was sent. */
export const waitsForDecision = (call: ToolCallState): boolean =>
  call.approval !== undefined &&
  (call.status === 'approval-requested' || call.status === 'approval-responded');

/**
 * Whether a display transform applies in a run: a call of it is display-transformed. An
 * agent-level policy annotates every call of the run, so a sibling that was transformed tells.
 * The run's calls are looked at once; after that `markDisplayTransformed` records each call that
 * turns transformed.
 */
export function runHasDisplayTransform(ctx: Ctx, runId: string): boolean {
  const { displayRuns, displayRunsRead } = ctx.scratch;
  if (!displayRunsRead.has(runId)) {
    const run = ctx.draft.root.runs.get(runId);
    const found = run?.toolCallIds.some(
      (id) => ctx.draft.root.toolCalls.get(id)?.displayTransform === 'display',
    );
    if (found) {
      noteRun(ctx, displayRunsRead, runId);
      noteDisplayRun(ctx, runId);
    } else displayRunsRead.add(runId);
  }
  return displayRuns.has(runId);
}

/**
 * Notes that a display transform applies in run `runId`: the data parts it shows are hidden
 * whole, as those that come after are (see `putDataPart`), however the chunks were ordered.
 */
export function noteDisplayRun(ctx: Ctx, runId: string): void {
  const run = ctx.draft.root.runs.get(runId);
  if (!noteRun(ctx, ctx.scratch.displayRuns, runId) || run === undefined) return;
  for (let at = 0, count = partCount(run); at < count; at++) {
    const part = partAt(run, at)!;
    if (part.type === 'data' && part.hidden !== true) {
      ctx.draft.setPart(ctx.draft.run(runId)!, at, hiddenData(part));
    }
  }
}

/** A data part named `name` (with `id`) that keeps none of what it carries. */
export const hiddenData = ({ name, id }: { name: string; id?: string | undefined }): DataPart => ({
  type: 'data',
  name,
  data: undefined,
  hidden: true,
  ...(id ? { id } : {}),
});

/**
 * Marks a call as display-transformed. Every way to set `displayTransform: 'display'` goes through
 * here, because what was shown before the call turned out to be transformed must be hidden too:
 * its own values, progress, approval and suspension, workflow steps, what the model saw, and what
 * the results of the `agent-*` calls it ran inside showed of it.
 */
export function markDisplayTransformed(ctx: Ctx, call: Call): void {
  if (call.displayTransform === 'display') return;
  call.displayTransform = 'display';
  // Sibling calls of an agent-level policy learn from this (see `runHasDisplayTransform`).
  noteDisplayRun(ctx, call.runId);
  noteHidingAbove(ctx, call);
  delete call.partialInput;
  if (call.inputError !== undefined) call.inputError = HIDDEN_INPUT_ERROR;
  const hide = (value: DisplayValue): DisplayValue =>
    value.kind === 'raw' ? pendingValue() : value;
  // Arguments a person was asked to decide on were seen: hidden now, they are not a value still
  // to come, so nothing may fill them in under the request (see `inputMayChange`).
  const seen = (value: DisplayValue): DisplayValue =>
    value.kind === 'raw' ? suppressedValue() : value;
  call.input = waitsForDecision(call) ? seen(call.input) : hide(call.input);
  call.output = hide(call.output);
  call.error = hide(call.error);
  if (call.progress.some((p) => p.kind === 'raw')) call.progress = call.progress.map(hide);
  if (call.approval?.args.kind === 'raw')
    call.approval = { ...call.approval, args: seen(call.approval.args) };
  if (call.suspension?.payload.kind === 'raw') {
    call.suspension = { ...call.suspension, payload: pendingValue() };
  }
  withholdModelOutput(call);
  if (call.workflow !== undefined) call.workflow = hideWorkflow(call.workflow);
  reredactAncestors(ctx, call);
}

/**
 * How many times one `agent-*` call's result is shown again because a call inside it learnt to
 * hide after the result came (see {@link reredactAncestors}); past that, the result hides whole.
 * Mastra sends a subagent's calls before its result, so this is never reached on its streams; a
 * stream that sends the result first would otherwise cost the result's size once per call.
 */
const MAX_RESHOWN = 8;

/**
 * The `agent-*` calls `call` ran inside showed it in their results as what was known then: shown
 * again with what is known now, and a request left on one of them hides its values (at most {@link MAX_RESHOWN} times each, then hidden whole). An
 * ancestor that is display-transformed itself shows Mastra's view, whose inner calls are redacted
 * again the same way (redacting a redacted view only hides more).
 */
function reredactAncestors(ctx: Ctx, call: ToolCallState): void {
  const seen = new Set<string>();
  const { reshown } = ctx.scratch;
  let parentId = call.parentToolCallId;
  while (parentId !== null && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = ctx.draft.root.toolCalls.get(parentId);
    if (parent === undefined) return;
    // A request left on it (Mastra's repeat one level up came before the inner call was known)
    // carries the inner call's values: hidden now, as when a call inside hid before it came.
    if (parent.approval?.args.kind === 'raw' || parent.suspension?.payload.kind === 'raw') {
      const editable = ctx.draft.toolCall(parentId)!;
      if (editable.approval?.args.kind === 'raw')
        editable.approval = { ...editable.approval, args: suppressedValue() };
      if (editable.suspension?.payload.kind === 'raw')
        editable.suspension = { ...editable.suspension, payload: suppressedValue() };
    }
    if (parent.kind === 'agent' && parent.output.kind !== 'none' && 'output' in parent.raw) {
      // Past the limit a result shown again (a replayed result) is hidden whole again.
      if (parent.displayTransform !== 'display' && parent.output !== suppressedValue()) {
        const times = (reshown.get(parentId) ?? 0) + 1;
        setUndoably(ctx.draft.undo, reshown, parentId, times);
        const editable = ctx.draft.toolCall(parentId)!;
        if (times > MAX_RESHOWN) {
          editable.output = suppressedValue();
          withholdModelOutput(editable);
        } else {
          editable.output = showSubagentOutput(ctx.draft.root, ctx.options.transforms, editable, {
            kind: 'raw',
            value: parent.raw.output,
          });
        }
      } else if (parent.displayTransform === 'display' && parent.output.kind === 'transformed') {
        // A transform's view keeps what it keeps of the inner calls: redacted again, never undone.
        const view = parent.output.value;
        const value = redactSubagentResult(ctx.draft.root, ctx.options.transforms, parent, view);
        if (value !== view) {
          const editable = ctx.draft.toolCall(parentId)!;
          editable.output = { kind: 'transformed', value };
          withholdModelOutput(editable);
        }
      }
    }
    parentId = parent.parentToolCallId;
  }
}

/**
 * A run's error message as it may show: with what its calls, and the calls of the subagents and
 * workflows under them, hide replaced, when a display transform applies in any of those runs (an
 * error may quote a call's arguments, at any depth), and what the calls of the chat's earlier
 * streams hid (a model's error may quote what its conversation holds).
 */
export function runErrorShown(ctx: Ctx, runId: string, message: string): string {
  const pay = affords(ctx);
  const calls = callsHidingUnder(ctx, [runId], pay);
  if (calls === undefined) return WITHHELD;
  const earlier = sinceStopOf(ctx.draft.root)?.hiding;
  if (earlier !== undefined && earlier.size > 0) {
    if (!pay(earlier.size)) return WITHHELD;
    for (const key of earlier.keys()) {
      const call = ctx.draft.root.toolCalls.get(key);
      if (call !== undefined) calls.push(call);
    }
  }
  return calls.length === 0 ? message : messageWithoutEchoes(calls, message, pay);
}

/**
 * Takes what a search of a message costs from the reducer's budget (see `Scratch.scrubBudget`),
 * when the budget covers it. A stream's messages are searched for what its calls hide, each
 * against every call that may hide something; a stream that sends many (errors of a run with many
 * calls, breaks of a chat that hides many values) would make that quadratic. The budget grows with
 * every value read, so a realistic stream never runs out, and a flood of messages costs a
 * constant per value: a message it cannot afford shows as withheld, whole.
 */
export const affords =
  (ctx: Ctx) =>
  (cost: number): boolean => {
    if (cost > ctx.scratch.scrubBudget) return false;
    ctx.scratch.scrubBudget -= cost;
    return true;
  };

/**
 * A message the client itself got (a transport failure, a stream that broke) as it may show:
 * with what any call of the state hides replaced, since a server's error may quote arguments.
 */
export function clientMessageShown(ctx: Ctx, message: string): string {
  const { toolCalls } = ctx.draft.root;
  const since = sinceStopOf(ctx.draft.root);
  const looked = since === undefined ? toolCalls.size : since.hiding.size + since.calls.length;
  if (looked === 0) return message;
  const pay = affords(ctx);
  if (!pay(looked)) return WITHHELD;
  const calls: ToolCallState[] = [];
  for (const key of mayHide(ctx)) {
    const call = toolCalls.get(key);
    if (call !== undefined && hidesValue(call)) calls.push(call);
  }
  return calls.length === 0 ? message : messageWithoutEchoes(calls, message, pay);
}

/** Whether a call hides a value: it is display-transformed, or its arguments are hidden. */
export const hidesValue = (call: ToolCallState): boolean =>
  call.displayTransform === 'display' || call.input.kind === 'hidden';

/**
 * The keys of the calls that may hide a value: those that hid one when the stream last stopped
 * and those written since (see `SinceStop`), or every call of a state made elsewhere.
 */
function mayHide(ctx: Ctx): Iterable<string> {
  const since = sinceStopOf(ctx.draft.root);
  if (since === undefined) return ctx.draft.root.toolCalls.keys();
  return new Set([...since.hiding.keys(), ...since.calls.toArray()]);
}
