'use client';
import type { ToolpaneState } from '@toolpane/client';
import { useRef, useSyncExternalStore } from 'react';
import { useToolpaneContext } from './toolpane-provider.js';

interface Cached<T> {
  readonly state: ToolpaneState;
  readonly selector: (state: ToolpaneState) => T;
  readonly value: T;
}

/**
 * Subscribes to a slice of the Toolpane state; the component re-renders only when the selected
 * value changes. Entities that did not change keep their identity, so selecting one (a call, a
 * run) needs no `isEqual`. A selector that builds a new object or array on every call re-renders
 * on every chunk: select primitives, or pass `shallowEqual`.
 *
 * @example
 * const status = useToolpaneSelector((state) => state.toolCalls.get(id)?.status);
 * const names = useToolpaneSelector(
 *   (state) => state.toolCallOrder.map((id) => state.toolCalls.get(id)?.toolName),
 *   shallowEqual,
 * );
 */
export function useToolpaneSelector<T>(
  selector: (state: ToolpaneState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const { source } = useToolpaneContext('useToolpaneSelector');
  const cache = useRef<Cached<T> | null>(null);
  const getSnapshot = (): T => {
    const state = source.getState();
    const previous = cache.current;
    if (previous !== null && previous.state === state && previous.selector === selector) {
      return previous.value;
    }
    const next = selector(state);
    // Keeping the previous value when it is equal is what lets React skip the re-render.
    const value = previous !== null && isEqual(previous.value, next) ? previous.value : next;
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(source.subscribe, getSnapshot, getSnapshot);
}
