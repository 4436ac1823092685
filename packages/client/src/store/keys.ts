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

/** Names `key` and queues what it sits in: its run (for a call) and its parent call. */
function name(
  keys: Set<StoreKey>,
  todo: StoreKey[],
  key: StoreKey,
  parent: string | null,
  runId?: string,
): void {
  if (keys.has(key)) return;
  keys.add(key);
  if (runId !== undefined) todo.push(runKey(runId));
  if (parent !== null) todo.push(callKey(parent));
}

/** Whether {@link keysOf} names any key for `changes` (without naming them). */
export const touchesKeys = (changes: DraftChanges): boolean =>
  changes.format || changes.lists.size > 0 || changes.runs.size > 0 || changes.calls.size > 0;

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
  // Keys to walk up from; a stack, since subagent chains can be deep. What changed is named at
  // once from the entity in hand, so a chunk for a top-level call needs no lookup at all.
  const todo: StoreKey[] = [];
  for (const { key, before, after } of changes.calls.values()) {
    if (waitsForPerson(before) || waitsForPerson(after)) keys.add('pending');
    name(keys, todo, callKey(key), after.parentToolCallId, after.runId);
  }
  for (const [runId, run] of changes.runs) name(keys, todo, runKey(runId), run.parentToolCallId);
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    if (keys.has(key)) continue;
    if (key.startsWith('call:')) {
      const call = state.toolCalls.get(key.slice(5));
      if (call === undefined) keys.add(key);
      else name(keys, todo, key, call.parentToolCallId, call.runId);
    } else name(keys, todo, key, state.runs.get(key.slice(4))?.parentToolCallId ?? null);
  }
  return keys;
}
