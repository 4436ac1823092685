'use client';
import {
  type RunState,
  type StoreKey,
  type SubagentRef,
  selectSubagent,
  selectSubagents,
  type ToolpaneState,
} from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import { shallowEqualItems } from './shallow-equal.js';

/**
 * One subagent run: by its run id, or by the subagent's agent id (then its latest run). Its
 * `parentToolCallId` is the `agent-*` call it ran under, and `parts` its own transcript.
 *
 * @example
 * function ResearchPanel() {
 *   const run = useSubagent('research-agent');
 *   if (run === undefined) return null;
 *   return <section aria-busy={run.status === 'streaming'}>{run.toolCallIds.length} tools</section>;
 * }
 */
export function useSubagent(idOrRunId: string): RunState | undefined {
  const selector = useCallback(
    (state: ToolpaneState) => selectSubagent(state, idOrRunId),
    [idOrRunId],
  );
  return useToolpaneSelector(selector, Object.is, 'runs');
}

/** Subagent refs read runs and the names of the calls they ran under. */
const RUNS_AND_CALLS: readonly StoreKey[] = ['runs', 'toolCalls'];

/**
 * Every subagent run at any depth, in the order they started, with the `agent-*` call each ran
 * under. Re-renders only when a subagent starts or changes status.
 *
 * @example
 * const subagents = useSubagents();
 * return subagents.map((s) => <li key={s.runId}>{s.agentId}: {s.status}</li>);
 */
export function useSubagents(): readonly SubagentRef[] {
  return useToolpaneSelector(selectSubagents, shallowEqualItems, RUNS_AND_CALLS);
}
