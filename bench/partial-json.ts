/**
 * Partial JSON: about 100 KB of tool arguments arriving in 4,000 deltas, parsed by Toolpane's
 * incremental parser, by re-parsing the prefix per delta (partial-json, the AI SDK), and by one
 * JSON.parse of the final text (the floor).
 */
import { isDeepStrictEqual } from 'node:util';
import { createPartialJsonParser, createToolpaneStore } from '@toolpane/client';
import { parsePartialJson as aiParsePartialJson } from 'ai';
import { Allow, parse as partialJsonParse } from 'partial-json';
import { childOptions, isMain, log, report } from './child.ts';
import { createRandom, generateLines } from './generate.ts';
import { type Case, type CaseResult, compare, type Deadline, keep } from './measure.ts';

/** Options of the partial-JSON comparison. */
export interface PartialJsonOptions {
  /** Approximate size of the arguments in bytes. */
  readonly bytes: number;
  readonly deltas: number;
  readonly warmup: number;
  readonly iterations: number;
  /** Timed runs and time limit (ms) of the re-parsing peers. */
  readonly peerIterations: number;
  readonly peerLimitMs: number;
}

/** What the comparison reports. */
export interface PartialJsonResult {
  readonly bytes: number;
  readonly deltas: number;
  readonly cases: CaseResult[];
}

/** Case names, shared with the report. */
export const PJ = {
  floor: 'JSON.parse of the final text',
  push: 'Toolpane parser: push every delta, read once',
  pushRead: 'Toolpane parser: push + read value per delta',
  store: 'Toolpane store: tool-call-delta chunks, read input per chunk',
  partialJson: 'partial-json: parse(prefix) per delta',
  aiSdk: 'AI SDK parsePartialJson(prefix) per delta',
} as const;

const WORDS = 'alpha beta gamma delta deploy region cache index shard queue worker retry'.split(
  ' ',
);

/** Tool arguments of a realistic shape: nested records, arrays, numbers, booleans, long strings. */
export function makeArguments(bytes: number): string {
  const random = createRandom(7);
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const rows: unknown[] = [];
  const value = {
    title: 'Rollout plan',
    dryRun: false,
    owner: { name: 'ops', email: 'ops@example.com' },
    rows,
    body: '',
  };
  while (JSON.stringify(value).length < bytes * 0.88) {
    rows.push({
      id: rows.length + 1,
      name: `${word()}-${rows.length}`,
      tags: [word(), word(), word()],
      score: Math.round(random() * 1e4) / 100,
      active: random() > 0.5,
      note: sentence(12),
      limits: { cpu: Math.round(random() * 8), memoryMb: 256 * Math.ceil(random() * 16) },
    });
  }
  value.body = sentence(Math.max(1, Math.floor((bytes - JSON.stringify(value).length) / 6)));
  return JSON.stringify(value);
}

/** Splits text into `count` deltas of random sizes. */
export function splitDeltas(text: string, count: number): string[] {
  const random = createRandom(11);
  const cuts = new Set<number>();
  while (cuts.size < Math.min(count - 1, text.length - 1))
    cuts.add(1 + Math.floor(random() * (text.length - 1)));
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  for (const cut of [...sorted, text.length]) {
    out.push(text.slice(at, cut));
    at = cut;
  }
  return out;
}

/** The recorded chunks of one streamed tool call, carrying these deltas instead of the recorded ones. */
function toolCallChunks(deltas: readonly string[]): unknown[] {
  type Chunk = { type: string; payload: Record<string, unknown> };
  const lines = generateLines({ chunks: 8 }).map((line) => JSON.parse(line) as Chunk);
  const start = lines.find((c) => c.type === 'tool-call-input-streaming-start')!;
  const delta = lines.find((c) => c.type === 'tool-call-delta')!;
  return [
    lines.find((c) => c.type === 'start')!,
    start,
    ...deltas.map((argsTextDelta) => ({ ...delta, payload: { ...delta.payload, argsTextDelta } })),
  ];
}

function reparse(deltas: readonly string[], deadline: Deadline, parse: (text: string) => unknown) {
  let text = '';
  let last: unknown;
  for (let i = 0; i < deltas.length; i++) {
    text += deltas[i]!;
    last = parse(text);
    if ((i & 63) === 0 && deadline.passed()) return { processed: i, total: deltas.length };
  }
  return last;
}

/** Runs the partial-JSON comparison. */
export async function partialJson(options: PartialJsonOptions): Promise<PartialJsonResult> {
  const text = makeArguments(options.bytes);
  const deltas = splitDeltas(text, options.deltas);
  const expected = JSON.parse(text) as unknown;
  const chunks = toolCallChunks(deltas);
  const toolCallId = (chunks[1] as { payload: { toolCallId: string } }).payload.toolCallId;

  // The compared parsers must agree on the result, or the comparison means nothing.
  const check = (name: string, value: unknown) => {
    if (!isDeepStrictEqual(value, expected)) throw new Error(`${name} parsed something else`);
  };
  const parser = createPartialJsonParser();
  for (const delta of deltas) parser.push(delta);
  check('Toolpane', parser.snapshot.value);
  check('partial-json', partialJsonParse(text, Allow.ALL));
  check('AI SDK', (await aiParsePartialJson(text)).value);

  const cases: Case[] = [
    { name: PJ.floor, run: () => JSON.parse(text) },
    {
      name: PJ.push,
      run: () => {
        const p = createPartialJsonParser();
        for (const delta of deltas) p.push(delta);
        return p.snapshot.value;
      },
    },
    {
      name: PJ.pushRead,
      run: () => {
        const p = createPartialJsonParser();
        for (const delta of deltas) keep(p.push(delta).value);
        return p.snapshot.value;
      },
    },
    {
      name: PJ.store,
      run: () => {
        const store = createToolpaneStore();
        for (const chunk of chunks) {
          store.dispatch(chunk);
          keep(store.getState().toolCalls.get(toolCallId)?.input);
        }
        return store.getState();
      },
    },
  ];
  // The re-parsing peers run after the rest: each of their runs parses about 200 MB of prefixes,
  // and what that leaves behind slowed the sub-millisecond cases run next to it several times over.
  const limit = { limitMs: options.peerLimitMs };
  const peers: Case[] = [
    {
      name: PJ.partialJson,
      ...limit,
      run: (deadline) => reparse(deltas, deadline, (t) => partialJsonParse(t, Allow.ALL)),
    },
    {
      name: PJ.aiSdk,
      ...limit,
      run: async (deadline) => {
        let prefix = '';
        let last: unknown;
        for (let i = 0; i < deltas.length; i++) {
          prefix += deltas[i]!;
          last = await aiParsePartialJson(prefix);
          if ((i & 63) === 0 && deadline.passed()) return { processed: i, total: deltas.length };
        }
        return last;
      },
    },
  ];
  log(`partial JSON: ${text.length} bytes in ${deltas.length} deltas`);
  const results = await compare(cases, {
    warmup: options.warmup,
    iterations: options.iterations,
    log,
  });
  const peerResults = await compare(peers, {
    warmup: 0,
    iterations: options.peerIterations,
    log,
  });
  return {
    bytes: text.length,
    deltas: deltas.length,
    cases: [...results.values(), ...peerResults.values()],
  };
}

if (isMain(import.meta.url)) {
  report(await partialJson(childOptions<PartialJsonOptions>()));
}
