/// <reference types="vite/client" />
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';

/** Splits a `.jsonl` recording (imported with Vite's `?raw`) into chunk objects. */
export function parseRecording(raw: string): unknown[] {
  return raw
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Where a partial replay stops: after this many chunks, or after the first chunk that matches. */
export type ReplayStop = number | ((chunk: Record<string, unknown>, index: number) => boolean);

function endOf(chunks: readonly unknown[], stop: ReplayStop | undefined): number {
  if (stop === undefined) return chunks.length;
  if (typeof stop === 'number') return Math.min(stop, chunks.length);
  const index = chunks.findIndex((chunk, i) => stop(chunk as Record<string, unknown>, i));
  if (index === -1) throw new Error('The replay stop never matched a chunk of the recording.');
  return index + 1;
}

/**
 * A real store fed with the recordings in order, each up to its `stop` (the whole recording by
 * default): the way stories reach a state without building it by hand.
 */
export function storeFrom(
  ...recordings: ReadonlyArray<string | readonly [raw: string, stop: ReplayStop]>
): ToolpaneStore {
  // Native and AI SDK UI message stream recordings alike.
  const store = createToolpaneStore({ formats: [aiSdk], families: [network] });
  for (const recording of recordings) {
    const [raw, stop] = typeof recording === 'string' ? [recording, undefined] : recording;
    const chunks = parseRecording(raw);
    store.dispatchMany(chunks.slice(0, endOf(chunks, stop)));
    // A whole recording is a whole response: end it as the stream consumer would.
    if (stop === undefined) store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store;
}

/** Stops after the `nth` (1 by default) chunk of this type, optionally counting one call only. */
export function afterChunk(
  type: string,
  options: { toolCallId?: string; nth?: number } = {},
): ReplayStop {
  let seen = 0;
  return (chunk) => {
    if (chunk.type !== type) return false;
    const payload = chunk.payload as { toolCallId?: unknown } | undefined;
    if (options.toolCallId !== undefined && payload?.toolCallId !== options.toolCallId)
      return false;
    seen += 1;
    return seen === (options.nth ?? 1);
  };
}

/** Dispatches chunks one by one with a pause between them, until done or aborted. */
export async function replay(
  store: ToolpaneStore,
  chunks: readonly unknown[],
  options: { readonly delayMs: () => number; readonly signal?: AbortSignal },
): Promise<void> {
  for (const chunk of chunks) {
    if (options.signal?.aborted) return;
    store.dispatch(chunk);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.delayMs());
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
