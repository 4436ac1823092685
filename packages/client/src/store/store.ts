import type { ReduceOptions } from '../reducer/context.js';
import { createReducer, type Reducer } from '../reducer/reduce.js';
import type { ToolpaneState } from '../state/state.js';
import { initialState } from '../state/state-root.js';

/** When a store tells its subscribers about new chunks. */
export type NotifySchedule =
  /** After every dispatch (the default). */
  | 'sync'
  /** Once per microtask: a burst of chunks read in one go becomes one update. */
  | 'microtask'
  /** Once per animation frame (falls back to 16 ms timers outside browsers): for very fast streams. */
  | 'frame'
  /** Your own scheduler: call `flush` when subscribers should hear about pending changes. */
  | ((flush: () => void) => void);

/** Options of {@link createToolpaneStore}. */
export interface ToolpaneStoreOptions extends ReduceOptions {
  /** Start from this state instead of an empty one (e.g. a server-rendered snapshot). */
  readonly initialState?: ToolpaneState;
  /** When subscribers are notified. */
  readonly notify?: NotifySchedule;
}

/** Holds one {@link ToolpaneState} and lets UIs subscribe to it. */
export interface ToolpaneStore {
  /** The current immutable snapshot. */
  getState(): ToolpaneState;
  /** Calls `listener` after the state changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Applies one chunk or client event. Never throws; bad chunks become `state.issues`. */
  dispatch(chunk: unknown): void;
  /** Applies many chunks with a single notification. */
  dispatchMany(chunks: Iterable<unknown>): void;
  /** Delivers pending notifications now (useful with a batching schedule). */
  flush(): void;
  /** Replaces the state (empty by default) and notifies. */
  reset(state?: ToolpaneState): void;
}

/**
 * The scheduler behind a batching {@link NotifySchedule}: it calls `flush` once the batch is over.
 * Shared by stores and by `@toolpane/react`'s batched provider.
 *
 * @example
 * const schedule = batchScheduler('frame');
 * schedule(() => render());
 */
export function batchScheduler(
  schedule: Exclude<NotifySchedule, 'sync'>,
): (flush: () => void) => void {
  if (schedule === 'microtask') return (flush) => queueMicrotask(flush);
  if (schedule === 'frame') {
    return (flush) => {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
      else setTimeout(flush, 16);
    };
  }
  return schedule;
}

/**
 * Creates a store for one conversation. The store keeps working memory between chunks, so a
 * whole stream costs time linear in its size, and publishes an immutable snapshot only when it is
 * read, so entities nobody changed keep their identity.
 *
 * @example
 * const store = createToolpaneStore();
 * store.subscribe(() => console.log(store.getState().toolCalls.size));
 * for (const chunk of chunks) store.dispatch(chunk);
 */
export function createToolpaneStore(options: ToolpaneStoreOptions = {}): ToolpaneStore {
  // The reducer reads only its own options (clock, transforms, formats, families).
  const reduceOptions: ReduceOptions = { ...options, now: options.now ?? Date.now };
  let reducer: Reducer = createReducer(options.initialState ?? initialState, reduceOptions);
  let snapshot: ToolpaneState = reducer.publish();
  let dirty = false;
  let scheduled = false;
  const listeners = new Set<() => void>();
  const schedule =
    options.notify === undefined || options.notify === 'sync'
      ? undefined
      : batchScheduler(options.notify);

  const getState = (): ToolpaneState => {
    if (dirty) {
      snapshot = reducer.publish();
      dirty = false;
    }
    return snapshot;
  };

  const emit = () => {
    scheduled = false;
    // Without subscribers nothing reads the snapshot: publishing lazily in getState keeps a pure
    // ingest linear, since containers are then copied once per read rather than once per chunk.
    if (listeners.size === 0) return;
    const before = snapshot;
    if (getState() === before) return;
    for (const listener of [...listeners]) listener();
  };

  const changed = () => {
    dirty = true;
    if (schedule === undefined) emit();
    else if (!scheduled) {
      scheduled = true;
      schedule(emit);
    }
  };

  return {
    getState,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(chunk) {
      reducer.apply(chunk);
      changed();
    },
    dispatchMany(chunks) {
      for (const chunk of chunks) reducer.apply(chunk);
      changed();
    },
    flush() {
      if (dirty) emit();
    },
    reset(state = initialState) {
      reducer = createReducer(state, reduceOptions);
      snapshot = reducer.publish();
      dirty = false;
      for (const listener of [...listeners]) listener();
    },
  };
}
