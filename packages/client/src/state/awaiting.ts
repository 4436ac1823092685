import type { ChangeMap } from './change-map.js';
import { PersistentMap } from './persistent-map.js';
import type { ToolCallState } from './state.js';
import type { CallChange } from './waiting.js';

/*
 * The awaiting-the-client index: the keys of the calls that wait for the app's result
 * (`awaitingClient`). A key names one call, so its run and its toolCallId: a later run that
 * repeats the id has a key of its own. Kept up to date at each publish from the calls the batch
 * changed, whatever changed them (the app's result, a result or an error from Mastra, a stop, the
 * end of the run), so whatever looks for the app's results (a chat's messages) learns in O(1)
 * that no call waits for one.
 *
 * A persistent map from key to whether the call awaits now, and how many do: a call that stops
 * awaiting stays in the map as `false` until such keys outnumber those that await, when the map is
 * made again of the latter. A call that starts or stops awaiting costs O(log n) (amortised),
 * however many others await, where copying an array of the keys made a run that leaves many calls
 * to the app, or a chat whose every turn leaves one, cost the square of them.
 */

/** The index: the keys of the calls awaiting the client, and how many they are. */
export interface AwaitingIndex {
  /** Key → whether the call awaits now; `false` for one that stopped since the map was made. */
  readonly keys: PersistentMap<boolean>;
  /** How many keys map to `true`. */
  readonly count: number;
}

/** The keys of the calls that await the client, in a scan of `calls`: O(calls). */
export const buildAwaiting = (calls: ReadonlyMap<string, ToolCallState>): readonly string[] =>
  [...calls.keys()].filter((key) => calls.get(key)?.awaitingClient);

/** The index of the calls with these keys. */
function ofKeys(awaiting: readonly string[]): AwaitingIndex {
  let keys = PersistentMap.empty<boolean>();
  for (const key of awaiting) keys = keys.set(key, true);
  return { keys, count: keys.size };
}

/** The index of a state made elsewhere, from its calls: O(calls), once. */
export const indexAwaiting = (calls: ReadonlyMap<string, ToolCallState>): AwaitingIndex =>
  ofKeys(buildAwaiting(calls));

/** The keys of the calls the index holds as awaiting, in the order they first did: O(1) for none. */
export function awaitingKeys({ keys, count }: AwaitingIndex): readonly string[] {
  const out: string[] = [];
  if (count > 0) for (const [key, now] of keys) if (now) out.push(key);
  return out;
}

/** The index after a batch that touched `changes`, given the index before it. */
export function updateAwaiting(
  index: AwaitingIndex,
  changes: ChangeMap<CallChange>,
): AwaitingIndex {
  // This runs at every publish, nearly always for one change: then without an iterator.
  const one = changes.single;
  if (one) index = moved(index, one);
  else for (const change of changes.values()) index = moved(index, change);
  const { keys, count } = index;
  // Made again once the calls that stopped outnumber those that await: O(keys), at most once
  // per as many calls that stopped awaiting.
  if (keys.size <= 2 * count + 8) return index;
  return ofKeys(awaitingKeys(index));
}

/** {@link updateAwaiting} for one change. */
function moved(index: AwaitingIndex, { key, before, after }: CallChange): AwaitingIndex {
  const now = after.awaitingClient === true;
  if (now === (before?.awaitingClient === true) || now === (index.keys.get(key) === true)) {
    return index;
  }
  return { keys: index.keys.set(key, now), count: index.count + (now ? 1 : -1) };
}
