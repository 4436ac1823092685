import { PersistentMap } from './persistent-map.js';
import type { ToolCallState } from './state.js';
import { Vector } from './vector.js';

/*
 * The repeats index: where the calls whose key is not their toolCallId are (see `identity.ts`: a
 * later run that repeats a toolCallId gets the key `<toolCallId>#<n>`). A conversation whose model
 * numbers its calls per run repeats the same few ids in every turn; without this index, finding a
 * call or a free key walked every earlier call with the id, so a long chat cost quadratic time.
 * With it each lookup is O(1) (a few persistent-map reads) and recording a call O(log n).
 *
 * Internal: part of a state's lists (`state-root.ts`), shared by versions like every persistent
 * structure here, and rebuilt from the calls for a state made elsewhere.
 */

/** The calls of one toolCallId whose key is not the id, oldest first, and the next `n` to try. */
export interface IdRepeats {
  readonly keys: Vector<string>;
  /** No key `<toolCallId>#<m>` with 2 ≤ m < next is free: they are never freed once taken. */
  readonly next: number;
}

/** The index; see the comment at the top of this file. */
export interface Repeats {
  /** toolCallId → its calls keyed otherwise. */
  readonly ids: PersistentMap<IdRepeats>;
  /** `runId` NUL `toolCallId` → the newest such call in that run. */
  readonly inRun: PersistentMap<string>;
  /** top-level run NUL `toolCallId` → such calls in that conversation turn, oldest first. */
  readonly inTurn: PersistentMap<Vector<string>>;
}

/** The index of a state without repeated ids. */
export const NO_REPEATS: Repeats = Object.freeze({
  ids: PersistentMap.empty<IdRepeats>(),
  inRun: PersistentMap.empty<string>(),
  inTurn: PersistentMap.empty<Vector<string>>(),
});

const pair = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

/** The `n` of a key `<toolCallId>#<n>`, or 0 for any other key. */
function numberOf(toolCallId: string, key: string): number {
  if (key.length <= toolCallId.length + 1 || !key.startsWith(`${toolCallId}#`)) return 0;
  const n = Number(key.slice(toolCallId.length + 1));
  return Number.isInteger(n) && n >= 2 ? n : 0;
}

/**
 * The index with one more call keyed otherwise than by its toolCallId: `key`, of run `runId`,
 * whose top-level run is `turn`.
 */
export function addRepeat(
  repeats: Repeats,
  toolCallId: string,
  key: string,
  runId: string,
  turn: string,
): Repeats {
  const before = repeats.ids.get(toolCallId);
  const next = Math.max(before?.next ?? 2, numberOf(toolCallId, key) + 1);
  const keys = (before?.keys ?? Vector.empty<string>()).push(key);
  const inTurn = repeats.inTurn.get(pair(turn, toolCallId)) ?? Vector.empty<string>();
  return {
    ids: repeats.ids.set(toolCallId, { keys, next }),
    inRun: repeats.inRun.set(pair(runId, toolCallId), key),
    inTurn: repeats.inTurn.set(pair(turn, toolCallId), inTurn.push(key)),
  };
}

/** The first `n` worth trying for a new key `<toolCallId>#<n>`. */
export const nextNumber = (repeats: Repeats, toolCallId: string): number =>
  repeats.ids.get(toolCallId)?.next ?? 2;

/** The keys of the calls of `toolCallId` keyed otherwise, oldest first. */
export const repeatKeys = (repeats: Repeats, toolCallId: string): Vector<string> | undefined =>
  repeats.ids.get(toolCallId)?.keys;

/** The newest call of `toolCallId` in run `runId` keyed otherwise, if any. */
export const repeatInRun = (
  repeats: Repeats,
  toolCallId: string,
  runId: string,
): string | undefined => repeats.inRun.get(pair(runId, toolCallId));

/** The calls of `toolCallId` keyed otherwise whose top-level run is `turn`, oldest first. */
export const repeatsInTurn = (
  repeats: Repeats,
  toolCallId: string,
  turn: string,
): Vector<string> | undefined => repeats.inTurn.get(pair(turn, toolCallId));

/**
 * The outermost call `call` runs inside (itself at top level), however deep; its run is the
 * call's turn. Each parent is visited once, so a cycle in hostile input cannot hang it.
 */
export function topLevelCall(
  calls: ReadonlyMap<string, ToolCallState>,
  call: ToolCallState,
): ToolCallState {
  let current = call;
  const seen = new Set<string>([call.key]);
  while (current.parentToolCallId !== null && !seen.has(current.parentToolCallId)) {
    const parent = calls.get(current.parentToolCallId);
    if (parent === undefined) break;
    seen.add(current.parentToolCallId);
    current = parent;
  }
  return current;
}

/**
 * The index of a state made elsewhere (rebuilt from JSON, say): its calls in creation order
 * (`toolCallOrder`), O(calls × depth) once.
 */
export function buildRepeats(
  calls: ReadonlyMap<string, ToolCallState>,
  order: readonly string[],
): Repeats {
  let repeats = NO_REPEATS;
  for (const key of order) {
    const call = calls.get(key);
    if (call === undefined || call.key === call.toolCallId) continue;
    repeats = addRepeat(
      repeats,
      call.toolCallId,
      call.key,
      call.runId,
      topLevelCall(calls, call).runId,
    );
  }
  return repeats;
}
