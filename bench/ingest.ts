/**
 * Ingest: one generated stream, read and reduced by Toolpane and by its peers, timed side by side
 * in this process. Run by bench/index.ts once per stream size.
 */
import { createRequire } from 'node:module';
import type { MastraDBMessage } from '@mastra/core/agent/message-list';
import { accumulateChunk } from '@mastra/react';
import { createToolpaneStore, parseMastraChunk, reduceAll } from '@toolpane/client';
import { consumeStream, createFrameDecoder } from '@toolpane/client/stream';
import { readUIMessageStream, type UIMessageChunk } from 'ai';
import { aiSdkStream } from './ai-sdk.ts';
import { childOptions, isMain, log, report } from './child.ts';
import { byteSize, generateLines, toByteReads, toSseSegments } from './generate.ts';
import { type Case, type CaseResult, compare, type Deadline, kept } from './measure.ts';

/** Options of one ingest run. */
export interface IngestOptions {
  readonly chunks: number;
  readonly warmup: number;
  readonly iterations: number;
  /** Timed runs of each peer (they can be slow). */
  readonly peerIterations: number;
  /** Untimed warm-up runs of each peer. */
  readonly peerWarmup: number;
  /** Time limit of one peer run, in ms. */
  readonly peerLimitMs: number;
  /** Peers to run at this size. */
  readonly peers: readonly PeerName[];
  /**
   * Run only the Toolpane cases and the floor, or only one peer: each in a process that holds
   * nothing but its own input. At 1M chunks the inputs of all cases together fill gigabytes of
   * heap, which would bill the libraries that make the most garbage for the others' data.
   */
  readonly only?: 'toolpane' | PeerName;
}

/** The peers of the ingest comparison. */
export type PeerName = 'mastra-react' | 'ai-sdk' | 'ai-sdk-subagents';

/** What one ingest run reports. */
export interface IngestResult {
  readonly chunks: number;
  readonly wireBytes: number;
  readonly uiChunks: Partial<Record<PeerName, number>>;
  readonly cases: CaseResult[];
}

/** Case names, shared with the report. */
export const CASE = {
  floor: 'JSON.parse floor',
  floorBytes: 'JSON.parse floor from bytes (TextDecoder, split, parse)',
  framing: 'SSE framing only',
  store: 'Toolpane: SSE text → store, subscribed',
  storeQuiet: 'Toolpane: SSE text → store, no subscriber',
  consume: 'Toolpane: consumeStream(bytes), subscribed',
  consumeBatched: 'Toolpane: consumeStream(bytes), microtask store, subscribed',
  reduce: 'Toolpane: reduceAll (reduce only)',
  publish: 'Toolpane: dispatch parsed chunks, snapshot published after each',
  validate: 'Toolpane: parseMastraChunk only (checks, every level)',
  mastra: '@mastra/react accumulateChunk',
  aiSdk: 'AI SDK readUIMessageStream',
  aiSdkSubagents: 'AI SDK readUIMessageStream, subagent metadata',
} as const;

type ParserModule = {
  createParser(callbacks: { onEvent(event: { data: string }): void }): {
    feed(text: string): void;
  };
};

// eventsource-parser is a dependency of the client package, not of the workspace root.
const requireFromClient = createRequire(
  new URL('../packages/client/package.json', import.meta.url),
);
const { createParser } = requireFromClient('eventsource-parser') as ParserModule;

async function toUiChunks(lines: readonly string[], subagents: boolean) {
  const chunks = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const converted = aiSdkStream(chunks, { subagents });
  const out: UIMessageChunk[] = [];
  const reader = converted.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    out.push(value);
  }
  return out;
}

function floor(segments: readonly string[]): number {
  let count = 0;
  for (const segment of segments) {
    for (const line of segment.split('\n')) {
      if (line.startsWith('data: ') && line !== 'data: [DONE]') {
        JSON.parse(line.slice(6));
        count++;
      }
    }
  }
  return count;
}

function floorBytes(reads: readonly Uint8Array[]): number {
  const decoder = new TextDecoder();
  let count = 0;
  let tail = '';
  const parse = (lines: string[]) => {
    for (const line of lines) {
      if (line.startsWith('data: ') && line !== 'data: [DONE]') {
        JSON.parse(line.slice(6));
        count++;
      }
    }
  };
  for (const read of reads) {
    const lines = (tail + decoder.decode(read, { stream: true })).split('\n');
    tail = lines.pop()!;
    parse(lines);
  }
  parse([tail + decoder.decode()]);
  return count;
}

