/**
 * Timing helpers. Cases that are compared run round-robin in one process, after the same warm-up,
 * so a noisy neighbour slows all of them alike; ratios are taken between medians.
 */
import { loadavg } from 'node:os';
import { GCProfiler, getHeapStatistics } from 'node:v8';

/** Nanoseconds on a monotonic clock. */
export const now = (): bigint => process.hrtime.bigint();

/** Milliseconds between two {@link now} readings. */
export const ms = (start: bigint, end: bigint = now()): number => Number(end - start) / 1e6;

/** Collects garbage when the process runs with `--expose-gc` (for heap measurements). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) {
    gc();
    gc();
  }
}

/** The median of some numbers (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A time limit a long case checks while it runs; it stops early once the limit has passed. */
export interface Deadline {
  /** True once the case should stop. */
  passed(): boolean;
}

/** What a case reports when it stopped before the end. */
export interface Stopped {
  readonly processed: number;
  readonly total: number;
  /** Milliseconds the run took until it stopped (set by {@link compare}). */
  readonly elapsedMs?: number;
}

/** One thing to time. */
export interface Case {
  readonly name: string;
  /** Runs the case once; returns a {@link Stopped} when it stopped at the deadline. */
  readonly run: (deadline: Deadline) => unknown;
  /** Timed runs (defaults to the comparison's). */
  readonly iterations?: number;
  /** Untimed warm-up rounds (defaults to the comparison's). */
  readonly warmup?: number;
  /** Milliseconds after which the case stops and is reported as over the limit. */
  readonly limitMs?: number;
}

/** Timings of one case. */
export interface CaseResult {
  readonly name: string;
  readonly samples: number[];
  readonly median: number;
  /** Set when a run passed its time limit: how far it got. */
  readonly stopped?: Stopped;
}

function isStopped(value: unknown): value is Stopped {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Stopped).processed === 'number' &&
    typeof (value as Stopped).total === 'number'
  );
}

let sink: unknown;

/** Keeps a result reachable so the work that made it cannot be skipped. */
export function keep(value: unknown): void {
  sink = value;
}

/** Returns whatever {@link keep} holds last (read once at the end so nothing is optimised away). */
export function kept(): unknown {
  return sink;
}

/**
 * Runs cases round-robin: `warmup` untimed rounds, then timed rounds. A case with fewer warm-up
 * rounds joins late; a case that passes its time limit is not run again. No garbage collection is
 * forced between runs: a forced full collection throws away optimised code, which made the
 * JavaScript cases several times slower than they run in a live page while JSON.parse (native)
 * stayed as fast.
 */
export async function compare(
  cases: readonly Case[],
  { warmup, iterations, log }: { warmup: number; iterations: number; log?: (line: string) => void },
): Promise<Map<string, CaseResult>> {
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  const stopped = new Map<string, Stopped>();
  const rounds = warmup + Math.max(iterations, ...cases.map((c) => c.iterations ?? 0));
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      if (stopped.has(c.name)) continue;
      const timed = round - warmup;
      if (timed < -(c.warmup ?? warmup) || timed >= (c.iterations ?? iterations)) continue;
      const limit = c.limitMs;
      // Let go of the previous run's result first: held while this run works, a large state
      // would double the heap every collection in it walks.
      keep(undefined);
      const start = now();
      const deadline: Deadline = {
        passed: () => limit !== undefined && ms(start) > limit,
      };
      const result = await c.run(deadline);
      const elapsed = ms(start);
      keep(result);
      if (isStopped(result)) {
        stopped.set(c.name, { ...result, elapsedMs: elapsed });
        log?.(`  ${c.name}: stopped at the ${Math.round(elapsed)} ms limit`);
        continue;
      }
      if (timed >= 0) samples.get(c.name)!.push(elapsed);
      log?.(`  ${c.name}: ${elapsed.toFixed(1)} ms${timed < 0 ? ' (warm-up)' : ''}`);
    }
  }
  return new Map(
    cases.map((c) => {
      const list = samples.get(c.name)!;
      const stop = stopped.get(c.name);
      return [
        c.name,
        { name: c.name, samples: list, median: median(list), ...(stop ? { stopped: stop } : {}) },
      ];
    }),
  );
}

/** Machine facts printed with every report. */
export function machine(): { load: string } {
  return {
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

/** Formats milliseconds with sensible precision. */
export function fmtMs(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Formats a ratio as `1.23×`. */
export function fmtRatio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return `${value.toFixed(0)}×`;
  if (value >= 10) return `${value.toFixed(1)}×`;
  return `${value.toFixed(2)}×`;
}

/** A Markdown table with padded columns (readable in a terminal and in BENCHMARKS.md). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * Wraps cases so that each run also records the CPU time of the process (user and system). On a
 * shared machine a case also waits for a core, which the wall clock counts and CPU time does not;
 * `cpuMedian` gives the median of a case's last `iterations` runs (the timed ones).
 */
export function withCpuTime(cases: readonly Case[]): {
  cases: Case[];
  cpuMedian(name: string, iterations: number): number;
} {
  const samples = new Map<string, number[]>();
  return {
    cases: cases.map((c) => ({
      ...c,
      run: (deadline: Deadline) => {
        const start = process.cpuUsage();
        const result = c.run(deadline);
        const used = process.cpuUsage(start);
        samples.set(c.name, [...(samples.get(c.name) ?? []), (used.user + used.system) / 1000]);
        return result;
      },
    })),
    cpuMedian: (name, iterations) => median((samples.get(name) ?? []).slice(-iterations)),
  };
}

/** What the garbage collector saw during one run of a case. */
export interface HeapSample {
  /** Bytes the run allocated on the JavaScript heap. */
  readonly allocated: number;
  /** Milliseconds the collections during the run took (`v8.GCProfiler`'s cost). */
  readonly gcMs: number;
}

/**
 * Wraps cases so that each run also records, through `v8.GCProfiler`, the bytes it allocated
 * (the heap's growth between collections, summed) and the time its collections took.
 * `median(name, iterations, pick)` gives the median of a case's last `iterations` runs.
 */
export function withHeapSamples(cases: readonly Case[]): {
  cases: Case[];
  median(name: string, iterations: number, pick: (sample: HeapSample) => number): number;
} {
  const samples = new Map<string, HeapSample[]>();
  return {
    cases: cases.map((c) => ({
      ...c,
      run: (deadline: Deadline) => {
        const profiler = new GCProfiler();
        const usedBefore = getHeapStatistics().used_heap_size;
        profiler.start();
        const result = c.run(deadline);
        const usedAfter = getHeapStatistics().used_heap_size;
        const stats = profiler.stop()?.statistics ?? [];
        let allocated = 0;
        let used = usedBefore;
        let gcMicros = 0;
        for (const gc of stats) {
          allocated += gc.beforeGC.heapStatistics.usedHeapSize - used;
          used = gc.afterGC.heapStatistics.usedHeapSize;
          gcMicros += gc.cost;
        }
        allocated += usedAfter - used;
        const list = samples.get(c.name) ?? [];
        list.push({ allocated, gcMs: gcMicros / 1000 });
        samples.set(c.name, list);
        return result;
      },
    })),
    median: (name, iterations, pick) =>
      median((samples.get(name) ?? []).slice(-iterations).map(pick)),
  };
}
