import {
  nextNumber,
  type Repeats,
  repeatInRun,
  repeatKeys,
  repeatsInTurn,
  topLevelCall,
} from './repeats.js';
import {
  expiredReason,
  HUMAN_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
  type ToolpaneState,
} from './state.js';
import { StateRoot } from './state-root.js';

/*
 * Call identity. `toolCallId` is the wire id a model gave a call; some providers and mock models
 * number calls per run, so a later run may repeat it. Each call therefore has a `key`, unique in a
 * state: its toolCallId for the first call with that id, and `<toolCallId>#<n>` (the smallest
 * free n from 2) for each call of a later run that repeats it. Keys depend only on the order of
 * the chunks: the same stream gives the same keys on a server and in a browser.
 *
 * A state the reducer made finds the calls keyed otherwise in its repeats index (`repeats.ts`) in
 * O(1); a state made elsewhere is searched key by key, `<toolCallId>#2` onwards.
 */

/** The repeats index of a state the reducer made, or undefined for a state made elsewhere. */
const repeatsOf = (state: ToolpaneState): Repeats | undefined =>
  state instanceof StateRoot ? StateRoot.lists(state).repeats : undefined;

/** The key a new call with this toolCallId gets. */
export function freeCallKey(state: ToolpaneState, toolCallId: string): string {
  if (!state.toolCalls.has(toolCallId)) return toolCallId;
  const repeats = repeatsOf(state);
  // Keys are never freed, so every `#m` below the index's next number is taken.
  let n = repeats === undefined ? 2 : nextNumber(repeats, toolCallId);
  while (state.toolCalls.has(`${toolCallId}#${n}`)) n++;
  return `${toolCallId}#${n}`;
}

/** Every call with this toolCallId (the wire id), oldest first. */
export function callsWithId(state: ToolpaneState, toolCallId: string): ToolCallState[] {
  const out: ToolCallState[] = [];
  const first = state.toolCalls.get(toolCallId);
  if (first === undefined) return out;
  if (first.toolCallId === toolCallId) out.push(first);
  const repeats = repeatsOf(state);
  if (repeats !== undefined) {
    const keys = repeatKeys(repeats, toolCallId);
    for (let i = 0; keys !== undefined && i < keys.length; i++) {
      const call = state.toolCalls.get(keys.get(i)!);
      if (call !== undefined) out.push(call);
    }
    return out;
  }
  // Keys of repeats are allocated without gaps, so the chain ends at the first free key.
  for (let n = 2; ; n++) {
    const call = state.toolCalls.get(`${toolCallId}#${n}`);
    if (call === undefined) return out;
    if (call.toolCallId === toolCallId) out.push(call);
  }
}

/**
 * Every call with this toolCallId whose top-level run is `turn` (one conversation turn, its
 * subagents included), oldest first.
 */
export function callsInTurn(
  state: ToolpaneState,
  toolCallId: string,
  turn: string,
): ToolCallState[] {
  const repeats = repeatsOf(state);
  if (repeats === undefined) {
    return callsWithId(state, toolCallId).filter(
      (call) => topLevelCall(state.toolCalls, call).runId === turn,
    );
  }
  const out: ToolCallState[] = [];
  const first = state.toolCalls.get(toolCallId);
  if (first?.toolCallId === toolCallId && topLevelCall(state.toolCalls, first).runId === turn)
    out.push(first);
  const keys = repeatsInTurn(repeats, toolCallId, turn);
  for (let i = 0; keys !== undefined && i < keys.length; i++) {
    const call = state.toolCalls.get(keys.get(i)!);
    if (call !== undefined) out.push(call);
  }
  return out;
}

/**
 * The key of the call a chunk names: the call with this toolCallId in run `runId`, or, without a
 * run (`undefined`), the newest call with this toolCallId. Undefined when there is none.
 */
export function findCallKey(
  state: ToolpaneState,
  toolCallId: string,
  runId: string | undefined,
): string | undefined {
  const first = state.toolCalls.get(toolCallId);
  if (first === undefined) return undefined;
  const repeats = repeatsOf(state);
  // The common case: the first call with this id, in the run that asks, unless the run repeated
  // the id (a model that numbers its calls per request, step after step).
  if (runId !== undefined && first.toolCallId === toolCallId && first.runId === runId) {
    const later =
      repeats?.ids.get(toolCallId) === undefined
        ? undefined
        : repeatInRun(repeats!, toolCallId, runId);
    return later ?? first.key;
  }
  if (repeats !== undefined) {
    const key =
      runId === undefined
        ? repeatKeys(repeats, toolCallId)?.last()
        : repeatInRun(repeats, toolCallId, runId);
    if (key !== undefined) return key;
    if (first.toolCallId !== toolCallId) return undefined;
    return runId === undefined || first.runId === runId ? first.key : undefined;
  }
  const calls = callsWithId(state, toolCallId);
  for (let i = calls.length - 1; i >= 0; i--) {
    if (runId === undefined || calls[i]!.runId === runId) return calls[i]!.key;
  }
  return undefined;
}