function readUi(chunks: readonly UIMessageChunk[], deadline: Deadline) {
  let read = 0;
  const stream = new ReadableStream<UIMessageChunk>({
    pull(controller) {
      const next = chunks[read++];
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
  return (async () => {
    let snapshots = 0;
    for await (const message of readUIMessageStream({ stream })) {
      snapshots++;
      if ((snapshots & 255) === 0 && deadline.passed()) {
        return { processed: Math.min(read, chunks.length), total: chunks.length };
      }
      if (message === undefined) break;
    }
    return snapshots;
  })();
}

/** Runs the ingest comparison for one stream size. */
export async function ingest(options: IngestOptions): Promise<IngestResult> {
  log(`ingest ${options.chunks} chunks: generating`);
  const lines = generateLines({ chunks: options.chunks });
  const { only } = options;
  const toolpane = only === undefined || only === 'toolpane';
  const peers = options.peers.filter((peer) => only === undefined || only === peer);
  let segments: string[] = toSseSegments(lines);
  const wireBytes = byteSize(segments);
  if (!toolpane) segments = [];
  const reads = toolpane ? toByteReads(segments) : [];
  const objects =
    toolpane || peers.includes('mastra-react')
      ? lines.map((line) => JSON.parse(line) as unknown)
      : [];
  const ui: Partial<Record<PeerName, UIMessageChunk[]>> = {};
  for (const peer of ['ai-sdk', 'ai-sdk-subagents'] as const) {
    if (!peers.includes(peer)) continue;
    log(`ingest ${options.chunks} chunks: converting for ${peer}`);
    ui[peer] = await toUiChunks(lines, peer === 'ai-sdk-subagents');
  }
  lines.length = 0;

  const mine: Case[] = [
    { name: CASE.floor, run: () => floor(segments) },
    // The floor of the network path, which starts from bytes as consumeStream does.
    { name: CASE.floorBytes, run: () => floorBytes(reads) },
    {
      name: CASE.framing,
      run: () => {
        let count = 0;
        const parser = createParser({ onEvent: () => void count++ });
        for (const segment of segments) parser.feed(segment);
        return count;
      },
    },
    {
      // A UI subscribes to the store, which then publishes a snapshot after every chunk.
      name: CASE.store,
      run: () => sseIntoStore(segments, true),
    },
    { name: CASE.storeQuiet, run: () => sseIntoStore(segments, false) },
    {
      name: CASE.consume,
      run: async () => {
        const store = createToolpaneStore();
        let notified = 0;
        store.subscribe(() => void notified++);
        await consumeStream(store, streamOf(reads));
        return [store.getState(), notified];
      },
    },
    {
      name: CASE.consumeBatched,
      run: async () => {
        const store = createToolpaneStore({ notify: 'microtask' });
        let notified = 0;
        store.subscribe(() => void notified++);
        await consumeStream(store, streamOf(reads));
        return [store.getState(), notified];
      },
    },
    { name: CASE.reduce, run: () => reduceAll(objects) },
    {
      // Like for like with accumulateChunk: parsed chunks in, a new snapshot out after each one.
      name: CASE.publish,
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
      // The reducer validates the wrapper and every chunk nested in it, as here.
      name: CASE.validate,
      run: () => {
        let ok = 0;
        for (const chunk of objects) {
          let value: unknown = chunk;
          while (value !== undefined) {
            if (parseMastraChunk(value).ok) ok++;
            value = nestedOf(value);
          }
        }
        return ok;
      },
    },
  ];
  const cases: Case[] = toolpane ? mine : [];
  const peer = {
    iterations: options.peerIterations,
    warmup: options.peerWarmup,
    limitMs: options.peerLimitMs,
  };
  if (peers.includes('mastra-react')) {
    cases.push({
      name: CASE.mastra,
      ...peer,
      run: (deadline) => {
        let conversation: MastraDBMessage[] = [];
        for (let i = 0; i < objects.length; i++) {
          const chunk = objects[i] as Parameters<typeof accumulateChunk>[0]['chunk'];
          conversation = accumulateChunk({
            chunk,
            conversation,
            metadata: { mode: 'stream', runId: (chunk as { runId?: string }).runId },
          } as Parameters<typeof accumulateChunk>[0]);
          if ((i & 1023) === 0 && deadline.passed()) return { processed: i, total: objects.length };
        }
        return conversation;
      },
    });
  }
  const aiSdk = ui['ai-sdk'];
  if (aiSdk !== undefined)
    cases.push({ name: CASE.aiSdk, ...peer, run: (deadline) => readUi(aiSdk, deadline) });
  const aiSdkSubagents = ui['ai-sdk-subagents'];
  if (aiSdkSubagents !== undefined) {
    cases.push({
      name: CASE.aiSdkSubagents,
      ...peer,
      run: (deadline) => readUi(aiSdkSubagents, deadline),
    });
  }

  log(`ingest ${options.chunks} chunks: ${(wireBytes / 1e6).toFixed(1)} MB of SSE, timing`);
  const results = await compare(cases, {
    warmup: options.warmup,
    iterations: options.iterations,
    log,
  });
  kept();
  return {
    chunks: options.chunks,
    wireBytes,
    uiChunks: Object.fromEntries(Object.entries(ui).map(([k, v]) => [k, v.length])),
    cases: [...results.values()],
  };
}

/** The chunk a `tool-output` wraps, if it wraps one. */
function nestedOf(value: unknown): unknown {
  const chunk = value as { type?: unknown; payload?: { output?: { type?: unknown } } };
  const output = chunk.payload?.output;
  return chunk.type === 'tool-output' && typeof output?.type === 'string' ? output : undefined;
}

function sseIntoStore(segments: readonly string[], subscribed: boolean) {
  const store = createToolpaneStore();
  let notified = 0;
  if (subscribed) store.subscribe(() => void notified++);
  const decoder = createFrameDecoder('sse', {
    value: (value) => store.dispatch(value),
    issue: () => undefined,
  });
  for (const segment of segments) decoder.feed(segment);
  decoder.end();
  return [store.getState(), notified];
}

function streamOf(reads: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const next = reads[index++];
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

if (isMain(import.meta.url)) {
  report(await ingest(childOptions<IngestOptions>()));
}
