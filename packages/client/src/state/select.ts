import { buildAwaiting } from './awaiting.js';
import { callsWithId, decisionCall, WAITING } from './identity.js';
import {
  type DecisionTarget,
  expiredReason,
  HUMAN_TOOL_STATUSES,
  type RunState,
  type RunStatus,
  type ToolCallState,
  type ToolCallStatus,
  type ToolpaneState,
} from './state.js';
import { StateRoot } from './state-root.js';
import { buildWaiting } from './waiting.js';

/**
 * One tool call by its key (`call.key`, the ids in run parts and lists). A bare toolCallId is the
 * key of the first call with that id; a later run that repeats the id has its own key
 * (`<toolCallId>#2`, …), listed by {@link selectCallsWithId}.
 */
export const selectToolCall = (state: ToolpaneState, key: string): ToolCallState | undefined =>
  state.toolCalls.get(key);

/**
 * Every call whose wire id is `toolCallId`, oldest first: one per run that used the id.
 *
 * @example
 * selectCallsWithId(state, 'call-1').at(-1); // the newest call a model named call-1
 */
export const selectCallsWithId = (state: ToolpaneState, toolCallId: string): ToolCallState[] =>
  callsWithId(state, toolCallId);

/**
 * The call a person's decision names, as `session.approve/decline/resume(ref)` read it: the call
 * with key `ref` when it waits for a person (for that `kind` of decision, when given), else the
 * newest call with wire id `ref` that does (so a bare toolCallId that a later run repeats is
 * answerable), else the call with that key or id. Undefined when there is none. With `revision`
 * (the revision of the request a card drew, which `approve`, `decline` and `resume` pass on), only
 * the call with key `ref`, whether it waits or not.
 *
 * @example
 * selectDecisionCall(state, 'call-1')?.key; // 'call-1#2' while the second run's call-1 waits
 * selectDecisionCall(state, 'call-1', 'resume')?.key; // the newest call-1 that is suspended
 * selectDecisionCall(state, 'call-1', 'approve', 1)?.key; // 'call-1', waiting or not
 */
export const selectDecisionCall = (
  state: ToolpaneState,
  ref: string,
  kind?: 'approve' | 'decline' | 'resume',
  revision?: number,
): ToolCallState | undefined => decisionCall(state, ref, kind && WAITING[kind], revision);

/** One run by id. */
export const selectRun = (state: ToolpaneState, runId: string): RunState | undefined =>
  state.runs.get(runId);

/** Filters for {@link selectToolCalls}; every given field must match. */
export interface ToolCallFilter {
  readonly toolName?: string;
  readonly runId?: string;
  readonly status?: ToolCallStatus | readonly ToolCallStatus[];
  /** Only calls made directly inside this `agent-*` / `workflow-*` call; `null` for top-level calls. */
  readonly parentToolCallId?: string | null;
}

/**
 * Tool calls at any depth in stream order, optionally filtered.
 *
 * @example
 * selectToolCalls(state, { toolName: 'weather', status: 'output-available' });
 */
export function selectToolCalls(
  state: ToolpaneState,
  filter: ToolCallFilter = {},
): ToolCallState[] {
  const ids =
    filter.runId === undefined
      ? state.toolCallOrder
      : (state.runs.get(filter.runId)?.toolCallIds ?? []);
  const statuses =
    filter.status === undefined
      ? undefined
      : new Set(typeof filter.status === 'string' ? [filter.status] : filter.status);
  const out: ToolCallState[] = [];
  for (const id of ids) {
    const call = state.toolCalls.get(id);
    if (call === undefined) continue;
    if (filter.toolName !== undefined && call.toolName !== filter.toolName) continue;
    if (statuses !== undefined && !statuses.has(call.status)) continue;
    if (filter.parentToolCallId !== undefined && call.parentToolCallId !== filter.parentToolCallId)
      continue;
    out.push(call);
  }
  return out;
}

/** A subagent run and the `agent-*` call it ran under. */
export interface SubagentRef {
  /** The `agent-<key>` call. */
  readonly toolCallId: string;
  readonly toolName: string;
  /** The subagent's `id` property, once its `start` arrived. */
  readonly agentId: string | undefined;
  readonly runId: string;
  readonly depth: number;
  readonly status: RunStatus;
}

