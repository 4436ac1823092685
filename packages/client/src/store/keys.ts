import type { DraftChanges } from '../state/draft.js';
import type { ToolpaneState } from '../state/state.js';
import type { Lists } from '../state/state-root.js';
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
} as const satisfies Record<keyof Lists, SummaryKey>;

/**
 * The keys a publish touched: each changed call and run, every call and run it sits inside, and
 * the summaries that depend on them. O(changes × new ancestors): an ancestor already named is not
 * walked again.
 */
export function keysOf(changes: DraftChanges, state: ToolpaneState): Set<StoreKey> {
  const keys = new Set<StoreKey>();
  if (changes.format) keys.add('format');
  for (const list of changes.lists) keys.add(LIST_KEYS[list]);
  if (changes.runs.size > 0) keys.add('runs');
  if (changes.calls.size > 0) keys.add('toolCalls');
  // Calls and runs to name, then walk up from: iteratively, since subagent chains can be deep.
  const calls: string[] = [];
  const runs: string[] = [];
  for (const change of changes.calls.values()) {
    if (waitsForPerson(change.before) || waitsForPerson(change.after)) keys.add('pending');
    calls.push(change.key);
  }
  for (const runId of changes.runs.keys()) runs.push(runId);
  while (calls.length > 0 || runs.length > 0) {
    const key = calls.pop();
    if (key !== undefined) {
      const name = callKey(key);
      if (keys.has(name)) continue;
      keys.add(name);
      const call = state.toolCalls.get(key);
      if (call === undefined) continue;
      runs.push(call.runId);
      if (call.parentToolCallId !== null) calls.push(call.parentToolCallId);
      continue;
    }
    const runId = runs.pop() as string;
    const name = runKey(runId);
    if (keys.has(name)) continue;
    keys.add(name);
    const parent = state.runs.get(runId)?.parentToolCallId;
    if (parent !== undefined && parent !== null) calls.push(parent);
  }
  return keys;
}
