/**
 * The browser benchmark's figures and its Markdown report: what the page measured (long tasks,
 * frames, cards) and what Chromium's own counters said (CDP `Performance.getMetrics`: task,
 * script, layout and style time), per case and size, with ratios against the peers measured in
 * the same run and the goals of issue 18.
 */
import { fmtMs, fmtRatio, table } from '../measure.ts';
import type { ReplayReport } from './page/replay.ts';

/** The cases, in the order they run and print. */
export const CASES = [
  'floor',
  'toolpane',
  'toolpane-frame',
  'toolpane-timer',
  'ai-sdk',
  'mastra',
] as const;

/** One case. */
export type CaseName = (typeof CASES)[number];

/** How each case is named in the report (with the timer case's default interval). */
export const CASE_LABELS: Readonly<Record<CaseName, string>> = {
  floor: 'floor: the stream read and parsed, nothing rendered',
  toolpane: 'Toolpane, default batching',
  'toolpane-frame': 'Toolpane, batch="frame"',
  'toolpane-timer': 'Toolpane, batch={ every: 33 }',
  'ai-sdk': '@ai-sdk/react useChat',
  mastra: '@mastra/react useChat',
};

/** The case labels of a run: the timer case names the interval it ran with. */
export function caseLabels(every: number): Readonly<Record<CaseName, string>> {
  return { ...CASE_LABELS, 'toolpane-timer': `Toolpane, batch={ every: ${every} }` };
}

/** Chromium's main-thread counters over one replay (ms, from CDP `Performance.getMetrics`). */
export interface ThreadTimes {
  readonly taskMs: number;
  readonly scriptMs: number;
  readonly layoutMs: number;
  readonly styleMs: number;
}

/** One measured replay. */
export interface BrowserRun {
  readonly name: CaseName;
  /** Native chunks in the live part. */
  readonly size: number;
  readonly page: ReplayReport;
  readonly times: ThreadTimes;
}

/** The difference of two CDP metric lists (seconds) as {@link ThreadTimes} (ms). */
export function threadTimes(
  before: readonly { name: string; value: number }[],
  after: readonly { name: string; value: number }[],
): ThreadTimes {
  const delta = (name: string) => {
    const a = after.find((m) => m.name === name)?.value;
    const b = before.find((m) => m.name === name)?.value;
    if (a === undefined || b === undefined) throw new Error(`CDP reported no ${name}`);
    return (a - b) * 1000;
  };
  return {
    taskMs: delta('TaskDuration'),
    scriptMs: delta('ScriptDuration'),
    layoutMs: delta('LayoutDuration'),
    styleMs: delta('RecalcStyleDuration'),
  };
}

