import { AppendList } from './append-list.js';
import { type AwaitingIndex, awaitingKeys, indexAwaiting, updateAwaiting } from './awaiting.js';
import type { ChangeMap } from './change-map.js';
import { type Cursor, cursorOf } from './cursor.js';
import { PersistentMap } from './persistent-map.js';
import { buildRepeats, NO_REPEATS, type Repeats } from './repeats.js';
import type { RunState, StreamFormat, StreamIssue, ToolCallState, ToolpaneState } from './state.js';
import {
  buildWaiting,
  type CallChange,
  updateWaiting,
  type WaitingIndex,
  waitsForPerson,
} from './waiting.js';

/*
 * Internal: how a state stores its growing lists. Not exported from the package: a state is read
 * through its public fields only.
 */

export {
  type ContinuedAt,
  type CountedStream,
  type Cursor,
  cursorOf,
  REPLAY_LIMITS,
  type ReopenMark,
  type ReplayCursor,
  type RunMark,
} from './cursor.js';

/**
 * The append-only lists behind `runOrder`, `toolCallOrder`, `issues` and `unknownChunks`, and the
 * stream's {@link Cursor}.
 */
export interface Lists {
  readonly runs: AppendList<string>;
  readonly calls: AppendList<string>;
  readonly issues: AppendList<StreamIssue>;
  readonly unknown: AppendList<unknown>;
  readonly cursor: Cursor;
  /** Where the calls keyed otherwise than by their toolCallId are (see `repeats.ts`). */
  readonly repeats: Repeats;
  /**
   * What a stream's end looks at (see `reducer/stream-stop.ts`): the runs and the calls the
   * reducer wrote since the stream last stopped, and the calls that stop left open. Undefined in a
   * state made elsewhere, whose first stop looks at every run and call.
   */
  readonly sinceStop?: SinceStop;
  /**
   * Per run, where the last search for a call inside it that waits for a person stopped: a
   * position in its `toolCallIds` (see `reducer/waiting.ts`). Undefined before the first search.
   */
  readonly witnesses?: PersistentMap<number>;
  /**
   * Where the searches for a free name the reducer makes up stopped (see `reducer/free-name.ts`):
   * per kind of name, the first number that may be free. Undefined before the first search.
   */
  readonly names?: PersistentMap<number>;
}

/** What the reducer wrote since the stream last stopped, and what that stop left open. */
export interface SinceStop {
  /** The runs written, each at least once (a run written twice in a row is noted once). */
  readonly runs: AppendList<string>;
  /** The calls written, by key, each at least once. */
  readonly calls: AppendList<string>;
  /**
   * The calls, by key, that were not terminal when the stream last stopped, by the top-level run
   * (the turn) they belong to; '' for calls whose chain of parents breaks off.
   */
  readonly open: PersistentMap<readonly string[]>;
  /** The calls, by key, found hiding a value at a stop (see `hidesValue`). */
  readonly hiding: PersistentMap<true>;
}

/** Nothing written since a stop that left `open` open and found `hiding` hiding. */
export const sinceStopWith = (
  open: PersistentMap<readonly string[]>,
  hiding: PersistentMap<true>,
): SinceStop => ({
  runs: AppendList.empty<string>(),
  calls: AppendList.empty<string>(),
  open,
  hiding,
});

/** What a state's reducer wrote since its stream last stopped (see {@link SinceStop}). */
export const sinceStopOf = (state: ToolpaneState): SinceStop | undefined =>
  state instanceof StateRoot ? StateRoot.lists(state).sinceStop : undefined;

/** The names of the append-only lists of {@link Lists}. */
export type ListKey = Exclude<
  keyof Lists,
  'cursor' | 'repeats' | 'sinceStop' | 'witnesses' | 'names'
>;

/** The fields of a state besides its lists. */
export type StateFields = Pick<ToolpaneState, 'format' | 'runs' | 'toolCalls'>;

/**
 * A state whose `runOrder`, `toolCallOrder`, `issues` and `unknownChunks` are getters over
 * append-only lists: the reducer appends in O(1), and a list nobody reads is never built, so a
 * snapshot published after every chunk costs O(1) however long these lists grow. A class, because
 * creating it costs what a plain object does (one is made per published snapshot), where own
 * accessor properties cost a hundred times more. `toJSON` writes the lists as arrays.
 */
export class StateRoot implements ToolpaneState {
  format: StreamFormat;
  runs: ReadonlyMap<string, RunState>;
  toolCalls: ReadonlyMap<string, ToolCallState>;
  #lists: Lists;
  /** The needs-a-person index (see `waiting.ts`); built on first use when a state arrives without. */
  #waiting: WaitingIndex | undefined;
  /** The awaiting-the-client index (see `awaiting.ts`); built now when a state arrives without. */
  #awaiting: AwaitingIndex;
  /** The index of the calls that wait for a person (see `awaiting.ts`), likewise. */
  #asking: AwaitingIndex;

  constructor(
    fields: StateFields,
    lists: Lists,
    waiting?: WaitingIndex,
    awaiting?: AwaitingIndex,
    asking?: AwaitingIndex,
  ) {
    this.format = fields.format;
    this.runs = fields.runs;
    this.toolCalls = fields.toolCalls;
    this.#lists = lists;
    this.#waiting = waiting;
    this.#awaiting = awaiting ?? indexAwaiting(fields.toolCalls);
    this.#asking = asking ?? indexAwaiting(fields.toolCalls, waitsForPerson);
  }

