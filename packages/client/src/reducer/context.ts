import { chunkTypeOf } from '../chunks/parse.js';
import type { PartialJsonParser } from '../partial-json/partial-json.js';
import type { Draft, Mutable } from '../state/draft.js';
import { KeyQueue } from '../state/key-queue.js';
import { Stack } from '../state/stack.js';
import type { RunPart, StreamIssue, ToolpaneState } from '../state/state.js';
import type { BesideIndex } from './beside-index.js';
import type { PartIndex } from './part-index.js';
import { redactExcerpt } from './redact.js';
import type { ClientTransforms } from './transform.js';
import { toggleUndoably } from './undo.js';

/** Options of the reducer. */
export interface ReduceOptions {
  /** Clock for `startedAt`/`endedAt`; the reducer reads no clock of its own. */
  readonly now?: () => number;
  /** Display transforms applied on the client when the server sends no transform metadata. */
  readonly transforms?: ClientTransforms;
  /**
   * Stream formats read besides Mastra's native chunks, e.g. `aiSdk` from
   * `@toolpane/client/ai-sdk` for AI SDK UI message streams.
   */
  readonly formats?: readonly StreamFormatSupport[];
  /**
   * Families of Mastra chunks read besides an agent's own, e.g. `network` from
   * `@toolpane/client/network` for agent networks (`agent.network()`). Without it their chunks are
   * kept as unknown chunks.
   */
  readonly families?: readonly ChunkFamilySupport[];
}

/**
 * Support for a family of Mastra chunks beyond an agent stream's own vocabulary. Families are
 * separate entry points (`@toolpane/client/network`), so apps that never stream them do not ship
 * them.
 */
export interface ChunkFamilySupport {
  readonly name: 'network';
  /**
   * Applies a chunk of the family at a scope and returns true; returns false, changing nothing,
   * for a chunk of another family. Malformed chunks become issues; nothing throws.
   */
  readonly apply: (ctx: Ctx, value: unknown, scope: Scope) => boolean;
  /**
   * The first value of a stream, before it is read (any family's, or none: it may be anything): a
   * continuation may begin. Nothing throws.
   */
  readonly begins?: (ctx: Ctx, value: unknown) => void;
}

/**
 * Support for a stream format other than Mastra's native chunks. Formats are separate entry points
 * (`@toolpane/client/ai-sdk`), so apps that read only native streams do not ship them.
 */
export interface StreamFormatSupport {
  /** The format `state.format` reports once a chunk of it arrived. */
  readonly name: 'ai-sdk';
  /** Whether a value (one without a Mastra envelope) is a chunk of this format. */
  readonly accepts: (value: unknown) => boolean;
  /** Applies a chunk this format accepts. Malformed chunks become issues; nothing throws. */
  readonly apply: (ctx: Ctx, value: unknown) => void;
}

/**
 * Working memory that is not part of the state: incremental input parsers and indexes. The store
 * keeps one for its lifetime; a pure `reduce` rebuilds what it needs.
 */
