'use client';
import { callKey, type ToolCallState, type ToolpaneState } from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';

/**
 * One tool call by id, at any depth. The component re-renders only when this call changes, and
 * a chunk for another call (outside this one) or a text delta does not even run its selector.
 *
 * @example
 * function WeatherCard({ toolCallId }: { toolCallId: string }) {
 *   const call = useToolCall(toolCallId);
 *   if (call === undefined) return null;
 *   return <div data-status={call.status}>{call.toolName}</div>;
 * }
 */
export function useToolCall(toolCallId: string): ToolCallState | undefined {
  const selector = useCallback(
    (state: ToolpaneState) => state.toolCalls.get(toolCallId),
    [toolCallId],
  );
  return useToolpaneSelector(selector, Object.is, callKey(toolCallId));
}
