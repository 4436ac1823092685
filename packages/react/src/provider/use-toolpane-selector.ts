'use client';
import type { StoreKey, ToolpaneState } from '@toolpane/client';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useToolpaneContext } from './toolpane-provider.js';

interface Cached<T> {
  readonly state: ToolpaneState;
  readonly selector: (state: ToolpaneState) => T;
  readonly value: T;
}

/**
 * What a selector depends on: one {@link StoreKey}, or several (keep such an array constant, e.g.
 * a module-level one, or the subscription is renewed on every render).
 */
export type SelectorKey = StoreKey | readonly StoreKey[];

/**
 * Subscribes to a slice of the Toolpane state; the component re-renders only when the selected
 * value changes. Entities that did not change keep their identity, so selecting one (a call, a
 * run) needs no `isEqual`. A selector that builds a new object or array on every call re-renders
 * on every chunk: select primitives, or pass `shallowEqual`.
 *
 * With `key`, the selector runs only when a change touched that key (see `StoreKey` in
 * `@toolpane/client`), not on every chunk: a chunk for one call then costs nothing in components
 * that show other calls. The selector must read only what its keys cover: `callKey(id)` covers
 * the call and everything inside it, `runKey(id)` the run and everything inside it.
 *
 * @example
 * const status = useToolpaneSelector(
 *   (state) => state.toolCalls.get(id)?.status,
 *   Object.is,
 *   callKey(id),
 * );
 * const names = useToolpaneSelector(
 *   (state) => state.toolCallOrder.map((id) => state.toolCalls.get(id)?.toolName),
 *   shallowEqual,
 * );
 */
export function useToolpaneSelector<T>(
  selector: (state: ToolpaneState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  key?: SelectorKey,
): T {
  const { source, serverState } = useToolpaneContext('useToolpaneSelector');
  const cache = useRef<Cached<T> | null>(null);
  const serverCache = useRef<Cached<T> | null>(null);
  const subscribe = useMemo(() => {
    if (key === undefined) return (listener: () => void) => source.subscribe(listener);
    if (typeof key === 'string') {
      return (listener: () => void) => source.subscribeKey(key, listener);
    }
    return (listener: () => void) => {
      const offs = key.map((one) => source.subscribeKey(one, listener));
      return () => {
        for (const off of offs) off();
      };
    };
  }, [source, key]);
  const read = (held: typeof cache, state: ToolpaneState): T => {
    const previous = held.current;
    if (previous !== null && previous.state === state && previous.selector === selector) {
      return previous.value;
    }
    const next = selector(state);
    // Keeping the previous value when it is equal is what lets React skip the re-render.
    const value = previous !== null && isEqual(previous.value, next) ? previous.value : next;
    held.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(
    subscribe,
    () => read(cache, source.getState()),
    // Server rendering and hydration read what the server rendered (see `serverState`).
    () => read(serverCache, serverState()),
  );
}
