/**
 * `pnpm bench:browser:trace <file.json>…`: where a case of `pnpm bench:browser --trace=folder`
 * spent its main thread. Sums the self time of each trace event on the renderer's main thread
 * (an event's duration less the events nested in it) and prints the largest, so rendering steps
 * (style, layout, paint, layerize) and script show apart.
 *
 * Options: `--top=25` (rows per file).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { table } from '../measure.ts';

/** One complete (`X`) or begin/end (`B`/`E`) event of a Chromium trace. */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

/** Self time in milliseconds by event name, on the thread named `CrRendererMain`. */
export function selfTimes(events: readonly TraceEvent[]): Map<string, number> {
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const totals = new Map<string, number>();
  if (main === undefined) return totals;
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .map((e) => ({ name: e.name, start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  // A stack of open spans: each span's self time is its length less its children's.
  const stack: { name: string; end: number; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      totals.set(done.name, (totals.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const span of spans) {
    close(span.start);
    const length = span.end - span.start;
    const parent = stack.at(-1);
    if (parent !== undefined) parent.self -= length;
    stack.push({ name: span.name, end: span.end, self: length });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

function main(): void {
  const args = process.argv.slice(2);
  const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
  for (const file of args.filter((a) => !a.startsWith('--'))) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as
      | { traceEvents: TraceEvent[] }
      | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const totals = [...selfTimes(events)].sort((a, b) => b[1] - a[1]);
    const all = totals.reduce((sum, [, ms]) => sum + ms, 0);
    process.stdout.write(`${file}: ${all.toFixed(0)} ms of main-thread events\n\n`);
    process.stdout.write(
      `${table(
        ['event', 'self ms', 'share'],
        totals
          .slice(0, top)
          .map(([name, ms]) => [name, ms.toFixed(1), `${((100 * ms) / all).toFixed(1)}%`]),
      )}\n\n`,
    );
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
