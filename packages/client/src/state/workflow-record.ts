import type { Mutable } from './draft-types.js';
import { PersistentMap } from './persistent-map.js';
import type {
  WorkflowIterationState,
  WorkflowState,
  WorkflowStatus,
  WorkflowStepState,
} from './workflow.js';

/*
 * Internal: how the reducer stores the workflow of a `workflow-*` call. Not exported from the
 * package: a workflow is read through the fields of `WorkflowState` only.
 */

/** The fields of a workflow besides its steps. */
export type WorkflowFields = Omit<WorkflowState, 'stepIds' | 'steps'>;

/** The step ids of each version of a steps map, built on first read. */
const stepIdsOf = new WeakMap<PersistentMap<WorkflowStepState>, readonly string[]>();

function stepIds(steps: PersistentMap<WorkflowStepState>): readonly string[] {
  let ids = stepIdsOf.get(steps);
  if (ids === undefined) {
    ids = Object.freeze([...steps.keys()]);
    stepIdsOf.set(steps, ids);
  }
  return ids;
}

/** `stepIds` of every record: an own enumerable getter, so spreads, JSON and clones carry it. */
const STEP_IDS: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: WorkflowRecord): readonly string[] {
    return stepIds(this.steps);
  },
};

/**
 * A workflow whose `steps` is a {@link PersistentMap} (insertion order, one path copied per set)
 * and whose `stepIds` are the map's keys, built on first read and kept per version of the map: a
 * workflow with 10k steps takes one more per published snapshot without copying the others,
 * where a `Map` and an array copied on every snapshot made it quadratic. The draft copies a record
 * with {@link WorkflowRecord.copy}, which shares the map; a spread copy reads `stepIds` (O(steps))
 * and gives a plain workflow, as JSON does. Every field is set in the constructor (an absent one
 * to undefined), so a record edited in place and a copy list their fields in one order.
 */
export class WorkflowRecord implements WorkflowState {
  workflowId?: string;
  runId?: string;
  status: WorkflowStatus;
  declare readonly stepIds: readonly string[];
  steps: PersistentMap<WorkflowStepState>;
  result?: unknown;
  error?: string;

  /**
   * Whether nothing of the workflow is running or waiting since its steps were last closed: set
   * when they are, cleared whenever a step is edited. Lets a workflow that ended stay untouched by
   * later terminal chunks in O(1). Not enumerable: no part of the state's JSON or equality.
   */
  declare settled: boolean;

  constructor(fields: WorkflowFields, steps: PersistentMap<WorkflowStepState>, settled = false) {
    Object.defineProperty(this, 'settled', { value: settled, writable: true, enumerable: false });
    this.workflowId = fields.workflowId;
    this.runId = fields.runId;
    this.status = fields.status;
    Object.defineProperty(this, 'stepIds', STEP_IDS);
    this.steps = steps;
    this.result = fields.result;
    this.error = fields.error;
  }

  /** A writable copy of a workflow: a record's map is shared, a plain workflow's steps copied. */
  static copy(workflow: WorkflowState): WorkflowRecord {
    const steps =
      workflow.steps instanceof PersistentMap
        ? (workflow.steps as PersistentMap<WorkflowStepState>)
        : PersistentMap.from(workflow.steps);
    return new WorkflowRecord(
      workflow,
      steps,
      workflow instanceof WorkflowRecord && workflow.settled,
    );
  }
}

/**
 * `workflow` with every value its steps show (inputs, outputs, payloads, each iteration's) and its
 * result passed through `value`, and every error through `error`; the same object when none
 * changed (each returns what it was given to leave it).
 */
export function mapWorkflowValues(
  workflow: WorkflowState,
  value: (shown: unknown) => unknown,
  error: (text: string) => string,
): WorkflowState {
  let changed = false;
  /** `from` with each of `keys` that it holds mapped by `map`. */
  const mapped = <T extends object>(
    from: T,
    keys: readonly (keyof T)[],
    map: (v: never) => unknown,
  ) => {
    const into = { ...from } as Record<keyof T, unknown>;
    for (const key of keys) {
      if (from[key] === undefined) continue;
      into[key] = map(from[key] as never);
      changed ||= into[key] !== from[key];
    }
    return into as T;
  };
  let steps = PersistentMap.empty<WorkflowStepState>();
  for (const [id, step] of workflow.steps) {
    const next = mapped(
      step,
      ['input', 'output', 'suspendPayload'],
      value,
    ) as Mutable<WorkflowStepState>;
    if (step.error !== undefined) next.error = mapped(step, ['error'], error).error;
    if (step.iterations !== undefined) {
      let iterations = PersistentMap.empty<WorkflowIterationState>();
      for (const [key, it] of step.iterations) {
        iterations = iterations.set(key, mapped(it, ['input', 'output'], value));
      }
      next.iterations = iterations;
    }
    steps = steps.set(id, next);
  }
  const result = workflow.result === undefined ? undefined : value(workflow.result);
  const failure = workflow.error === undefined ? undefined : error(workflow.error);
  changed ||= result !== workflow.result || failure !== workflow.error;
  if (!changed) return workflow;
  return new WorkflowRecord(
    {
      ...workflow,
      ...(result === undefined ? {} : { result }),
      ...(failure === undefined ? {} : { error: failure }),
    },
    steps,
  );
}