/** The key of the newest call with this toolCallId in conversation turn `turn` that `matches`. */
export function newestInTurn(
  state: ToolpaneState,
  toolCallId: string,
  turn: string,
  matches: (call: ToolCallState) => boolean,
): string | undefined {
  const calls = callsInTurn(state, toolCallId, turn);
  for (let i = calls.length - 1; i >= 0; i--) if (matches(calls[i]!)) return calls[i]!.key;
  return undefined;
}

/**
 * The key of the newest call with this toolCallId if it `matches`, else of the newest call in its
 * conversation turn that does: subagents whose models number their calls as their parent's does
 * put calls with the parent's id beside and under it.
 */
export function findCallWhere(
  state: ToolpaneState,
  toolCallId: string,
  matches: (call: ToolCallState) => boolean,
): string | undefined {
  const key = findCallKey(state, toolCallId, undefined);
  const newest = key === undefined ? undefined : state.toolCalls.get(key);
  if (newest === undefined || matches(newest)) return key;
  return newestInTurn(state, toolCallId, topLevelCall(state.toolCalls, newest).runId, matches);
}

/**
 * The key of the newest top-level call with this toolCallId, for a stream whose tool chunks only
 * name top-level calls (an AI SDK stream: what runs inside a call comes as data parts).
 */
export const findTopLevelKey = (state: ToolpaneState, toolCallId: string): string | undefined =>
  findCallWhere(state, toolCallId, (call) => call.parentToolCallId === null);

const APPROVAL: ReadonlySet<ToolCallStatus> = new Set(['approval-requested']);

/** The statuses of a call that waits for each kind of decision: an approval's, a resume's. */
export const WAITING: Readonly<
  Record<'approve' | 'decline' | 'resume', ReadonlySet<ToolCallStatus>>
> = { approve: APPROVAL, decline: APPROVAL, resume: new Set(['suspended']) };

/**
 * The call a person's decision names. `ref` is a call key or a bare toolCallId: the call with that
 * key when it is in one of `statuses` (by default: it waits for a person) and its request has not
 * expired, else the newest call with that toolCallId that is, else the call with that key, else
 * the newest call with that toolCallId. So a bare toolCallId reaches the call of a later run that
 * repeats it. With `revision` (the request revision a card drew for the call with key `ref`),
 * only the call with that key, whether it waits or not: a card's decision never answers another
 * call that repeats its id.
 */
export function decisionCall(
  state: ToolpaneState,
  ref: string,
  statuses: ReadonlySet<ToolCallStatus> = HUMAN_TOOL_STATUSES,
  revision?: number,
): ToolCallState | undefined {
  // A request that expired keeps its status, but waits for no one.
  const waits = (call: ToolCallState) =>
    statuses.has(call.status) && expiredReason(call) === undefined;
  const byKey = state.toolCalls.get(ref);
  if (revision !== undefined || (byKey !== undefined && waits(byKey))) return byKey;
  return newestWithId(state, ref, waits) ?? byKey ?? newestWithId(state, ref, () => true);
}

/**
 * The newest call with this toolCallId that `matches`: newest first, so a decision for the
 * latest turn of a long chat that repeats its ids costs what it visits, not the chat's length.
 */
function newestWithId(
  state: ToolpaneState,
  toolCallId: string,
  matches: (call: ToolCallState) => boolean,
): ToolCallState | undefined {
  const repeats = repeatsOf(state);
  const first = state.toolCalls.get(toolCallId);
  if (repeats === undefined || first === undefined) {
    const calls = callsWithId(state, toolCallId);
    for (let i = calls.length - 1; i >= 0; i--) if (matches(calls[i]!)) return calls[i];
    return undefined;
  }
  const keys = repeatKeys(repeats, toolCallId);
  for (let i = (keys?.length ?? 0) - 1; i >= 0; i--) {
    const call = state.toolCalls.get(keys!.get(i)!);
    if (call !== undefined && matches(call)) return call;
  }
  return first.toolCallId === toolCallId && matches(first) ? first : undefined;
}
