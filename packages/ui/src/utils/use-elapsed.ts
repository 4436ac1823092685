import { useEffect, useState } from 'react';

/**
 * Milliseconds since `since` on `clock` (the store's, which stamped `since`), updated once a
 * second while `since` is given; undefined otherwise. Only the component that calls it re-renders
 * on each tick.
 */
export function useElapsed(
  since: number | undefined,
  clock: () => number = Date.now,
): number | undefined {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (since === undefined) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [since, clock]);
  return since === undefined ? undefined : Math.max(0, now - since);
}
