import { act } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { type ChunkLog, logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { StreamInspector } from '@toolpane/ui/inspector';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures.js';

const FIXTURES = fixtureNames();

/** AI SDK UI message streams carry no runId; native chunks always do. */
const isAiSdk = (chunks: readonly unknown[]) =>
  chunks.some((chunk) => typeof chunk === 'object' && chunk !== null && !('runId' in chunk));

/** A clock that ticks `step` ms per reading from `start`: server and browser tick differently. */
const clock = (start: number, step: number) => {
  let now = start;
  return () => (now += step);
};

function build(chunks: readonly unknown[], now: () => number, aiSdkFormat: boolean) {
  const created = logChunks(
    createToolpaneStore({ now, ...(aiSdkFormat ? { formats: [aiSdk] } : {}) }),
  );
  created.store.dispatchMany(chunks);
  return created;
}

const page = (store: ToolpaneStore, log: ChunkLog): ReactNode => (
  <ToolpaneProvider store={store}>
    <Transcript.Root />
    <StreamInspector log={log} />
  </ToolpaneProvider>
);

afterEach(() => vi.restoreAllMocks());

/** Hydrates the server's markup with the browser's page; returns every complaint React made. */
async function complaintsOf(html: string, node: ReactNode): Promise<unknown[]> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const complaints: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
  const root = await act(async () =>
    hydrateRoot(container, node, { onRecoverableError: (error) => complaints.push(error) }),
  );
  act(() => root.unmount());
  container.remove();
  spy.mockRestore();
  return complaints;
}

describe('server markup hydrates at any point of any recording', () => {
  it.each(FIXTURES)('%s', { timeout: 60_000 }, async (name) => {
    const chunks = loadFixture(name);
    const aiSdkFormat = isAiSdk(chunks);
    const cuts = [
      ...new Set([
        Math.floor(chunks.length / 3),
        Math.floor((2 * chunks.length) / 3),
        chunks.length,
      ]),
    ];
    for (const cut of cuts) {
      const prefix = chunks.slice(0, cut);
      const server = build(prefix, clock(1_000, 250), aiSdkFormat);
      const html = renderToString(page(server.store, server.log));
      expect(html.length, `${name} at ${cut}`).toBeGreaterThan(0);
      const browser = build(prefix, clock(9_000_000, 1_000), aiSdkFormat);
      const complaints = await complaintsOf(html, page(browser.store, browser.log));
      expect(complaints, `${name} cut at chunk ${cut} of ${chunks.length}`).toEqual([]);
    }
  });
});
