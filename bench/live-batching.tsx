/**
 * Live batching: a stream arriving at a steady rate (one chunk per network read, as a live
 * stream does) into the default `<Transcript.Root/>` with many cards mounted, for each
 * `NotifySchedule`. Measures the main-thread time spent applying chunks and rendering (every
 * task wrapped in act(), so React renders inside what is timed), commits, and the worst task.
 * With the browser benchmark (bench/browser), this is what picks the default schedule of a
 * session's store.
 */
import { batchScheduler, createToolpaneStore, type NotifySchedule } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { JSDOM } from 'jsdom';
import { act, Profiler } from 'react';
import { childOptions, isMain, log, report } from './child.ts';
import { generateLines } from './generate.ts';

/** Options of the live batching run. */
export interface LiveOptions {
  /** Chunks applied before measuring (their tool calls become mounted cards). */
  readonly mount: number;
  /** Chunks streamed while measuring, one per task. */
  readonly chunks: number;
  /** Arrival rate, chunks per second. */
  readonly rate: number;
}

/** Figures of one schedule. */
export interface LiveRow {
  readonly schedule: string;
  readonly cards: number;
  readonly chunks: number;
  readonly commits: number;
  /** Main-thread time spent in Toolpane and React, in ms. */
  readonly busyMs: number;
  /** The longest single task, in ms. */
  readonly worstMs: number;
  /** Wall time of the stream, in ms. */
  readonly wallMs: number;
}

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    pretendToBeVisual: true,
    url: 'http://localhost/',
  });
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (
      key in globals ||
      !/^[A-Z]|^(requestAnimationFrame|cancelAnimationFrame|getComputedStyle)$/.test(key)
    )
      continue;
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  if (!('navigator' in globals)) globals.navigator = dom.window.navigator;
  globals.window = dom.window;
  globals.document = dom.window.document;
  globals.IS_REACT_ACT_ENVIRONMENT = true;
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams the chunks into a mounted transcript under each schedule. */
export async function live(options: LiveOptions): Promise<LiveRow[]> {
  installDom();
  const { createRoot } = await import('react-dom/client');
  const chunks = generateLines({ chunks: options.mount + options.chunks }).map(
    (line) => JSON.parse(line) as unknown,
  );
  const mount = chunks.slice(0, options.mount);
  const stream = chunks.slice(options.mount);
  const rows: LiveRow[] = [];
  const schedules: ReadonlyArray<[string, NotifySchedule]> = [
    ['sync', 'sync'],
    ['microtask', 'microtask'],
    ['frame', 'frame'],
    ['every 33 ms', { every: 33 }],
  ];
  for (const [name, schedule] of schedules) {
    let busy = 0;
    let worst = 0;
    let commits = 0;
    const timed = (work: () => void) => {
      const start = now();
      act(work);
      const spent = now() - start;
      busy += spent;
      worst = Math.max(worst, spent);
    };
    const run = schedule === 'sync' ? undefined : batchScheduler(schedule);
    const store = createToolpaneStore(
      run === undefined ? {} : { notify: (flush) => run(() => timed(flush)) },
    );
    store.dispatchMany(mount);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Profiler id={name} onRender={() => commits++}>
          <ToolpaneProvider store={store}>
            <Transcript.Root />
          </ToolpaneProvider>
        </Profiler>,
      );
    });
    const cards = container.querySelectorAll('[data-slot="tool-call"]').length;
    commits = 0;
    const interval = 1_000 / options.rate;
    const started = now();
    for (const [i, chunk] of stream.entries()) {
      timed(() => store.dispatch(chunk));
      // Wait until the next chunk is due, so batches form as they would on a live stream.
      const due = started + (i + 1) * interval;
      const wait = due - now();
      await sleep(Math.max(wait, 0));
    }
    await sleep(50);
    timed(() => store.flush());
    rows.push({
      schedule: name,
      cards,
      chunks: stream.length,
      commits,
      busyMs: busy,
      worstMs: worst,
      wallMs: now() - started,
    });
    await act(async () => root.unmount());
    container.remove();
    log(`live: ${name} done`);
  }
  return rows;
}

if (isMain(import.meta.url)) {
  report(await live(childOptions<LiveOptions>()));
}