/** Every subagent run at any depth, in the order they started. */
export function selectSubagents(state: ToolpaneState): SubagentRef[] {
  const out: SubagentRef[] = [];
  for (const run of state.runs.values()) {
    if (run.parentToolCallId === null) continue;
    const call = state.toolCalls.get(run.parentToolCallId);
    out.push({
      toolCallId: run.parentToolCallId,
      toolName: call?.toolName ?? '',
      agentId: run.agentId,
      runId: run.runId,
      depth: run.depth,
      status: run.status,
    });
  }
  return out;
}

/** The subagent run with this run id, or the latest run of the subagent with this agent id. */
export function selectSubagent(state: ToolpaneState, idOrRunId: string): RunState | undefined {
  const byRun = state.runs.get(idOrRunId);
  if (byRun !== undefined) return byRun.parentToolCallId === null ? undefined : byRun;
  let found: RunState | undefined;
  for (const run of state.runs.values()) {
    if (run.parentToolCallId !== null && run.agentId === idOrRunId) found = run;
  }
  return found;
}

/** A call that waits for a person, with where the answer must go. */
export interface PendingApproval {
  /** The key of the call that needs the decision (for a nested approval, the inner call). */
  readonly key: string;
  /** That call's wire id. `approve`, `decline` and `resume` take the key or this id. */
  readonly toolCallId: string;
  readonly toolName: string;
  /** `approval` for approve/decline, `suspension` for resume with data. */
  readonly kind: 'approval' | 'suspension';
  /** What to send: the top-level runId and the toolCallId Mastra expects. */
  readonly resumeWith: DecisionTarget;
  readonly call: ToolCallState;
}

/**
 * Every call waiting for an approval or a resume, in stream order. O(calls waiting) on a state
 * Toolpane made, which keeps them as calls change; a state made elsewhere is scanned.
 */
export function selectPendingApprovals(state: ToolpaneState): PendingApproval[] {
  const out: PendingApproval[] = [];
  // A state Toolpane made keeps the calls that wait for a person: O(those), not O(calls).
  const keys = state instanceof StateRoot ? StateRoot.asking(state) : state.toolCallOrder;
  for (const id of keys) {
    const call = state.toolCalls.get(id);
    if (call === undefined || !HUMAN_TOOL_STATUSES.has(call.status)) continue;
    if (expiredReason(call) !== undefined) continue;
    const approval = call.status === 'approval-requested' ? call.approval : undefined;
    const target = approval?.target ?? call.suspension?.target;
    if (target === undefined) continue;
    out.push({
      key: id,
      toolCallId: call.toolCallId,
      toolName: approval?.toolName ?? call.toolName,
      kind: approval === undefined ? 'suspension' : 'approval',
      resumeWith: target,
      call,
    });
  }
  return out;
}

/** The conversation's overall status, from its latest top-level run. */
export function selectStatus(state: ToolpaneState): RunStatus | 'idle' {
  const last = state.runOrder[state.runOrder.length - 1];
  return last === undefined ? 'idle' : (state.runs.get(last)?.status ?? 'idle');
}

/** The text of a run, all text parts joined. */
export function selectRunText(state: ToolpaneState, runId: string): string {
  const run = state.runs.get(runId);
  if (run === undefined) return '';
  let text = '';
  for (const part of run.parts) if (part.type === 'text') text += part.text;
  return text;
}

/**
 * How many calls below an `agent-*` or `workflow-*` call (in its runs, at any depth) wait for a
 * person. O(1) on a state Toolpane made: the reducer keeps the count as calls change, so a
 * subagent card learns whether a person is needed inside without scanning every call. A state
 * made elsewhere (a spread copy) is scanned, O(calls × depth).
 *
 * @example
 * const open = selectWaitingInside(state, 'call-agent-1') > 0;
 */
export function selectWaitingInside(state: ToolpaneState, key: string): number {
  const index =
    state instanceof StateRoot ? StateRoot.waiting(state) : buildWaiting(state.toolCalls);
  return index.get(key) ?? 0;
}

/**
 * Every call awaiting the client (`awaitingClient`: it waits for the app's result), each naming
 * its run and its toolCallId. O(1) when none does, on a state Toolpane made: the reducer keeps
 * them as calls change, so whatever looks for the app's results (a chat's messages) learns at
 * once that there is nothing to look for. A state made elsewhere (a spread copy) is scanned.
 *
 * @example
 * for (const call of selectAwaitingClient(state)) console.log(call.runId, call.toolCallId);
 */
export function selectAwaitingClient(state: ToolpaneState): ToolCallState[] {
  const keys =
    state instanceof StateRoot ? StateRoot.awaiting(state) : buildAwaiting(state.toolCalls);
  return keys.map((key) => state.toolCalls.get(key)!);
}
