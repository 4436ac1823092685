'use client';
import { createContext, useContext } from 'react';

interface SubagentRunContextValue {
  readonly toolCallId: string;
}

/** Which `agent-*` call the parts inside a `SubagentRun.Root` show. */
export const SubagentRunContext = createContext<SubagentRunContextValue | null>(null);

/** The id of the `agent-*` call the surrounding `SubagentRun.Root` shows. */
export function useSubagentRunContext(part: string): SubagentRunContextValue {
  const value = useContext(SubagentRunContext);
  if (value === null) throw new Error(`<SubagentRun.${part}> must be inside <SubagentRun.Root>.`);
  return value;
}
