import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { type ReactNode, useEffect, useState } from 'react';
import { parseRecording, replay } from './replay';
import { type RecordedRoutes, recordedSession } from './session';

/**
 * Streams a recording into a real store as it would arrive: the chunks up to the first of type
 * `startAfter` are there when the story renders, the rest follow one by one. A session on the
 * store answers decisions with the recorded `routes`.
 *
 * @example
 * <LiveRecording recording={raw} startAfter="tool-call"><ToolCall.Root toolCallId="c" /></LiveRecording>
 */
export function LiveRecording({
  recording,
  startAfter,
  routes,
  delayMs = 30,
  children,
}: {
  readonly recording: string;
  readonly startAfter: string;
  readonly routes: RecordedRoutes;
  readonly delayMs?: number;
  readonly children: ReactNode;
}) {
  const [live] = useState(() => {
    const chunks = parseRecording(recording);
    const start = chunks.findIndex((chunk) => (chunk as { type?: unknown }).type === startAfter);
    if (start === -1) throw new Error(`The recording has no ${startAfter} chunk.`);
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(chunks.slice(0, start + 1));
    return {
      store,
      rest: chunks.slice(start + 1),
      session: recordedSession(store, routes),
      started: false,
    };
  });
  useEffect(() => {
    // Once per mount, also when effects run twice: the chunks must arrive once each.
    if (live.started) return;
    live.started = true;
    void replay(live.store, live.rest, { delayMs: () => delayMs });
  }, [live, delayMs]);
  return <ToolpaneProvider session={live.session}>{children}</ToolpaneProvider>;
}
