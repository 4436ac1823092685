/**
 * Adversarial shapes: streams that pile one kind of thing into a single run (100k tool calls,
 * 100k text blocks, 100k data parts, 100k unknown chunks, 100k issues) or into subagent trees,
 * deep and wide. Each shape is timed at two sizes through `reduceAll` and through a store that
 * publishes a snapshot after every chunk (a subscribed UI on a live stream); the report prints how
 * much the time grew against the chunks. Linear is 10×. `pnpm bench` runs each shape and size in
 * a process of its own, so no size inherits another's heap or garbage.
 */
import { createToolpaneStore, type ReduceOptions, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { AWAITING } from './awaiting-shapes.ts';
import { childOptions, isMain, log, report } from './child.ts';
import { CONVERSATION } from './conversation-shapes.ts';
import { DECISIONS } from './decision-shapes.ts';
import { ENDINGS } from './ending-shapes.ts';
import { GROWING } from './growing-shapes.ts';
import { BESIDE, DATA, HIDDEN, TURNS } from './hidden-shapes.ts';
import { compare, withCpuTime, withHeapSamples } from './measure.ts';

/** One shape: a function from a chunk count to exactly that many chunks. */
export interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
  /** Set for AI SDK UI message chunks (native Mastra chunks when absent). */
  readonly format?: 'ai-sdk';
  /** Set for chunks of an agent network (`agent.network()`). */
  readonly family?: 'network';
}

/**
 * The options a shape's chunks are applied with: the AI SDK format for AI SDK chunks, the network
 * family for a network's.
 */
export const shapeOptions = (shape: Shape): ReduceOptions => ({
  ...(shape.format === 'ai-sdk' ? { formats: [aiSdk] } : {}),
  ...(shape.family === 'network' ? { families: [network] } : {}),
});

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

/**
 * A value whose every read throws (a proxy whose traps throw, as an app dispatching a server-side
 * `fullStream` by hand may pass): a result made of it fails part way, after its call was added.
 */
