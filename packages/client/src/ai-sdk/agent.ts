import { inputMayChange } from '../reducer/approval.js';
import { besideShowsData } from '../reducer/beside.js';
import type { Ctx, Scope } from '../reducer/context.js';
import { refusalError } from '../reducer/display.js';
import { errorMessage, errorText, isRefusal } from '../reducer/error-text.js';
import { endRun, ensureCall, ensureRun, otherTool, setEnded } from '../reducer/lifecycle.js';
import { countedUsage, sameUsage, type TextPart } from '../reducer/parts.js';
import { namedCallKey } from '../reducer/reopen.js';
import { placeholder } from '../reducer/transform.js';
import { failWorkflow, workflowFailure } from '../reducer/workflow.js';
import type { Mutable } from '../state/draft.js';
import { stepCount } from '../state/run-record.js';
import { type RunState, type StepState, TERMINAL_TOOL_STATUSES } from '../state/state.js';
import { type Fields, invalid, isRecord, nonEmpty, type Value } from './chunk.js';
import { nestedShown, pushInputText } from './shown.js';
import { modelOutputOf, topCall } from './tools.js';
import { settleWorkflowResult } from './workflow.js';

// Subagents in AI SDK streams: `data-tool-agent` snapshots.

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

/** The key of the newest call with this toolCallId, if any. */
const newestKey = (ctx: Ctx, toolCallId: string) => namedCallKey(ctx, toolCallId, undefined);

/** The key of the call with this toolCallId in one of these runs, newest run first. */
function keyInRuns(ctx: Ctx, toolCallId: string, runIds: readonly string[]): string | undefined {
  for (let i = runIds.length - 1; i >= 0; i--) {
    const key = namedCallKey(ctx, toolCallId, runIds[i]);
    if (key !== undefined) return key;
  }
  return undefined;
}

/**
 * The key of the `agent-*` call a snapshot runs under, found from the top of its ancestry down:
 * the current message's call, then each call inside the subagent runs of the one above, so a
 * later message that repeats the toolCallIds of a tree still waiting gets a tree of its own. A
 * missing call is created in the newest subagent run of the call above it.
 */
function ensureParentCall(ctx: Ctx, ancestry: readonly AncestryEntry[]): string {
  const top = ancestry[0]!;
  const messageRun = ctx.draft.cursor().aiSdkRunId;
  let key =
    (messageRun === undefined ? undefined : namedCallKey(ctx, top.toolCallId, messageRun)) ??
    newestKey(ctx, top.toolCallId) ??
    topCall(ctx, top.toolCallId, top.toolName, 'any').key;
  for (let level = 1; level < ancestry.length; level++) {
    const entry = ancestry[level]!;
    const childRunIds = ctx.draft.root.toolCalls.get(key)?.childRunIds ?? [];
    const found = keyInRuns(ctx, entry.toolCallId, childRunIds);
    const runId = childRunIds[childRunIds.length - 1];
    if (found !== undefined) key = found;
    else if (runId !== undefined) {
      const scope = { parentToolCallId: key, depth: level };
      key = ensureCall(ctx, runId, scope, entry.toolCallId, entry.toolName, 'open').key;
    } else {
      // No subagent run to hold it yet: the newest call with the id, else one at the top.
      key =
        newestKey(ctx, entry.toolCallId) ??
        topCall(ctx, entry.toolCallId, entry.toolName, 'any').key;
    }
  }
  return key;
}