export interface Scratch {
  readonly parsers: Map<string, PartialJsonParser>;
  /** How many parsers may be kept before the next sweep drops those of finished input. */
  parserSweep: number;
  /**
   * The call each background task belongs to, by task id. A store keeps it up to date; a fresh
   * scratch (a pure `reduce`) reads it from the state's calls once, on its first miss, so every
   * path finds the same call (see `taskCallOf`).
   */
  readonly taskCalls: Map<string, string>;
  /** Whether {@link Scratch.taskCalls} has read the calls that were in the state before it. */
  taskCallsRead: boolean;
  /** Wrapper chunks being unwrapped right now, one inside the other (bounded). */
  nesting: number;
  /** The scope inside each call that wrapped chunks so far, by call key. */
  readonly scopes: Map<string, Scope>;
  /** Where each run's text, reasoning and data parts sit. */
  readonly partIndexes: Map<string, PartIndex>;
  /**
   * Runs known to hold a display-transformed call, and runs whose calls were all looked at once:
   * after that, each call that turns display-transformed adds its run.
   */
  readonly displayRuns: Set<string>;
  readonly displayRunsRead: Set<string>;
  /**
   * Runs known to hold a display-transformed call in their tree (their own or a run nested under
   * them), and runs whose trees were looked at once (see `reducer/inside.ts`).
   */
  readonly hidingTrees: Set<string>;
  readonly hidingTreesRead: Set<string>;
  /**
   * The keys of the calls written while the value being applied was, and the resume schemas and
   * hiding calls' raw values searched for what their calls hide (see `reducer/rescrub.ts`).
   */
  readonly written: KeyQueue;
  readonly rescrubbed: WeakSet<object>;
  /**
   * The calls inside each top-level call (by its key) that hold a request's resume schema, for a
   * call found to hide a value later to search them too; undefined until read from the state.
   */
  asked: Map<string, Set<string>> | undefined;
  /** The open calls inside each top-level call; undefined until read from the state. */
  openInside: OpenIndex | undefined;
  /** The calls that hide of each tree of runs read so far (see `reducer/beside.ts`). */
  readonly beside: BesideIndex;
  /** The text or reasoning part text deltas went to last (see `appendText`). */
  readonly lastText: LastText;
  /** Indexes a chunk family keeps, by name (an agent network's steps, per network run). */
  readonly indexes: Map<string, unknown>;
  /**
   * The keys of calls made without a tool name that got one later, and of calls a stream's break
   * ended that reopened (see `reducer/replay.ts`), in order: an index that sorts open calls by
   * name reads the calls list for new calls and this for calls to look at again, each once.
   */
  readonly namedLate: string[];
  /** How many times each `agent-*` call's result was shown again for a call inside it. */
  readonly reshown: Map<string, number>;
  /**
   * How much searching messages for hidden values (a run's error, a message of the client) may
   * still cost, in calls and hidden texts looked at: it grows by {@link SCRUB_PER_VALUE} with
   * every value applied, so that all such searches together cost at most a constant times what
   * was read, however many messages a stream sends (see `scrubWithin` in `hide.ts`).
   */
  scrubBudget: number;
  /** {@link scrubBudget} at the last publish: a rollback sets it back, as the value that threw spent. */
  budgetBefore: number;
  /** What changed in each run since this reducer last ended it (see `run-ends.ts`). */
  readonly ends: Map<string, EndRecord>;
  /**
   * The run and the call the records of {@link ends} were last told of, each walked to the top;
   * forgotten at each end and rollback.
   */
  endsToldRun: string | undefined;
  endsToldCall: string | undefined;
  /** How many values were applied since the last that threw (see `applySafely`). */
  sinceFailure: number;
}

/** What changed in a run since a reducer last ended it (see `run-ends.ts`). */
export interface EndRecord {
  /** How many calls the run had then. */
  count: number;
  /** Its calls written since, or with a call written under them, by key. */
  calls: Set<string>;
  /** Runs written since directly under its calls. */
  runs: Set<string>;
  /** Its calls left open then because they wait for the app's result: an abort ends them. */
  awaiting: Set<string>;
}

/** The open calls inside each top-level call (see `reducer/open-nested.ts`). */
export interface OpenIndex {
  /** The top-level calls (by key) whose nested calls were read. */
  readonly read: Set<string>;
  /**
   * Each nested call's place in the order calls were made: those of a top-level call read at
   * once, in the order of its runs, each run's in order.
   */
  readonly born: Map<string, number>;
  /**
   * The keys of the calls nested under each top-level call that have not ended, in sets by what
   * they can do (see `bucket` in `reducer/open-nested.ts`): ask anew, or wait on a request.
   */
  readonly open: Map<string, Set<string>>;
  /**
   * The calls written while the value being applied is, by top-level call, once a search needed
   * them: searched by what they are now, as the sets above hold them only from the value's end.
   */
  fresh: Map<string, Set<string>> | undefined;
}

/** What each value applied adds to {@link Scratch.scrubBudget}. */
export const SCRUB_PER_VALUE = 64;

/**
 * The text or reasoning part text deltas went to last, so that the next delta for it goes straight
 * to it: edited in place when it was copied in the draft's current epoch, copied once otherwise.
 */
export interface LastText {
  runId: string;
  /** The part as the run holds it now; undefined when there is none to go to. */
  part: Mutable<Extract<RunPart, { type: 'text' | 'reasoning' }>> | undefined;
  /** The draft epoch ({@link Draft.epoch}) the part was copied in. */
  epoch: number;
}

/**
 * Creates empty working memory for a reducer that starts from `state`: its budget for searching
 * messages covers one search of every call the state holds.
 */
