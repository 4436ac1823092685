/**
 * `pnpm bench:like-for-like`: the two cases of the "like for like" comparison alone, with CPU time
 * beside the wall clock: Toolpane dispatching the parsed chunks of the generated stream into a
 * store whose subscriber reads the new snapshot after every chunk, against @mastra/react
 * `accumulateChunk` building its conversation per chunk. A third case, `reduceAll` over the same
 * chunks with no snapshot until the end, is the ceiling of any publish: what Toolpane's reducer
 * costs when publishing costs nothing. The cases alternate round by round in one process
 * (`compare`), on the stream of the ingest section.
 *
 * Options: `--sizes=10000,100000`, `--warmup=1`, `--iterations=5`.
 */

import { loadavg } from 'node:os';
import type { MastraDBMessage } from '@mastra/core/agent/message-list';
import { accumulateChunk } from '@mastra/react';
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { generateLines } from './generate.ts';
import { compare, fmtMs, fmtRatio, median, table, withCpuTime } from './measure.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const sizes = option('sizes', '10000,100000').split(',').map(Number);
const warmup = Number(option('warmup', '1'));
const iterations = Number(option('iterations', '5'));

const TOOLPANE = 'Toolpane: dispatch parsed chunks, snapshot published after each';
const PEER = '@mastra/react accumulateChunk';
const CEILING = 'Toolpane: reduceAll, one snapshot at the end';

type Accumulate = Parameters<typeof accumulateChunk>[0];

const rows: string[][] = [];
const startLoad = loadavg().map((l) => l.toFixed(2));
for (const size of sizes) {
  const objects: unknown[] = generateLines({ chunks: size }).map((line) => JSON.parse(line));
  const cpu = withCpuTime([
    { name: CEILING, run: () => reduceAll(objects) },
    {
      name: TOOLPANE,
      run: () => {
        const store = createToolpaneStore();
        let state = store.getState();
        store.subscribe(() => {
          state = store.getState();
        });
        for (const chunk of objects) store.dispatch(chunk);
        return state;
      },
    },
    {
      name: PEER,
      run: () => {
        let conversation: MastraDBMessage[] = [];
        for (const value of objects) {
          const chunk = value as Accumulate['chunk'];
          const runId = (value as { runId?: string }).runId;
          conversation = accumulateChunk({
            chunk,
            conversation,
            metadata: { mode: 'stream', runId },
          } as Accumulate);
        }
        return conversation;
      },
    },
  ]);
  const results = await compare(cpu.cases, { warmup, iterations });
  const wall = (name: string) => median(results.get(name)?.samples ?? []);
  const cpuMs = (name: string) => cpu.cpuMedian(name, iterations);
  rows.push([
    size.toLocaleString('en-US'),
    `${fmtMs(wall(TOOLPANE))} (${fmtMs(cpuMs(TOOLPANE))})`,
    `${fmtMs(wall(PEER))} (${fmtMs(cpuMs(PEER))})`,
    `${fmtRatio(wall(PEER) / wall(TOOLPANE))} (${fmtRatio(cpuMs(PEER) / cpuMs(TOOLPANE))})`,
    `${fmtMs(wall(CEILING))} (${fmtMs(cpuMs(CEILING))})`,
    `${fmtRatio(wall(PEER) / wall(CEILING))} (${fmtRatio(cpuMs(PEER) / cpuMs(CEILING))})`,
  ]);
  process.stderr.write(`${rows.at(-1)!.join(' | ')}\n`);
}
const endLoad = loadavg().map((l) => l.toFixed(2));
process.stdout.write(
  `Median ms of ${iterations} alternating rounds after ${warmup} warm-up, wall clock (CPU time of the process in parentheses); load average ${startLoad.join(' ')} at start, ${endLoad.join(' ')} at end.\n\n`,
);
process.stdout.write(
  `${table(
    [
      'chunks',
      'Toolpane, published per chunk',
      '`accumulateChunk`',
      'peer ÷ Toolpane',
      'ceiling: `reduceAll`, no publish',
      'peer ÷ ceiling',
    ],
    rows,
  )}\n`,
);
