import type { StreamFormat } from './state.js';

/*
 * Internal: where a stream stands (the cursor of a state's lists, see `state-root.ts`, which
 * exports all of this again).
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
