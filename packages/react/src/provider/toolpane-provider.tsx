'use client';
import {
  type AgentSession,
  createEmitter,
  mergeChanged,
  type NotifySchedule,
  type StoreKey,
  type Subscribable,
  scheduleFlush,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ToolRegistry } from '../registry/types.js';

/**
 * How the provider batches store updates: the client's {@link NotifySchedule}, the one batching
 * concept of Toolpane. An alias kept for code written against earlier versions.
 */
export type UpdateBatching = NotifySchedule;

/** What hooks subscribe to, as a whole or by key: the store itself, or a batched view of it. */
export interface ToolpaneSource extends Subscribable<StoreKey> {
  getState(): ToolpaneState;
}

interface ToolpaneContextValue {
  readonly store: ToolpaneStore;
  readonly source: ToolpaneSource;
  /** What the server rendered: the state server rendering and hydration read. */
  readonly serverState: () => ToolpaneState;
  readonly session: AgentSession | undefined;
  readonly registry: ToolRegistry | undefined;
}

const ToolpaneContext = createContext<ToolpaneContextValue | null>(null);

/**
 * A view of `store` that tells its listeners about changes at most once per scheduled flush,
 * with every key the store named since the last one. While anyone listens, it shows the state as
 * of the last flush, so every component renders the same snapshot; with no listeners it reads the
 * store directly.
 */
function createBatchedSource(store: ToolpaneStore, batch: NotifySchedule): ToolpaneSource {
  const emitter = createEmitter<StoreKey>();
  let shown: ToolpaneState | undefined;
  let collected: Set<StoreKey> | null | undefined;
  let unsubscribe: (() => void) | undefined;

  const flush = () => {
    const changed = collected;
    collected = undefined;
    if (!emitter.listening || changed === undefined) return;
    shown = store.getState();
    emitter.emit(changed);
  };
  const request = scheduleFlush(batch, flush);

  const attach = () => {
    if (unsubscribe !== undefined) return;
    shown = store.getState();
    unsubscribe = store.subscribe((changed) => {
      collected = mergeChanged(collected, changed);
      request();
    });
  };
  const detachIfIdle = () => {
    if (emitter.listening) return;
    unsubscribe?.();
    unsubscribe = undefined;
    shown = undefined;
    collected = undefined;
  };

  return {
    getState: () => shown ?? store.getState(),
    subscribe(listener) {
      attach();
      const off = emitter.subscribe(listener);
      return () => {
        off();
        detachIfIdle();
      };
    },
    subscribeKey(key, listener) {
      attach();
      const off = emitter.subscribeKey(key, listener);
      return () => {
        off();
        detachIfIdle();
      };
    },
  };
}

interface ProviderCommonProps {
  readonly children?: ReactNode;
  /**
   * When components hear about store updates, as a {@link NotifySchedule} (the same values as the
   * store's `notify`, applied on top of it): `'frame'` re-renders at most once per animation
   * frame, `{ every: 33 }` at most every 33 ms in a task of its own, `'microtask'` once per burst
   * of chunks, a function schedules `flush` itself (keep it stable). Without it (or with `'sync'`), components hear about every notification of the store.
   */
  readonly batch?: NotifySchedule;
  /** The renderers `<ToolCallView>` picks from, unless it gets its own. */
  readonly registry?: ToolRegistry;
  /**
   * The state the server rendered this page from, for a browser store that may move on before
   * hydration ends (a chunk that lands first): hydration renders this state, then the store's
   * own as an ordinary update, so the markup matches. By default, in a browser, the state the
   * store was created from (`initialState`, e.g. the server's snapshot), and the store's current
   * state when it started empty; on the server, the store's current state.
   */
  readonly serverState?: ToolpaneState;
}

/** Props of {@link ToolpaneProvider}: a store to read, or a session to read and act through. */
export type ToolpaneProviderProps = ProviderCommonProps &
  (
    | { readonly store: ToolpaneStore; readonly session?: undefined }
    | { readonly session: AgentSession; readonly store?: undefined }
  );

/**
 * Makes a store (or a session and its store) available to the Toolpane hooks below it. With only
 * a store, the hooks read state and the actions (`send`, `approve`, …) report that no session is
 * there.
 *
 * @example
 * const session = createAgentSession({ baseUrl: 'http://localhost:4111', agentId: 'weather-agent' });
 *
 * function App() {
 *   return (
 *     <ToolpaneProvider session={session} batch="frame">
 *       <Transcript />
 *     </ToolpaneProvider>
 *   );
 * }
 */
export function ToolpaneProvider(props: ToolpaneProviderProps) {
  const { children, batch, registry, session, serverState } = props;
  const store = session === undefined ? props.store : session.store;
  if (store === undefined) {
    throw new Error('<ToolpaneProvider> needs a `store` or a `session`.');
  }
  // `batch={{ every: 33 }}` is a new object on every render: the interval it names is what counts.
  const schedule = typeof batch === 'object' ? batch.every : batch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `schedule` stands for `batch`
  const source = useMemo(
    () => (batch === undefined || batch === 'sync' ? store : createBatchedSource(store, batch)),
    [store, schedule],
  );
  const value = useMemo(
    () => ({
      store,
      source,
      session,
      registry,
      serverState: () =>
        serverState ??
        (typeof window === 'undefined' ? undefined : store.startedFrom) ??
        source.getState(),
    }),
    [store, source, session, registry, serverState],
  );
  return <ToolpaneContext.Provider value={value}>{children}</ToolpaneContext.Provider>;
}

/** Why a hook sent nothing: its provider has no session (only a store). */
export const NO_SESSION = 'Nothing was sent: pass `session` to <ToolpaneProvider>.';

/** The provider's context; throws a helpful error outside a provider. */
export function useToolpaneContext(hookName: string): ToolpaneContextValue {
  const value = useContext(ToolpaneContext);
  if (value === null) {
    throw new Error(`\`${hookName}\` must be used within <ToolpaneProvider>.`);
  }
  return value;
}

/**
 * The store of the nearest {@link ToolpaneProvider}, e.g. to dispatch recorded chunks.
 *
 * @example
 * const store = useToolpaneStore();
 * useEffect(() => store.dispatchMany(recordedChunks), [store]);
 */
export function useToolpaneStore(): ToolpaneStore {
  return useToolpaneContext('useToolpaneStore').store;
}

/**
 * The session of the nearest {@link ToolpaneProvider}, or undefined when it got only a store.
 *
 * @example
 * const session = useToolpaneSession();
 * if (session !== undefined) session.abort();
 */
export function useToolpaneSession(): AgentSession | undefined {
  return useToolpaneContext('useToolpaneSession').session;
}

/**
 * What the hooks below the nearest {@link ToolpaneProvider} read: its store, or the batched view
 * of it when the provider has `batch`. Its `subscribe` tells which keys each update changed, for
 * components whose work should follow the changes rather than the whole state.
 *
 * @example
 * const source = useToolpaneSource();
 * useEffect(
 *   () => source.subscribe((changed) => console.log(changed === null ? 'everything' : [...changed])),
 *   [source],
 * );
 */
export function useToolpaneSource(): ToolpaneSource {
  return useToolpaneContext('useToolpaneSource').source;
}
