import type { NetworkState } from '../network/state.js';
import { AppendList } from './append-list.js';
import type { Mutable } from './draft-types.js';
import type { Undo } from './stack.js';
import type { RunPart, RunState, RunStatus, StepState, Usage } from './state.js';
import { Vector } from './vector.js';

/*
 * Internal: how the reducer stores a run. Not exported from the package: a run is read through the
 * fields of `RunState` only.
 */

/** The fields of a run besides its lists: its parts, tool call ids and steps. */
export type RunFields = Omit<RunState, 'parts' | 'toolCallIds' | 'steps'>;

/**
 * A run whose `parts`, `toolCallIds` and `steps` are getters over persistent lists: the reducer
 * appends and replaces in O(1) (O(log n) for a replacement), and the arrays are built on first
 * read, so a run with 100k parts or steps can take one more per published snapshot without
 * copying the others. A
 * class, as `StateRoot` is, so that making one costs what a plain object does; the optional fields
 * are `declare`d so that a run carries only the ones it has. `toJSON` writes the lists as arrays,
 * and the fields in one order; a spread copy (`{ ...run }`) does not carry the lists.
 *
 * A store that publishes after every chunk copies a run per chunk, so the constructor copies the
 * fields one by one, always in the order of {@link RUN_FIELDS} (`Object.assign` onto an instance
 * with private fields took a slow path, about a tenth of a published text delta's time).
 */
export class RunRecord implements RunState {
  declare runId: string;
  declare streamRunId?: string;
  declare agentId?: string;
  declare messageId?: string;
  declare status: RunStatus;
  declare parentToolCallId: string | null;
  declare depth: number;
  declare usage?: Usage;
  declare finishReason?: string;
  declare object?: unknown;
  declare network?: NetworkState;
  declare prompt?: string;
  declare error?: string;
  declare startedAt?: number;
  declare endedAt?: number;
  #parts: Vector<RunPart>;
  #toolCallIds: AppendList<string>;
  #steps: Vector<StepState>;

  constructor(
    fields: RunFields,
    parts: Vector<RunPart>,
    toolCallIds: AppendList<string>,
    steps: Vector<StepState> = Vector.empty(),
  ) {
    // Each field of RUN_FIELDS, in its order; an optional one only when set.
    this.runId = fields.runId;
    if (fields.streamRunId !== undefined) this.streamRunId = fields.streamRunId;
    if (fields.agentId !== undefined) this.agentId = fields.agentId;
    if (fields.messageId !== undefined) this.messageId = fields.messageId;
    if (fields.prompt !== undefined) this.prompt = fields.prompt;
    this.status = fields.status;
    this.parentToolCallId = fields.parentToolCallId;
    this.depth = fields.depth;
    if (fields.usage !== undefined) this.usage = fields.usage;
    if (fields.finishReason !== undefined) this.finishReason = fields.finishReason;
    if (fields.object !== undefined) this.object = fields.object;
    if (fields.network !== undefined) this.network = fields.network;
    if (fields.error !== undefined) this.error = fields.error;
    if (fields.startedAt !== undefined) this.startedAt = fields.startedAt;
    if (fields.endedAt !== undefined) this.endedAt = fields.endedAt;
    this.#parts = parts;
    this.#toolCallIds = toolCallIds;
    this.#steps = steps;
  }

  get parts(): readonly RunPart[] {
    return this.#parts.toArray();
  }

  set parts(parts: readonly RunPart[]) {
    this.#parts = Vector.from(parts);
  }

  get toolCallIds(): readonly string[] {
    return this.#toolCallIds.toArray();
  }

  set toolCallIds(ids: readonly string[]) {
    this.#toolCallIds = AppendList.from(ids);
  }

  get steps(): readonly StepState[] {
    return this.#steps.toArray();
  }

  set steps(steps: readonly StepState[]) {
    this.#steps = Vector.from(steps);
  }

