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

/**
 * One run of a step that runs more than once under the same step id: an item of a `.foreach`, or
 * a repetition of a `.dowhile` / `.dountil` loop.
 */
export interface WorkflowIterationState {
  /** The item's index in the foreach's array; the repetition's number (from 0) in a loop. */
  readonly index: number;
  readonly status: WorkflowStatus;
  readonly input?: unknown;
  readonly output?: unknown;
}

/** One step of a workflow run. */
export interface WorkflowStepState {
  readonly id: string;
  readonly name: string;
  readonly status: WorkflowStatus;
  readonly input?: unknown;
  /** The latest output: a loop's last repetition, a foreach's array of outputs. */
  readonly output?: unknown;
  readonly suspendPayload?: unknown;
  /** What a failed step threw, as text. */
  readonly error?: string;
  readonly startedAt?: number;
  readonly endedAt?: number;
  /** Mastra's id of the step's latest run: a loop's repetitions differ in it. */
  readonly stepCallId?: string;
  /**
   * For a step of a workflow that runs as a step of this one (a nested workflow), the id of that
   * step: the steps of `shipping-workflow` run as a step show under it. Absent for a step of the
   * workflow itself. Mastra reports a nested workflow's steps in the same list, with ids
   * `<nested workflow id>.<step id>` (a level deeper, once more), so this is the longest part of
   * the id before a dot that names a step reported before it. A step id with a dot and no such
   * step (`confirm.dispatch`) is the workflow's own.
   */
  readonly parentStepId?: string;
  /**
   * Each run of a step that ran more than once, keyed by its index as a string, in the order they
   * reported (sort by `index` to show them in order): a foreach's items as they finish (with
   * `iterationCount` items in all), or every repetition of a loop. Absent for a step that ran
   * once. A persistent map: a new item or a changed one costs O(log n), never a copy of the others.
   */
  readonly iterations?: ReadonlyMap<string, WorkflowIterationState>;
  /** How many of `iterations` are still running or waiting (absent or 0 when none). */
  readonly runningIterations?: number;
  /** How many items a foreach step runs over. */
  readonly iterationCount?: number;
}

/** A workflow run as seen through its `workflow-*` tool call. */
export interface WorkflowState {
  readonly workflowId?: string;
  readonly runId?: string;
  readonly status: WorkflowStatus;
  readonly stepIds: readonly string[];
  readonly steps: ReadonlyMap<string, WorkflowStepState>;
  readonly result?: unknown;
  /** Why a failed workflow failed, as text. */
  readonly error?: string;
}

/** A tool call that Mastra moved to the background. */
export interface BackgroundTaskState {
  readonly taskId: string;
  readonly status: 'started' | 'running' | 'suspended' | 'completed' | 'failed' | 'cancelled';
  readonly elapsedMs?: number;
  readonly error?: string;
}
