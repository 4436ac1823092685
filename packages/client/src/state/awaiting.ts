import type { ChangeMap } from './change-map.js';
import type { ToolCallState } from './state.js';
import type { CallChange } from './waiting.js';

/*
 * The awaiting-the-client index: the keys of the calls that wait for the app's result
 * (`awaitingClient`). A key names one call, so its run and its toolCallId: a later run that
 * repeats the id has a key of its own. Kept up to date at each publish from the calls the batch
 * changed, whatever changed them (the app's result, a result or an error from Mastra, a stop, the
 * end of the run), so whatever looks for the app's results (a chat's messages) learns in O(1)
 * that no call waits for one. Nearly always empty or a few keys: a change copies it.
 */

/** The index: the keys of the calls awaiting the client. */
export type AwaitingIndex = readonly string[];

/** Builds the index of a state from scratch: O(calls), for a state made elsewhere. */
export const buildAwaiting = (calls: ReadonlyMap<string, ToolCallState>): AwaitingIndex =>
  [...calls.keys()].filter((key) => calls.get(key)?.awaitingClient);

/** The index after a batch that touched `changes`, given the index before it. */
export function updateAwaiting(
  index: AwaitingIndex,
  changes: ChangeMap<CallChange>,
): AwaitingIndex {
  // This runs at every publish, nearly always for one change: then without an iterator.
  const one = changes.single;
  if (one) return moved(index, one);
  for (const change of changes.values()) index = moved(index, change);
  return index;
}

/** {@link updateAwaiting} for one change. */
function moved(index: AwaitingIndex, { key, before, after }: CallChange): AwaitingIndex {
  const now = after.awaitingClient;
  if (now === before?.awaitingClient) return index;
  return now ? [...index, key] : index.filter((k) => k !== key);
}
