/**
 * `useAgent` during hydration: a browser session whose store moved on from the server's
 * snapshot (a request arrived) or that is already streaming (the page sent a message, or
 * reconnected, before hydrating) hydrates the status the server rendered, then shows its own.
 * Runs under React 19 (unit) and React 18.
 */
import { act } from '@testing-library/react';
import { createToolpaneStore, selectPendingApprovals, type ToolpaneStore } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider, useAgent } from '@toolpane/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture, recordedResponse } from '../utils/fixtures.js';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';

function Status() {
  const { status, error } = useAgent();
  return (
    <p data-status={status}>
      {status === 'streaming' ? 'Stop' : 'Send'}
      {error ?? ''}
    </p>
  );
}

const sessionOf = (store: ToolpaneStore, fetch: typeof globalThis.fetch) =>
  createAgentSession({ baseUrl: 'https://mastra.test', agentId: 'agent', store, fetch });

const page = (session: ReturnType<typeof sessionOf>) => (
  <ToolpaneProvider session={session}>
    <Status />
  </ToolpaneProvider>
);

afterEach(unmountHydrated);

async function hydrate(html: string, session: ReturnType<typeof sessionOf>) {
  const { container, complaints } = await hydrateIn(html, page(session));
  return { container, complaints };
}

/** Native recordings that end waiting for a person: the browser's store moves on into it. */
const WAITING = fixtureNames().filter((name) => {
  const chunks = loadFixture(name);
  if (chunks.some((chunk) => !('runId' in (chunk as object)))) return false;
  const store = createToolpaneStore();
  store.dispatchMany(chunks);
  return selectPendingApprovals(store.getState()).length > 0;
});

if (WAITING.length < 3) throw new Error('Expected recordings that end waiting for a person');

describe('useAgent hydrates the status the server rendered', () => {
  it.each(WAITING)('%s: a store that moved on into a request', async (name) => {
    const chunks = loadFixture(name);
    // The chunk that brings the first request, at any depth.
    const probe = createToolpaneStore();
    const ask = chunks.findIndex((chunk) => {
      probe.dispatch(chunk);
      return selectPendingApprovals(probe.getState()).length > 0;
    });
    const server = createToolpaneStore();
    server.dispatchMany(chunks.slice(0, ask));
    const html = renderToString(page(sessionOf(server, fetch)));
    expect(html).toContain('data-status="idle"');
    const snapshot = JSON.parse(JSON.stringify(serializeState(server.getState())));
    const browser = createToolpaneStore({ initialState: deserializeState(snapshot) });
    browser.dispatchMany(chunks.slice(ask));
    const session = sessionOf(browser, fetch);
    expect(session.getStatus()).toBe('waiting');
    const { container, complaints } = await hydrate(html, session);
    expect(complaints).toEqual([]);
    expect(container.querySelector('p')).toHaveAttribute('data-status', 'waiting');
  });

  it('a session that started streaming before hydrating', async () => {
    const html = renderToString(page(sessionOf(createToolpaneStore(), fetch)));
    let answer: (response: Response) => void = () => {};
    const session = sessionOf(
      createToolpaneStore(),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const sent = session.send('What is the weather in Paris?');
    expect(session.getStatus()).toBe('streaming');
    const { container, complaints } = await hydrate(html, session);
    expect(complaints).toEqual([]);
    expect(container.querySelector('p')).toHaveTextContent('Stop');
    await act(async () => {
      answer(recordedResponse('tool-then-text'));
      await sent;
    });
    expect(container.querySelector('p')).toHaveAttribute('data-status', 'idle');
  });
});
