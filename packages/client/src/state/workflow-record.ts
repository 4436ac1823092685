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
