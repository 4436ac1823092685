import { RunRecord } from '../state/run-record.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { type Ctx, noteRun } from './context.js';
import { withoutEchoes } from './echo.js';
import { suppressedValue } from './transform.js';

/*
 * What a call hides travels up: the error of the `agent-*` or `workflow-*` call it ran inside, or
 * of a run above it, may quote what it was given (a subagent that fails quoting its tool's
 * arguments, a workflow step that throws them). Such a message is searched for what every call
 * under it hides, not only its own run's calls. Whether anything under a run hides a value is
 * kept per run (`Scratch.hidingTrees`): read from the tree once, then told by every call that
 * turns display-transformed, so a message about a tree that hides nothing costs nothing.
 */

/** Whether `call` hides a value: it is display-transformed, or its arguments are hidden. */
const hides = (call: ToolCallState): boolean =>
  call.displayTransform === 'display' || call.input.kind === 'hidden';

/**
 * Notes that `call` hides a value (it turned display-transformed, or a subagent's snapshot hid
 * its values): its run and every run above it hold a call that hides. Walks up its parents, each
 * once, and stops at a run already noted, whose runs above were noted with it.
 */
export function noteHidingAbove(ctx: Ctx, call: ToolCallState): void {
  const { hidingTrees } = ctx.scratch;
  const { toolCalls } = ctx.draft.root;
  const seen = new Set<string>();
  for (let at: ToolCallState | undefined = call; at !== undefined && !seen.has(at.key); ) {
    if (hidingTrees.has(at.runId)) return;
    seen.add(at.key);
    noteRun(ctx, hidingTrees, at.runId);
    at = at.parentToolCallId === null ? undefined : toolCalls.get(at.parentToolCallId);
  }
}

/**
 * The calls of the runs `runIds` and of every run nested under them, each run's calls paid for
 * with `pay` before they are read; undefined when `pay` refuses.
 */
function callsUnder(
  ctx: Ctx,
  runIds: readonly string[],
  pay: (cost: number) => boolean,
): ToolCallState[] | undefined {
  const { runs, toolCalls } = ctx.draft.root;
  const out: ToolCallState[] = [];
  const seen = new Set<string>();
  const queue = [...runIds];
  for (let i = 0; i < queue.length; i++) {
    const run = runs.get(queue[i]!);
    if (run === undefined || seen.has(run.runId)) continue;
    seen.add(run.runId);
    const ids = RunRecord.callIdsOf(run);
    if (!pay(ids.length)) return undefined;
    for (let j = 0; j < ids.length; j++) {
      const call = toolCalls.get(ids.at(j)!);
      if (call === undefined) continue;
      out.push(call);
      for (const child of call.childRunIds) queue.push(child);
    }
  }
  return out;
}

/** Whether run `runId` or a run nested under it holds a display-transformed call. */
export function treeHides(ctx: Ctx, runId: string): boolean {
  const { hidingTrees, hidingTreesRead } = ctx.scratch;
  if (!hidingTreesRead.has(runId)) {
    // A call that stops hiding (arguments hidden till their transformed value came) may have hid
    // before the epoch: unlike the display runs', a read is noted too.
    noteRun(ctx, hidingTreesRead, runId);
    const calls = callsUnder(ctx, [runId], () => true)!;
    if (calls.some(hides)) noteRun(ctx, hidingTrees, runId);
  }
  return hidingTrees.has(runId);
}

/**
 * The calls a message about the runs `runIds` may quote: their calls and those nested under them,
 * when any of them hides a value; empty when none does; undefined when `pay` refuses the search.
 */
export function callsHidingUnder(
  ctx: Ctx,
  runIds: readonly string[],
  pay: (cost: number) => boolean,
): ToolCallState[] | undefined {
  const hiding = runIds.filter((runId) => treeHides(ctx, runId));
  return hiding.length === 0 ? [] : callsUnder(ctx, hiding, pay);
}

/**
 * The error (`failure`) of an `agent-*`, `workflow-*` or network call, or a value a workflow
 * shows (its result, a step's values), as it may show: with what the calls nested under it hide
 * replaced (see the note above); hidden whole when `pay` refuses the search, or when a call under
 * it hid values a snapshot left out (`raw.withheld`: nothing is left to search it for). A
 * subagent's result is not searched here: it shows its inner calls as they are known.
 */
export function withoutInnerEchoes(
  ctx: Ctx,
  call: ToolCallState,
  display: DisplayValue,
  pay: (cost: number) => boolean,
  failure: boolean,
): DisplayValue {
  if (call.childRunIds.length === 0) return display;
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  const calls = callsHidingUnder(ctx, call.childRunIds, pay);
  if (calls === undefined) return suppressedValue();
  const hiding = calls.filter(hides);
  if (hiding.some((inner) => inner.raw.withheld === true)) return suppressedValue();
  return withoutEchoes(hiding, display, failure);
}

/**
 * A value a `workflow-*` call shows of its run (a step's input, output or error, the run's result
 * or failure: `failure` for an error) with what the calls inside it (an agent step's calls) hide
 * replaced; undefined when it must hide whole (see {@link withoutInnerEchoes}).
 */
export function shownInside(
  ctx: Ctx,
  call: ToolCallState,
  value: unknown,
  pay: (cost: number) => boolean,
  failure = false,
): unknown {
  const shown = withoutInnerEchoes(ctx, call, { kind: 'raw', value }, pay, failure);
  return shown.kind === 'raw' || shown.kind === 'transformed' ? shown.value : undefined;
}
