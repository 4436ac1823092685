'use client';
import { createContext } from 'react';
import { useInside } from '../utils/inside.js';

interface SubagentRunContextValue {
  readonly toolCallId: string;
  /** Whether the card is open: its content is shown. */
  readonly open: boolean;
  /** The content's element id, which the trigger names in `aria-controls` while it is mounted. */
  readonly contentId: string;
}

/** Which `agent-*` call the parts inside a `SubagentRun.Root` show. */
export const SubagentRunContext = createContext<SubagentRunContextValue | null>(null);

/** The `agent-*` call the surrounding `SubagentRun.Root` shows, whether it is open, and its content's id. */
export function useSubagentRunContext(part: string): SubagentRunContextValue {
  const value = useInside(SubagentRunContext, 'SubagentRun', part);
  return value;
}