const records = (value: unknown): Fields[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** Applies the tool lists of a snapshot; returns false when an entry had no usable toolCallId. */
function applySnapshotCalls(ctx: Ctx, runId: string, scope: Scope, data: Fields): boolean {
  let ok = true;
  const each = (list: unknown, apply: (id: string, entry: Fields) => void) => {
    for (const entry of records(list)) {
      const id = nonEmpty(entry.toolCallId);
      if (id === undefined) ok = false;
      // An entry for another tool than the open call it names is not that call's.
      else if (!otherTool(ctx, runId, id, entry.toolName)) apply(id, entry);
    }
  };
  // Read the map afresh each time: the draft replaces it on the first write of an epoch.
  const current = (id: string) => {
    const key = namedCallKey(ctx, id, runId);
    return key === undefined ? undefined : ctx.draft.root.toolCalls.get(key);
  };
  // The calls a snapshot lists are its run's own: a later run that repeats a toolCallId gets a
  // call of its own even while the earlier run's call is still open.
  const call = (id: string, entry: Fields) =>
    ensureCall(ctx, runId, scope, id, nonEmpty(entry.toolName), 'open');

  const onCall = (id: string, entry: Fields) => {
    const existing = current(id);
    if (existing !== undefined && existing.status !== 'input-streaming') return;
    const editable = call(id, entry);
    editable.input = nestedShown(ctx, editable, 'input-available', entry.args);
    // Kept raw (never shown): what the runs above it say is searched for it.
    if (entry.args !== undefined) editable.raw = { ...editable.raw, input: entry.args };
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
      ctx.scratch.parsers.delete(editable.key);
      editable.inputText = '';
    }
    pushInputText(ctx, editable, argsText.slice(editable.inputText.length), true);
  };
  // The call a result or an error ends, its input shown; undefined when it already ended. The
  // arguments a person was asked to approve stay those the call shows (an issue says so).
  const ending = (id: string, entry: Fields) => {
    const existing = current(id);
    if (existing !== undefined && TERMINAL_TOOL_STATUSES.has(existing.status)) return undefined;
    const editable = call(id, entry);
    if (entry.args !== undefined) {
      const view = nestedShown(ctx, editable, 'input-available', entry.args);
      const may = inputMayChange(ctx, editable, view, { args: entry.args });
      if (may && editable.input.kind === 'none') editable.input = view;
    }
    return editable;
  };
  const onResult = (id: string, entry: Fields) => {
    const editable = ending(id, entry);
    if (editable === undefined) return;
    // Mastra answers arguments (or an output) its schema refuses with a result: the call failed.
    const refused = entry.isError !== true && isRefusal(entry.result);
    // A workflow tool reports a failed run as its result `{ error, runId }`.
    const failure =
      entry.isError === true || refused ? undefined : workflowFailure(editable, entry.result);
    if (refused) {
      const output = nestedShown(ctx, editable, 'output-available', entry.result);
      editable.error = refusalError(output);
      editable.status = 'output-error';
    } else if (entry.isError === true || failure !== undefined) {
      const message = failure ?? errorText(entry.result);
      editable.error = nestedShown(ctx, editable, 'error', message);
      // The run's error is the inner tool's value: hidden, as its snapshot's values are.
      if (failure !== undefined) failWorkflow(ctx, editable, placeholder('error'));
      editable.status = 'output-error';
    } else {
      editable.output = nestedShown(ctx, editable, 'output-available', entry.result);
      settleWorkflowResult(ctx, editable, entry.result);
      editable.status = 'output-available';
    }
    // A tool's is made from its raw result: shown only beside a result shown as it came. A
    // subagent's is its model's text, shown as the native stream shows it.
    const modelOutput = modelOutputOf(entry.providerMetadata);
    if (modelOutput !== undefined) {
      const shown = editable.kind === 'agent' || editable.output.kind === 'raw';
      if (shown && editable.displayTransform !== 'display') {
        editable.modelOutput = modelOutput;
      } else editable.raw = { ...editable.raw, modelOutput };
    }
    setEnded(ctx, editable);
  };
  const onFailed = (id: string, entry: Fields) => {
    const editable = ending(id, entry);
    if (editable === undefined) return;
    const message =
      typeof entry.errorText === 'string' ? errorMessage(entry.errorText) : errorText(entry.error);
    editable.error = nestedShown(ctx, editable, 'error', message);
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
    const kept = run.parts.filter((p) => p.type !== 'text');
    run.parts = [...kept, { type: 'text', id: `${run.runId}:text:0`, text: full, state }];
    // Its data parts moved too: noted where they are now, to be searched again there.
    kept.forEach((part, at) => {
      if (part.type === 'data' && part.hidden !== true) besideShowsData(ctx, run.runId, at);
    });
    // The parts moved: the run's part index is rebuilt on its next use (a rollback keeps it).
    const { partIndexes } = ctx.scratch;
    const index = partIndexes.get(run.runId);
    partIndexes.delete(run.runId);
    if (index !== undefined) ctx.draft.undo.push(() => partIndexes.set(run.runId, index));
    return;
  }
  const rest = full.slice(offset);
  const lastPart = last >= 0 ? (run.parts[last] as TextPart) : undefined;
  if (rest === '') {
    if (lastPart !== undefined && done && lastPart.state === 'streaming') {
      ctx.draft.setPart(run, last, { ...lastPart, state });
    }
    return;
  }
  if (lastPart !== undefined && last === run.parts.length - 1) {
    // A part only goes from streaming to done (the run's part index relies on it): text that
    // arrives for a run that had ended extends its closed part, as a native delta does.
    const kept = lastPart.state === 'done' ? 'done' : state;
    ctx.draft.setPart(run, last, { ...lastPart, text: lastPart.text + rest, state: kept });
    return;
  }
  if (lastPart !== undefined && lastPart.state !== 'done') {
    ctx.draft.setPart(run, last, { ...lastPart, state: 'done' });
  }
  ctx.draft.pushPart(run, {
    type: 'text',
    id: `${run.runId}:text:${count}`,
    text: rest,
    state,
  });
}

function applySnapshotSteps(run: Mutable<RunState>, data: Fields): void {
  const steps = records(data.steps);
  if (steps.length !== stepCount(run)) {
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
export function onAgentSnapshot(ctx: Ctx, value: Value): void {
  const ancestry = parseAncestry(value.ancestry);
  if (ancestry === undefined) {
    invalid(ctx, value, 'data-tool-agent needs an ancestry of { toolCallId } entries');
    return;
  }
  // A subagent of another tool than the open call its ancestry names is not that call's.
  const top = ancestry[0]!;
  const messageRun = ctx.draft.cursor().aiSdkRunId;
  if (messageRun && otherTool(ctx, messageRun, top.toolCallId, top.toolName)) return;
  const runId = value.id as string;
  const data = value.data as Fields;
  const depth =
    typeof value.depth === 'number' && Number.isInteger(value.depth) && value.depth >= 1
      ? value.depth
      : ancestry.length;
  const parentKey = ensureParentCall(ctx, ancestry);
  // A tool with a display transform that pipes an agent's stream into its writer: that run is
  // the tool's output, which the transform hides (the native reading holds it as progress).
  const parent = ctx.draft.root.toolCalls.get(parentKey);
  if (parent?.kind === 'tool' && parent.displayTransform === 'display') return;
  const scope: Scope = { parentToolCallId: parentKey, depth };
  const run = ensureRun(ctx, runId, scope);
  ctx.draft.moveCursor('lastNestedRunId', runId);
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
