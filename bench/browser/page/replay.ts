/**
 * The live stream of a benchmark case: SSE frames released on a clock at the stream rate, one
 * frame per network read, as a `Response` that each library reads the way it reads a server's.
 * The page records what users feel while it plays: long tasks, long animation frames and the
 * longest gap between two painted frames.
 */

/** What the page reports about one replay. */
export interface ReplayReport {
  /** From the first frame released to the transcript settled after the last one (ms). */
  readonly durationMs: number;
  /** From the first frame released to the last one (ms); the rate asks for `frames / rate`. */
  readonly releaseMs: number;
  /** Frames released (all of them, unless the run was stopped at its time limit). */
  readonly frames: number;
  /** Frames in the live part. */
  readonly totalFrames: number;
  /** Whether the run was stopped at its time limit before the stream ended. */
  readonly stopped: boolean;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly worstLongTaskMs: number;
  /** Long animation frames (over 50 ms, Chromium's `long-animation-frame` entries). */
  readonly longFrames: number;
  /** The worst frame: the longest gap between two animation frames while the stream played (ms). */
  readonly worstFrameGapMs: number;
  /** Cards in the DOM at the end. */
  readonly cards: number;
}

/** A clock that releases SSE frames at a rate, and the `Response` that carries them. */
export interface Replay {
  readonly response: () => Response;
  /** Resolves once the last frame was released. */
  readonly released: Promise<void>;
  readonly startedAt: () => number;
  readonly lastAt: () => number;
  /** Frames released so far. */
  readonly sent: () => number;
  readonly total: number;
}

/** Frames (JSON texts) released over `durationMs`, evenly spaced, one per read. */
export function createReplay(texts: readonly string[], durationMs: number): Replay {
  const encoder = new TextEncoder();
  const frames = texts.map((text) => encoder.encode(`data: ${text}\n\n`));
  let startedAt = 0;
  let lastAt = 0;
  let resolveReleased: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    resolveReleased = resolve;
  });
  let sent = 0;
  const response = () => {
    sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        startedAt = performance.now();
        const tick = () => {
          const elapsed = performance.now() - startedAt;
          const due = Math.min(
            frames.length,
            Math.floor((elapsed / durationMs) * frames.length) + 1,
          );
          while (sent < due) controller.enqueue(frames[sent++] as Uint8Array);
          if (sent < frames.length) {
            setTimeout(tick, 1);
            return;
          }
          lastAt = performance.now();
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          controller.close();
          resolveReleased();
        };
        tick();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream',
        'x-vercel-ai-ui-message-stream': 'v1',
      },
    });
  };
  return {
    response,
    released,
    startedAt: () => startedAt,
    lastAt: () => lastAt,
    sent: () => sent,
    total: frames.length,
  };
}

/** Records long tasks, long animation frames and frame gaps until `stop` is called. */
export function watchMainThread(): {
  stop: () => Omit<
    ReplayReport,
    'durationMs' | 'releaseMs' | 'frames' | 'totalFrames' | 'cards' | 'stopped'
  >;
} {
  const tasks: number[] = [];
  const frames: number[] = [];
  const longtask = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  longtask.observe({ type: 'longtask' });
  const loaf = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) frames.push(entry.duration);
  });
  const loafSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  if (loafSupported) loaf.observe({ type: 'long-animation-frame' });
  let worstGap = 0;
  let last = performance.now();
  let running = true;
  const onFrame = (at: number) => {
    worstGap = Math.max(worstGap, at - last);
    last = at;
    if (running) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  return {
    stop() {
      running = false;
      for (const entry of longtask.takeRecords()) tasks.push(entry.duration);
      for (const entry of loaf.takeRecords()) frames.push(entry.duration);
      longtask.disconnect();
      loaf.disconnect();
      return {
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((sum, d) => sum + d, 0),
        worstLongTaskMs: Math.max(0, ...tasks),
        longFrames: frames.length,
        worstFrameGapMs: worstGap,
      };
    },
  };
}

/** Resolves after two animation frames: what was rendered is painted. */
export const painted = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
