import { AppendList } from './append-list.js';
import { type AwaitingIndex, buildAwaiting, updateAwaiting } from './awaiting.js';
import type { ChangeMap } from './change-map.js';
import { PersistentMap } from './persistent-map.js';
import { buildRepeats, NO_REPEATS, type Repeats } from './repeats.js';
import type { RunState, StreamFormat, StreamIssue, ToolCallState, ToolpaneState } from './state.js';
import { buildWaiting, type CallChange, updateWaiting, type WaitingIndex } from './waiting.js';

/*
 * Internal: how a state stores its growing lists. Not exported from the package: a state is read
 * through its public fields only.
 */

/**
 * Where a stream stands: the runs that chunks without a runId of their own belong to. Part of the
 * state (not of a reducer's working memory), so that a pure `reduce`, `reduceAll` and a store
 * reading the same chunks agree.
 */
export interface Cursor {
  /** The top-level run that `data-*` chunks (which carry no runId) belong to. */
  readonly currentRunId?: string;
  /**
   * The subagent run of the latest nested chunk, which bare `data-*` chunks may belong to; '' when
   * that chunk, sent again, was inside a call whose inside is final (see `reducer/replay.ts`).
   */
  readonly lastNestedRunId?: string;
  /**
   * The call the latest request for a person went to: Mastra repeats a request one level up right
   * after it, and the repeat names this call.
   */
  readonly lastRequest?: string;
  /** AI SDK streams carry no runId: the synthetic run of the current message. */
  readonly aiSdkRunId?: string;
  /**
   * The run of an AI SDK message the stream sends again from its `start` (a reconnect replays a
   * stream from the beginning), or '' when the current message is not sent again: its calls that
   * begin again are those it already has.
   */
  readonly aiSdkReplayRunId?: string;
  /**
   * Runs sent again from their `start` (a top-level run, and runs inside its calls), and how far
   * each was read again (see `reducer/replay.ts`); undefined when none is.
   */
  readonly replays?: readonly ReplayCursor[];
  /**
   * The top-level runs a decision, a resume or a client tool's result was sent for, newest last
   * (at most 8): a `start` for one of them is its continuation, not its stream sent again.
   */
  readonly answered?: readonly string[];
  /**
   * The top-level runs a break of the stream ended or left waiting (at most 8), newest last: a
   * `start` for one of them reopens what the break ended (see `reducer/replay.ts`).
   */
  readonly broken?: readonly string[];
  /**
   * The top-level runs of the stream under way that a break had ended and that it sends again
   * (at most 8): a call of theirs the break ended reopens when a chunk names it again, and goes on
   * where it stood; `continuation` when the stream is a continuation sent again (see
   * `reducer/reopen.ts`). Cleared when the stream stops.
   */
  readonly reopening?: readonly ReopenMark[];
  /**
   * Where the latest continuation of a top-level run began (at most 8 runs, newest last): Mastra
   * goes on after a decision without a `start`, so a stream whose first chunk is that
   * continuation's first chunk again sends it again (see `reducer/replay.ts`).
   */
  readonly continued?: readonly ContinuedAt[];
  /**
   * A stream is under way: a chunk came since the last stream ended, broke off or was aborted (the
   * next chunk is the first of a stream when it is not).
   */
  readonly inStream?: true;
  /**
   * The stream under way is a continuation read by count (an agent network's): how many of its
   * chunks came, and how many of them an earlier reading of it read already, which are skipped.
   */
  readonly counted?: CountedStream;
}

/** A continuation read by count (see {@link Cursor.counted}). */
export interface CountedStream {
  /** The top-level run that goes on. */
  readonly runId: string;
  /** The chunks of the stream so far. */
  readonly read: number;
  /** How many of its first chunks an earlier reading read. */
  readonly skip: number;
}

/** Where a run stood when a continuation began: its counts of steps and parts. */
export type RunMark = readonly [runId: string, steps: number, parts: number];

/** Where a continuation of a top-level run began. */
export interface ContinuedAt {
  /** The run, and where it stood. */
  readonly at: RunMark;
  /** A print of the continuation's first chunk: its JSON's length and hash. */
  readonly first: string;
  /** Where the runs inside its calls that went on in it stood (at most 16). */
  readonly inside: readonly RunMark[];
  /** For a continuation read by count: how many of its chunks a reading of it read, at most. */
  readonly read?: number;
}

/**
 * How much of a replay the cursor keeps: runs inside a call read again beside the top-level one,
 * text parts left part-way, answered runs, runs a break ended.
 */
export const REPLAY_LIMITS = {
  nested: 16,
  pending: 64,
  answered: 8,
  broken: 8,
  continued: 8,
} as const;

/**
 * A top-level run whose broken-off calls reopen as the stream names them, and whether the stream
 * is a continuation sent again.
 */
export type ReopenMark = readonly [runId: string, continuation: boolean];

/** Where the replay of a run sent again from its `start` stands. */
export interface ReplayCursor {
  /** The run read again. */
  readonly runId: string;
  /** How many of its steps started again. */
  readonly steps: number;
  /** The part after the last part without an id (a source, a file, …) matched again. */
  readonly parts: number;
  /** The text or reasoning part the last delta matched, or -1. */
  readonly textAt: number;
  /** How much of that part's text the deltas matched. */
  readonly offset: number;
  /** Text parts the stream left part-way (their id comes back): each part's index and offset. */
  readonly pending: readonly (readonly [number, number])[];
  /** Calls of the run whose preliminary outputs came again: each call's key and how many. */
  readonly progress?: readonly (readonly [string, number])[];
  /** Read again from where a continuation began: calls that waited for a person went on in it. */
  readonly continuation?: true;
}

/**
 * The cursor of a state that arrived without one (rebuilt from JSON, say): its newest top-level
 * run stands in for the current one.
 */
export function cursorOf(format: StreamFormat, runOrder: readonly string[]): Cursor {
  const last = runOrder.at(-1);
  if (last === undefined) return {};
  return { currentRunId: last, ...(format === 'ai-sdk' ? { aiSdkRunId: last } : {}) };
}

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
export type ListKey = Exclude<keyof Lists, 'cursor' | 'repeats' | 'sinceStop' | 'witnesses'>;

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

  constructor(fields: StateFields, lists: Lists, waiting?: WaitingIndex, awaiting?: AwaitingIndex) {
    this.format = fields.format;
    this.runs = fields.runs;
    this.toolCalls = fields.toolCalls;
    this.#lists = lists;
    this.#waiting = waiting;
    this.#awaiting = awaiting ?? buildAwaiting(fields.toolCalls);
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
    return new StateRoot(root, root.#lists, root.#waiting, root.#awaiting);
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

  /** The awaiting-the-client index of a root. */
  static awaiting(root: StateRoot): AwaitingIndex {
    return root.#awaiting;
  }

  /**
   * Brings the indexes of a root the reducer owns up to date with the calls a batch changed. The
   * root was copied from the state published before the batch, with its indexes: one not built
   * yet is built on first use, from the calls as they are then.
   */
  static reindex(root: StateRoot, changes: ChangeMap<CallChange>): void {
    root.#waiting &&= updateWaiting(root.#waiting, changes, root.toolCalls);
    root.#awaiting = updateAwaiting(root.#awaiting, changes);
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
