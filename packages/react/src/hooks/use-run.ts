'use client';
import { type RunState, runKey, type ToolpaneState } from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import { shallowEqual } from './shallow-equal.js';

/**
 * One run (top-level or subagent) by id; its `parts` hold text, reasoning and tool calls in
 * stream order. A text delta re-renders the run, so render each tool-call part as its own
 * memoised component (`ToolCallView` is one) to keep the cards still.
 *
 * @example
 * function Run({ runId }: { runId: string }) {
 *   const run = useRun(runId);
 *   return run?.parts.map((part, i) =>
 *     part.type === 'text' ? <p key={i}>{part.text}</p>
 *     : part.type === 'tool-call' ? <ToolCallView key={part.toolCallId} toolCallId={part.toolCallId} />
 *     : null,
 *   );
 * }
 */
export function useRun(runId: string): RunState | undefined {
  const selector = useCallback((state: ToolpaneState) => state.runs.get(runId), [runId]);
  return useToolpaneSelector(selector, Object.is, runKey(runId));
}

const selectRunOrder = (state: ToolpaneState): readonly string[] => state.runOrder;

/**
 * The ids of the top-level runs, in the order they started (one per `send`, approval or resume
 * stream).
 *
 * @example
 * function Transcript() {
 *   return useRunIds().map((runId) => <Run key={runId} runId={runId} />);
 * }
 */
export function useRunIds(): readonly string[] {
  return useToolpaneSelector(selectRunOrder, shallowEqual, 'runOrder');
}
