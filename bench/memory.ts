/**
 * Memory: the heap a store retains after reading a whole stream, against the stream's wire size.
 * Needs `--expose-gc` (bench/index.ts starts it that way).
 */
import type { MastraDBMessage } from '@mastra/core/agent/message-list';
import { accumulateChunk } from '@mastra/react';
import { createToolpaneStore, type ToolpaneState } from '@toolpane/client';
import { createFrameDecoder } from '@toolpane/client/stream';
import { readUIMessageStream, type UIMessage } from 'ai';
import { aiSdkStream } from './ai-sdk.ts';
import { childOptions, isMain, log, report } from './child.ts';
import { byteSize, generateLines, toSseSegments } from './generate.ts';
import { collectGarbage } from './measure.ts';

/** Options of the memory measurement. */
export interface MemoryOptions {
  readonly sizes: readonly number[];
  /** Sizes up to which the peers are measured too. */
  readonly peersUpTo: number;
}

/** Retained heap of one library at one size. */
export interface MemoryRow {
  readonly library: 'toolpane' | 'mastra-react' | 'ai-sdk';
  readonly chunks: number;
  readonly wireBytes: number;
  readonly retainedBytes: number;
}

function heap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

function parseSegments(segments: readonly string[]): unknown[] {
  const out: unknown[] = [];
  const decoder = createFrameDecoder('sse', {
    value: (value) => out.push(value),
    issue: () => undefined,
  });
  for (const segment of segments) decoder.feed(segment);
  decoder.end();
  return out;
}

async function aiSdkMessages(segments: readonly string[]): Promise<UIMessage[]> {
  const stream = aiSdkStream(parseSegments(segments));
  // useChat keeps the latest snapshot of every message.
  const messages = new Map<string, UIMessage>();
  for await (const message of readUIMessageStream({ stream })) messages.set(message.id, message);
  return [...messages.values()];
}

async function measureSize(chunks: number, peers: boolean): Promise<MemoryRow[]> {
  const rows: MemoryRow[] = [];
  const segments = toSseSegments(generateLines({ chunks }));
  const wireBytes = byteSize(segments);
  const hold: unknown[] = [];
  const retained = async (library: MemoryRow['library'], build: () => unknown) => {
    const before = heap();
    hold.push(await build());
    const after = heap();
    rows.push({ library, chunks, wireBytes, retainedBytes: after - before });
    hold.length = 0;
  };
  await retained('toolpane', () => {
    const store = createToolpaneStore();
    const decoder = createFrameDecoder('sse', {
      value: (value) => store.dispatch(value),
      issue: () => undefined,
    });
    for (const segment of segments) decoder.feed(segment);
    decoder.end();
    const state: ToolpaneState = store.getState();
    return state;
  });
  if (peers) {
    await retained('mastra-react', () => {
      let conversation: MastraDBMessage[] = [];
      for (const chunk of parseSegments(segments)) {
        conversation = accumulateChunk({
          chunk,
          conversation,
          metadata: { mode: 'stream', runId: (chunk as { runId?: string }).runId },
        } as Parameters<typeof accumulateChunk>[0]);
      }
      return conversation;
    });
    await retained('ai-sdk', () => aiSdkMessages(segments));
  }
  return rows;
}

/** Measures retained heap per size. */
export async function memory(options: MemoryOptions): Promise<MemoryRow[]> {
  if ((globalThis as { gc?: unknown }).gc === undefined)
    throw new Error('bench/memory.ts needs node --expose-gc');
  // A first pass at a small size loads and compiles every code path, so that memory is not billed
  // to the first measured size.
  log('memory: warm-up');
  await measureSize(Math.min(2_000, ...options.sizes), true);
  const rows: MemoryRow[] = [];
  for (const chunks of options.sizes) {
    log(`memory: ${chunks} chunks`);
    rows.push(...(await measureSize(chunks, chunks <= options.peersUpTo)));
  }
  return rows;
}

if (isMain(import.meta.url)) {
  report(await memory(childOptions<MemoryOptions>()));
}
