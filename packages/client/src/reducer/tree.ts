import { countOf, itemAt } from '../state/list-fields.js';
import { callAt, callCount } from '../state/run-record.js';
import type { RunState, ToolCallState, ToolpaneState } from '../state/state.js';

/*
 * Walks of the tree of calls and the subagent and workflow runs inside them. Iterative, so a chain
 * of any depth is walked whole without growing the call stack; each run and call is visited once
 * even if a hostile stream made the tree loop.
 */

/** A call being searched in {@link latestNestedCall}: its child runs and calls, walked backwards. */
interface Frame {
  readonly owner: ToolCallState;
  /** The index in `owner.childRunIds` of the run being walked. */
  run: number;
  calls: RunState | undefined;
  /** How many calls of that run are left to walk. */
  left: number;
}

/**
 * The latest call nested under `call` (at any depth) that `matches`: the calls in reversed stream
 * order, each after the calls nested under it, the reverse of a walk that lists each call before the calls nested under it. It stops at the
 * first match and reads the runs' lists without building their arrays, so finding a call near the
 * end of a large subagent run costs what it visits, not the size of the tree.
 */
export function latestNestedCall(
  state: ToolpaneState,
  call: ToolCallState,
  matches: (call: ToolCallState) => boolean,
): ToolCallState | undefined {
  const seen = new Set<string>([call.key]);
  const stack: Frame[] = [
    { owner: call, run: countOf(call, 'childRunIds'), calls: undefined, left: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.left === 0) {
      frame.run--;
      if (frame.run < 0) {
        stack.pop();
        if (frame.owner !== call && matches(frame.owner)) return frame.owner;
        continue;
      }
      frame.calls = state.runs.get(itemAt(frame.owner, 'childRunIds', frame.run)!);
      frame.left = frame.calls === undefined ? 0 : callCount(frame.calls);
      continue;
    }
    frame.left--;
    const key = callAt(frame.calls!, frame.left)!;
    const child = state.toolCalls.get(key);
    if (child === undefined || seen.has(key)) continue;
    seen.add(key);
    stack.push({ owner: child, run: countOf(child, 'childRunIds'), calls: undefined, left: 0 });
  }
  return undefined;
}

/** `runId` and every run nested under its calls, at any depth, parents before their children. */
export function runTree(state: ToolpaneState, runId: string): RunState[] {
  const out: RunState[] = [];
  const seen = new Set<string>();
  const queue = [runId];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const run = state.runs.get(id);
    if (run === undefined || seen.has(id)) continue;
    seen.add(id);
    out.push(run);
    for (const callId of run.toolCallIds) {
      for (const child of state.toolCalls.get(callId)?.childRunIds ?? []) queue.push(child);
    }
  }
  return out;
}

/**
 * Whether `test` holds for `call` or for a call it runs inside, at any depth: each visited once,
 * so a cycle in hostile input ends the walk.
 */
export function upFrom(
  calls: ReadonlyMap<string, ToolCallState>,
  call: ToolCallState,
  test: (at: ToolCallState) => boolean,
): boolean {
  const seen = new Set<string>();
  for (let at: ToolCallState | undefined = call; at !== undefined && !seen.has(at.key); ) {
    if (test(at)) return true;
    seen.add(at.key);
    at = at.parentToolCallId === null ? undefined : calls.get(at.parentToolCallId);
  }
  return false;
}

/** Whether `call` runs inside call `key`, at any depth. */
export const inside = (
  calls: ReadonlyMap<string, ToolCallState>,
  call: ToolCallState,
  key: string,
): boolean => upFrom(calls, call, (at) => at !== call && at.key === key);
