/**
 * `pnpm bench`: Toolpane against the JSON.parse floor and against @mastra/react and the AI SDK,
 * as ratios measured side by side in one run. Prints a Markdown report.
 *
 * `pnpm bench:smoke` runs every section at tiny sizes (for CI: it checks that the benchmarks still
 * run) and exits 1 when a bundle is over its budget.
 *
 * Options: `--smoke`, `--only=ingest,shapes,partial-json,memory,react,live,bundle`,
 * `--sizes=10000,100000` (the ingest sizes to run, of 10000, 100000 and 1000000; all by default),
 * `--shapes=chat:` (only the adversarial shapes whose name holds it; all by default).
 */
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { type BundleRow, bundleSizes, overBudget } from './bundle.ts';
import { runChild } from './child.ts';
import { CASE, type IngestOptions, type IngestResult, type PeerName } from './ingest.ts';
import type { LiveOptions, LiveRow } from './live-batching.tsx';
import { type CaseResult, fmtMs, fmtRatio, median, table } from './measure.ts';
import type { MemoryOptions, MemoryRow } from './memory.ts';
import { type PartialJsonOptions, type PartialJsonResult, PJ } from './partial-json.ts';
import type { RenderOptions, RenderRow } from './react-renders.tsx';
import {
  SHAPE_CASES,
  SHAPES as SHAPE_LIST,
  type ShapeRow,
  type ShapesOptions,
  type ShapesRunOptions,
  type ShapeTiming,
} from './shapes.ts';

