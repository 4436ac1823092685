'use client';
import { type ComponentType, createContext, type RefAttributes } from 'react';
import type { ToolCallRootProps } from '../tool-call/tool-call.js';

/** A card component for an `agent-*` call; it takes the props of a tool-call card. */
export type SubagentCard = ComponentType<ToolCallRootProps & RefAttributes<HTMLDivElement>>;

/**
 * The card that draws an `agent-*` call met among a run's parts. A subagent card shows its run's
 * parts, which may hold further subagent calls: the card puts itself here (see `SubagentCards`)
 * rather than the run parts importing it, so the modules import one way. Without it, an
 * `agent-*` call is drawn as a plain tool-call card.
 */
export const SubagentCardSlot = createContext<SubagentCard | null>(null);
