'use client';
import { type NetworkState, runKey, type ToolpaneState } from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';

/**
 * The agent network of a run (`agent.network()`, read with `families: [network]` from
 * `@toolpane/client/network`): its routing steps, executions, completion checks and result.
 * Undefined for a run that is not a network. Re-renders when the network changes, not on the
 * text or calls of the runs under it.
 *
 * @example
 * function Steps({ runId }: { runId: string }) {
 *   const network = useNetwork(runId);
 *   return network?.steps.map((step, i) => <p key={i}>{step.kind}</p>);
 * }
 */
export function useNetwork(runId: string): NetworkState | undefined {
  const selector = useCallback((state: ToolpaneState) => state.runs.get(runId)?.network, [runId]);
  return useToolpaneSelector(selector, Object.is, runKey(runId));
}
