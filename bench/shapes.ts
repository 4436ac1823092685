/**
 * Adversarial shapes: streams that pile one kind of thing into a single run (100k tool calls,
 * 100k text blocks, 100k data parts, 100k unknown chunks, 100k issues) or into subagent trees,
 * deep and wide. Each shape is timed at two sizes through `reduceAll` and through a store that
 * publishes a snapshot after every chunk (a subscribed UI on a live stream); the report prints how
 * much the time grew against the chunks. Linear is 10×.
 */
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { childOptions, isMain, log, report } from './child.ts';
import { compare } from './measure.ts';

/** One shape: a function from a chunk count to exactly that many chunks. */
export interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
}

const RUN = 'run-shape';
const from = 'AGENT';
const top = (type: string, payload: unknown, runId = RUN) => ({ type, runId, from, payload });

/** Wraps a chunk in `depth` subagent `tool-output` wrappers, innermost call first. */
function wrap(chunk: unknown, parents: readonly { runId: string; callId: string }[]): unknown {
  let value = chunk;
  for (let i = parents.length - 1; i >= 0; i--) {
    const { runId, callId } = parents[i]!;
    value = {
      type: 'tool-output',
      runId,
      from: 'USER',
      payload: { output: value, toolCallId: callId, toolName: 'agent-helper' },
    };
  }
  return value;
}

/** Fills `out` with `make(i)` until it holds `count` chunks. */
function fill(out: unknown[], count: number, make: (i: number) => unknown[]): unknown[] {
  for (let i = 0; out.length < count; i++) {
    for (const chunk of make(i)) if (out.length < count) out.push(chunk);
  }
  return out;
}

const start = (runId = RUN) => top('start', { id: 'agent', messageId: `m-${runId}` }, runId);

/** A subagent chain `depth` levels deep under the top run; returns its chunks and the path. */
function chain(depth: number) {
  const chunks: unknown[] = [start()];
  const path: { runId: string; callId: string }[] = [];
  let runId = RUN;
  for (let level = 0; level < depth; level++) {
    const callId = `call-agent-${level}`;
    chunks.push(
      wrap(
        top('tool-call', { toolCallId: callId, toolName: 'agent-helper', args: {} }, runId),
        path,
      ),
    );
    path.push({ runId, callId });
    runId = `run-sub-${level}`;
    chunks.push(wrap(start(runId), path));
  }
  return { chunks, path, runId };
}

/** The shapes of the bench. */
export const SHAPES: readonly Shape[] = [
  {
    name: 'tool calls without deltas, one run',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }),
        top('tool-result', { toolCallId: `c${i}`, toolName: 'lookup', result: { ok: i } }),
      ]),
  },
  {
    name: 'streamed tool calls, one run',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('tool-call-input-streaming-start', { toolCallId: `c${i}`, toolName: 'lookup' }),
        top('tool-call-delta', { toolCallId: `c${i}`, argsTextDelta: `{"i":${i}}` }),
        top('tool-call-input-streaming-end', { toolCallId: `c${i}` }),
        top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }),
        top('tool-result', { toolCallId: `c${i}`, toolName: 'lookup', result: { ok: i } }),
      ]),
  },
  {
    name: 'short text blocks, one run',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('text-start', { id: `t${i}` }),
        top('text-delta', { id: `t${i}`, text: 'word ' }),
        top('text-end', { id: `t${i}` }),
      ]),
  },
  {
    name: 'data parts with ids, one run',
    chunks: (n) => fill([start()], n, (i) => [{ type: 'data-progress', id: `d${i}`, data: { i } }]),
  },
  {
    name: 'data part updated in place, one run',
    chunks: (n) =>
      fill([start()], n, (i) => [{ type: 'data-progress', id: `d${i % 64}`, data: { i } }]),
  },
  {
    name: 'unknown chunks (kept as received)',
    chunks: (n) => fill([start()], n, (i) => [top('raw', { i })]),
  },
  {
    name: 'invalid chunks (issues)',
    chunks: (n) => fill([start()], n, (i) => [top('text-delta', { text: `no id ${i}` })]),
  },
  {
    name: 'wide subagent tree: one subagent per call',
    chunks: (n) =>
      fill([start()], n, (i) => {
        const callId = `agent-${i}`;
        const sub = `sub-${i}`;
        const path = [{ runId: RUN, callId }];
        return [
          top('tool-call', { toolCallId: callId, toolName: 'agent-helper', args: {} }),
          wrap(start(sub), path),
          wrap(top('text-delta', { id: `t${i}`, text: 'word ' }, sub), path),
          wrap(top('finish', { stepResult: { reason: 'stop' } }, sub), path),
          top('tool-result', { toolCallId: callId, toolName: 'agent-helper', result: {} }),
        ];
      }),
  },
  {
    name: 'wide subagent run: many calls inside one subagent',
    chunks: (n) => {
      const { chunks, path, runId } = chain(1);
      return fill(chunks, n, (i) => [
        wrap(
          top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }, runId),
          path,
        ),
        wrap(
          top('tool-result', { toolCallId: `c${i}`, toolName: 'lookup', result: i }, runId),
          path,
        ),
      ]);
    },
  },
  {
    name: 'deep subagent tree: calls 8 levels down',
    chunks: (n) => {
      const { chunks, path, runId } = chain(8);
      return fill(chunks, n, (i) => [
        wrap(
          top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }, runId),
          path,
        ),
        wrap(top('text-delta', { id: `t${i}`, text: 'word ' }, runId), path),
        wrap(
          top('tool-result', { toolCallId: `c${i}`, toolName: 'lookup', result: i }, runId),
          path,
        ),
      ]);
    },
  },
];

/** Options of one shapes run. */
export interface ShapesOptions {
  readonly sizes: readonly number[];
  readonly warmup: number;
  readonly iterations: number;
}

/** Median ms of one shape at each size, through reduceAll and through a publishing store. */
export interface ShapeRow {
  readonly shape: string;
  readonly sizes: readonly number[];
  readonly reduceMs: readonly number[];
  readonly publishMs: readonly number[];
}

/** Applies the chunks to a store that publishes a snapshot after each one. */
export function publishEach(chunks: readonly unknown[]): number {
  const store = createToolpaneStore();
  let published = 0;
  store.subscribe(() => {
    store.getState();
    published++;
  });
  for (const chunk of chunks) store.dispatch(chunk);
  return published;
}

/** Times every shape at every size. */
export async function shapes(options: ShapesOptions): Promise<ShapeRow[]> {
  const rows: ShapeRow[] = [];
  for (const shape of SHAPES) {
    const reduceMs: number[] = [];
    const publishMs: number[] = [];
    for (const size of options.sizes) {
      const chunks = shape.chunks(size);
      const results = await compare(
        [
          { name: 'reduce', run: () => reduceAll(chunks) },
          { name: 'publish', run: () => publishEach(chunks) },
        ],
        { warmup: options.warmup, iterations: options.iterations },
      );
      reduceMs.push(results.get('reduce')!.median);
      publishMs.push(results.get('publish')!.median);
      log(
        `shapes: ${shape.name} at ${size}: ${reduceMs.at(-1)!.toFixed(1)} / ${publishMs.at(-1)!.toFixed(1)} ms`,
      );
    }
    rows.push({ shape: shape.name, sizes: options.sizes, reduceMs, publishMs });
  }
  return rows;
}

if (isMain(import.meta.url)) {
  report(await shapes(childOptions<ShapesOptions>()));
}
