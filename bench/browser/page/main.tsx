/**
 * The benchmark page. `?case=floor|toolpane|toolpane-frame|toolpane-timer|ai-sdk|mastra&size=N&rate=R&every=MS`
 * loads that case's inputs from the bench server, mounts its transcript with the history, and exposes
 * `window.__bench`: `ready` resolves once the history is painted, `run()` plays the live part at
 * the rate and resolves with a {@link ReplayReport} once the last chunk is painted.
 */
import { createRoot } from 'react-dom/client';
import { createReplay, painted, type ReplayReport, watchMainThread } from './replay.ts';

/** What the driver reads from the page. */
export interface BenchWindow {
  readonly ready: Promise<void>;
  readonly run: () => Promise<ReplayReport>;
  /** The figures so far, for a run stopped at its time limit. */
  readonly stop: () => Promise<ReplayReport>;
}

declare global {
  interface Window {
    __bench?: BenchWindow;
  }
}

const params = new URLSearchParams(location.search);
const name = params.get('case') ?? 'toolpane';
const size = Number(params.get('size') ?? 2000);
const rate = Number(params.get('rate') ?? 1000);
const every = Number(params.get('every') ?? 33);

interface Bench {
  readonly run: () => Promise<ReplayReport>;
  readonly stop: () => ReplayReport;
}

async function setUp(): Promise<Bench> {
  const inputs = (await (await fetch(`/inputs?case=${name}&size=${size}`)).json()) as {
    readonly history: never;
    readonly live: readonly string[];
  };
  // Every library gets the same time for the live part: the native chunk count at the rate.
  const replay = createReplay(inputs.live, (size / rate) * 1000);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let play: () => Promise<void>;
  if (name === 'floor') {
    // What every case pays before it renders: the replay's clock, the reads, SSE framing and
    // JSON.parse of each chunk. Nothing is mounted.
    play = async () => {
      const { createFrameDecoder } = await import('@toolpane/client/stream');
      let parsed = 0;
      const decoder = createFrameDecoder('sse', { value: () => parsed++, issue: () => {} });
      const text = new TextDecoder();
      const reader = (replay.response().body as ReadableStream<Uint8Array>).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        decoder.feed(text.decode(read.value, { stream: true }));
      }
      decoder.end();
    };
  } else if (name === 'ai-sdk') {
    play = await (await import('./ai-sdk.tsx')).mountAiSdk(root, inputs.history, replay);
  } else if (name === 'mastra') {
    play = await (await import('./mastra.tsx')).mountMastra(root, inputs.history, replay);
  } else {
    const { mountToolpane } = await import('./toolpane.tsx');
    play = await mountToolpane(
      root,
      inputs.history,
      replay,
      name === 'toolpane-frame' ? 'frame' : name === 'toolpane-timer' ? { every } : undefined,
    );
  }
  await painted();
  // Pinned to the newest message from here on (see index.html).
  const scroller = document.getElementById('scroller') as HTMLElement;
  scroller.scrollTop = scroller.scrollHeight;
  await painted();
  let watch: ReturnType<typeof watchMainThread> | undefined;
  let start = 0;
  const figures = (end: number, stopped: boolean): ReplayReport => ({
    ...(watch as ReturnType<typeof watchMainThread>).stop(),
    durationMs: end - start,
    releaseMs: (stopped ? end : replay.lastAt()) - replay.startedAt(),
    frames: replay.sent(),
    totalFrames: replay.total,
    cards: document.querySelectorAll('[data-card], [data-slot="tool-call"]').length,
    stopped,
  });
  return {
    run: async () => {
      watch = watchMainThread();
      start = performance.now();
      await play();
      await replay.released;
      await painted();
      return figures(performance.now(), false);
    },
    stop: () => figures(performance.now(), true),
  };
}

const ready = setUp();
window.__bench = {
  ready: ready.then(() => undefined),
  run: async () => (await ready).run(),
  stop: async () => (await ready).stop(),
};
