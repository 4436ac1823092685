/**
 * When subscribers hear about changes. The one batching concept of Toolpane: a store's `notify`
 * and `@toolpane/react`'s `<ToolpaneProvider batch>` take the same values.
 */
export type NotifySchedule =
  /** After every dispatch (the default). */
  | 'sync'
  /** Once per microtask: a burst of chunks read in one go becomes one update. */
  | 'microtask'
  /** Once per animation frame (falls back to 16 ms timers outside browsers): for very fast streams. */
  | 'frame'
  /**
   * At most once every `every` milliseconds, on a timer. The update's work (React's render, for a
   * UI) runs in a task of its own instead of inside the browser's frame, so no task holds both;
   * `{ every: 33 }` is about 30 updates a second.
   */
  | { readonly every: number }
  /** Your own scheduler: call `flush` when subscribers should hear about pending changes. */
  | ((flush: () => void) => void);

/**
 * The scheduler behind a batching {@link NotifySchedule}: it calls `flush` once the batch is over.
 *
 * @example
 * const schedule = batchScheduler('frame');
 * schedule(() => render());
 */
export function batchScheduler(
  schedule: Exclude<NotifySchedule, 'sync'>,
): (flush: () => void) => void {
  if (schedule === 'microtask') return (flush) => queueMicrotask(flush);
  if (typeof schedule === 'object') {
    const { every } = schedule;
    if (typeof every !== 'number' || !(every >= 0) || every === Number.POSITIVE_INFINITY) {
      throw new TypeError(
        `A notify schedule's "every" is a number of milliseconds, 0 or more; got ${String(every)}`,
      );
    }
    return (flush) => setTimeout(flush, every);
  }
  if (schedule === 'frame') {
    return (flush) => {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
      else setTimeout(flush, 16);
    };
  }
  return schedule;
}

/**
 * A function that asks for `flush` to run per `schedule`: at once for `'sync'` (or no schedule),
 * else once per batch however often it is called in between.
 *
 * @example
 * const request = scheduleFlush('frame', () => emitter.emit(collected));
 * request(); request(); // one flush, next frame
 */
export function scheduleFlush(schedule: NotifySchedule | undefined, flush: () => void): () => void {
  if (schedule === undefined || schedule === 'sync') return flush;
  const run = batchScheduler(schedule);
  let pending = false;
  const go = () => {
    pending = false;
    flush();
  };
  return () => {
    if (pending) return;
    pending = true;
    run(go);
  };
}