/** The median run of each case and size (by main-thread time). */
export function medians(runs: readonly BrowserRun[]): BrowserRun[] {
  const groups = new Map<string, BrowserRun[]>();
  for (const run of runs) {
    const key = `${run.name}@${run.size}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.times.taskMs - b.times.taskMs);
    return sorted[Math.floor((sorted.length - 1) / 2)] as BrowserRun;
  });
}

/** Main-thread busy share of the stream's duration. */
export const busy = (run: BrowserRun): number => run.times.taskMs / run.page.durationMs;

/** Script time per native chunk (ms); unknown for a run stopped before its stream was read. */
export const scriptPerChunk = (run: BrowserRun): number =>
  run.page.stopped ? Number.NaN : run.times.scriptMs / run.size;

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const count = (value: number) => (Number.isFinite(value) ? value.toLocaleString('en-US') : 'n/a');
const find = (runs: readonly BrowserRun[], name: CaseName, size: number) =>
  runs.find((r) => r.name === name && r.size === size);

/** The per-size table: one row per case. */
export function sizeTable(
  runs: readonly BrowserRun[],
  size: number,
  labels: Readonly<Record<CaseName, string>> = CASE_LABELS,
): string {
  const rows = CASES.flatMap((name) => {
    const run = find(runs, name, size);
    if (run === undefined) return [];
    return [
      [
        run.page.stopped
          ? `${labels[name]} (stopped at the time limit, ${fmtMs(run.page.durationMs / 1000)} s)`
          : labels[name],
        fmtMs(run.page.durationMs),
        fmtMs(run.times.taskMs),
        pct(busy(run)),
        fmtMs(run.times.scriptMs),
        fmtMs(run.times.layoutMs + run.times.styleMs),
        count(run.page.longTasks),
        fmtMs(run.page.worstLongTaskMs),
        count(run.page.longFrames),
        fmtMs(run.page.worstFrameGapMs),
        fmtMs(scriptPerChunk(run) * 1000),
        count(run.page.cards),
      ],
    ];
  });
  return table(
    [
      'case',
      'stream ms',
      'main thread ms',
      'busy',
      'script ms',
      'layout + style ms',
      'long tasks',
      'worst task ms',
      'long frames',
      'worst frame ms',
      'script µs / chunk',
      'cards',
    ],
    rows,
  );
}

/** Peer ÷ Toolpane for main-thread and script time, each Toolpane case against each peer. */
export function ratioTable(
  runs: readonly BrowserRun[],
  sizes: readonly number[],
  labels: Readonly<Record<CaseName, string>> = CASE_LABELS,
): string {
  const rows: string[][] = [];
  for (const ours of ['toolpane', 'toolpane-frame', 'toolpane-timer'] as const) {
    for (const peer of ['ai-sdk', 'mastra'] as const) {
      const cells = sizes.flatMap((size) => {
        const a = find(runs, ours, size);
        const b = find(runs, peer, size);
        // A stopped run's times cover only its time limit: no ratio.
        if (a === undefined || b === undefined || a.page.stopped) return ['n/a', 'n/a'];
        return [
          fmtRatio(b.times.taskMs / a.times.taskMs),
          fmtRatio(b.times.scriptMs / a.times.scriptMs),
        ];
      });
      rows.push([`${labels[peer]} ÷ ${labels[ours]}`, ...cells]);
    }
  }
  const header = ['peer ÷ Toolpane (higher is better for Toolpane)'];
  for (const size of sizes) header.push(`main thread ${count(size)}`, `script ${count(size)}`);
  return table(header, rows);
}

/** Script cost per chunk at the largest size against the smallest, per case. */
export function growthTable(
  runs: readonly BrowserRun[],
  sizes: readonly number[],
  labels: Readonly<Record<CaseName, string>> = CASE_LABELS,
): string {
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  const rows = CASES.flatMap((name) => {
    const a = find(runs, name, small);
    const b = find(runs, name, large);
    if (a === undefined || b === undefined) return [];
    return [
      [
        labels[name],
        fmtMs(scriptPerChunk(a) * 1000),
        fmtMs(scriptPerChunk(b) * 1000),
        fmtRatio(scriptPerChunk(b) / scriptPerChunk(a)),
      ],
    ];
  });
  return table(
    [
      'case',
      `script µs / chunk at ${count(small)}`,
      `at ${count(large)}`,
      `${count(large)} ÷ ${count(small)}`,
    ],
    rows,
  );
}

/** One goal of issue 18 and whether this run met it. */
export interface GoalRow {
  readonly goal: string;
  readonly measured: string;
  readonly met: boolean;
}

/** The goals, judged on the largest size (and the growth from the smallest). */
export function goals(
  runs: readonly BrowserRun[],
  sizes: readonly number[],
  labels: Readonly<Record<CaseName, string>> = CASE_LABELS,
): GoalRow[] {
  const large = Math.max(...sizes);
  const small = Math.min(...sizes);
  const out: GoalRow[] = [];
  for (const ours of ['toolpane', 'toolpane-frame', 'toolpane-timer'] as const) {
    const run = find(runs, ours, large);
    const first = find(runs, ours, small);
    if (run === undefined) continue;
    const label = labels[ours];
    const peers = (['ai-sdk', 'mastra'] as const)
      .map((peer) => find(runs, peer, large))
      .filter((peer): peer is BrowserRun => peer !== undefined);
    const worst = run.page.stopped
      ? Number.NaN
      : Math.min(...peers.map((peer) => peer.times.taskMs / run.times.taskMs));
    out.push(
      {
        goal: `${label}: no long tasks`,
        measured: `${count(run.page.longTasks)} (worst ${fmtMs(run.page.worstLongTaskMs)} ms)`,
        met: run.page.longTasks === 0,
      },
      {
        goal: `${label}: ≥ 5× less main-thread time than either peer`,
        measured: run.page.stopped
          ? 'n/a: stopped at the time limit'
          : peers.length === 0
            ? 'no peer ran'
            : `${fmtRatio(worst)} (the closer peer)`,
        met: peers.length > 0 && worst >= 5,
      },
      {
        goal: `${label}: busy ≤ 15% at ${count(large)} chunks`,
        measured: run.page.stopped
          ? `stopped at the time limit, ${pct(busy(run))} until then`
          : pct(busy(run)),
        met: !run.page.stopped && busy(run) <= 0.15,
      },
    );
    if (first !== undefined && first !== run) {
      const growth = scriptPerChunk(run) / scriptPerChunk(first);
      out.push({
        goal: `${label}: same script cost per chunk at ${count(small)} and ${count(large)} (≤ 1.1×)`,
        measured: fmtRatio(growth),
        met: growth <= 1.1,
      });
    }
  }
  return out;
}

/** The goals as a Markdown table. */
export function goalTable(rows: readonly GoalRow[]): string {
  return table(
    ['goal', 'measured', 'met'],
    rows.map((row) => [row.goal, row.measured, row.met ? 'yes' : 'NO']),
  );
}

/** Options of a run, from the command line. */
export interface BrowserBenchOptions {
  readonly sizes: readonly number[];
  readonly cards: number;
  readonly rate: number;
  readonly runs: number;
  readonly cases: readonly CaseName[];
  /** A folder to write one Chromium trace per case and size into (`--trace=folder`). */
  readonly trace?: string;
  /**
   * A folder to write one JavaScript CPU profile per case and size into (`--profile=folder`); the
   * page is then built without minifying, so functions keep their names.
   */
  readonly profile?: string;
  /** The interval of the `toolpane-timer` case, in ms (`--every=33`). */
  readonly every: number;
  /** Whether the page prefers reduced motion, which stops the UI's animations (`--reduced-motion`). */
  readonly reducedMotion: boolean;
  /**
   * What the live part is (`--live=mix`): the generated mix of runs, tool calls and subagents, or
   * `answer`, one top-level answer that grows by a text delta per chunk (see `answerLines`).
   */
  readonly live: LiveShape;
}

/** The live parts `--live` chooses from. */
export const LIVE_SHAPES = ['mix', 'answer'] as const;

/** One of {@link LIVE_SHAPES}. */
export type LiveShape = (typeof LIVE_SHAPES)[number];

/** Reads `--name=value` options; `--smoke` is tiny sizes, one run. */
export function parseOptions(argv: readonly string[]): BrowserBenchOptions {
  const value = (name: string) =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const smoke = argv.includes('--smoke');
  const numbers = (text: string | undefined, fallback: number[]) =>
    text === undefined ? fallback : text.split(',').map(Number);
  const cases = (value('cases')?.split(',') ?? [...CASES]) as CaseName[];
  for (const name of cases) {
    if (!CASES.includes(name)) throw new Error(`unknown case ${name}; cases: ${CASES.join(', ')}`);
  }
  const every = Number(value('every') ?? 33);
  if (!Number.isInteger(every) || every < 0) {
    throw new Error(`--every is a whole number of milliseconds, 0 or more; got ${value('every')}`);
  }
  const live = (value('live') ?? 'mix') as LiveShape;
  if (!LIVE_SHAPES.includes(live)) {
    throw new Error(`--live is one of ${LIVE_SHAPES.join(', ')}; got ${live}`);
  }
  return {
    sizes: numbers(value('sizes'), smoke ? [200] : [2000, 10_000]),
    cards: Number(value('cards') ?? (smoke ? 20 : 500)),
    rate: Number(value('rate') ?? 1000),
    runs: Number(value('runs') ?? 1),
    cases,
    every,
    reducedMotion: argv.includes('--reduced-motion'),
    live,
    ...(value('trace') === undefined ? {} : { trace: value('trace') }),
    ...(value('profile') === undefined ? {} : { profile: value('profile') }),
  };
}
