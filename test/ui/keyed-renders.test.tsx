import { act, render, screen } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { keysRead, touched } from '../utils/keys-read';

const CARDS = 500;

type Chunk = { readonly type: string; readonly payload?: { readonly toolCallId?: string } };

/** The recorded weather run, its call copied `count` times with other ids. */
function weatherRun(count: number): unknown[] {
  const chunks = loadFixture('tool-then-text') as Chunk[];
  const forCall = (chunk: Chunk, i: number): unknown =>
    JSON.parse(JSON.stringify(chunk).replaceAll('"call-weather-1"', `"call-weather-${i}"`));
  const ofCall = chunks.filter((chunk) => chunk.payload?.toolCallId === 'call-weather-1');
  const start = chunks.slice(0, chunks.indexOf(ofCall[0]!));
  const out: unknown[] = [...start];
  for (let i = 0; i < count; i++) for (const chunk of ofCall) out.push(forCall(chunk, i));
  out.push({ type: 'toolpane/stream-end' });
  return out;
}

let flushPending: (() => void) | undefined;
afterEach(() => {
  flushPending = undefined;
});

describe('a chunk wakes only what shows what it touched', () => {
  it(`with ${CARDS} cards mounted, each chunk reads only its call, its run and what they sit in`, () => {
    // The store tells subscribers only when the test says so, so the reads counted are the
    // UI's (and the publish's), not the reducer's.
    const store = createToolpaneStore({
      notify: (flush) => {
        flushPending = flush;
      },
    });
    store.dispatchMany(weatherRun(CARDS));
    const nested = [...loadFixture('approval-two-level-request'), { type: 'toolpane/stream-end' }];
    const mounted = 12;
    store.dispatchMany(nested.slice(0, mounted));
    store.flush();
    render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(screen.getAllByText('weatherTool').length).toBeGreaterThanOrEqual(CARDS);

    let checked = 0;
    for (const chunk of nested.slice(mounted)) {
      const before = store.getState();
      store.dispatch(chunk);
      const flush = flushPending;
      flushPending = undefined;
      if (flush === undefined) continue;
      const read = keysRead(before, () => act(() => flush()));
      const after = store.getState();
      const allowed = touched(before, after);
      const outside = [...read].filter(
        (key) => !allowed.has(key) && (after.toolCalls.has(key) || after.runs.has(key)),
      );
      expect(outside, `${(chunk as Chunk).type}: read outside what it touched`).toEqual([]);
      expect([...read].filter((key) => key.startsWith('call-weather-'))).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    // The nested approval made it to the page: the keyed path did not miss it.
    expect(screen.getAllByRole('button', { name: /approve/i }).length).toBeGreaterThan(0);
    // Mounting 500 full cards in jsdom is slow on a busy machine; nothing here measures time.
  }, 120_000);
});
