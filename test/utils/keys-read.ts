/**
 * What a render read of a state, and what a chunk allowed it to read: the tests that check a
 * chunk wakes only the UI that shows what it touched compare the two.
 */
import { callKey, runKey, type ToolpaneState } from '@toolpane/client';

/** Every entity key read from the state's maps while `work` runs. */
export function keysRead(state: ToolpaneState, work: () => void): Set<string> {
  const proto = Object.getPrototypeOf(state.toolCalls) as { get(key: string): unknown };
  const original = proto.get;
  const read = new Set<string>();
  proto.get = function (this: unknown, key: string) {
    read.add(key);
    return original.call(this, key);
  };
  try {
    work();
  } finally {
    proto.get = original;
  }
  return read;
}

/** The calls and runs a chunk changed, with every call and run they sit inside. */
export function touched(before: ToolpaneState, after: ToolpaneState): Set<string> {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const climbCall = (key: string | null) => {
    while (key !== null && !seen.has(callKey(key))) {
      seen.add(callKey(key));
      ids.add(key);
      const call = after.toolCalls.get(key);
      if (call === undefined) return;
      climbRun(call.runId);
      key = call.parentToolCallId;
    }
  };
  const climbRun = (runId: string) => {
    if (seen.has(runKey(runId))) return;
    seen.add(runKey(runId));
    ids.add(runId);
    climbCall(after.runs.get(runId)?.parentToolCallId ?? null);
  };
  for (const [key, call] of after.toolCalls) if (before.toolCalls.get(key) !== call) climbCall(key);
  for (const [runId, run] of after.runs) if (before.runs.get(runId) !== run) climbRun(runId);
  return ids;
}
