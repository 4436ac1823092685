import type { ChangeMap } from './change-map.js';
import { PersistentMap } from './persistent-map.js';
import type { ToolCallState } from './state.js';
import type { CallChange } from './waiting.js';

/*
 * The indexes of the calls that wait on someone: the app's result (`awaitingClient`), or a
 * person's decision (an approval or a resume). A key names one call, so its run and its
 * toolCallId: a later run that repeats the id has a key of its own. Kept up to date at each
 * publish from the calls the batch changed, whatever changed them (the app's result, a decision,
 * a result or an error from Mastra, a stop, the end of the run), so whatever looks for them (a
 * chat's messages, a session's status, the pending approvals) learns in O(1) that none waits.
 *
 * A persistent map from key to whether the call waits now, and how many do: a call that stops
 * waiting stays in the map as `false` until such keys outnumber those that wait, when the map is
 * made again of the latter. A call that starts or stops waiting costs O(log n) (amortised),
 * however many others wait, where copying an array of the keys made a run that leaves many calls
 * to the app, or a chat whose every turn leaves one, cost the square of them.
 */

/** An index: the keys of the calls that wait, and how many they are. */
export interface AwaitingIndex {
  /** Key → whether the call waits now; `false` for one that stopped since the map was made. */
  readonly keys: PersistentMap<boolean>;
  /** How many keys map to `true`. */
  readonly count: number;
}

/** What an index holds: whether a call waits. */
export type Waits = (call: ToolCallState) => boolean;

/** Whether a call waits for the app's result. */
export const awaitsClient: Waits = (call) => call.awaitingClient === true;

/** The keys of the calls of `calls` that wait, in a scan: O(calls). */
export const buildAwaiting = (
  calls: ReadonlyMap<string, ToolCallState>,
  waits: Waits = awaitsClient,
): readonly string[] => [...calls.keys()].filter((key) => waits(calls.get(key)!));

/** The index of the calls with these keys. */
function ofKeys(awaiting: readonly string[]): AwaitingIndex {
  let keys = PersistentMap.empty<boolean>();
  for (const key of awaiting) keys = keys.set(key, true);
  return { keys, count: keys.size };
}

/** The index of a state made elsewhere, from its calls: O(calls), once. */
export const indexAwaiting = (
  calls: ReadonlyMap<string, ToolCallState>,
  waits: Waits = awaitsClient,
): AwaitingIndex => ofKeys(buildAwaiting(calls, waits));

/** The keys of the calls the index holds as waiting, in the order they first did: O(1) for none. */
export function awaitingKeys({ keys, count }: AwaitingIndex): string[] {
  const out: string[] = [];
  if (count > 0) for (const [key, now] of keys) if (now) out.push(key);
  return out;
}

/** The index after a batch that touched `changes`, given the index before it. */
export function updateAwaiting(
  index: AwaitingIndex,
  changes: ChangeMap<CallChange>,
  waits: Waits = awaitsClient,
): AwaitingIndex {
  // This runs at every publish, nearly always for one change: then without an iterator.
  const one = changes.single;
  if (one) index = moved(index, one, waits);
  else for (const change of changes.values()) index = moved(index, change, waits);
  const { keys, count } = index;
  // Made again once the calls that stopped outnumber those that wait: O(keys), at most once
  // per as many calls that stopped waiting.
  if (keys.size <= 2 * count + 8) return index;
  return ofKeys(awaitingKeys(index));
}

/** {@link updateAwaiting} for one change. */
function moved(
  index: AwaitingIndex,
  { key, before, after }: CallChange,
  waits: Waits,
): AwaitingIndex {
  const now = waits(after);
  if (now === (before !== undefined && waits(before)) || now === (index.keys.get(key) === true)) {
    return index;
  }
  return { keys: index.keys.set(key, now), count: index.count + (now ? 1 : -1) };
}
