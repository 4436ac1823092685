import { useEffect, useState } from 'react';

/**
 * Milliseconds since `since` (epoch milliseconds), updated once a second while `since` is given;
 * undefined otherwise. Only the component that calls it re-renders on each tick.
 */
export function useElapsed(since: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === undefined ? undefined : Math.max(0, now - since);
}
