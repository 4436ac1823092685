/**
 * `pnpm bench:browser`: what a person feels while a stream plays, in Chromium. A page built with
 * Vite mounts a transcript that already holds a long history (500 top-level tool cards by
 * default), then replays a live part of the generated stream at 1,000 chunks/s into it: Toolpane's
 * `<Transcript.Root/>` (store.dispatch per chunk; default batching and `batch="frame"`),
 * `@ai-sdk/react` `useChat` and `@mastra/react` `useChat`, each with equivalent tool cards and
 * reading the stream through its own transport; and a floor that only reads and parses the
 * stream, which every case pays before it renders. The page counts long tasks and long animation
 * frames; CDP `Performance.getMetrics` gives the main thread's task, script, layout and style time.
 * Every case runs in a fresh browser context; cases alternate so that a busy neighbour slows all
 * of them alike. The report is Markdown on stdout, progress on stderr.
 *
 * Options: `--sizes=2000,10000` (live chunks), `--cards=500`, `--rate=1000` (chunks/s),
 * `--runs=1` (the median run is reported), `--cases=toolpane,ai-sdk`, `--smoke` (tiny sizes, only
 * proves that every case runs and renders), `--trace=folder` (a Chromium trace of each case and
 * size, read with `pnpm bench:browser:trace folder/*.json`; tracing slows the page, so its figures
 * are not comparable with untraced runs), `--profile=folder` (a JavaScript CPU profile of each case
 * and size from an unminified page, read with the same command; the page is kept beside the
 * profiles, in `folder/page`, so a profile's file and line can be looked up), `--every=33` (the
 * interval of the `toolpane-timer` case, ms), `--reduced-motion` (the page prefers reduced motion,
 * which stops the UI's animations), `--live=answer` (the live part is one answer that grows by a
 * text delta per chunk, about 7 characters each with a line break every 12 words or so, instead
 * of the generated mix).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { alias } from '../../vitest.config.ts';
import { table } from '../measure.ts';
import { type BrowserInputs, browserInputs } from './data.ts';
import type { BenchWindow } from './page/main.tsx';
import type { ReplayReport } from './page/replay.ts';
import {
  type BrowserBenchOptions,
  type BrowserRun,
  type CaseName,
  caseLabels,
  goals,
  goalTable,
  growthTable,
  medians,
  parseOptions,
  ratioTable,
  sizeTable,
  threadTimes,
} from './report.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = fileURLToPath(new URL('./page', import.meta.url));

/** The figures of a stopped page that did not answer: only the time limit is known. */
const unanswered = (limitMs: number): ReplayReport => ({
  durationMs: limitMs,
  releaseMs: Number.NaN,
  frames: Number.NaN,
  totalFrames: Number.NaN,
  stopped: true,
  longTasks: Number.NaN,
  longTaskMs: Number.NaN,
  worstLongTaskMs: Number.NaN,
  longFrames: Number.NaN,
  worstFrameGapMs: Number.NaN,
  cards: Number.NaN,
});

/** What `--trace` records: the main thread's tasks and rendering steps, and V8. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'v8',
  'v8.execute',
];

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Builds the page (production React) into `outDir`. */
async function buildPage(outDir: string, minify: boolean): Promise<void> {
  const src = (path: string) => join(ROOT, 'packages', path);
  await build({
    root: PAGE,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: {
      // The packages' sources, every subpath included, as the tests resolve them.
      alias: [
        { find: /^@toolpane\/ui\/styles\.css$/, replacement: src('ui/src/styles.css') },
        ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ],
    },
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      chunkSizeWarningLimit: 4096,
      reportCompressedSize: false,
    },
  });
}

