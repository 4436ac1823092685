/**
 * The inputs of the browser benchmark, prepared in Node so that the page spends its time only on
 * what is measured. One generated stream (bench/generate.ts, templated from the recordings) is cut
 * in two at the end of a run: the history, which holds at least `cards` top-level tool calls and
 * is in every transcript before the measurement starts, and the live part of `chunks` chunks,
 * replayed at the stream rate. Each library gets the history in the form its own history path
 * takes, and the live part as its own wire format.
 */
import { accumulateChunk } from '@mastra/react';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { aiSdkStream } from '../ai-sdk.ts';
import { generateLines } from '../generate.ts';
import type { LiveShape } from './report.ts';

/** What the page needs for one size. */
export interface BrowserInputs {
  /** Top-level tool calls in the history. */
  readonly historyCards: number;
  /** Native chunks in the history. */
  readonly historyChunks: number;
  /** Toolpane: the history's native chunks, dispatched before the measurement. */
  readonly toolpaneHistory: readonly string[];
  /** Toolpane and @mastra/react: the live native chunks, one JSON text each. */
  readonly nativeLive: readonly string[];
  /** AI SDK: the history as the messages `useChat` starts with. */
  readonly aiSdkHistory: readonly UIMessage[];
  /** AI SDK: the live part converted by @mastra/ai-sdk (chatRoute's defaults), one JSON text each. */
  readonly aiSdkLive: readonly string[];
  /** @mastra/react: the history as the messages its `useChat` starts with. */
  readonly mastraHistory: readonly unknown[];
}

type Json = { readonly type?: unknown; readonly runId?: unknown };

/**
 * Where the history ends: after the first top-level `finish` once `cards` top-level tool calls
 * have been seen. Chunks nested in a subagent travel inside `tool-output` wrappers, so every
 * `tool-call` and `finish` seen here is top-level.
 */
export function historyEnd(lines: readonly string[], cards: number): number {
  let calls = 0;
  for (let i = 0; i < lines.length; i++) {
    const chunk = JSON.parse(lines[i] as string) as Json;
    if (chunk.type === 'tool-call') calls++;
    else if (chunk.type === 'finish' && calls >= cards) return i + 1;
  }
  throw new Error(`the generated stream has fewer than ${cards} top-level tool calls`);
}

async function lastMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage[]> {
  const messages: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream })) {
    if (messages.at(-1)?.id === message.id) messages[messages.length - 1] = message;
    else messages.push(message);
  }
  return messages;
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of stream as unknown as AsyncIterable<T>) out.push(value);
  return out;
}

/**
 * The live part reaches `useChat` as one response, which a chat shows as one assistant message.
 * It holds many runs, each opening with a `start` chunk and its own message id; `useChat` would
 * add the message again under each new id, with every part of the runs before it, so later
 * `start` chunks lose their id and the message grows instead.
 */
export function oneMessage(chunks: readonly UIMessageChunk[]): UIMessageChunk[] {
  let first = true;
  return chunks.map((chunk) => {
    if (chunk.type !== 'start') return chunk;
    if (first) {
      first = false;
      return chunk;
    }
    const { messageId: _, ...rest } = chunk;
    return rest;
  });
}

/**
 * The live part as one answer: the generated stream from `from` up to its first top-level text
 * delta, then that delta's chunk again and again with words of a deterministic text (a line break
 * about every 12 words, a blank line about every 60) until there are `size` chunks.
 */
export function answerLines(lines: readonly string[], from: number, size: number): string[] {
  let first = from;
  while (first < lines.length && !(lines[first] as string).startsWith('{"type":"text-delta"'))
    first++;
  const template = JSON.parse(lines[first] as string) as { payload: object };
  const out = lines.slice(from, first);
  let seed = 7;
  for (let i = 0; out.length < size; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const word = (seed % 36 ** 5).toString(36);
    const text = i % 60 === 59 ? `${word}.\n\n` : i % 12 === 11 ? `${word}\n` : `${word} `;
    out.push(JSON.stringify({ ...template, payload: { ...template.payload, text } }));
  }
  return out;
}

/**
 * Prepares the inputs for live parts of each size after one history of `cards` cards. The live
 * part of a smaller size is the start of a larger one's.
 */
export async function browserInputs(
  sizes: readonly number[],
  cards: number,
  shape: LiveShape = 'mix',
): Promise<Map<number, BrowserInputs>> {
  const largest = Math.max(...sizes);
  // About 95 native chunks per top-level call in the generated mix; the margin covers the rest.
  const lines = generateLines({ chunks: cards * 130 + largest });
  const end = historyEnd(lines, cards);
  if (lines.length - end < largest) throw new Error('generated stream too short for the live part');
  const history = lines.slice(0, end);
  const historyObjects = history.map((line) => JSON.parse(line) as unknown);

  let conversation: ReturnType<typeof accumulateChunk> = [];
  for (const chunk of historyObjects) {
    conversation = accumulateChunk({
      chunk: chunk as Parameters<typeof accumulateChunk>[0]['chunk'],
      conversation,
      metadata: { mode: 'stream' },
    } as Parameters<typeof accumulateChunk>[0]);
  }
  const aiSdkHistory = await lastMessage(aiSdkStream(historyObjects));
  const historyCards = historyObjects.filter((c) => (c as Json).type === 'tool-call').length;

  const out = new Map<number, BrowserInputs>();
  for (const size of sizes) {
    const live = shape === 'answer' ? answerLines(lines, end, size) : lines.slice(end, end + size);
    const liveObjects = live.map((line) => JSON.parse(line) as unknown);
    out.set(size, {
      historyCards,
      historyChunks: history.length,
      toolpaneHistory: history,
      nativeLive: live,
      aiSdkHistory,
      aiSdkLive: oneMessage(await collect(aiSdkStream(liveObjects))).map((chunk) =>
        JSON.stringify(chunk),
      ),
      mastraHistory: conversation,
    });
  }
  return out;
}
