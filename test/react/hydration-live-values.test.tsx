/**
 * Server rendering from what only a server holds, hydrated in a browser that holds something else:
 * values a server read in process (a `fullStream` on the server: dates, bigints, `undefined`,
 * class instances), shown in a browser from the server's snapshot; and the stream inspector's
 * chunk log, which in a browser holds the chunks that browser read. Runs under React 19 (unit)
 * and React 18.
 */

import { render } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { type ChunkLog, logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider } from '@toolpane/react';
import { JsonView, ToolCall } from '@toolpane/ui';
import { StreamInspector } from '@toolpane/ui/inspector';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';

afterEach(unmountHydrated);

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  get sum() {
    return this.x + this.y;
  }
}

/** Values JSON writes otherwise than a server holds them, each at the top, in an object and in an array. */
const LIVE: Record<string, unknown> = {
  date: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
  invalidDate: new Date(Number.NaN),
  bigint: 12n,
  hugeBigint: 2n ** 70n,
  undefined: undefined,
  function: () => 1,
  symbol: Symbol('s'),
  instance: new Point(1, 2),
  ownToJSON: { toJSON: () => ({ shown: 'as toJSON says' }) },
  throwingToJSON: {
    toJSON() {
      throw new Error('no');
    },
  },
  map: new Map([['a', 1]]),
};

function live(): Record<string, unknown> {
  return { ...LIVE, nested: { ...LIVE }, list: Object.values(LIVE), city: 'Paris' };
}

/** `tool-then-text` with the tool's result, and its arguments' echo, made of live values. */
function liveChunks(): unknown[] {
  return loadFixture('tool-then-text').map((chunk) => {
    const c = chunk as { type: string; payload?: Record<string, unknown> };
    return c.type === 'tool-result' ? { ...c, payload: { ...c.payload, result: live() } } : c;
  });
}

const SNAPSHOT = (store: ToolpaneStore) =>
  createToolpaneStore({
    initialState: deserializeState(JSON.parse(JSON.stringify(serializeState(store.getState())))),
  });

describe('values a server read in process', () => {
  it('hydrate as the browser shows them from the server snapshot', async () => {
    const server = createToolpaneStore();
    server.dispatchMany(liveChunks());
    const key = [...server.getState().toolCalls.keys()][0]!;
    const page = (store: ToolpaneStore) => (
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId={key} defaultOpen />
      </ToolpaneProvider>
    );
    const html = renderToString(page(server));
    const { container, complaints } = await hydrateIn(html, page(SNAPSHOT(server)));
    expect(complaints).toEqual([]);
    const output = container.querySelector('[data-slot="tool-call-output"]')!;
    expect(output.textContent).toContain('"2024-01-02T03:04:05.000Z"');
    expect(output.textContent).toContain('"1180591620717411303424"');
    expect(output.textContent).toContain('shown: "as toJSON says"');
    expect(output.textContent).not.toContain('12n');
  });

  it('show in a JsonView as JSON writes them', () => {
    const { container } = render(
      <JsonView value={live()} defaultExpandDepth={3} maxEntries={100} />,
    );
    const text = container.textContent!;
    const left = (v: unknown) =>
      v === undefined || typeof v === 'function' || typeof v === 'symbol';
    const written = Object.keys(live()).filter((key) => !left(live()[key]));
    expect(written).toHaveLength(Object.keys(live()).length - 3);
    // The keys shown are those JSON writes; nothing JSON leaves out.
    for (const key of written) expect(text).toContain(`${key}: `);
    for (const gone of ['undefined: ', 'function: ', 'symbol: ']) expect(text).not.toContain(gone);
    expect(text).toContain('invalidDate: null');
    expect(text).not.toContain('sum: ');
    expect(text).toContain('x: 1');
    expect(text).toContain('[value that could not be read]');
    // An array keeps its length: what JSON leaves out of one is null.
    expect(text).toContain(`list: [${'…'}] ${Object.keys(LIVE).length} items`);
  });
});

describe('the stream inspector', () => {
  const chunks = loadFixture('tool-then-text');
  const page = (
    store: ToolpaneStore,
    log: ChunkLog,
    serverState?: ReturnType<ToolpaneStore['getState']>,
  ) => (
    <ToolpaneProvider store={store} serverState={serverState}>
      <StreamInspector log={log} />
    </ToolpaneProvider>
  );

  it.each([1, 5, 10, chunks.length - 1])(
    'hydrates when the browser read one chunk more than the server (at %i)',
    async (cut) => {
      const server = logChunks(createToolpaneStore());
      server.store.dispatchMany(chunks.slice(0, cut));
      const html = renderToString(page(server.store, server.log));
      const browser = logChunks(createToolpaneStore());
      browser.store.dispatchMany(chunks.slice(0, cut));
      const rendered = browser.store.getState();
      browser.store.dispatch(chunks[cut]);
      const { container, complaints } = await hydrateIn(
        html,
        page(browser.store, browser.log, rendered),
      );
      expect(complaints).toEqual([]);
      // Once hydrated, the browser's log shows: every chunk it read.
      const count = container.querySelector('[data-slot="inspector-count"]')!;
      expect(count.textContent).toContain(String(cut + 1));
    },
  );

  it('hydrates a browser store started from the snapshot, whose log read nothing', async () => {
    const server = logChunks(createToolpaneStore());
    server.store.dispatchMany(chunks);
    const html = renderToString(page(server.store, server.log));
    const browser = logChunks(SNAPSHOT(server.store));
    const { complaints } = await hydrateIn(html, page(browser.store, browser.log));
    expect(complaints).toEqual([]);
  });
});
