import type { StreamIssue } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';

/**
 * One chunk as a stream inspector lists it: what it is and where it belongs, never its values
 * (a raw chunk can hold values a display transform hides).
 */
export interface ChunkLogEntry {
  /** Position in arrival order, from 0. */
  readonly index: number;
  /** The chunk's type, or `(no type)`. */
  readonly type: string;
  /** The types of the chunks it wraps (`tool-output` around a subagent's chunk), outermost first. */
  readonly nested: readonly string[];
  /** The run it names (the innermost one for a wrapper), if any. */
  readonly runId?: string;
  /** The tool call it names (the innermost one for a wrapper), if any. */
  readonly toolCallId?: string;
  /** Its size as JSON text, in characters. */
  readonly size: number;
  /** The issues it raised. */
  readonly issues: readonly StreamIssue[];
}

/** A live list of the chunks a store received. */
export interface ChunkLog {
  /** The entries so far, in arrival order; a new array after each change. */
  getEntries(): readonly ChunkLogEntry[];
  /** Calls `listener` after entries were added or cleared; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Forgets every entry. */
  clear(): void;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function sizeOf(chunk: unknown): number {
  try {
    return JSON.stringify(chunk)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Describes one chunk: its type, the chunks it wraps, and the innermost run and call it names. */
export function describeChunk(chunk: unknown, index = 0): Omit<ChunkLogEntry, 'issues'> {
  const outer = record(chunk);
  const type = text(outer?.type) ?? '(no type)';
  const nested: string[] = [];
  let runId = text(outer?.runId);
  let toolCallId = text(outer?.toolCallId) ?? text(record(outer?.payload)?.toolCallId);
  let current = outer;
  // `tool-output` carries a nested run's chunks in payload.output, one level per wrapper.
  for (let depth = 0; depth < 64; depth++) {
    const inner = record(record(current?.payload)?.output);
    const innerType = text(inner?.type);
    if (inner === undefined || innerType === undefined || text(inner.from) === undefined) break;
    nested.push(innerType);
    runId = text(inner.runId) ?? runId;
    toolCallId = text(record(inner.payload)?.toolCallId) ?? toolCallId;
    current = inner;
  }
  return {
    index,
    type,
    nested,
    ...(runId === undefined ? {} : { runId }),
    ...(toolCallId === undefined ? {} : { toolCallId }),
    size: sizeOf(chunk),
  };
}

/**
 * Wraps a store so that every chunk it receives is also listed in a {@link ChunkLog}, for a
 * stream inspector. Give the returned store to your session or provider in place of the original.
 * Reading each chunk's issues publishes a snapshot per chunk: meant for debugging, not production.
 *
 * @example
 * const { store, log } = logChunks(createToolpaneStore());
 * <StreamInspector log={log} /> // inside a ToolpaneProvider given `store`
 */
export function logChunks(
  store: ToolpaneStore,
  options: { readonly limit?: number } = {},
): { readonly store: ToolpaneStore; readonly log: ChunkLog } {
  const limit = options.limit ?? 10_000;
  let entries: readonly ChunkLogEntry[] = [];
  let count = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const add = (chunk: unknown, added: ChunkLogEntry[]) => {
    const before = store.getState().issues.length;
    store.dispatch(chunk);
    const issues = store.getState().issues.slice(before);
    added.push({ ...describeChunk(chunk, count++), issues });
  };
  const commit = (added: ChunkLogEntry[]) => {
    if (added.length === 0) return;
    const next = [...entries, ...added];
    entries = next.length > limit ? next.slice(next.length - limit) : next;
    notify();
  };
  const log: ChunkLog = {
    getEntries: () => entries,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => {
      entries = [];
      count = 0;
      notify();
    },
  };
  const wrapped: ToolpaneStore = {
    ...store,
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    flush: () => store.flush(),
    reset: (state) => store.reset(state),
    dispatch: (chunk) => {
      const added: ChunkLogEntry[] = [];
      add(chunk, added);
      commit(added);
    },
    dispatchMany: (chunks) => {
      const added: ChunkLogEntry[] = [];
      for (const chunk of chunks) add(chunk, added);
      commit(added);
    },
  };
  return { store: wrapped, log };
}
