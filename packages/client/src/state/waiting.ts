import type { ChangeMap } from './change-map.js';
import { PersistentMap } from './persistent-map.js';
import { HUMAN_TOOL_STATUSES, type ToolCallState } from './state.js';

/*
 * The needs-a-person index: for each call key, how many calls below it (inside its subagent runs
 * or workflow, at any depth) wait for a person. Kept up to date at each publish in O(depth) per
 * call whose waiting changed, so a subagent card asks "does anything inside need me?" in O(1)
 * instead of scanning every call.
 */

/** The index: call key to the number of calls below it that wait for a person. */
export type WaitingIndex = PersistentMap<number>;

/** A call touched in one batch: as it was before the batch (undefined: new) and after it. */
export interface CallChange {
  /** The call's key in `toolCalls`. */
  readonly key: string;
  readonly before: ToolCallState | undefined;
  readonly after: ToolCallState;
}

/** Bound on a chain of parents: a cycle in hostile input must not hang the reducer. */
const MAX_CHAIN = 100_000;

/** Whether a call waits for a person (an approval or a resume). */
export const waitsForPerson = (call: ToolCallState | undefined): boolean =>
  call !== undefined && HUMAN_TOOL_STATUSES.has(call.status);

function addUp(
  index: WaitingIndex,
  calls: ReadonlyMap<string, ToolCallState>,
  from: string | null,
  delta: number,
): WaitingIndex {
  let key = from;
  for (let steps = 0; key !== null && steps < MAX_CHAIN; steps++) {
    index = index.set(key, (index.get(key) ?? 0) + delta);
    key = calls.get(key)?.parentToolCallId ?? null;
  }
  return index;
}

/** Builds the index of a state from scratch: O(calls × depth), for a state made elsewhere. */
export function buildWaiting(calls: ReadonlyMap<string, ToolCallState>): WaitingIndex {
  let index = PersistentMap.empty<number>();
  for (const call of calls.values()) {
    if (waitsForPerson(call)) index = addUp(index, calls, call.parentToolCallId, 1);
  }
  return index;
}

/**
 * The index after a batch that touched `changes`, given the index before it and the calls after
 * it. Parents never change once a call exists, so only calls whose waiting changed move counts,
 * plus new calls, which pass on what waited below them before they existed.
 */
export function updateWaiting(
  index: WaitingIndex,
  changes: ChangeMap<CallChange>,
  calls: ReadonlyMap<string, ToolCallState>,
): WaitingIndex {
  // This runs at every publish, nearly always for one change: then without an iterator.
  const one = changes.single;
  if (one) return countChange(index, index, calls, one);
  const start = index;
  for (const change of changes.values()) index = countChange(index, start, calls, change);
  return index;
}

/** {@link updateWaiting} for one change; `start` is the index before the batch. */
function countChange(
  index: WaitingIndex,
  start: WaitingIndex,
  calls: ReadonlyMap<string, ToolCallState>,
  { key, before, after }: CallChange,
): WaitingIndex {
  let delta = (waitsForPerson(after) ? 1 : 0) - (waitsForPerson(before) ? 1 : 0);
  if (before === undefined) delta += start.get(key) ?? 0;
  if (delta === 0) return index;
  return addUp(index, calls, after.parentToolCallId, delta);
}
