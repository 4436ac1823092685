import { PersistentMap } from './persistent-map.js';
import type { WorkflowState, WorkflowStatus, WorkflowStepState } from './workflow.js';

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
 * and gives a plain workflow, as JSON does.
 */
export class WorkflowRecord implements WorkflowState {
  declare workflowId?: string;
  declare runId?: string;
  declare status: WorkflowStatus;
  declare readonly stepIds: readonly string[];
  declare steps: PersistentMap<WorkflowStepState>;
  declare result?: unknown;

  constructor(fields: WorkflowFields, steps: PersistentMap<WorkflowStepState>) {
    if (fields.workflowId !== undefined) this.workflowId = fields.workflowId;
    if (fields.runId !== undefined) this.runId = fields.runId;
    this.status = fields.status;
    Object.defineProperty(this, 'stepIds', STEP_IDS);
    this.steps = steps;
    if (fields.result !== undefined) this.result = fields.result;
  }

  /**
   * The workflow as plain JSON, its fields in one order whichever way it was made (a copy lists
   * them in the constructor's order, a workflow edited in place in the order they were set).
   */
  toJSON(): WorkflowState {
    const { workflowId, runId, status, stepIds, steps, result } = this;
    return {
      ...(workflowId === undefined ? {} : { workflowId }),
      ...(runId === undefined ? {} : { runId }),
      status,
      stepIds,
      steps,
      ...(result === undefined ? {} : { result }),
    };
  }

  /** A workflow without steps yet. */
  static empty(status: WorkflowStatus = 'running'): WorkflowRecord {
    return new WorkflowRecord({ status }, PersistentMap.empty());
  }

  /** A writable copy of a workflow: a record's map is shared, a plain workflow's steps copied. */
  static copy(workflow: WorkflowState): WorkflowRecord {
    const steps =
      workflow.steps instanceof PersistentMap
        ? (workflow.steps as PersistentMap<WorkflowStepState>)
        : PersistentMap.from(workflow.steps);
    return new WorkflowRecord(workflow, steps);
  }
}
