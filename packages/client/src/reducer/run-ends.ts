import { inMapOrder } from '../state/persistent-map.js';
import { RunRecord } from '../state/run-record.js';
import { TERMINAL_TOOL_STATUSES } from '../state/state.js';
import type { Ctx, StopScope } from './context.js';
import { assignUndoably } from './undo.js';

/*
 * A run that ends again (a `finish`, an `error` or an `abort` after a call that came after its
 * last end) ends what is open in it: the calls no one holds, the subagent runs still streaming
 * under its calls. Looking at all its calls each time makes a run that ends after every call cost
 * the square of its calls. What can be open at a run's next end is only what came or changed
 * since its last one: at an end every call of the run ends, or is held (a person, a background
 * task, or a call inside it that waits), or waits for the app's result (which only an abort
 * ends), and a call opens again, stops being held or gets a run streaming under it only when the
 * reducer writes it, or a call under it. So the reducer remembers, per run it ended, how many calls
 * the run had, which of its calls (and runs under its calls) were written since, and which waited
 * for the app; the draft tells of every write (`Draft.onWrite`). A run this reducer has not ended
 * is looked at whole, as in a state made elsewhere.
 */

/** Bound on a chain of parents: a cycle in hostile input must not hang the reducer. */
const MAX_CHAIN = 10_000;

/** Tells the records of a write: a call marks itself and every call above it, a run its parent. */
function noteWrite(ctx: Ctx, field: 'runs' | 'calls', id: string): void {
  const { scratch } = ctx;
  const { ends } = scratch;
  if (ends.size === 0) return;
  // Told again with no end since (the draft tells every write, and chunk after chunk writes the
  // same run or call): the records hold it already, and what is above it never changes.
  if ((field === 'runs' ? scratch.endsToldRun : scratch.endsToldCall) === id) return;
  const { runs, toolCalls } = ctx.draft.root;
  let parent: string | null | undefined = id;
  if (field === 'runs') {
    const run = runs.get(id);
    if (run === undefined) return;
    parent = run.parentToolCallId;
    const owner = parent === null ? undefined : toolCalls.get(parent)?.runId;
    if (owner !== undefined) ends.get(owner)?.runs.add(id);
  }
  for (let steps = 0; parent != null; steps++) {
    const call = toolCalls.get(parent);
    if (call === undefined || steps === MAX_CHAIN) return;
    ends.get(call.runId)?.calls.add(parent);
    parent = runs.get(call.runId)?.parentToolCallId;
  }
  // Remembered only once the chain was walked to the top: a run not yet set stops it short.
  if (parent !== null) return;
  if (field === 'runs') scratch.endsToldRun = id;
  else scratch.endsToldCall = id;
}

/** Makes the reducer's draft tell its writes to the records of ended runs. */
export function watchEnds(ctx: Ctx): void {
  ctx.draft.onWrite = (field, id) => noteWrite(ctx, field, id);
}

/**
 * What an end that no stream's stop scoped looks at in each run (an `aborted` one ends calls that
 * wait for the app too): what came and changed since the run's last end in this reducer, or all
 * of a run it has not ended.
 */
export function endScope(ctx: Ctx, aborted: boolean): StopScope {
  const { runs, toolCalls } = ctx.draft.root;
  const { ends } = ctx.scratch;
  const looked = new Map<string, readonly string[]>();
  const callsOf = (runId: string): readonly string[] => {
    const known = looked.get(runId);
    if (known !== undefined) return known;
    const run = runs.get(runId);
    const record = ends.get(runId);
    let calls: readonly string[] = [];
    if (run !== undefined && record === undefined) calls = run.toolCallIds;
    else if (run !== undefined && record !== undefined) {
      const ids = RunRecord.callIdsOf(run);
      const keys = new Set<string>(aborted ? record.awaiting : []);
      for (const key of record.calls) if (toolCalls.get(key)?.runId === runId) keys.add(key);
      for (let at = record.count; at < ids.length; at++) keys.add(ids.at(at)!);
      calls = inMapOrder(keys, toolCalls);
    }
    looked.set(runId, calls);
    return calls;
  };
  return {
    callsOf,
    runsUnder(runId) {
      const record = ends.get(runId);
      const under: string[] = [];
      if (record === undefined) {
        for (const key of runs.get(runId)?.toolCallIds ?? []) {
          under.push(...(toolCalls.get(key)?.childRunIds ?? []));
        }
        return under;
      }
      // A run under a call streams now only if it was written since the last end, which ended
      // every run that streamed under the run's calls.
      for (const child of record.runs) {
        const parent = runs.get(child)?.parentToolCallId;
        if (parent != null && toolCalls.get(parent)?.runId === runId) under.push(child);
      }
      return inMapOrder(under, runs);
    },
  };
}

/**
 * Starts a record of what changes next in each run just ended, given what the end looked at:
 * `exact` when that was every open call of the run (a stream's stop), else what changed since.
 */
export function noteEnded(
  ctx: Ctx,
  runIds: readonly string[],
  looked: StopScope,
  exact: boolean,
): void {
  const { ends } = ctx.scratch;
  const { runs, toolCalls } = ctx.draft.root;
  // What is told next goes to the new records too.
  ctx.scratch.endsToldRun = ctx.scratch.endsToldCall = undefined;
  for (const runId of runIds) {
    const run = runs.get(runId);
    if (run === undefined) continue;
    const before = ends.get(runId);
    const awaiting = new Set(exact || before === undefined ? [] : before.awaiting);
    for (const key of looked.callsOf(runId)) {
      const call = toolCalls.get(key);
      const open = call !== undefined && !TERMINAL_TOOL_STATUSES.has(call.status);
      if (open && call.awaitingClient === true) awaiting.add(key);
      else awaiting.delete(key);
    }
    const count = RunRecord.callIdsOf(run).length;
    if (before === undefined) {
      ends.set(runId, { count, calls: new Set(), runs: new Set(), awaiting });
      ctx.draft.undo.push(() => ends.delete(runId));
    } else {
      // A rollback takes the end back: the record goes back to what it was (what was noted in it
      // since only makes the next end look at more).
      assignUndoably(ctx.draft.undo, before, {
        count,
        calls: new Set(),
        runs: new Set(),
        awaiting,
      });
    }
  }
}
