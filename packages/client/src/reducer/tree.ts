import type { RunState, ToolCallState, ToolpaneState } from '../state/state.js';

/*
 * Walks of the tree of calls and the subagent and workflow runs inside them. Iterative, so a chain
 * of any depth is walked whole without growing the call stack; each run and call is visited once
 * even if a hostile stream made the tree loop.
 */

/**
 * Every call nested under `call` (in its subagent and workflow runs, at any depth), in stream
 * order: each call comes before the calls nested under it.
 */
export function nestedCalls(state: ToolpaneState, call: ToolCallState): ToolCallState[] {
  const out: ToolCallState[] = [];
  const seen = new Set<string>([call.key]);
  const stack: ToolCallState[] = [call];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current !== call) out.push(current);
    const children: ToolCallState[] = [];
    for (const runId of current.childRunIds) {
      for (const id of state.runs.get(runId)?.toolCallIds ?? []) {
        const child = state.toolCalls.get(id);
        if (child === undefined || seen.has(id)) continue;
        seen.add(id);
        children.push(child);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
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

/** The outermost call `call` runs inside (itself at top level), however deep. */
export function topLevelCall(state: ToolpaneState, call: ToolCallState): ToolCallState {
  let current = call;
  const seen = new Set<string>([call.key]);
  while (current.parentToolCallId !== null && !seen.has(current.parentToolCallId)) {
    const parent = state.toolCalls.get(current.parentToolCallId);
    if (parent === undefined) break;
    seen.add(current.parentToolCallId);
    current = parent;
  }
  return current;
}
