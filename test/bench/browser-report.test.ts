// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerLines, oneMessage } from '../../bench/browser/data.ts';
import type { ReplayReport } from '../../bench/browser/page/replay.ts';
import {
  type BrowserRun,
  type CaseName,
  caseLabels,
  goals,
  medians,
  parseOptions,
  ratioTable,
  threadTimes,
} from '../../bench/browser/report.ts';
import { generateLines } from '../../bench/generate.ts';

const page = (overrides: Partial<ReplayReport> = {}): ReplayReport => ({
  durationMs: 10_000,
  releaseMs: 10_000,
  frames: 10_000,
  totalFrames: 10_000,
  stopped: false,
  longTasks: 0,
  longTaskMs: 0,
  worstLongTaskMs: 0,
  longFrames: 0,
  worstFrameGapMs: 16.7,
  cards: 600,
  ...overrides,
});

const run = (
  name: CaseName,
  size: number,
  taskMs: number,
  scriptMs: number,
  overrides: Partial<ReplayReport> = {},
): BrowserRun => ({
  name,
  size,
  page: page(overrides),
  times: { taskMs, scriptMs, layoutMs: 0, styleMs: 0 },
});

const judged = (runs: BrowserRun[]) =>
  Object.fromEntries(goals(runs, [2000, 10_000]).map((g) => [g.goal, g.met]));

describe('browser benchmark report', () => {
  it('takes CDP metrics (seconds) as millisecond differences', () => {
    const names = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
    const before = names.map((name, i) => ({ name, value: i }));
    const after = names.map((name, i) => ({ name, value: i + 0.25 * (i + 1) }));
    expect(threadTimes(before, after)).toEqual({
      taskMs: 250,
      scriptMs: 500,
      layoutMs: 750,
      styleMs: 1000,
    });
    expect(() => threadTimes([], after)).toThrow(/TaskDuration/);
  });

  it('meets the goals only when every one holds', () => {
    const good = [
      run('toolpane', 2000, 200, 100, { durationMs: 2000 }),
      run('toolpane', 10_000, 1000, 500),
      run('ai-sdk', 10_000, 5000, 4000),
      run('mastra', 10_000, 6000, 5000),
    ];
    expect(Object.values(judged(good))).toEqual([true, true, true, true]);

    const verdicts = judged([
      run('toolpane', 2000, 200, 100, { durationMs: 2000 }),
      // A long task, busier than 15%, a peer only 4× slower, and a per-chunk cost that grew 1.2×.
      run('toolpane', 10_000, 1600, 600, { longTasks: 1, worstLongTaskMs: 55 }),
      run('ai-sdk', 10_000, 6400, 4000),
      run('mastra', 10_000, 9000, 5000),
    ]);
    expect(verdicts).toEqual({
      'Toolpane, default batching: no long tasks': false,
      'Toolpane, default batching: ≥ 5× less main-thread time than either peer': false,
      'Toolpane, default batching: busy ≤ 15% at 10,000 chunks': false,
      'Toolpane, default batching: same script cost per chunk at 2,000 and 10,000 (≤ 1.1×)': false,
    });
  });

  it('reports the median run of each case and size, and ratios from the same run', () => {
    const runs = [
      run('toolpane', 10_000, 900, 400),
      run('toolpane', 10_000, 1000, 500),
      run('toolpane', 10_000, 5000, 4000),
      run('mastra', 10_000, 8000, 6000),
    ];
    const best = medians(runs);
    expect(best.map((r) => [r.name, r.times.taskMs])).toEqual([
      ['toolpane', 1000],
      ['mastra', 8000],
    ]);
    expect(ratioTable(best, [10_000])).toMatch(
      /\| @mastra\/react useChat ÷ Toolpane, default batching +\|/,
    );
    expect(ratioTable(best, [10_000])).toMatch(/8\.00× +\| +12\.0× \|/);
  });

  it('gives no ratio and meets no goal for a run stopped at its time limit', () => {
    const runs = [
      run('toolpane', 10_000, 1000, 500, { stopped: true, longTasks: Number.NaN }),
      run('mastra', 10_000, 8000, 6000),
    ];
    expect(ratioTable(runs, [10_000])).toMatch(/default batching +\| +n\/a \| +n\/a \|/);
    expect(goals(runs, [10_000]).map((g) => g.met)).toEqual([false, false, false]);
  });

  it('shows a live part of many runs as one growing assistant message', () => {
    const chunks = oneMessage([
      { type: 'start', messageId: 'm1' },
      { type: 'text-start', id: 't1' },
      { type: 'finish' },
      { type: 'start', messageId: 'm2' },
      { type: 'finish' },
    ]);
    expect(chunks.filter((c) => c.type === 'start')).toEqual([
      { type: 'start', messageId: 'm1' },
      { type: 'start' },
    ]);
    expect(chunks).toHaveLength(5);
  });

  it('reads its options, and refuses a case it does not know', () => {
    expect(parseOptions([])).toMatchObject({ sizes: [2000, 10_000], cards: 500, rate: 1000 });
    expect(parseOptions(['--smoke'])).toMatchObject({ sizes: [200], cards: 20 });
    expect(parseOptions(['--sizes=500', '--cases=mastra'])).toMatchObject({
      sizes: [500],
      cases: ['mastra'],
    });
    expect(() => parseOptions(['--cases=assistant-ui'])).toThrow(/unknown case assistant-ui/);
  });

  it('plays the generated mix, or one answer that grows by a text delta per chunk', () => {
    expect(parseOptions([])).toMatchObject({ live: 'mix' });
    expect(parseOptions(['--live=answer'])).toMatchObject({ live: 'answer' });
    expect(() => parseOptions(['--live=essay'])).toThrow(/--live is one of mix, answer/);
    const lines = generateLines({ chunks: 400 });
    const live = answerLines(lines, 100, 3000).map((line) => JSON.parse(line));
    expect(live).toHaveLength(3000);
    const first = live.findIndex((chunk) => chunk.type === 'text-delta');
    expect(live.slice(0, first)).toEqual(lines.slice(100, 100 + first).map((l) => JSON.parse(l)));
    const deltas = live.slice(first);
    expect(
      new Set(deltas.map((chunk) => `${chunk.type} ${chunk.runId} ${chunk.payload.id}`)).size,
    ).toBe(1);
    const text = deltas.map((chunk) => chunk.payload.text).join('');
    expect(text.split('\n\n').length).toBeGreaterThan(40);
    expect(answerLines(lines, 100, 3000)).toEqual(answerLines(lines, 100, 3000));
  });

  it('runs the timer case at the interval asked for, and names it by that interval', () => {
    expect(parseOptions([])).toMatchObject({ every: 33, reducedMotion: false });
    expect(parseOptions(['--every=100', '--reduced-motion'])).toMatchObject({
      every: 100,
      reducedMotion: true,
    });
    expect(() => parseOptions(['--every=fast'])).toThrow(/--every/);
    expect(() => parseOptions(['--every=-1'])).toThrow(/--every/);
    const runs = [run('toolpane-timer', 10_000, 1500, 300)];
    const labels = caseLabels(100);
    expect(goals(runs, [10_000], labels).map((g) => g.goal)).toContain(
      'Toolpane, batch={ every: 100 }: busy ≤ 15% at 10,000 chunks',
    );
    expect(goals(runs, [10_000]).map((g) => g.goal)).toContain(
      'Toolpane, batch={ every: 33 }: busy ≤ 15% at 10,000 chunks',
    );
  });
});
