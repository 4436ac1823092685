/**
 * `pnpm bench:browser:trace <file.json>…`: where a case of `pnpm bench:browser --trace=folder`
 * spent its main thread. Sums the self time of each trace event on the renderer's main thread
 * (an event's duration less the events nested in it) and prints the largest, so rendering steps
 * (style, layout, paint, layerize) and script show apart. A `.cpuprofile` of
 * `pnpm bench:browser --profile=folder` is summed by function instead: self time per function and
 * where it is defined (package and file), and per package.
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

/** One node of a V8 CPU profile (`Profiler.stop`). */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

/** A V8 CPU profile: its nodes, and the node and time since the previous sample of each sample. */
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Where a function comes from: the package of a source path, else the last part of its URL. */
function origin(url: string): string {
  const pkg = /packages\/([^/]+)\/src\/(.+)$/.exec(url);
  if (pkg !== null) return `@toolpane/${pkg[1]}: ${pkg[2]}`;
  const dep = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep !== null) return dep[1] as string;
  return url === '' ? '(native)' : (url.split('/').pop() ?? url);
}

/** Self time in milliseconds by function (name and origin) and by origin's package. */
export function profileSelfTimes(profile: CpuProfile): {
  readonly functions: Map<string, number>;
  readonly packages: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (node === undefined || node.callFrame.functionName === '(idle)') return;
    const from = origin(node.callFrame.url);
    const name = `${node.callFrame.functionName || '(anonymous)'} (${from}:${node.callFrame.lineNumber + 1})`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const pkg = from.split(':')[0] as string;
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
  });
  return { functions, packages };
}

/** Prints the largest rows of a self-time map under a heading. */
function printTop(heading: string, totals: Map<string, number>, top: number, label: string): void {
  const sorted = [...totals].sort((a, b) => b[1] - a[1]);
  const all = sorted.reduce((sum, [, ms]) => sum + ms, 0);
  process.stdout.write(`${heading}: ${all.toFixed(0)} ms\n\n`);
  process.stdout.write(
    `${table(
      [label, 'self ms', 'share'],
      sorted
        .slice(0, top)
        .map(([name, ms]) => [name, ms.toFixed(1), `${((100 * ms) / all).toFixed(1)}%`]),
    )}\n\n`,
  );
}

function main(): void {
  const args = process.argv.slice(2);
  const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
  for (const file of args.filter((a) => !a.startsWith('--'))) {
    if (file.endsWith('.cpuprofile')) {
      const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
      const { functions, packages } = profileSelfTimes(profile);
      printTop(`${file}: JavaScript by package`, packages, top, 'package');
      printTop(`${file}: JavaScript by function`, functions, top, 'function');
      continue;
    }
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
