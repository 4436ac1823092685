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