  get runOrder(): readonly string[] {
    return this.#lists.runs.toArray();
  }

  get toolCallOrder(): readonly string[] {
    return this.#lists.calls.toArray();
  }

  get issues(): readonly StreamIssue[] {
    return this.#lists.issues.toArray();
  }

  get unknownChunks(): readonly unknown[] {
    return this.#lists.unknown.toArray();
  }

  toJSON(): Record<keyof ToolpaneState, unknown> {
    return {
      format: this.format,
      runs: this.runs,
      runOrder: this.runOrder,
      toolCalls: this.toolCalls,
      toolCallOrder: this.toolCallOrder,
      issues: this.issues,
      unknownChunks: this.unknownChunks,
    };
  }

  /** A copy of a root, sharing its lists and indexes, for the reducer to edit. */
  static copy(root: StateRoot): StateRoot {
    return new StateRoot(root, root.#lists, root.#waiting, root.#awaiting, root.#asking);
  }

  /** The lists of a root. */
  static lists(root: StateRoot): Lists {
    return root.#lists;
  }

  /** Replaces the lists of a root the reducer owns. */
  static setLists(root: StateRoot, lists: Lists): void {
    root.#lists = lists;
  }

  /** The needs-a-person index of a root, built now when it has none yet. */
  static waiting(root: StateRoot): WaitingIndex {
    root.#waiting ??= buildWaiting(root.toolCalls);
    return root.#waiting;
  }

  /** The keys of the calls of a root awaiting the client, from its index: O(1) when none does. */
  static awaiting(root: StateRoot): readonly string[] {
    return awaitingKeys(root.#awaiting);
  }

  /**
   * How many calls of a root wait for a person, and their keys in no order, from its index as of
   * the root's last publish (a draft's root: what the draft wrote since is not in it).
   */
  static askingCount(root: StateRoot): number {
    return root.#asking.count;
  }

  /** See {@link StateRoot.askingCount}: O(those calls). */
  static askingKeys(root: StateRoot): readonly string[] {
    return awaitingKeys(root.#asking);
  }

  /**
   * The keys of the calls of a root that wait for a person (an approval or a resume), from its
   * index, in stream order: O(those calls), O(1) when none does.
   */
  static asking(root: StateRoot): readonly string[] {
    const keys = awaitingKeys(root.#asking);
    // Every root holds its calls in a `PersistentMap` (a draft adopts a plain one), in the order
    // they came.
    const calls = root.toolCalls as PersistentMap<ToolCallState>;
    return keys.length < 2 ? keys : keys.sort((a, b) => calls.positionOf(a) - calls.positionOf(b));
  }

  /**
   * Brings the indexes of a root the reducer owns up to date with the calls a batch changed. The
   * root was copied from the state published before the batch, with its indexes: one not built
   * yet is built on first use, from the calls as they are then.
   */
  static reindex(root: StateRoot, changes: ChangeMap<CallChange>): void {
    root.#waiting &&= updateWaiting(root.#waiting, changes, root.toolCalls);
    root.#awaiting = updateAwaiting(root.#awaiting, changes);
    root.#asking = updateAwaiting(root.#asking, changes, waitsForPerson);
  }
}

/** A state with the given fields and lists; its indexes are built from its calls. */
export const makeState = (fields: StateFields, lists: Lists): ToolpaneState =>
  new StateRoot(fields, lists);

/**
 * The lists (and cursor) of a state; for a state made elsewhere (rebuilt from JSON, or a spread copy, which has
 * no getters) they are built from its arrays, or the orders from the maps' insertion order.
 */
export function listsOf(state: ToolpaneState): Lists {
  if (state instanceof StateRoot) return StateRoot.lists(state);
  const runOrder =
    (state.runOrder as readonly string[] | undefined) ??
    [...state.runs.values()].filter((run) => run.parentToolCallId === null).map((run) => run.runId);
  const toolCallOrder = (state.toolCallOrder as readonly string[] | undefined) ?? [
    ...state.toolCalls.keys(),
  ];
  return {
    cursor: cursorOf(state.format, runOrder),
    runs: AppendList.from(runOrder),
    calls: AppendList.from(toolCallOrder),
    issues: AppendList.from((state.issues as readonly StreamIssue[] | undefined) ?? []),
    unknown: AppendList.from((state.unknownChunks as readonly unknown[] | undefined) ?? []),
    repeats: buildRepeats(state.toolCalls, toolCallOrder),
  };
}

/** An empty state. */
export const initialState: ToolpaneState = Object.freeze(
  new StateRoot(
    {
      format: 'unknown',
      runs: PersistentMap.empty<RunState>(),
      toolCalls: PersistentMap.empty<ToolCallState>(),
    },
    {
      runs: AppendList.from<string>([]),
      calls: AppendList.from<string>([]),
      issues: AppendList.from<StreamIssue>([]),
      unknown: AppendList.from<unknown>([]),
      cursor: {},
      repeats: NO_REPEATS,
      sinceStop: sinceStopWith(PersistentMap.empty(), PersistentMap.empty()),
    },
  ),
);