  /**
   * The run as plain JSON, its fields in the order of {@link RUN_FIELDS} whichever way it was made
   * (a copy lists them in that order, a run edited in place in the order they were set).
   */
  toJSON(): RunState {
    const { parts, toolCallIds, steps } = this;
    const copy = new RunRecord(this, this.#parts, this.#toolCallIds);
    return { ...copy, steps, parts, toolCallIds };
  }

  /** The parts of a run, as a persistent list. */
  static parts(run: RunRecord): Vector<RunPart> {
    return run.#parts;
  }

  /** The tool call ids of a run, as a persistent list. */
  static toolCallIds(run: RunRecord): AppendList<string> {
    return run.#toolCallIds;
  }

  /** The tool call ids of any run (a record, or a plain one), with `length` and `at`: no copy. */
  static callIdsOf(run: RunState): Pick<AppendList<string>, 'length' | 'at'> {
    return run instanceof RunRecord ? run.#toolCallIds : run.toolCallIds;
  }

  /** A writable copy of any run (a record, or a plain object rebuilt from JSON). */
  static copy(run: RunState): RunRecord {
    if (run instanceof RunRecord) {
      return new RunRecord(run, run.#parts, run.#toolCallIds, run.#steps);
    }
    const { parts, toolCallIds, steps, ...fields } = run;
    return new RunRecord(
      fields,
      Vector.from(parts),
      AppendList.from(toolCallIds),
      Vector.from(steps),
    );
  }

  /** Appends a part to a writable run. */
  static pushPart(run: RunRecord, part: RunPart): void {
    run.#parts = run.#parts.push(part);
  }

  /** Replaces the part at `index` of a writable run. */
  static setPart(run: RunRecord, index: number, part: RunPart): void {
    run.#parts = run.#parts.set(index, part);
  }

  /** Appends a tool call id to a writable run (`undo` as `AppendList.append` takes it). */
  static pushToolCallId(run: RunRecord, toolCallId: string, undo?: Undo): void {
    run.#toolCallIds = run.#toolCallIds.append(toolCallId, undo);
  }

  /** The steps of a run, as a persistent list. */
  static steps(run: RunRecord): Vector<StepState> {
    return run.#steps;
  }

  /** Appends a step to a writable run. */
  static pushStep(run: RunRecord, step: StepState): void {
    run.#steps = run.#steps.push(step);
  }

  /** Replaces the step at `index` of a writable run. */
  static setStep(run: RunRecord, index: number, step: StepState): void {
    run.#steps = run.#steps.set(index, step);
  }

  /** Whether `key` names one of a run's lists, which only the draft's list methods edit. */
  static isList(key: PropertyKey): key is 'parts' | 'toolCallIds' | 'steps' {
    return key === 'parts' || key === 'toolCallIds' || key === 'steps';
  }

  /** Appends items to one of the lists of a writable run. */
  static pushTo(run: RunRecord, key: 'parts' | 'toolCallIds' | 'steps', items: unknown[]): void {
    for (const item of items) {
      if (key === 'parts') RunRecord.pushPart(run, item as RunPart);
      else if (key === 'toolCallIds') RunRecord.pushToolCallId(run, item as string);
      else RunRecord.pushStep(run, item as StepState);
    }
  }
}

/**
 * Every field of a run besides its lists, in the order a {@link RunRecord} holds them: the
 * constructor copies these, and no others (`test/client/run-record.test.ts` checks that every field
 * of `RunState` is listed).
 */
export const RUN_FIELDS = [
  'runId',
  'streamRunId',
  'agentId',
  'messageId',
  'prompt',
  'status',
  'parentToolCallId',
  'depth',
  'usage',
  'finishReason',
  'object',
  'network',
  'error',
  'startedAt',
  'endedAt',
] as const satisfies readonly (keyof RunFields)[];

/** How many parts a run has, without building its array. */
export const partCount = (run: RunState): number =>
  run instanceof RunRecord ? RunRecord.parts(run).length : run.parts.length;

/** The part at `index` of a run, without building its array. */
export const partAt = (run: RunState, index: number): RunPart | undefined =>
  run instanceof RunRecord ? RunRecord.parts(run).get(index) : run.parts[index];

/** How many tool calls a run has, without building its array. */
export const callCount = (run: RunState): number =>
  run instanceof RunRecord ? RunRecord.toolCallIds(run).length : run.toolCallIds.length;

/** The tool call key at `index` of a run, without building its array. */
export const callAt = (run: RunState, index: number): string | undefined =>
  run instanceof RunRecord ? RunRecord.toolCallIds(run).at(index) : run.toolCallIds[index];

/** How many steps a run has, without building its array. */
export const stepCount = (run: RunState): number =>
  run instanceof RunRecord ? RunRecord.steps(run).length : run.steps.length;

/** The last step of a run, without building its array. */
export const lastStep = (run: RunState): StepState | undefined =>
  run instanceof RunRecord ? RunRecord.steps(run).last() : run.steps.at(-1);

/** The run streams again: no error, no end (a continuation, a stream sent again, a new answer). */
export function reviveRun(run: Mutable<RunState>): void {
  run.status = 'streaming';
  delete run.error;
  delete run.endedAt;
}