const throwing = (): object => {
  const boom = () => {
    throw new Error('a hostile value was read');
  };
  return new Proxy({}, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
};

/** A result for a call the run does not have yet, which throws part way: it is rolled back. */
const throwsPartWay = (i: number) =>
  top('tool-result', { toolCallId: `x${i}`, toolName: 'lookup', result: throwing() });

/** The shapes of the bench. */
export const SHAPES: readonly Shape[] = [
  ...GROWING,
  ...HIDDEN,
  ...BESIDE,
  ...CONVERSATION,
  ...DECISIONS,
  ...ENDINGS,
  ...AWAITING,
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
    name: 'chunks that throw part way, among tool calls of one run',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }),
        top('tool-result', { toolCallId: `c${i}`, toolName: 'lookup', result: { ok: i } }),
        throwsPartWay(i),
      ]),
  },
  {
    name: 'chunks that throw part way, among streamed tool calls and data of one run',
    chunks: (n) =>
      fill([start()], n, (i) => {
        const ref = { toolCallId: `c${i}`, toolName: 'lookup' };
        return [
          top('tool-call-input-streaming-start', ref),
          top('tool-call-delta', { ...ref, argsTextDelta: `{"i":${i}}` }),
          top('tool-call-input-streaming-end', ref),
          top('tool-call', { ...ref, args: { i } }),
          top('tool-result', { ...ref, result: { ok: i } }),
          { type: 'data-progress', data: { i } },
          throwsPartWay(i),
        ];
      }),
  },
  {
    name: 'chunks that throw part way, among short text blocks and data parts of one run',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('text-start', { id: `t${i}` }),
        top('text-delta', { id: `t${i}`, text: 'word ' }),
        top('text-end', { id: `t${i}` }),
        { type: 'data-progress', id: `d${i}`, data: { i } },
        throwsPartWay(i),
      ]),
  },
  {
    name: 'chunks that throw part way, between calls the run ends after',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('tool-call', { toolCallId: `c${i}`, toolName: 'lookup', args: { i } }),
        top('finish', { stepResult: { reason: 'stop' } }),
        throwsPartWay(i),
      ]),
  },
  {
    name: 'steps of one run that each call call-1',
    chunks: (n) =>
      fill([start()], n, (i) => [
        top('step-start', {}),
        top('tool-call', { toolCallId: 'call-1', toolName: 'lookup', args: { i } }),
        top('tool-result', { toolCallId: 'call-1', toolName: 'lookup', result: { ok: i } }),
      ]),
  },
  {
    name: 'steps of one run that each call call-1, the stream sent twice',
    chunks: (n) => {
      const once = fill([start()], Math.ceil(n / 2), (i) => [
        top('step-start', {}),
        top('tool-call', { toolCallId: 'call-1', toolName: 'lookup', args: { i } }),
        top('tool-result', { toolCallId: 'call-1', toolName: 'lookup', result: { ok: i } }),
      ]);
      return [...once, ...once].slice(0, n);
    },
  },
  {
    name: 'a finished run sent again: steps, text, sources and data read once',
    chunks: (n) => {
      const once = fill([start()], Math.ceil(n / 2) - 1, (i) => [
        top('step-start', {}),
        top('text-start', { id: `t${i}` }),
        top('text-delta', { id: `t${i}`, text: `part ${i} ` }),
        top('text-end', { id: `t${i}` }),
        top('source', { id: `s${i}`, sourceType: 'url', url: `https://example.test/${i}` }),
        { type: 'data-progress', data: { i } },
        top('step-finish', { stepResult: { reason: 'stop' } }),
      ]);
      once.push(top('finish', { stepResult: { reason: 'stop' } }));
      return [...once, ...once].slice(0, n);
    },
  },
  {
    name: 'a finished run sent again whose subagent wrote data without an id',
    chunks: (n) => {
      const path = [{ runId: RUN, callId: 'call-agent' }];
      const sub = 'run-sub';
      const once = [
        start(),
        top('tool-call', { toolCallId: 'call-agent', toolName: 'agent-helper', args: {} }),
        wrap(start(sub), path),
      ];
      fill(once, Math.ceil(n / 2) - 3, (i) => [
        wrap(top('text-delta', { id: 'sub-text', text: `${i} ` }, sub), path),
        { type: 'data-progress', data: { i } },
      ]);
      once.push(
        wrap(top('finish', { stepResult: { reason: 'stop' } }, sub), path),
        top('tool-result', { toolCallId: 'call-agent', toolName: 'agent-helper', result: {} }),
        top('finish', { stepResult: { reason: 'stop' } }),
      );
      return [...once, ...once].slice(0, n);
    },
  },
  {
    name: 'a run broken off with its calls open, sent again',
    chunks: (n) => {
      // The calls of the first half are open at the break; sent again, they go on and end.
      const half = Math.ceil(n / 2) - 1;
      const calls = Math.ceil(half / 3);
      const once = fill([start()], n - half - 2, (i) => {
        const ref = { toolCallId: `c${i}`, toolName: 'lookup' };
        return i < calls
          ? [
              top('tool-call-delta', { ...ref, argsTextDelta: `{"i":${i}}` }),
              top('tool-call', { ...ref, args: { i } }),
            ]
          : [
              top('tool-result', {
                toolCallId: `c${i - calls}`,
                toolName: 'lookup',
                result: { i },
              }),
            ];
      });
      once.push(top('finish', { stepResult: { reason: 'stop' } }));
      return [...once.slice(0, half), { type: 'toolpane/stream-end' }, ...once].slice(0, n);
    },
  },
  {
    name: 'ai: a finished answer sent again',
    format: 'ai-sdk',
    chunks: (n) => {
      const once = fill([{ type: 'start', messageId: 'm-again' }], Math.ceil(n / 2) - 1, (i) => [
        { type: 'start-step' },
        { type: 'text-start', id: `t${i}` },
        { type: 'text-delta', id: `t${i}`, delta: `part ${i} ` },
        { type: 'text-end', id: `t${i}` },
        { type: 'data-progress', data: { i } },
        { type: 'finish-step' },
      ]);
      once.push({ type: 'finish', finishReason: 'stop' });
      return [...once, ...once].slice(0, n);
    },
  },
  {
    name: 'ai: steps of one answer that each call call-1',
    format: 'ai-sdk',
    chunks: (n) =>
      fill([{ type: 'start', messageId: 'm-steps' }], n, (i) => [
        { type: 'start-step' },
        { type: 'tool-input-start', toolCallId: 'call-1', toolName: 'lookup' },
        { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: `{"i":${i}}` },
        { type: 'tool-input-available', toolCallId: 'call-1', toolName: 'lookup', input: { i } },
        { type: 'tool-output-available', toolCallId: 'call-1', output: { ok: i } },
        { type: 'finish-step' },
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
    name: 'approvals of parallel calls in one subagent, asked oldest first',
    chunks: (n) => {
      const { chunks, path, runId } = chain(1);
      const calls = Math.floor((n - chunks.length) / 4);
      const call = (i: number) => ({ toolCallId: `c${i}`, toolName: `tool${i}`, args: { i } });
      for (let i = 0; i < calls; i++) chunks.push(wrap(top('tool-call', call(i), runId), path));
      return fill(chunks, n, (i) => [
        // Mastra repeats each request one level up, naming the subagent call.
        wrap(top('tool-call-approval', call(i), runId), path),
        top('tool-call-approval', { ...call(i), toolCallId: path[0]!.callId }),
        wrap(top('text-delta', { id: `t${i}`, text: 'word ' }, runId), path),
      ]);
    },
  },
  {
    name: 'approvals with schemas of parallel calls in one subagent, beside a call that hides',
    chunks: (n) => {
      const { chunks, path, runId } = chain(1);
      // A call whose display transform hides its key: every request's schema is searched for it.
      const metadata = {
        mastra: {
          toolPayloadTransform: { display: { 'input-available': { transformed: { key: '…' } } } },
        },
      };
      const hider = { toolCallId: 'h', toolName: 'vault', args: { key: 'sk-shape-hidden-1' } };
      chunks.push(wrap({ ...top('tool-call', hider, runId), metadata }, path));
      const calls = Math.floor((n - chunks.length) / 4);
      const call = (i: number) => ({ toolCallId: `c${i}`, toolName: `tool${i}`, args: { i } });
      for (let i = 0; i < calls; i++) chunks.push(wrap(top('tool-call', call(i), runId), path));
      const resumeSchema = JSON.stringify({ type: 'object', properties: { approved: {} } });
      return fill(chunks, n, (i) => [
        wrap(top('tool-call-approval', { ...call(i), resumeSchema }, runId), path),
        top('tool-call-approval', { ...call(i), resumeSchema, toolCallId: path[0]!.callId }),
        wrap(top('text-delta', { id: `t${i}`, text: 'word ' }, runId), path),
      ]);
    },
  },
  {
    name: 'approvals of many open calls in one subagent, each told one level up only',
    chunks: (n) => {
      const { chunks, path, runId } = chain(1);
      const calls = Math.floor((n - chunks.length) / 3);
      const call = (i: number) => ({ toolCallId: `c${i}`, toolName: `tool${i}`, args: { i } });
      for (let i = 0; i < calls; i++) chunks.push(wrap(top('tool-call', call(i), runId), path));
      // No inner request: the repeat names the tool and arguments of the call that asked.
      return fill(chunks, n, (i) => [
        top('tool-call-approval', { ...call(i), toolCallId: path[0]!.callId }),
        wrap(top('text-delta', { id: `t${i}`, text: 'word ' }, runId), path),
      ]);
    },
  },
  {
    name: 'rounds of asking in one subagent, decided, expired or refused, beside a call that hides',
    chunks: (n) => {
      const { chunks, path, runId } = chain(1);
      const outer = path[0]!.callId;
      const metadata = {
        mastra: {
          toolPayloadTransform: { display: { 'input-available': { transformed: { key: '…' } } } },
        },
      };
      const hider = { toolCallId: 'h', toolName: 'vault', args: { key: 'sk-shape-hidden-2' } };
      chunks.push(wrap({ ...top('tool-call', hider, runId), metadata }, path));
      const sent = (i: number) => ({
        type: 'toolpane/decision-sent',
        key: `c${i}`,
        toolCallId: outer,
        approved: true,
      });
      const failed = (i: number, accepted: boolean) => ({
        type: 'toolpane/decision-failed',
        key: `c${i}`,
        toolCallId: outer,
        error: 'refused: sk-shape-hidden-2',
        ...(accepted ? { accepted } : {}),
      });
      return fill(chunks, n, (i) => {
        const call = { toolCallId: `c${i}`, toolName: 'deleteTool', args: { id: i } };
        const decision = [
          [sent(i), failed(i, false)],
          [{ type: 'toolpane/decision-expired', toolCallId: outer, reason: 'gone' }],
          [sent(i), failed(i, true)],
        ][i % 3]!;
        return [
          wrap(top('tool-call', call, runId), path),
          wrap(top('tool-call-approval', call, runId), path),
          top('tool-call-approval', { ...call, toolCallId: outer }),
          { type: 'toolpane/stream-end' },
          ...decision,
          wrap(top('tool-result', { ...call, result: { ok: true } }, runId), path),
        ];
      });
    },
  },
  {
    name: 'ai: approvals naming the agent call, of many open calls of one snapshot',
    format: 'ai-sdk',
    chunks: (n) => {
      const agent = 'call-agent';
      const calls = Math.max(1, Math.floor((n - 4) / 2));
      const out: unknown[] = [
        { type: 'start', messageId: 'm-snapshot' },
        { type: 'start-step' },
        { type: 'tool-input-available', toolCallId: agent, toolName: 'agent-ops', input: {} },
        {
          type: 'data-tool-agent',
          id: 'snapshot',
          data: {
            id: 'ops-agent',
            text: '',
            toolCalls: Array.from({ length: calls }, (_, i) => ({
              toolCallId: `c${i}`,
              toolName: `tool${i}`,
              args: { i },
            })),
            status: 'running',
          },
          ancestry: [{ toolCallId: agent, toolName: 'agent-ops', agentId: 'ops' }],
          depth: 1,
        },
      ];
      return fill(out, n, (i) => [
        {
          type: 'data-tool-call-approval',
          id: `${agent}-${i}`,
          data: { runId: 'run-1', toolCallId: agent, toolName: `tool${i}`, args: { i } },
        },
        { type: 'data-progress', data: { i } },
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
  // Last, so that the shapes before keep their places (a property test seeds each by its place).
  ...TURNS,
  ...DATA,
];

/** Options of the shapes section: every shape at every size. */
export interface ShapesOptions {
  readonly sizes: readonly number[];
  /** Untimed samples before the timed ones. */
  readonly warmup: number;
  /** Timed samples; the report gives their median. */
  readonly samples: number;
  /**
   * Chunks per sample: a sample runs a shape `perSample / size` times in a row (at least once),
   * so that every size processes as many chunks per sample and pays its share of the garbage
   * collections those chunks cause.
   */
  readonly perSample: number;
}

/**
 * The ways a shape is applied: `reduceAll`, a store publishing after every chunk, and the floor
 * (`keepEach`), which only keeps a record of each chunk.
 */
export type ShapeCase = 'reduce' | 'publish' | 'floor';

/** Every case, in the order they run. */
export const SHAPE_CASES: readonly ShapeCase[] = ['reduce', 'publish', 'floor'];

/** Options of one child process: some of the shapes (all when absent) at some sizes. */
export interface ShapesRunOptions extends ShapesOptions {
  /** Names of the shapes to run. */
  readonly shapes?: readonly string[];
  /** The cases to run (all when absent). */
  readonly cases?: readonly ShapeCase[];
}

/**
 * One run of a shape (`size` chunks), the median over samples: wall clock and CPU time, the
 * bytes allocated per chunk and the time garbage collection took.
 */
export interface ShapeTiming {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly bytesPerChunk: number;
  readonly gcMs: number;
}

/** One shape at one size, through reduceAll and through a publishing store (the cases run). */
export type ShapeResult = Partial<Record<ShapeCase, ShapeTiming>>;

/** One shape at every size; a case that did not run has no timings. */
export interface ShapeRow {
  readonly shape: string;
  readonly sizes: readonly number[];
  readonly reduce: readonly ShapeTiming[];
  readonly publish: readonly ShapeTiming[];
  readonly floor: readonly ShapeTiming[];
}

/**
 * The floor of a shape: the least a store that keeps what it reads does per chunk. Each chunk
 * gets one small record, appended to a list and indexed by the entity the chunk names (its `id`,
 * else its payload's `toolCallId` or `id`, else its position), pointing at the entity's record
 * before it. Nothing is checked, copied or published. Its growth from the small size to the large
 * one is what keeping a growing state costs on this machine and runtime (the garbage collector
 * moving and marking what stays, caches that no longer hold it), with no work per chunk that
 * grows with the stream. Returns the number of records, so the work cannot be dropped.
 */
export function keepEach(chunks: readonly unknown[]): number {
  const list: unknown[] = [];
  const index = new Map<unknown, unknown>();
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i] as {
      readonly type?: unknown;
      readonly id?: unknown;
      readonly payload?: { readonly id?: unknown; readonly toolCallId?: unknown };
    };
    const key = chunk.id ?? chunk.payload?.toolCallId ?? chunk.payload?.id ?? i;
    const record = { type: chunk.type, key, chunk, previous: index.get(key) };
    list.push(record);
    index.set(key, record);
  }
  return list.length;
}

/** Applies the chunks to a store that publishes a snapshot after each one. */
export function publishEach(chunks: readonly unknown[], options: ReduceOptions = {}): number {
  const store = createToolpaneStore(options);
  let published = 0;
  store.subscribe(() => {
    store.getState();
    published++;
  });
  for (const chunk of chunks) store.dispatch(chunk);
  return published;
}

/**
 * Times one shape at one size. A sample is `perSample / size` runs in a row and its time is
 * divided by the runs, so a small size is timed over as many chunks as a large one: a median of
 * single small runs would mostly pick runs that no major collection fell into, while every large
 * run pays for several. Cases run in the same process alternate (`compare`).
 */
export async function shapeAt(
  shape: Shape,
  size: number,
  options: Omit<ShapesRunOptions, 'sizes'>,
): Promise<ShapeResult> {
  const chunks = shape.chunks(size);
  const runs = Math.max(1, Math.round(options.perSample / size));
  const repeat = (run: () => unknown) => () => {
    let last: unknown;
    for (let i = 0; i < runs; i++) last = run();
    return last;
  };
  const apply: Record<ShapeCase, () => unknown> = {
    reduce: () => reduceAll(chunks, shapeOptions(shape)),
    publish: () => publishEach(chunks, shapeOptions(shape)),
    floor: () => keepEach(chunks),
  };
  const names = options.cases ?? SHAPE_CASES;
  const heap = withHeapSamples(names.map((name) => ({ name, run: repeat(apply[name]) })));
  const timed = withCpuTime(heap.cases);
  const results = await compare(timed.cases, {
    warmup: options.warmup,
    iterations: options.samples,
  });
  const result: ShapeResult = {};
  for (const name of names) {
    result[name] = {
      wallMs: results.get(name)!.median / runs,
      cpuMs: timed.cpuMedian(name, options.samples) / runs,
      bytesPerChunk: heap.median(name, options.samples, (h) => h.allocated) / (runs * size),
      gcMs: heap.median(name, options.samples, (h) => h.gcMs) / runs,
    };
    log(
      `shapes: ${shape.name} at ${size}, ${name}: ${result[name].wallMs.toFixed(1)} ms ` +
        `(${runs} runs per sample)`,
    );
  }
  return result;
}

/** Times the chosen shapes at every size, in this process. */
export async function shapes(options: ShapesRunOptions): Promise<ShapeRow[]> {
  const rows: ShapeRow[] = [];
  for (const shape of SHAPES) {
    if (options.shapes !== undefined && !options.shapes.includes(shape.name)) continue;
    const results: ShapeResult[] = [];
    for (const size of options.sizes) results.push(await shapeAt(shape, size, options));
    rows.push({
      shape: shape.name,
      sizes: options.sizes,
      reduce: results.flatMap((r) => (r.reduce ? [r.reduce] : [])),
      publish: results.flatMap((r) => (r.publish ? [r.publish] : [])),
      floor: results.flatMap((r) => (r.floor ? [r.floor] : [])),
    });
  }
  return rows;
}

if (isMain(import.meta.url)) {
  report(await shapes(childOptions<ShapesRunOptions>()));
}