export const createScratch = (state: ToolpaneState): Scratch => ({
  parsers: new Map(),
  parserSweep: 64,
  taskCalls: new Map(),
  taskCallsRead: false,
  nesting: 0,
  scopes: new Map(),
  partIndexes: new Map(),
  displayRuns: new Set(),
  displayRunsRead: new Set(),
  hidingTrees: new Set(),
  hidingTreesRead: new Set(),
  written: new KeyQueue(),
  rescrubbed: new WeakSet(),
  asked: undefined,
  openInside: undefined,
  beside: {
    wide: new Map(),
    runs: new Map(),
    written: new Stack(),
    broken: new Set(),
    reopening: undefined,
    readNow: new Set(),
    seen: 0,
    dirty: new Set(),
  },
  lastText: { runId: '', part: undefined, epoch: -1 },
  indexes: new Map(),
  namedLate: [],
  reshown: new Map(),
  scrubBudget: SCRUB_PER_VALUE * (state.toolCalls.size + 1),
  budgetBefore: 0,
  ends: new Map(),
  endsToldRun: undefined,
  endsToldCall: undefined,
  sinceFailure: 256,
});

/**
 * Adds `runId` to `set`, one of the four sets of runs that hide ({@link Scratch.displayRuns},
 * {@link Scratch.hidingTrees} and the runs they read): a rollback takes it out again and keeps the
 * rest, so that it does not look at a run's calls again. A run read and found to have no
 * display-transformed call needs no taking back: a call never stops being one, so the run had none
 * before the rolled-back writes either. Returns whether the set did not hold it.
 */
export function noteRun(ctx: Ctx, set: Set<string>, runId: string): boolean {
  return toggleUndoably(ctx.draft.undo, set, runId, true);
}

/** Where a chunk sits: top level, or nested inside an `agent-*` / `workflow-*` call. */
export interface Scope {
  readonly parentToolCallId: string | null;
  readonly depth: number;
}

/** The top-level scope. */
export const TOP: Scope = { parentToolCallId: null, depth: 0 };

/** Applies a value at a scope: the reducer's entry, which handlers call for wrapped chunks. */
export type ApplyValue = (ctx: Ctx, value: unknown, scope: Scope) => void;

/** Everything a reducer step needs. */
export interface Ctx {
  readonly draft: Draft;
  readonly options: ReduceOptions;
  readonly scratch: Scratch;
  /** The reducer's entry, for chunks that arrive wrapped inside other chunks. */
  readonly apply: ApplyValue;
}

/** The store clock, or undefined. */
export const now = (ctx: Ctx): number | undefined => ctx.options.now?.();

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Records a stream issue, its texts clipped: they may quote a stream's hostile values. Its excerpt
 * keeps no payload strings (see {@link redactExcerpt}).
 */
export function addIssue(ctx: Ctx, issue: StreamIssue): void {
  const clipped: Mutable<StreamIssue> = { ...issue, message: clip(issue.message, 500) };
  if (issue.chunkType !== undefined) clipped.chunkType = clip(issue.chunkType, 100);
  if (issue.excerpt !== undefined) clipped.excerpt = redactExcerpt(clip(issue.excerpt, 200));
  ctx.draft.append('issues', clipped);
}

/** Records a chunk that failed its check: the message, the type it names, if any, an excerpt. */
export function addInvalid(ctx: Ctx, message: string, value: unknown): void {
  const chunkType = chunkTypeOf(value);
  const kind = 'invalid-chunk';
  const text = excerpt(value);
  addIssue(
    ctx,
    chunkType === undefined
      ? { kind, message, excerpt: text }
      : { kind, message, chunkType, excerpt: text },
  );
}

/** A short, safe excerpt of a value (an error's: its message) for an issue entry. Never throws. */
export function excerpt(value: unknown): string {
  let text: string = typeof value;
  try {
    if (value instanceof Error) value = value.message;
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    // BigInts, cycles and objects without a prototype cannot be stringified the usual way; a
    // proxy whose traps throw, or a revoked one, shows its type at least.
    try {
      text = String(value);
    } catch {
      try {
        text = Object.prototype.toString.call(value);
      } catch {}
    }
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * What a stream's stop found open (see `stream-stop.ts`), so that ending a run there looks at
 * that, not at every call of the run.
 */
export interface StopScope {
  /** The calls of a run, by key, that were not terminal when the stop began. */
  callsOf(runId: string): readonly string[];
  /** The runs that streamed when the stop began directly under the calls of a run. */
  runsUnder(runId: string): readonly string[];
}
