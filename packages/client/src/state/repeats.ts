import { PersistentMap } from './persistent-map.js';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from './state.js';
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
  /**
   * `runId` NUL `toolCallId` NUL the arguments as JSON → the call of that run with the id and
   * those arguments, for a run that repeats the id step after step: a replayed `tool-call` finds
   * the call it repeats in O(1), however many steps repeated the id.
   */
  readonly byArgs: PersistentMap<string>;
}

/** The index of a state without repeated ids. */
export const NO_REPEATS: Repeats = Object.freeze({
  ids: PersistentMap.empty<IdRepeats>(),
  inRun: PersistentMap.empty<string>(),
  inTurn: PersistentMap.empty<Vector<string>>(),
  byArgs: PersistentMap.empty<string>(),
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
    byArgs: repeats.byArgs,
  };
}

/**
 * Whether Mastra ended call `call` (its result, its error, or a person's denial came), rather than
 * the client, which closes a call its stream or run left open before Mastra said how it ended.
 */
export const endedByMastra = (call: ToolCallState): boolean =>
  TERMINAL_TOOL_STATUSES.has(call.status) &&
  ('output' in call.raw || 'error' in call.raw || call.status === 'output-denied');

/**
 * The arguments a call was made with, as far as the state knows them: what Mastra sent, else the
 * input shown as it came (a snapshot sent to a browser keeps no `raw` values); undefined when
 * neither is known (a hidden input of such a snapshot, a call before its arguments).
 */
export const argsOf = (call: ToolCallState): unknown =>
  call.raw.input !== undefined
    ? call.raw.input
    : call.input.kind === 'raw'
      ? call.input.value
      : undefined;

/**
 * The arguments of a call as one string, the same for the same JSON value sent again; undefined
 * for a value JSON cannot write (a cycle, a BigInt), which the index then does not hold.
 */
export function argsPrint(args: unknown): string | undefined {
  try {
    return JSON.stringify(args);
  } catch {
    return undefined;
  }
}

/** The index with call `key`, of run `runId`, noted as the one with arguments `print`. */
export function noteArgs(
  repeats: Repeats,
  runId: string,
  toolCallId: string,
  print: string,
  key: string,
): Repeats {
  const at = `${pair(runId, toolCallId)}\u0000${print}`;
  return repeats.byArgs.get(at) === key
    ? repeats
    : { ...repeats, byArgs: repeats.byArgs.set(at, key) };
}

/** The call of run `runId` with this toolCallId noted with arguments `print`, if any. */
export const keyWithArgs = (
  repeats: Repeats,
  runId: string,
  toolCallId: string,
  print: string,
): string | undefined => repeats.byArgs.get(`${pair(runId, toolCallId)}\u0000${print}`);

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
  // The calls walked through, against a cycle: the first parent apart, kept only past it (nearly
  // every call is at most one level down, and this runs for every call written).
  let first: string | undefined;
  let seen: Set<string> | undefined;
  for (let id = call.parentToolCallId; id !== null; id = current.parentToolCallId) {
    if (id === call.key || id === first || seen?.has(id) === true) break;
    const parent = calls.get(id);
    if (parent === undefined) break;
    if (first === undefined) first = id;
    else {
      seen ??= new Set();
      seen.add(id);
    }
    current = parent;
  }
  return current;
}

/**
 * The index of a state made elsewhere (rebuilt from JSON, say): its calls in creation order
 * (`toolCallOrder`), O(calls × depth) once; a call that shares its run and toolCallId with
 * another is noted with its arguments.
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
    const first = calls.get(call.toolCallId);
    for (const same of first?.runId === call.runId ? [first, call] : [call]) {
      const print = argsPrint(argsOf(same));
      if (print !== undefined) {
        repeats = noteArgs(repeats, same.runId, same.toolCallId, print, same.key);
      }
    }
  }
  return repeats;
}
