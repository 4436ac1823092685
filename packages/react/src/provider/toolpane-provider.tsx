'use client';
import {
  type AgentSession,
  batchScheduler,
  type NotifySchedule,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ToolRegistry } from '../registry/types.js';

/** How the provider batches store updates before components hear about them. */
export type UpdateBatching = Exclude<NotifySchedule, 'sync'>;

/** What hooks subscribe to: the store itself, or a batched view of it. */
export interface ToolpaneSource {
  getState(): ToolpaneState;
  subscribe(listener: () => void): () => void;
}

interface ToolpaneContextValue {
  readonly store: ToolpaneStore;
  readonly source: ToolpaneSource;
  readonly session: AgentSession | undefined;
  readonly registry: ToolRegistry | undefined;
}

const ToolpaneContext = createContext<ToolpaneContextValue | null>(null);

/**
 * A view of `store` that tells its listeners about changes at most once per scheduled flush.
 * While anyone listens, it shows the state as of the last flush, so every component renders the
 * same snapshot; with no listeners it reads the store directly.
 */
function createBatchedSource(store: ToolpaneStore, batch: UpdateBatching): ToolpaneSource {
  const schedule = batchScheduler(batch);
  const listeners = new Set<() => void>();
  let shown: ToolpaneState | undefined;
  let pending = false;
  let unsubscribe: (() => void) | undefined;

  const flush = () => {
    pending = false;
    if (listeners.size === 0) return;
    const next = store.getState();
    if (next === shown) return;
    shown = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => shown ?? store.getState(),
    subscribe(listener) {
      if (listeners.size === 0) {
        shown = store.getState();
        unsubscribe = store.subscribe(() => {
          if (pending) return;
          pending = true;
          schedule(flush);
        });
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        shown = undefined;
      };
    },
  };
}

interface ProviderCommonProps {
  readonly children?: ReactNode;
  /**
   * Batch updates for very fast streams: `'frame'` re-renders at most once per animation frame,
   * `'microtask'` once per burst of chunks, a function schedules `flush` itself (keep it stable).
   * Without it, components hear about every notification of the store.
   */
  readonly batch?: UpdateBatching;
  /** The renderers `<ToolCallView>` picks from, unless it gets its own. */
  readonly registry?: ToolRegistry;
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
  const { children, batch, registry, session } = props;
  const store = session === undefined ? props.store : session.store;
  if (store === undefined) {
    throw new Error('<ToolpaneProvider> needs a `store` or a `session`.');
  }
  const source = useMemo(
    () => (batch === undefined ? store : createBatchedSource(store, batch)),
    [store, batch],
  );
  const value = useMemo(
    () => ({ store, source, session, registry }),
    [store, source, session, registry],
  );
  return <ToolpaneContext.Provider value={value}>{children}</ToolpaneContext.Provider>;
}

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
