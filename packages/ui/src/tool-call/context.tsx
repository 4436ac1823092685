'use client';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { createContext, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { Controls } from '../utils/controls.js';
import { useInside } from '../utils/inside.js';

interface ToolCallContextValue {
  readonly toolCallId: string;
  /** The card's trigger and body (a tool call's or a subagent's). */
  readonly controls: Controls;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);

/** The id of the call the surrounding `ToolCall.Root` shows. */
export function useToolCallContext(part: string): ToolCallContextValue {
  const value = useInside(ToolCallContext, 'ToolCall', part);
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
}: {
  readonly toolCallId: string;
  readonly children: ReactNode;
}) {
  // A stable value, so parts passed in as children are not re-rendered each time the root is.
  const value = useMemo(() => ({ toolCallId, controls: {} }), [toolCallId]);
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

/**
 * Whether the surrounding card has ever been open, so its collapsible body is worth mounting. A
 * closed body shows nothing, and mounting one costs a forced layout and a computed-style read
 * (Radix measures it for its animation): the default card mounts it the first time it opens and
 * keeps it from then on, so it still animates when it closes. True outside a `ToolCall.Root`.
 */
export const ContentMountContext = createContext(true);

/**
 * Tracks whether a collapsible has ever been open, from its `open`, `defaultOpen` and
 * `onOpenChange` props; returns that and the `onOpenChange` to pass to it instead.
 */
export function useOpenedOnce(
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
): readonly [boolean, (open: boolean) => void] {
  const [opened, setOpened] = useState(open === true || defaultOpen === true);
  // Set while rendering, not in an effect: a card opened by its owner mounts its body in the
  // same commit instead of one later.
  if (open === true && !opened) setOpened(true);
  const handleOpenChange = useCallback(
    (next: boolean) => {
      if (next) setOpened(true);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  return [opened || open === true, handleOpenChange];
}
