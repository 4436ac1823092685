/**
 * Toolpane: the default `<Transcript.Root/>` under `ToolpaneProvider`, with the provider's default
 * batching, `batch="frame"` or `batch={{ every: 33 }}`. The history's chunks are in the store before the measurement; the
 * live part is read from the replayed response with Toolpane's SSE decoder and dispatched one
 * chunk at a time with `store.dispatch`.
 */
import '@toolpane/ui/styles.css';
import { createToolpaneStore, type NotifySchedule } from '@toolpane/client';
import { createFrameDecoder } from '@toolpane/client/stream';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import type { Root } from 'react-dom/client';
import { painted, type Replay } from './replay.ts';

/** Mounts the transcript with its history; resolves with the function that plays the live part. */
export async function mountToolpane(
  root: Root,
  history: readonly string[],
  replay: Replay,
  batch: NotifySchedule | undefined,
): Promise<() => Promise<void>> {
  const store = createToolpaneStore();
  store.dispatchMany(history.map((line) => JSON.parse(line) as unknown));
  root.render(
    <ToolpaneProvider store={store} {...(batch === undefined ? {} : { batch })}>
      <Transcript.Root />
    </ToolpaneProvider>,
  );
  await painted();
  return async () => {
    const decoder = createFrameDecoder('sse', {
      value: (value) => store.dispatch(value),
      issue: () => {},
    });
    const text = new TextDecoder();
    const reader = (replay.response().body as ReadableStream<Uint8Array>).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      decoder.feed(text.decode(read.value, { stream: true }));
    }
    decoder.end();
  };
}
