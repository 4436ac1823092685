'use client';
import { createContext } from 'react';
import { useInside } from '../utils/inside.js';

interface SubagentRunContextValue {
  readonly toolCallId: string;
}

/** Which `agent-*` call the parts inside a `SubagentRun.Root` show. */
export const SubagentRunContext = createContext<SubagentRunContextValue | null>(null);

/** The id of the `agent-*` call the surrounding `SubagentRun.Root` shows. */
export function useSubagentRunContext(part: string): SubagentRunContextValue {
  const value = useInside(SubagentRunContext, 'SubagentRun', part);
  return value;
}
