/**
 * What Toolpane keeps of an agent network run (`agent.network()`): the loop's routing decisions,
 * the executions they started, the completion checks and the final result. Each execution is also
 * a tool call of the network run (`agent-<id>`, `workflow-<id>` or the tool's id), so the chosen
 * agent's own run, with its tool calls, approvals and suspensions, nests under it like a subagent.
 */

/** The kind of primitive a routing step chose; `none` means the router considered the task done. */
export type NetworkPrimitiveType = 'agent' | 'workflow' | 'tool' | 'none';

/** A routing step: the router agent picks the next primitive and writes its prompt. */
export interface NetworkRoutingStep {
  readonly kind: 'routing';
  /** Mastra's id of this routing step. */
  readonly id: string;
  readonly iteration: number;
  readonly status: 'running' | 'done' | 'aborted';
  /** The chosen primitive: its type and its key on the network agent. */
  readonly primitive?: { readonly type: NetworkPrimitiveType; readonly id: string };
  /**
   * What the router sends to the primitive (text for agents, JSON text for workflows/tools): the
   * input of the execution's call, so a client transform for that call shows its view here too
   * (and no prompt when the view may not be shown).
   */
  readonly prompt?: string;
  /** The router's own words: why it chose this primitive. */
  readonly selectionReason?: string;
}

/** An execution of the chosen primitive: a tool call of the network run. */
export interface NetworkExecutionStep {
  readonly kind: 'execution';
  /** Mastra's id of this execution (the runId its nested chunks carry). */
  readonly id: string;
  readonly iteration: number;
  readonly primitive: { readonly type: Exclude<NetworkPrimitiveType, 'none'>; readonly id: string };
  /**
   * The key in `state.toolCalls` of the call that shows the execution (a resumed execution keeps
   * its call; a later run that repeats a toolCallId has a call of its own, `<toolCallId>#2`).
   */
  readonly toolCallId: string;
}

/** A completion check after an execution. */
export interface NetworkValidationStep {
  readonly kind: 'validation';
  readonly iteration: number;
  readonly status: 'running' | 'passed' | 'failed';
  /** How many checks ran (scorers, or Mastra's default completion check). */
  readonly checks?: number;
  /** Why the check passed or failed, in the checker's words. */
  readonly reason?: string;
  /** The final result the check wrote, streamed (`routing-agent-text-delta`). */
  readonly text: string;
  readonly maxIterationReached?: boolean;
}

/** One step of a network's loop, in stream order. */
export type NetworkStep = NetworkRoutingStep | NetworkExecutionStep | NetworkValidationStep;

/** An agent network run, on the {@link RunState} of the network's top-level run. */
export interface NetworkState {
  /** The network agent's id. */
  readonly networkId?: string;
  readonly steps: readonly NetworkStep[];
  /** Whether the network finished with its task complete (set by the final event). */
  readonly isComplete?: boolean;
  readonly completionReason?: string;
  /**
   * The network's final result. When the completion check wrote none, Mastra sends the last
   * execution's result: that shows as the execution's call shows its output.
   */
  readonly result?: unknown;
  /** The structured final result, when the network was asked for one. */
  readonly object?: unknown;
  /** Set when Mastra reported that a routing step or an execution was aborted. */
  readonly aborted?: boolean;
}
