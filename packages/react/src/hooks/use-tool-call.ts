'use client';
import type { ToolCallState, ToolpaneState } from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';

/**
 * One tool call by id, at any depth. The component re-renders only when this call changes: a
 * chunk for another call, or a text delta, leaves it alone.
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
  return useToolpaneSelector(selector);
}
