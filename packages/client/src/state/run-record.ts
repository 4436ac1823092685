import { AppendList } from './append-list.js';
import type { RunPart, RunState, RunStatus, StepState, Usage } from './state.js';
import { Vector } from './vector.js';

/*
 * Internal: how the reducer stores a run. Not exported from the package: a run is read through the
 * fields of `RunState` only.
 */

/** The fields of a run besides its parts and tool call ids. */
export type RunFields = Omit<RunState, 'parts' | 'toolCallIds'>;

/**
 * A run whose `parts` and `toolCallIds` are getters over persistent lists: the reducer appends and
 * replaces in O(1) (O(log n) for a replacement), and the arrays are built on first read, so a run
 * with 100k parts can take one more part per published snapshot without copying the others. A
 * class, as `StateRoot` is, so that making one costs what a plain object does; the optional fields
 * are `declare`d so that a run carries only the ones it has. `toJSON` writes the lists as arrays;
 * a spread copy (`{ ...run }`) does not carry them.
 */
export class RunRecord implements RunState {
  declare runId: string;
  declare agentId?: string;
  declare messageId?: string;
  declare status: RunStatus;
  declare parentToolCallId: string | null;
  declare depth: number;
  declare steps: readonly StepState[];
  declare usage?: Usage;
  declare finishReason?: string;
  declare object?: unknown;
  declare error?: string;
  declare startedAt?: number;
  declare endedAt?: number;
  #parts: Vector<RunPart>;
  #toolCallIds: AppendList<string>;

  constructor(fields: RunFields, parts: Vector<RunPart>, toolCallIds: AppendList<string>) {
    Object.assign(this, fields);
    this.#parts = parts;
    this.#toolCallIds = toolCallIds;
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

  toJSON(): RunState {
    return { ...this, parts: this.parts, toolCallIds: this.toolCallIds };
  }

  /** The parts of a run, as a persistent list. */
  static parts(run: RunRecord): Vector<RunPart> {
    return run.#parts;
  }

  /** The tool call ids of a run, as a persistent list. */
  static toolCallIds(run: RunRecord): AppendList<string> {
    return run.#toolCallIds;
  }

  /** A writable copy of any run (a record, or a plain object rebuilt from JSON). */
  static copy(run: RunState): RunRecord {
    if (run instanceof RunRecord) return new RunRecord(run, run.#parts, run.#toolCallIds);
    const { parts, toolCallIds, ...fields } = run;
    return new RunRecord(fields, Vector.from(parts), AppendList.from(toolCallIds));
  }

  /** Appends a part to a writable run. */
  static pushPart(run: RunRecord, part: RunPart): void {
    run.#parts = run.#parts.push(part);
  }

  /** Replaces the part at `index` of a writable run. */
  static setPart(run: RunRecord, index: number, part: RunPart): void {
    run.#parts = run.#parts.set(index, part);
  }

  /** Appends a tool call id to a writable run. */
  static pushToolCallId(run: RunRecord, toolCallId: string): void {
    run.#toolCallIds = run.#toolCallIds.append(toolCallId);
  }
}

/** How many parts a run has, without building its array. */
export const partCount = (run: RunState): number =>
  run instanceof RunRecord ? RunRecord.parts(run).length : run.parts.length;

/** The part at `index` of a run, without building its array. */
export const partAt = (run: RunState, index: number): RunPart | undefined =>
  run instanceof RunRecord ? RunRecord.parts(run).get(index) : run.parts[index];
