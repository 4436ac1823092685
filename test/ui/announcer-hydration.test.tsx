/**
 * The live announcer on a page the server rendered: requests the server already showed are not
 * news when the page hydrates; a request that arrived between the server's state and hydration
 * (a store that moved on) is announced once, and the chunks that follow announce nothing new.
 * Every recording that ends waiting for a person, native and AI SDK. Runs under React 19 (unit)
 * and React 18.
 */
import { act } from '@testing-library/react';
import { createToolpaneStore, selectPendingApprovals, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures.js';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';

/** AI SDK UI message streams carry no runId; native chunks always do. */
const isAiSdk = (chunks: readonly unknown[]) =>
  chunks.some((chunk) => typeof chunk === 'object' && chunk !== null && !('runId' in chunk));

const storeFor = (chunks: readonly unknown[]) =>
  createToolpaneStore(isAiSdk(chunks) ? { formats: [aiSdk] } : {});

/** Recordings that end waiting for a person, with the index of the chunk that asks first. */
const WAITING = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name);
  const store = storeFor(chunks);
  const ask = chunks.findIndex((chunk) => {
    store.dispatch(chunk);
    return selectPendingApprovals(store.getState()).length > 0;
  });
  store.dispatchMany(chunks.slice(ask + 1));
  return ask > 0 && selectPendingApprovals(store.getState()).length > 0 ? [{ name, ask }] : [];
});

const page = (store: ToolpaneStore) => (
  <ToolpaneProvider store={store}>
    <Transcript.Root />
  </ToolpaneProvider>
);

afterEach(unmountHydrated);

async function hydrate(html: string, store: ToolpaneStore) {
  const { container, complaints } = await hydrateIn(html, page(store));
  const said = () =>
    [...container.querySelectorAll('[data-slot="announcer"] p')].map((p) => p.textContent);
  return { complaints, said };
}

/** The browser's store: the server's snapshot, then `more` chunks on. */
function movedOn(server: ToolpaneStore, chunks: readonly unknown[], more: readonly unknown[]) {
  const snapshot = JSON.parse(JSON.stringify(serializeState(server.getState())));
  const browser = createToolpaneStore({
    initialState: deserializeState(snapshot),
    ...(isAiSdk(chunks) ? { formats: [aiSdk] } : {}),
  });
  browser.dispatchMany(more);
  return browser;
}

// The class this test covers: many recordings, both formats.
if (WAITING.length < 10 || !WAITING.some(({ name }) => isAiSdk(loadFixture(name))))
  throw new Error('Expected recordings of both formats that end waiting for a person');

describe('the announcer when a server-rendered page hydrates', () => {
  it.each(WAITING)(
    '$name: says nothing of requests the server showed, and a new one once',
    async ({ name, ask }) => {
      const chunks = loadFixture(name);
      // The server showed the requests: hydrating says nothing of them.
      const shown = storeFor(chunks);
      shown.dispatchMany(chunks);
      const page1 = await hydrate(renderToString(page(shown)), movedOn(shown, chunks, []));
      expect(page1.complaints).toEqual([]);
      expect(page1.said()).toEqual([]);
      unmountHydrated();

      // The browser's stream went on to the first request before the page hydrated: it is news.
      const server = storeFor(chunks);
      server.dispatchMany(chunks.slice(0, ask));
      const browser = movedOn(server, chunks, chunks.slice(ask, ask + 1));
      const { complaints, said } = await hydrate(renderToString(page(server)), browser);
      expect(complaints).toEqual([]);
      const first = said();
      expect(first).toHaveLength(1);
      expect(first[0]).toMatch(/needs your approval\.$|is waiting for your input\.$/);
      // The rest of the stream, chunk by chunk: each request is announced once, when it arrives.
      // Calls of two subagents may share a toolCallId: each is its own request.
      const asked = new Set<string>();
      const note = () => {
        for (const call of selectPendingApprovals(browser.getState())) asked.add(call.key);
      };
      note();
      for (const chunk of chunks.slice(ask + 1)) {
        act(() => browser.dispatch(chunk));
        note();
      }
      const requests = said().filter((text) => /needs your|waiting for your/.test(text ?? ''));
      expect(requests).toHaveLength(Math.min(asked.size, 5));
    },
  );
});