const SECTIONS = ['ingest', 'shapes', 'partial-json', 'memory', 'react', 'live', 'bundle'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const onlyArg = args.find((a) => a.startsWith('--only='));
const only = new Set<Section>(
  onlyArg === undefined
    ? SECTIONS
    : (onlyArg.slice('--only='.length).split(',') as Section[]).filter((s) => SECTIONS.includes(s)),
);

const ALL_PEERS: readonly PeerName[] = ['mastra-react', 'ai-sdk', 'ai-sdk-subagents'];

/** Stream size from which the Toolpane cases and each peer run in separate processes. */
const SPLIT_FROM = 1_000_000;

/** Ingest runs: one child process per size. */
const INGEST: readonly IngestOptions[] = smoke
  ? [
      {
        chunks: 1_000,
        warmup: 0,
        iterations: 1,
        peerIterations: 1,
        peerWarmup: 0,
        peerLimitMs: 10_000,
        peers: ALL_PEERS,
      },
    ]
  : [
      {
        chunks: 10_000,
        warmup: 2,
        iterations: 9,
        peerIterations: 5,
        peerWarmup: 1,
        peerLimitMs: 120_000,
        peers: ALL_PEERS,
      },
      {
        chunks: 100_000,
        warmup: 1,
        iterations: 5,
        peerIterations: 3,
        peerWarmup: 1,
        peerLimitMs: 120_000,
        peers: ALL_PEERS,
      },
      {
        chunks: 1_000_000,
        warmup: 1,
        iterations: 3,
        peerIterations: 1,
        peerWarmup: 0,
        peerLimitMs: 120_000,
        // Converting 1M chunks with subagent metadata alone takes minutes; see the extrapolation.
        peers: ['mastra-react', 'ai-sdk'],
      },
    ];

const PARTIAL: PartialJsonOptions = smoke
  ? { bytes: 5_000, deltas: 200, warmup: 0, iterations: 1, peerIterations: 1, peerLimitMs: 5_000 }
  : {
      bytes: 100_000,
      deltas: 4_000,
      warmup: 3,
      iterations: 15,
      peerIterations: 3,
      peerLimitMs: 120_000,
    };

const MEMORY: MemoryOptions = smoke
  ? { sizes: [2_000], peersUpTo: 0 }
  : { sizes: [10_000, 100_000, 1_000_000], peersUpTo: 100_000 };

const SHAPES: ShapesOptions = smoke
  ? { sizes: [200, 2_000], warmup: 0, samples: 1, perSample: 2_000 }
  : { sizes: [10_000, 100_000], warmup: 3, samples: 4, perSample: 100_000 };

/** Processes per shape and size, the sizes taking turns. */
const SHAPE_ROUNDS = 2;

/** Live batching: chunks mounted first, then streamed one per task at `rate` per second. */
const LIVE: LiveOptions = smoke
  ? { mount: 500, chunks: 20, rate: 1_000 }
  : { mount: 20_000, chunks: 2_000, rate: 1_000 };

const RENDERS: RenderOptions = smoke ? { cards: 20, chunks: 20 } : { cards: 500, chunks: 2_000 };

const print = (text = '') => {
  process.stdout.write(`${text}\n`);
};
const progress = (text: string) => process.stderr.write(`${text}\n`);

const kilo = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
const kb = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(bytes < 10_240 ? 2 : 1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Goal verdicts collected while printing, summarised at the end. */
const verdicts: { goal: string; measured: string; met: boolean | undefined }[] = [];
const verdict = (goal: string, measured: string, met: boolean | undefined) =>
  verdicts.push({ goal, measured, met });

function caseOf(result: IngestResult, name: string): CaseResult | undefined {
  return result.cases.find((c) => c.name === name);
}

/**
 * Median ms of a case; for a peer that passed its time limit or was not run, an estimate: the
 * growth seen between the two smaller sizes, continued, and never less than the time the stopped
 * run took divided by the share of its input it got through.
 */
function timeOf(results: readonly IngestResult[], index: number, name: string) {
  const found = caseOf(results[index]!, name);
  if (found !== undefined && found.stopped === undefined && found.samples.length > 0)
    return { ms: found.median, kind: 'measured' as const, stopped: undefined };
  const stopped = found?.stopped;
  const lowerBound =
    stopped?.elapsedMs === undefined || stopped.processed === 0
      ? 0
      : stopped.elapsedMs / (stopped.processed / stopped.total);
  const a = index >= 2 ? caseOf(results[index - 2]!, name) : undefined;
  const b = index >= 1 ? caseOf(results[index - 1]!, name) : undefined;
  let grown = 0;
  if (a?.samples.length && b?.samples.length && !a.stopped && !b.stopped) {
    const perStep = results[index - 1]!.chunks / results[index - 2]!.chunks;
    const exponent = Math.log(b.median / a.median) / Math.log(perStep);
    grown = b.median * (results[index]!.chunks / results[index - 1]!.chunks) ** exponent;
  }
  const estimate = Math.max(grown, lowerBound);
  return estimate > 0
    ? { ms: estimate, kind: 'extrapolated' as const, stopped }
    : { ms: Number.NaN, kind: 'missing' as const, stopped };
}

function fmtTime(t: ReturnType<typeof timeOf>): string {
  if (t.kind === 'measured') return fmtMs(t.ms);
  if (t.kind === 'extrapolated') return `≈${fmtMs(t.ms)}*`;
  return t.stopped ? 'stopped' : 'n/a';
}

function reportIngest(results: readonly IngestResult[]) {
  print('## 1. Ingest');
  print();
  print(
    'Same generated stream for every case (templated from test/fixtures recordings). Floor = ' +
      'split the SSE text into lines and JSON.parse each. Toolpane rows read SSE text or bytes; ' +
      '"reduce only" and the peers get the already parsed chunk objects. The AI SDK reads the ' +
      'same run converted by @mastra/ai-sdk `toAISdkStream(…, { version: "v6" })` (conversion ' +
      'not timed); with chatRoute defaults subagent chunks are dropped, so it does less work. ' +
      'Up to 100k chunks all cases run round-robin in one process; at 1M the Toolpane cases and ' +
      'each peer run in separate processes that hold only their own input. ' +
      'Median ms; * = estimated (the run passed its time limit or was skipped): the growth ' +
      'between the two smaller sizes, continued, and at least the time the stopped run took ' +
      'divided by the share of its input it got through.',
  );
  print();
  const sizes = results.map((r) => r.chunks);
  const names = [...new Set(results.flatMap((r) => r.cases.map((c) => c.name)))];
  print(
    table(
      ['stream', ...sizes.map(kilo)],
      [
        ['chunks', ...sizes.map((n) => n.toLocaleString('en-US'))],
        ['SSE bytes', ...results.map((r) => mb(r.wireBytes))],
        [
          'noise: slowest ÷ fastest floor run',
          ...results.map((r) => {
            const samples = caseOf(r, CASE.floor)?.samples ?? [];
            return samples.length > 1
              ? fmtRatio(Math.max(...samples) / Math.min(...samples))
              : 'n/a';
          }),
        ],
        ...(['ai-sdk', 'ai-sdk-subagents'] as const).map((peer) => [
          `UI chunks after conversion (${peer})`,
          ...results.map((r) => r.uiChunks[peer]?.toLocaleString('en-US') ?? 'n/a'),
        ]),
      ],
    ),
  );
  print();
  print('Time (ms, median):');
  print();
  print(
    table(
      ['case', ...sizes.map(kilo)],
      names.map((name) => [name, ...results.map((_, i) => fmtTime(timeOf(results, i, name)))]),
    ),
  );
  for (const [i, r] of results.entries()) {
    for (const name of names) {
      if (caseOf(r, name) !== undefined) continue;
      print();
      print(
        `At ${kilo(r.chunks)}, "${name}" was not run (too slow for this size); the figure is ` +
          'an estimate.',
      );
    }
    for (const c of r.cases) {
      if (c.stopped) {
        const pct = ((100 * c.stopped.processed) / c.stopped.total).toFixed(0);
        print();
        print(
          `At ${kilo(r.chunks)}, "${c.name}" passed its time limit after ${pct}% of its input ` +
            `(${fmtMs(c.stopped.elapsedMs ?? Number.NaN)} ms); ` +
            `the figure above is ${Number.isNaN(timeOf(results, i, c.name).ms) ? 'missing' : 'an estimate'}.`,
        );
      }
    }
  }
  print();
  print('Ratio to the floor (lower is better):');
  print();
  const floorOf = (i: number) => timeOf(results, i, CASE.floor).ms;
  print(
    table(
      ['case', ...sizes.map(kilo)],
      names
        .filter((n) => n !== CASE.floor)
        .map((name) => [
          name,
          ...results.map((_, i) => fmtRatio(timeOf(results, i, name).ms / floorOf(i))),
        ]),
    ),
  );
  print();
  print('Peers against Toolpane (how many times slower the peer is; higher is better):');
  print();
  const peers = [CASE.mastra, CASE.aiSdk, CASE.aiSdkSubagents];
  const against = [CASE.reduce, CASE.publish, CASE.consume];
  print(
    table(
      ['peer ÷ Toolpane', ...sizes.map(kilo)],
      peers.flatMap((peer) =>
        against.map((mine) => [
          `${peer} ÷ ${mine.replace('Toolpane: ', '')}`,
          ...results.map((_, i) => {
            const p = timeOf(results, i, peer);
            const suffix = p.kind === 'extrapolated' ? '*' : '';
            return `${fmtRatio(p.ms / timeOf(results, i, mine).ms)}${suffix}`;
          }),
        ]),
      ),
    ),
  );
  const steps = results.slice(1).map((r, j) => `${kilo(results[j]!.chunks)}→${kilo(r.chunks)}`);
  const scaling = (name: string, j: number) =>
    timeOf(results, j + 1, name).ms /
    timeOf(results, j, name).ms /
    (results[j + 1]!.chunks / results[j]!.chunks);
  if (steps.length > 0) {
    print();
    print('Scaling (time ratio between sizes ÷ size ratio; 1.00 = linear):');
    print();
    print(
      table(
        ['case', ...steps],
        names.map((name) => [
          name,
          ...results.slice(1).map((_, j) => {
            const next = timeOf(results, j + 1, name);
            return next.kind === 'measured' ? scaling(name, j).toFixed(2) : 'n/a';
          }),
        ]),
      ),
    );
  }
  print();

  const worstOf = (name: string, floorName: string) =>
    Math.max(
      ...results.map((_, i) => timeOf(results, i, name).ms / timeOf(results, i, floorName).ms),
    );
  const readReduce = worstOf(CASE.storeQuiet, CASE.floor);
  verdict(
    'Read + reduce (SSE text → store) ≤ 1.5× the JSON.parse floor',
    fmtRatio(readReduce),
    readReduce <= 1.5,
  );
  const network = worstOf(CASE.consume, CASE.floorBytes);
  verdict(
    'Network path (consumeStream(bytes), subscribed) ≤ 1.5× the floor from bytes',
    fmtRatio(network),
    network <= 1.5,
  );
  {
    const ratios = results.map(
      (_, i) => timeOf(results, i, CASE.mastra).ms / timeOf(results, i, CASE.publish).ms,
    );
    const worst = Math.min(...ratios.filter(Number.isFinite));
    verdict(
      '≥ 5× faster than @mastra/react accumulateChunk, both publishing a snapshot per chunk',
      `${ratios.map(fmtRatio).join(' / ')} at ${sizes.map(kilo).join(' / ')}`,
      Number.isFinite(worst) ? worst >= 5 : undefined,
    );
  }
  for (const peer of [CASE.mastra, CASE.aiSdk]) {
    const ratios = results.map(
      (_, i) => timeOf(results, i, peer).ms / timeOf(results, i, CASE.reduce).ms,
    );
    const worst = Math.min(...ratios.filter(Number.isFinite));
    verdict(
      `≥ 10× faster than ${peer} (like for like: reduce only on parsed chunks)`,
      `${ratios.map(fmtRatio).join(' / ')} at ${sizes.map(kilo).join(' / ')}`,
      Number.isFinite(worst) ? worst >= 10 : undefined,
    );
  }
  if (results.length > 1) {
    const worstScaling = Math.max(...results.slice(1).map((_, j) => scaling(CASE.consume, j)));
    verdict(
      'Linear scaling of ingest, consumeStream (scaling factor ≤ 1.3 at each step)',
      worstScaling.toFixed(2),
      worstScaling <= 1.3,
    );
  }
}

function reportShapes(rows: readonly ShapeRow[]) {
  print('## 2. Adversarial shapes');
  print();
  const [a, b] = rows[0]?.sizes ?? [0, 0];
  const factor = b! / a!;
  print(
    'One kind of thing piled into one run (tool calls, text blocks, data parts, unknown chunks, ' +
      'invalid chunks) or into subagent trees, wide and deep (bench/shapes.ts). "reduce" is ' +
      '`reduceAll`; "publish" is a store that publishes a snapshot after every chunk, as it does ' +
      'for a subscribed UI on a live stream. Each shape, size and case runs in processes of its ' +
      `own, ${SHAPE_ROUNDS} per size, the sizes taking turns; a sample is ` +
      `${SHAPES.perSample.toLocaleString('en-US')} chunks (${factor} runs in a row at ` +
      `${kilo(a!)}, one at ${kilo(b!)}), ${SHAPES.warmup} untimed and ${SHAPES.samples} timed ` +
      'per process. ms per run: the median sample divided by its runs, the median over the ' +
      'processes, wall clock. growth = time at ' +
      `${kilo(b!)} ÷ time at ${kilo(a!)} (${factor}× the chunks; linear is ${factor}×), by the ` +
      'wall clock and, in parentheses, by the CPU time of the process (which also counts the ' +
      "garbage collector's helper threads, not the time spent waiting for a core).",
  );
  print();
  const growth = (t: readonly ShapeTiming[]) => ({
    wall: t[1]!.wallMs / t[0]!.wallMs,
    cpu: t[1]!.cpuMs / t[0]!.cpuMs,
  });
  const cell = (t: readonly ShapeTiming[]) =>
    `${fmtRatio(growth(t).wall)} (${fmtRatio(growth(t).cpu)})`;
  print(
    table(
      [
        'shape',
        `reduce ${kilo(a!)}`,
        `reduce ${kilo(b!)}`,
        'growth (CPU)',
        `publish ${kilo(a!)}`,
        `publish ${kilo(b!)}`,
        'growth (CPU)',
      ],
      rows.map((r) => [
        r.shape,
        fmtMs(r.reduce[0]!.wallMs),
        fmtMs(r.reduce[1]!.wallMs),
        cell(r.reduce),
        fmtMs(r.publish[0]!.wallMs),
        fmtMs(r.publish[1]!.wallMs),
        cell(r.publish),
      ]),
    ),
  );
  print();
  print(
    `Where it goes, ${kilo(a!)} → ${kilo(b!)}: bytes allocated per chunk (the heap's growth ` +
      'between collections, from `v8.GCProfiler`), the share of the time spent in garbage ' +
      'collection pauses, and the growth of the time outside them. The same bytes per chunk at ' +
      'both sizes mean that no copy or rebuilt value grows with the stream.',
  );
  print();
  const bytes = (t: readonly ShapeTiming[]) =>
    `${t[0]!.bytesPerChunk.toFixed(0)} → ${t[1]!.bytesPerChunk.toFixed(0)}`;
  const share = (t: readonly ShapeTiming[]) =>
    t.map((x) => `${((100 * x.gcMs) / x.wallMs).toFixed(0)}%`).join(' → ');
  const outside = (t: readonly ShapeTiming[]) =>
    fmtRatio((t[1]!.wallMs - t[1]!.gcMs) / (t[0]!.wallMs - t[0]!.gcMs));
  print(
    table(
      [
        'shape',
        'reduce B/chunk',
        'reduce GC',
        'growth outside GC',
        'publish B/chunk',
        'publish GC',
        'growth outside GC',
      ],
      rows.map((r) => [
        r.shape,
        bytes(r.reduce),
        share(r.reduce),
        outside(r.reduce),
        bytes(r.publish),
        share(r.publish),
        outside(r.publish),
      ]),
    ),
  );
  print();
  print(
    `The floor: the same chunks, each kept as one small record in a list and a \`Map\` by the ` +
      'entity it names, nothing checked, copied or published (`keepEach` in bench/shapes.ts): ' +
      'what keeping a growing state costs on this machine and runtime, with no work per chunk ' +
      `that grows with the stream. At ${kilo(a!)} all of it dies young; at ${kilo(b!)} the ` +
      'collector moves and marks what stays, so its growth is the part of the figures above ' +
      'that memory, not work per chunk, accounts for. Same processes and samples as above.',
  );
  print();
  print(
    table(
      ['shape', `floor ${kilo(a!)}`, `floor ${kilo(b!)}`, 'growth (CPU)', 'floor GC'],
      rows.map((r) => [
        r.shape,
        fmtMs(r.floor[0]!.wallMs),
        fmtMs(r.floor[1]!.wallMs),
        cell(r.floor),
        share(r.floor),
      ]),
    ),
  );
  print();
  const goal = (11 / 10) * factor;
  const all = rows.flatMap((r) => [growth(r.reduce), growth(r.publish)]);
  const worst = Math.max(...all.map((g) => g.wall));
  const worstCpu = Math.max(...all.map((g) => g.cpu));
  verdict(
    `Every shape linear: ${factor}× the chunks take ≤ ${goal.toFixed(0)}× the time`,
    `worst growth ${fmtRatio(worst)} (CPU time ${fmtRatio(worstCpu)})`,
    worst <= goal,
  );
  const floors = rows.map((r) => growth(r.floor).wall);
  const within = rows.filter((r) => growth(r.floor).wall <= goal).length;
  verdict(
    `The floor (a record kept per chunk) within the same ${goal.toFixed(0)}×`,
    `${within} of ${rows.length} shapes; growth ${fmtRatio(Math.min(...floors))} to ` +
      `${fmtRatio(Math.max(...floors))}`,
    undefined,
  );
  // Against its own floor: what a shape's growth adds to what keeping its state costs.
  const relative = rows.flatMap((r) =>
    [r.reduce, r.publish].map((t) => ({
      shape: r.shape,
      ratio: growth(t).wall / growth(r.floor).wall,
    })),
  );
  const steepest = relative.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const above = relative.filter((r) => r.ratio > 1.1).length;
  verdict(
    "No shape grows faster than its floor (growth ÷ the floor's growth ≤ 1.1)",
    `${above} of ${relative.length} above; steepest ${fmtRatio(steepest.ratio)} (${steepest.shape})`,
    above === 0,
  );
}

function reportPartialJson(result: PartialJsonResult) {
  print('## 3. Partial JSON');
  print();
  print(
    `${(result.bytes / 1000).toFixed(0)} KB of tool arguments in ${result.deltas.toLocaleString('en-US')} deltas. ` +
      'Every parser produced the same final value (checked). The re-parsing peers build the ' +
      'prefix and parse it after every delta, as the AI SDK and partial-json consumers do; they ' +
      'run after the Toolpane cases, in the same process.',
  );
  print();
  const floor = result.cases.find((c) => c.name === PJ.floor)!.median;
  const pushRead = result.cases.find((c) => c.name === PJ.pushRead)!.median;
  print(
    table(
      ['case', 'ms (median)', '× JSON.parse', 'peer ÷ Toolpane push+read'],
      result.cases.map((c) => [
        c.name,
        c.stopped ? `> limit (${c.stopped.processed}/${c.stopped.total})` : fmtMs(c.median),
        fmtRatio(c.median / floor),
        c.name === PJ.partialJson || c.name === PJ.aiSdk ? fmtRatio(c.median / pushRead) : '',
      ]),
    ),
  );
  print();
  const push = result.cases.find((c) => c.name === PJ.push)!.median;
  const pj = result.cases.find((c) => c.name === PJ.partialJson)!;
  verdict(
    'Partial JSON: parsing all deltas ≤ 5× one JSON.parse',
    fmtRatio(push / floor),
    push / floor <= 5,
  );
  verdict(
    'Partial JSON: ≥ 50× faster than partial-json re-parsing per delta (both produce a value per delta)',
    pj.stopped ? 'n/a (peer stopped)' : fmtRatio(pj.median / pushRead),
    pj.stopped ? undefined : pj.median / pushRead >= 50,
  );
}

function reportMemory(rows: readonly MemoryRow[]) {
  print('## 4. Memory');
  print();
  print(
    'Heap retained by the final state after reading the whole stream (node --expose-gc, ' +
      'heapUsed after gc minus before), against the SSE wire size. Toolpane keeps every run, tool ' +
      'call, raw and display value and the full text; the peers keep their message arrays.',
  );
  print();
  print(
    table(
      ['library', 'chunks', 'wire', 'retained', 'retained ÷ wire', 'bytes per chunk'],
      rows.map((r) => [
        r.library,
        r.chunks.toLocaleString('en-US'),
        mb(r.wireBytes),
        mb(r.retainedBytes),
        fmtRatio(r.retainedBytes / r.wireBytes),
        (r.retainedBytes / r.chunks).toFixed(0),
      ]),
    ),
  );
  print();
  const mine = rows.filter((r) => r.library === 'toolpane');
  const last = mine[mine.length - 1];
  if (last !== undefined) {
    const ratio = last.retainedBytes / last.wireBytes;
    verdict(`Memory ≤ 2× wire size at ${kilo(last.chunks)} chunks`, fmtRatio(ratio), ratio <= 2);
  }
  if (mine.length >= 2) {
    const a = mine[mine.length - 2]!;
    const b = mine[mine.length - 1]!;
    const growth = b.retainedBytes / a.retainedBytes / (b.chunks / a.chunks);
    verdict(
      `Memory linear (${kilo(a.chunks)}→${kilo(b.chunks)} growth ÷ size ratio ≤ 1.3)`,
      growth.toFixed(2),
      growth <= 1.3,
    );
  }
}

function reportRenders(rows: readonly RenderRow[]) {
  print('## 5. React renders');
  print();
  print(
    'jsdom, React 19 development build (the Profiler needs it), one act() per chunk. The list ' +
      'shows one card per top-level tool call; the measured chunks follow the mounting of ' +
      `${rows[0]?.cardsMounted ?? '?'} cards and include new calls (which add cards). ` +
      'Times are for orientation only: jsdom and a development build.',
  );
  print();
  print(
    table(
      ['variant', 'cards', 'chunks', 'commits / chunk', 'card renders / chunk', 'ms / chunk'],
      rows.map((r) => [
        r.variant,
        String(r.cardsMounted),
        String(r.chunks),
        (r.commits / r.chunks).toFixed(2),
        (r.cardRenders / r.chunks).toFixed(2),
        (r.ms / r.chunks).toFixed(2),
      ]),
    ),
  );
  print();
}

function reportLive(rows: readonly LiveRow[]) {
  print('## 5b. Live batching');
  print();
  print(
    `jsdom, React 19 development build: ${rows[0]?.chunks ?? '?'} generated chunks streamed at ` +
      `${LIVE.rate} chunks/s, one per task as a live stream delivers them, into the default ` +
      `<Transcript.Root/> with ${rows[0]?.cards ?? '?'} tool cards mounted, for each ` +
      'NotifySchedule of the store. "busy" is the time spent in Toolpane and React (every task ' +
      'runs in act(), so rendering is inside what is timed). The schedule with the least busy ' +
      "time is a session's default (`createAgentSession({ notify })`).",
  );
  print();
  print(
    table(
      [
        'schedule',
        'cards',
        'chunks',
        'commits / chunk',
        'busy ms / chunk',
        'worst task ms',
        'busy / wall',
      ],
      rows.map((r) => [
        r.schedule,
        String(r.cards),
        String(r.chunks),
        (r.commits / r.chunks).toFixed(2),
        (r.busyMs / r.chunks).toFixed(2),
        r.worstMs.toFixed(1),
        `${((100 * r.busyMs) / r.wallMs).toFixed(0)}%`,
      ]),
    ),
  );
  print();
}

function reportBundle(rows: readonly BundleRow[]) {
  print('## 6. Bundle size');
  print();
  print(
    'esbuild (bundle, minify, ESM, browser; react, react-dom and Radix external), then gzip ' +
      'level 9 with node:zlib. 1 KB = 1,024 bytes.',
  );
  print();
  print(
    table(
      ['entry', 'min', 'min+gz', 'lazy (min+gz)', 'goal', 'CI budget'],
      rows.map((r) => [
        r.name,
        r.note ?? kb(r.minBytes),
        r.note ? '' : kb(r.gzBytes),
        r.lazyGzBytes === undefined ? '' : kb(r.lazyGzBytes),
        r.goalKb === undefined || r.gzBytes === undefined
          ? ''
          : `${r.goalKb} KB ${r.gzBytes <= r.goalKb * 1024 ? 'met' : 'NOT met'}`,
        r.budgetKb === undefined
          ? ''
          : r.gzBytes === undefined
            ? `${r.budgetKb} KB (not checked)`
            : `${r.budgetKb} KB ${r.gzBytes <= r.budgetKb * 1024 ? 'ok' : 'OVER'}`,
      ]),
    ),
  );
  print();
  print(
    'Lazy: code behind a dynamic import, loaded on first use (resume validation loads zod when ' +
      'a call with a resume schema is resumed). Goal: the size this entry should have; CI ' +
      'budget: the ceiling `pnpm bench:smoke` enforces.',
  );
  print();
  for (const r of rows) {
    if (r.goalKb === undefined || r.gzBytes === undefined) continue;
    verdict(`${r.name} ≤ ${r.goalKb} KB min+gz`, kb(r.gzBytes), r.gzBytes <= r.goalKb * 1024);
  }
}

/**
 * One ingest size. Up to 100k chunks every case runs round-robin in one process; from 1M on, the
 * Toolpane cases and each peer get a process of their own that holds only their input.
 */
async function ingestSize(options: IngestOptions): Promise<IngestResult> {
  if (options.chunks < SPLIT_FROM) return runChild<IngestResult>('ingest.ts', options);
  const parts: IngestResult[] = [];
  for (const only of ['toolpane', ...options.peers] as const) {
    parts.push(await runChild<IngestResult>('ingest.ts', { ...options, only }));
  }
  return {
    chunks: options.chunks,
    wireBytes: parts[0]!.wireBytes,
    uiChunks: Object.assign({}, ...parts.map((p) => p.uiChunks)),
    cases: parts.flatMap((p) => p.cases),
  };
}

/**
 * Every shape at every size, each case (reduce, publish, the floor) in a child process of its
 * own, so that none pays for another's garbage (all in one process in smoke mode, where only whether the
 * section runs counts). The sizes of a shape take turns, `rounds` processes each, and each figure
 * is the median over its rounds, so that a change in the load of a shared machine falls on both
 * sizes rather than on one.
 */
async function shapeRows(options: ShapesOptions, rounds: number): Promise<ShapeRow[]> {
  if (smoke) return runChild<ShapeRow[]>('shapes.ts', options);
  const rows: ShapeRow[] = [];
  const part = args.find((a) => a.startsWith('--shapes='))?.slice('--shapes='.length);
  for (const shape of SHAPE_LIST.filter((s) => part === undefined || s.name.includes(part))) {
    const found = options.sizes.map(() => ({
      reduce: [] as ShapeTiming[],
      publish: [] as ShapeTiming[],
      floor: [] as ShapeTiming[],
    }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, size] of options.sizes.entries()) {
        for (const name of SHAPE_CASES) {
          const one: ShapesRunOptions = {
            ...options,
            shapes: [shape.name],
            sizes: [size],
            cases: [name],
          };
          const [row] = await runChild<ShapeRow[]>('shapes.ts', one);
          found[i]![name].push(...row![name]);
        }
      }
    }
    const mid = (list: readonly ShapeTiming[]): ShapeTiming => ({
      wallMs: median(list.map((t) => t.wallMs)),
      cpuMs: median(list.map((t) => t.cpuMs)),
      bytesPerChunk: median(list.map((t) => t.bytesPerChunk)),
      gcMs: median(list.map((t) => t.gcMs)),
    });
    rows.push({
      shape: shape.name,
      sizes: options.sizes,
      reduce: found.map((f) => mid(f.reduce)),
      publish: found.map((f) => mid(f.publish)),
      floor: found.map((f) => mid(f.floor)),
    });
  }
  return rows;
}

/** The commit measured, and whether the packages had uncommitted changes. */
function revision(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--', 'packages') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (packages/ with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const started = Date.now();
  const cpu = cpus();
  print(`# Toolpane benchmarks${smoke ? ' (smoke)' : ''}`);
  print();
  print(
    table(
      ['machine', ''],
      [
        ['CPU', `${cpu[0]?.model ?? 'unknown'} × ${cpu.length}`],
        [
          'memory',
          `${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} free)`,
        ],
        ['Node.js', process.version],
        [
          'load average at start (1/5/15 min)',
          loadavg()
            .map((l) => l.toFixed(2))
            .join(' '),
        ],
        ['command', smoke ? 'pnpm bench:smoke' : 'pnpm bench'],
        ['commit', revision()],
      ],
    ),
  );
  print();

  let bundles: BundleRow[] = [];
  if (only.has('ingest')) {
    const results: IngestResult[] = [];
    const sizesArg = args.find((a) => a.startsWith('--sizes='));
    const sizes = sizesArg?.slice('--sizes='.length).split(',').map(Number);
    for (const options of INGEST.filter((o) => sizes === undefined || sizes.includes(o.chunks))) {
      progress(`ingest: ${kilo(options.chunks)} chunks`);
      results.push(await ingestSize(options));
    }
    reportIngest(results);
  }
  if (only.has('shapes')) {
    progress('shapes');
    reportShapes(await shapeRows(SHAPES, SHAPE_ROUNDS));
  }
  if (only.has('partial-json')) {
    progress('partial JSON');
    reportPartialJson(await runChild<PartialJsonResult>('partial-json.ts', PARTIAL));
  }
  if (only.has('memory')) {
    progress('memory');
    reportMemory(await runChild<MemoryRow[]>('memory.ts', MEMORY));
  }
  if (only.has('react')) {
    progress('react renders');
    reportRenders(await runChild<RenderRow[]>('react-renders.tsx', RENDERS, 4_096));
  }
  if (only.has('live')) {
    progress('live batching');
    reportLive(await runChild<LiveRow[]>('live-batching.tsx', LIVE, 4_096));
  }
  if (only.has('bundle')) {
    progress('bundle sizes');
    bundles = await bundleSizes({ peers: !smoke });
    reportBundle(bundles);
  }

  print('## Goals');
  print();
  if (smoke) {
    print('Smoke mode: sizes are tiny and nothing is warmed up, so only the bundle budgets count.');
    print();
  }
  const shown = smoke ? verdicts.filter((v) => v.goal.includes('min+gz')) : verdicts;
  print(
    table(
      ['goal', 'measured', 'met'],
      shown.map((v) => [v.goal, v.measured, v.met === undefined ? 'n/a' : v.met ? 'yes' : 'NO']),
    ),
  );
  print();
  print(
    `Finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end: ` +
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}.`,
  );

  const over = overBudget(bundles);
  if (smoke && over.length > 0) {
    progress(
      `Over the CI budget: ${over.map((r) => `${r.name} ${kb(r.gzBytes)} > ${r.budgetKb} KB`).join('; ')}`,
    );
    process.exitCode = 1;
  }
}

await main();
