import { ChangeMap } from './change-map.js';
import type { RunState } from './state.js';
import type { ListKey } from './state-root.js';
import type { CallChange } from './waiting.js';

/*
 * The types of the draft (`draft.ts`): what an epoch changed, and the writable forms of a state's
 * values that its methods take and return.
 */

/**
 * What one epoch (the chunks between two publishes) touched: found while writing, so reading it
 * costs O(changes), never O(state).
 */
export interface DraftChanges {
  /** Calls set in the epoch, new or copied, by key. */
  readonly calls: ChangeMap<CallChange>;
  /** Runs set in the epoch, new or copied, by runId, as they are now. */
  readonly runs: ChangeMap<RunState>;
  /** The lists appended to. */
  readonly lists: readonly ListKey[];
  /** Whether `format` changed. */
  readonly format: boolean;
}

/** The changes of an epoch that changed nothing. */
export const NO_CHANGES: DraftChanges = Object.freeze({
  calls: new ChangeMap<CallChange>(),
  runs: new ChangeMap<RunState>(),
  lists: Object.freeze([]),
  format: false,
});

/** Removes `readonly` from the top level of a type. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The writable form of a value in a state: a `Map` for a map, an array for an array. */
export type Writable<T> =
  T extends ReadonlyMap<infer K, infer V>
    ? Map<K, V>
    : T extends readonly (infer I)[]
      ? I[]
      : Mutable<T>;

/** The keys of `P` that hold an object (a nested entity, a map or an array). */
export type ObjectKey<P> = {
  [K in keyof P]-?: NonNullable<P[K]> extends object ? K : never;
}[keyof P];

/** The keys of `P` that hold an array. */
export type ArrayKey<P> = {
  [K in keyof P]-?: NonNullable<P[K]> extends readonly unknown[] ? K : never;
}[keyof P];

/** The element type of the array at `P[K]`. */
export type ItemOf<P, K extends keyof P> =
  NonNullable<P[K]> extends readonly (infer I)[] ? I : never;
