/**
 * What a `workflow-*` tool call shows of its workflow run, and what a call moved to the background
 * holds: parts of `ToolCallState` in `state.ts`.
 */
/** Status of a workflow step or a whole workflow run inside a `workflow-*` tool. */
export type WorkflowStatus =
  | 'running'
  | 'success'
  | 'failed'
  | 'suspended'
  | 'waiting'
  | 'canceled'
  | 'paused'
  | 'tripwire';

/** One step of a workflow run. */
export interface WorkflowStepState {
  readonly id: string;
  readonly name: string;
  readonly status: WorkflowStatus;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly suspendPayload?: unknown;
  readonly startedAt?: number;
  readonly endedAt?: number;
}

/** A workflow run as seen through its `workflow-*` tool call. */
export interface WorkflowState {
  readonly workflowId?: string;
  readonly runId?: string;
  readonly status: WorkflowStatus;
  readonly stepIds: readonly string[];
  readonly steps: ReadonlyMap<string, WorkflowStepState>;
  readonly result?: unknown;
}

/** A tool call that Mastra moved to the background. */
export interface BackgroundTaskState {
  readonly taskId: string;
  readonly status: 'started' | 'running' | 'suspended' | 'completed' | 'failed' | 'cancelled';
  readonly elapsedMs?: number;
  readonly error?: string;
}
