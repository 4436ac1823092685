'use client';
import { type ComponentType, createContext } from 'react';

/** A component that shows the parts of one run. */
export type RunThread = ComponentType<{ readonly runId: string }>;

/**
 * What shows a run inside a call that is not a subagent's: an agent that a workflow's step runs
 * (`createStep(agent)`), or an agent whose chunks a tool streams. A tool-call card draws such
 * runs with it; the subagent cards put their thread here (`SubagentCards`), so the modules
 * import one way. Without it, a card shows no runs inside.
 */
export const RunThreadSlot = createContext<RunThread | null>(null);
