import { type ChangeListener, createEmitter } from '../notify/emitter.js';
import { type NotifySchedule, scheduleFlush } from '../notify/schedule.js';
import type { ReduceOptions } from '../reducer/context.js';
import { createReducer, type Reducer } from '../reducer/reduce.js';
import type { ClientTransforms } from '../reducer/transform.js';
import type { ToolpaneState } from '../state/state.js';
import { initialState } from '../state/state-root.js';
import { ChangedKeys } from './changed-keys.js';
import type { StoreKey } from './keys.js';

/** Options of {@link createToolpaneStore}. */
export interface ToolpaneStoreOptions extends ReduceOptions {
  /** Start from this state instead of an empty one (e.g. a server-rendered snapshot). */
  readonly initialState?: ToolpaneState;
  /** When subscribers are notified (`'sync'`, after every dispatch, by default). */
  readonly notify?: NotifySchedule;
}

/** Holds one {@link ToolpaneState} and lets UIs subscribe to all of it, or to one key of it. */
export interface ToolpaneStore {
  /** The current immutable snapshot. */
  getState(): ToolpaneState;
  /**
   * Calls `listener` after the state changed, with the keys that changed (`null`: anything may
   * have, as after `reset`); returns the unsubscribe function.
   */
  subscribe(listener: ChangeListener<StoreKey>): () => void;
  /**
   * Calls `listener` only when a change touched `key` (see {@link StoreKey}): a chunk for one call
   * wakes that call's subscribers, its run's and its ancestors', and no one else's. Returns the
   * unsubscribe function.
   */
  subscribeKey(key: StoreKey, listener: () => void): () => void;
  /** Applies one chunk or client event. Never throws; bad chunks become `state.issues`. */
  dispatch(chunk: unknown): void;
  /** Applies many chunks with a single notification. */
  dispatchMany(chunks: Iterable<unknown>): void;
  /** Delivers pending notifications now (useful with a batching schedule). */
  flush(): void;
  /** Replaces the state (empty by default) and notifies everyone. */
  reset(state?: ToolpaneState): void;
  /** The clock the store stamps times with (its `now` option, `Date.now` by default). */
  readonly now?: () => number;
  /**
   * The state the store was created from (its `initialState` option, as published), or undefined
   * when it started empty. A page hydrates what the server rendered from this state, also when
   * the store has moved on since (see `@toolpane/react`'s server rendering).
   */
  readonly startedFrom?: ToolpaneState;
  /**
   * The client display transforms the store applies (its `transforms` option), so that state
   * rebuilt for it elsewhere (a session restoring a thread) hides what the store would hide.
   */
  readonly transforms?: ClientTransforms;
}

/**
 * Creates a store for one conversation. The store keeps working memory between chunks, so a
 * whole stream costs time linear in its size, and publishes an immutable snapshot only when it is
 * read, so entities nobody changed keep their identity. Each publish knows which calls, runs and
 * lists it touched, so keyed subscribers of anything else are not woken.
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
  /** Publishes not yet told to subscribers; their keys are named only if someone reads them. */
  let unsent: ChangedKeys | undefined;
  const emitter = createEmitter<StoreKey>();

  const getState = (): ToolpaneState => {
    if (dirty) {
      const before = snapshot;
      snapshot = reducer.publish();
      dirty = false;
      // Nobody listens: nobody needs to hear which keys changed. Otherwise the keys are named
      // when the emitter (for keyed subscribers) or a listener reads them, not here. A new state
      // that names no key (the stream's cursor moved, say) is still told to global listeners.
      const changes = reducer.changes();
      if (snapshot !== before && emitter.listening) {
        unsent =
          unsent === undefined ? new ChangedKeys(changes, snapshot) : unsent.add(changes, snapshot);
      }
    }
    return snapshot;
  };

  const emit = () => {
    // Without subscribers nothing reads the snapshot: publishing lazily in getState keeps a pure
    // ingest linear, since containers are then copied once per read rather than once per chunk.
    if (!emitter.listening) return;
    getState();
    if (unsent === undefined) return;
    const changed = unsent;
    unsent = undefined;
    emitter.emit(changed);
  };
  const changed = scheduleFlush(options.notify, emit);
  const dispatchMany = (chunks: Iterable<unknown>) => {
    // A publish the reducer asks for is one more read of the state.
    for (const chunk of chunks) {
      dirty = true;
      if (reducer.apply(chunk)) getState();
    }
    changed();
  };

  return {
    ...(options.initialState === undefined ? {} : { startedFrom: snapshot }),
    transforms: options.transforms,
    now: reduceOptions.now,
    getState,
    subscribe: (listener) => emitter.subscribe(listener),
    subscribeKey: (key, listener) => emitter.subscribeKey(key, listener),
    dispatch: (chunk) => dispatchMany([chunk]),
    dispatchMany,
    flush() {
      if (dirty || unsent !== undefined) emit();
    },
    reset(state = initialState) {
      reducer = createReducer(state, reduceOptions);
      snapshot = reducer.publish();
      dirty = false;
      unsent = undefined;
      emitter.emit(null);
    },
  };
}
