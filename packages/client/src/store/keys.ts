import type { DraftChanges } from '../state/draft.js';
import type { ToolpaneState } from '../state/state.js';
import type { ListKey } from '../state/state-root.js';
import { waitsForPerson } from '../state/waiting.js';

/**
 * A summary of the state a subscriber can listen to with `store.subscribeKey`:
 * - `runOrder`, `toolCallOrder`, `issues`, `unknownChunks`, `format`: that field changed;
 * - `runs`, `toolCalls`: a run (a call) was added or changed, at any depth;
 * - `pending`: the calls that wait for a person may have changed (one started or stopped waiting,
 *   or a waiting call changed).
 */
export type SummaryKey =
  | 'runOrder'
  | 'toolCallOrder'
  | 'issues'
  | 'unknownChunks'
  | 'format'
  | 'runs'
  | 'toolCalls'
  | 'pending';

/**
 * What a keyed subscriber listens to: a {@link SummaryKey}; `call:<key>` for one tool call (made
 * with {@link callKey}), woken when the call changed or anything inside it did (its subagent runs
 * and their calls, at any depth); `run:<runId>` for one run ({@link runKey}), woken when the run
 * changed or anything inside it did (its calls and what ran inside them).
 */
export type StoreKey = SummaryKey | `call:${string}` | `run:${string}`;

/**
 * The key of one tool call, by its key in `state.toolCalls`.
 *
 * @example
 * store.subscribeKey(callKey('call-1'), () => render(store.getState().toolCalls.get('call-1')));
 */
export const callKey = (key: string): `call:${string}` => `call:${key}`;

/**
 * The key of one run, by its runId.
 *
 * @example
 * store.subscribeKey(runKey(runId), () => render(store.getState().runs.get(runId)));
 */
export const runKey = (runId: string): `run:${string}` => `run:${runId}`;

const LIST_KEYS = {
  runs: 'runOrder',
  calls: 'toolCallOrder',
  issues: 'issues',
  unknown: 'unknownChunks',
} as const satisfies Record<ListKey, SummaryKey>;

/**
 * The keys a publish touched: each changed call and run, every call and run it sits inside, and
 * the summaries that depend on them, added to `keys` (a new set by default). O(changes × new
 * ancestors): an ancestor already named, by this publish or by one before it in `keys`, is not
 * walked again.
 */
export function keysOf(
  changes: DraftChanges,
  state: ToolpaneState,
  keys: Set<StoreKey> = new Set(),
): Set<StoreKey> {
  if (changes.format) keys.add('format');
  for (const list of changes.lists) keys.add(LIST_KEYS[list]);
  if (changes.runs.size > 0) keys.add('runs');
  if (changes.calls.size > 0) keys.add('toolCalls');
  // Calls and runs to walk up from, by id; stacks, since subagent chains can be deep. What changed
  // is named at once from the entity in hand, and what it sits in is queued only when it did not
  // change itself (it is named already, then): a chunk for a call in a run it extended builds two
  // keys and looks nothing up.
  const calls: string[] = [];
  const runs: string[] = [];
  for (const [runId, run] of changes.runs) {
    keys.add(runKey(runId));
    const parent = run.parentToolCallId;
    if (parent !== null && !changes.calls.has(parent)) calls.push(parent);
  }
  for (const { key, before, after } of changes.calls.values()) {
    if (waitsForPerson(before) || waitsForPerson(after)) keys.add('pending');
    keys.add(callKey(key));
    if (!changes.runs.has(after.runId)) runs.push(after.runId);
    const parent = after.parentToolCallId;
    if (parent !== null && !changes.calls.has(parent)) calls.push(parent);
  }
  while (calls.length > 0 || runs.length > 0) {
    const runId = runs.pop();
    if (runId !== undefined) {
      const key = runKey(runId);
      if (keys.has(key)) continue;
      keys.add(key);
      const parent = state.runs.get(runId)?.parentToolCallId ?? null;
      if (parent !== null) calls.push(parent);
      continue;
    }
    const id = calls.pop() as string;
    const key = callKey(id);
    if (keys.has(key)) continue;
    keys.add(key);
    const call = state.toolCalls.get(id);
    if (call === undefined) continue;
    runs.push(call.runId);
    if (call.parentToolCallId !== null) calls.push(call.parentToolCallId);
  }
  return keys;
}
