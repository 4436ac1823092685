import {
  HUMAN_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
  type ToolpaneState,
} from './state.js';

/*
 * Call identity. `toolCallId` is the wire id a model gave a call; some providers and mock models
 * number calls per run, so a later run may repeat it. Each call therefore has a `key`, unique in a
 * state: its toolCallId for the first call with that id, and `<toolCallId>#<n>` (the smallest
 * free n from 2) for each call of a later run that repeats it. Keys depend only on the order of
 * the chunks: the same stream gives the same keys on a server and in a browser.
 */

/** The key a new call with this toolCallId gets. */
export function freeCallKey(state: ToolpaneState, toolCallId: string): string {
  if (!state.toolCalls.has(toolCallId)) return toolCallId;
  let n = 2;
  while (state.toolCalls.has(`${toolCallId}#${n}`)) n++;
  return `${toolCallId}#${n}`;
}

/** Every call with this toolCallId (the wire id), oldest first. */
export function callsWithId(state: ToolpaneState, toolCallId: string): ToolCallState[] {
  const out: ToolCallState[] = [];
  const first = state.toolCalls.get(toolCallId);
  if (first === undefined) return out;
  if (first.toolCallId === toolCallId) out.push(first);
  // Keys of repeats are allocated without gaps, so the chain ends at the first free key.
  for (let n = 2; ; n++) {
    const call = state.toolCalls.get(`${toolCallId}#${n}`);
    if (call === undefined) return out;
    if (call.toolCallId === toolCallId) out.push(call);
  }
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
  // The common case: the first call with this id, in the run that asks.
  if (runId !== undefined && first.toolCallId === toolCallId && first.runId === runId) {
    return first.key;
  }
  const calls = callsWithId(state, toolCallId);
  for (let i = calls.length - 1; i >= 0; i--) {
    if (runId === undefined || calls[i]!.runId === runId) return calls[i]!.key;
  }
  return undefined;
}

/**
 * The call a person's decision names. `ref` is a call key or a bare toolCallId: the call with that
 * key when it is in one of `statuses` (by default: it waits for a person), else the newest call
 * with that toolCallId that is, else the call with that key, else the newest call with that
 * toolCallId. So a bare toolCallId reaches the call of a later run that repeats it.
 */
export function decisionCall(
  state: ToolpaneState,
  ref: string,
  statuses: ReadonlySet<ToolCallStatus> = HUMAN_TOOL_STATUSES,
): ToolCallState | undefined {
  const byKey = state.toolCalls.get(ref);
  if (byKey !== undefined && statuses.has(byKey.status)) return byKey;
  const calls = callsWithId(state, ref);
  for (let i = calls.length - 1; i >= 0; i--) {
    if (statuses.has(calls[i]!.status)) return calls[i];
  }
  return byKey ?? calls.at(-1);
}
