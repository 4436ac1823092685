'use client';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

interface ToolCallContextValue {
  readonly toolCallId: string;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);

/** The id of the call the surrounding `ToolCall.Root` shows. */
export function useToolCallContext(part: string): ToolCallContextValue {
  const value = useContext(ToolCallContext);
  if (value === null) throw new Error(`<ToolCall.${part}> must be inside <ToolCall.Root>.`);
  return value;
}

/** The call the surrounding `ToolCall.Root` shows, for a part named `part`. */
export function useCall(part: string): ToolCallState | undefined {
  return useToolCall(useToolCallContext(part).toolCallId);
}

/**
 * Lets ToolCall parts work inside another root (a subagent card) that shows the same call.
 *
 * @example
 * <ToolCallScope toolCallId={id}><ToolCall.Input /></ToolCallScope>
 */
export function ToolCallScope({
  toolCallId,
  children,
}: ToolCallContextValue & { readonly children: ReactNode }) {
  // A stable value, so parts passed in as children are not re-rendered each time the root is.
  const value = useMemo(() => ({ toolCallId }), [toolCallId]);
  return <ToolCallContext.Provider value={value}>{children}</ToolCallContext.Provider>;
}

/** Whether a card should tell assistive technology that its content is still changing. */
export function isStreaming(call: ToolCallState | undefined): boolean {
  return (
    call !== undefined &&
    !TERMINAL_TOOL_STATUSES.has(call.status) &&
    call.status !== 'approval-requested' &&
    call.status !== 'suspended' &&
    // Mastra will not run it: it waits for the app's result, nothing runs.
    call.awaitingClient !== true
  );
}
