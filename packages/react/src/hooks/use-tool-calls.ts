'use client';
import {
  selectToolCalls,
  type ToolCallFilter,
  type ToolCallState,
  type ToolCallStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { useCallback } from 'react';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import { shallowEqual } from './shallow-equal.js';

/** The filter's fields as primitives, so an inline filter object does not change the selector. */
function useFilterSelector<T>(
  filter: ToolCallFilter | undefined,
  project: (calls: ToolCallState[]) => T,
): (state: ToolpaneState) => T {
  const toolName = filter?.toolName;
  const runId = filter?.runId;
  const parentToolCallId = filter?.parentToolCallId;
  const status = filter?.status;
  const statusKey = status === undefined || typeof status === 'string' ? status : status.join(' ');
  return useCallback(
    (state: ToolpaneState) => {
      const statuses =
        statusKey === undefined ? undefined : (statusKey.split(' ') as ToolCallStatus[]);
      return project(
        selectToolCalls(state, {
          ...(toolName === undefined ? {} : { toolName }),
          ...(runId === undefined ? {} : { runId }),
          ...(parentToolCallId === undefined ? {} : { parentToolCallId }),
          ...(statuses === undefined ? {} : { status: statuses }),
        }),
      );
    },
    [toolName, runId, parentToolCallId, statusKey, project],
  );
}

const asIs = (calls: ToolCallState[]): readonly ToolCallState[] => calls;
const idsOf = (calls: ToolCallState[]): readonly string[] => calls.map((call) => call.toolCallId);

/**
 * Tool calls at any depth in stream order, filtered by `toolName`, `runId`, `status` or
 * `parentToolCallId`. The list changes when any matching call changes; to render one card per
 * call, prefer {@link useToolCallIds} and `useToolCall` inside each card.
 *
 * @example
 * const failed = useToolCalls({ status: ['output-error', 'output-denied'] });
 * return <p>{failed.length} calls failed</p>;
 */
export function useToolCalls(filter?: ToolCallFilter): readonly ToolCallState[] {
  return useToolpaneSelector(useFilterSelector(filter, asIs), shallowEqual, 'toolCalls');
}

/**
 * The ids of the tool calls that match `filter`, in stream order. The array keeps its identity
 * until a call joins or leaves the list, so a list component does not re-render on deltas.
 *
 * @example
 * function WeatherCalls() {
 *   const ids = useToolCallIds({ toolName: 'weatherTool' });
 *   return ids.map((id) => <WeatherCard key={id} toolCallId={id} />);
 * }
 */
export function useToolCallIds(filter?: ToolCallFilter): readonly string[] {
  // Which calls are in a run or under a parent is fixed when a call starts; a name or a status
  // can change later, so only those filters need to hear about every change of a call.
  const fixed = filter?.toolName === undefined && filter?.status === undefined;
  return useToolpaneSelector(
    useFilterSelector(filter, idsOf),
    shallowEqual,
    fixed ? 'toolCallOrder' : 'toolCalls',
  );
}
