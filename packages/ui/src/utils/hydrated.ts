import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and hydrates what the server sent, true afterwards
 * (and at once in a browser-only render). Values that depend on when something ran, such as
 * durations from the store's clock, render only then, so server and browser markup match.
 *
 * @example
 * const hydrated = useHydrated();
 * return hydrated ? <span>{formatDuration(ms)}</span> : null;
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