/** What the page of one case loads: the history in its library's form, and the live texts. */
function caseInputs(inputs: BrowserInputs, name: CaseName): { history: unknown; live: unknown } {
  if (name === 'ai-sdk') return { history: inputs.aiSdkHistory, live: inputs.aiSdkLive };
  if (name === 'mastra') return { history: inputs.mastraHistory, live: inputs.nativeLive };
  return { history: inputs.toolpaneHistory, live: inputs.nativeLive };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves the built page and each case's inputs on 127.0.0.1, on a free port. */
async function serve(outDir: string, inputs: Map<number, BrowserInputs>): Promise<Server> {
  const bodies = new Map<string, string>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/inputs') {
      const size = Number(url.searchParams.get('size'));
      const name = url.searchParams.get('case') as CaseName;
      const key = `${name}@${size}`;
      const sized = inputs.get(size);
      if (sized === undefined) {
        response.writeHead(404).end();
        return;
      }
      if (!bodies.has(key)) bodies.set(key, JSON.stringify(caseInputs(sized, name)));
      response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.get(key));
      return;
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    try {
      const body = readFileSync(join(outDir, path.replace(/\.\.+/g, '')));
      response.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Runs every case at every size `runs` times, alternating cases. */
export async function runBrowserBench(
  options: BrowserBenchOptions,
): Promise<{ runs: BrowserRun[]; historyChunks: number }> {
  // With --profile the page stays beside the profiles: their lines point into it.
  const outDir =
    options.profile === undefined
      ? mkdtempSync(join(tmpdir(), 'toolpane-bench-browser-'))
      : join(options.profile, 'page');
  log('building the page');
  await buildPage(outDir, options.profile === undefined);
  log(
    `preparing inputs: ${options.cards} cards of history, live parts of ${options.sizes.join(', ')}`,
  );
  const inputs = await browserInputs(options.sizes, options.cards, options.live);
  const server = await serve(outDir, inputs);
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const runs: BrowserRun[] = [];
  try {
    for (let round = 0; round < options.runs; round++) {
      for (const size of options.sizes) {
        for (const name of options.cases) {
          const context = await browser.newContext({
            viewport: { width: 1280, height: 900 },
            reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
          });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          const cdp = await context.newCDPSession(page);
          // The main thread's CPU time: on a shared machine wall-clock task times also count the
          // time other processes held the core, which made every case look 100% busy.
          await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
          await page.goto(
            `${origin}/?case=${name}&size=${size}&rate=${options.rate}&every=${options.every}`,
          );
          await page.evaluate(() => (window as { __bench?: BenchWindow }).__bench?.ready);
          await page.waitForTimeout(500);
          if (options.trace !== undefined) {
            mkdirSync(options.trace, { recursive: true });
            await browser.startTracing(page, {
              path: join(options.trace, `${name}-${size}.json`),
              categories: TRACE_CATEGORIES,
            });
          }
          if (options.profile !== undefined) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
            await cdp.send('Profiler.start');
          }
          const before = (await cdp.send('Performance.getMetrics')).metrics;
          // A case that falls far behind the stream is stopped, and reported with what it did.
          const limitMs = (size / options.rate) * 1000 * 3 + 30_000;
          let timer: NodeJS.Timeout | undefined;
          const finished = await Promise.race([
            page.evaluate(() => (window as { __bench?: BenchWindow }).__bench?.run()),
            new Promise<'late'>((resolve) => {
              timer = setTimeout(() => resolve('late'), limitMs);
            }),
          ]);
          clearTimeout(timer);
          const after = (await cdp.send('Performance.getMetrics')).metrics;
          if (options.trace !== undefined) await browser.stopTracing();
          if (options.profile !== undefined) {
            mkdirSync(options.profile, { recursive: true });
            const { profile } = await cdp.send('Profiler.stop');
            writeFileSync(
              join(options.profile, `${name}-${size}.cpuprofile`),
              JSON.stringify(profile),
            );
          }
          // A page that fell behind may stay busy for minutes: ask it for its figures briefly,
          // then report Chromium's counters alone.
          const report =
            finished === 'late'
              ? await Promise.race([
                  page.evaluate(() => (window as { __bench?: BenchWindow }).__bench?.stop()),
                  new Promise<ReplayReport>((resolve) =>
                    setTimeout(() => resolve(unanswered(limitMs)), 5000),
                  ),
                ])
              : finished;
          await context.close();
          if (report === undefined) throw new Error(`${name}: the page has no benchmark`);
          if (errors.length > 0) throw new Error(`${name}: the page failed: ${errors.join('; ')}`);
          const run = { name, size, page: report, times: threadTimes(before, after) };
          log(
            `  ${name} ${size}: ${run.times.taskMs.toFixed(0)} ms main thread over ${report.durationMs.toFixed(0)} ms, ` +
              `${report.longTasks} long tasks, ${report.cards} cards` +
              (report.stopped ? `, stopped after ${report.frames} chunks` : ''),
          );
          runs.push(run);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
    if (options.profile === undefined) rmSync(outDir, { recursive: true, force: true });
  }
  return { runs, historyChunks: inputs.values().next().value?.historyChunks ?? 0 };
}

/** The whole report. */
export function browserReport(
  options: BrowserBenchOptions,
  runs: readonly BrowserRun[],
  context: { readonly history: number; readonly loadStart: string },
): string {
  const best = medians(runs);
  const labels = caseLabels(options.every);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown';
  return [
    '## Browser: a live stream into a long transcript',
    '',
    table(
      ['machine', ''],
      [
        ['CPU', `${cpu} × ${cpus().length}`],
        ['memory', `${(totalmem() / 2 ** 30).toFixed(1)} GiB`],
        ['browser', 'Debian Chromium (headless), through playwright-core'],
        [
          'load average at start / end',
          `${context.loadStart} / ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        ],
        [
          'history',
          `${options.cards} top-level tool cards (${context.history.toLocaleString('en-US')} chunks)`,
        ],
        ['rate', `${options.rate.toLocaleString('en-US')} chunks/s, one chunk per network read`],
        ['runs', `${options.runs} per case and size (median by main-thread time)`],
        ['motion', options.reducedMotion ? 'reduced (`--reduced-motion`)' : 'as the UI animates'],
        [
          'live part',
          options.live === 'answer'
            ? 'one answer growing by a text delta per chunk (`--live=answer`)'
            : 'the generated mix of runs, tool calls and subagents',
        ],
      ],
    ),
    '',
    ...options.sizes.flatMap((size) => [
      `Live part of ${size.toLocaleString('en-US')} native chunks:`,
      '',
      sizeTable(best, size, labels),
      '',
    ]),
    ratioTable(best, options.sizes, labels),
    '',
    options.sizes.length > 1 ? `${growthTable(best, options.sizes, labels)}\n` : '',
    goalTable(goals(best, options.sizes, labels)),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const started = Date.now();
  const { runs, historyChunks } = await runBrowserBench(options);
  process.stdout.write(browserReport(options, runs, { history: historyChunks, loadStart }));
  log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
