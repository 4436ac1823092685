/**
 * Server rendering that hydrates: a store built on the server and one built in the browser from
 * the same recorded chunks, each with its own clock, render the same markup; so does a store
 * started from the server's serialized snapshot. Runs under React 19 (unit) and React 18.
 */
import { act } from '@testing-library/react';
import {
  createToolpaneStore,
  initialState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { ToolpaneProvider } from '@toolpane/react';
import { ExactValue, ToolCall, Transcript } from '@toolpane/ui';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureAsRun, loadFixture } from '../utils/fixtures.js';
import { summarize } from '../utils/history.js';
import { hydrateIn, unmountHydrated } from '../utils/hydrate.js';

const FIXTURES = ['tool-then-text', 'workflow-tool', 'subagent', 'approval-request'];

/** A clock that ticks `step` ms per reading from `start`: server and browser tick differently. */
const clock = (start: number, step: number) => {
  let now = start;
  return () => (now += step);
};

function build(now: () => number, initial?: ToolpaneState): ToolpaneStore {
  const store = createToolpaneStore({ now, ...(initial ? { initialState: initial } : {}) });
  if (initial !== undefined) return store;
  for (const name of FIXTURES) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store;
}

const page = (store: ToolpaneStore) => (
  <ToolpaneProvider store={store}>
    <Transcript.Root />
  </ToolpaneProvider>
);

afterEach(unmountHydrated);

/** Hydrates the server's markup with the browser's store; returns every complaint React made. */
async function hydrate(html: string, store: ToolpaneStore, view: typeof page = page) {
  const { container, complaints } = await hydrateIn(html, view(store));
  return { container, complaints };
}

describe('server rendering that hydrates', () => {
  it('a store built in the browser from the same chunks hydrates the server markup', async () => {
    const server = build(clock(1_000, 250));
    const html = renderToString(page(server));
    const browser = build(clock(9_000_000, 1_000));
    const { container, complaints } = await hydrate(html, browser);
    expect(complaints).toEqual([]);
    // Once hydrated, durations show, from the browser's own store.
    const durations = container.querySelectorAll('[data-slot="tool-call-duration"]');
    expect(durations.length).toBeGreaterThan(0);
  });

  it('a store started from the serialized snapshot hydrates it, and goes on from it', async () => {
    const server = build(clock(1_000, 250));
    const html = renderToString(page(server));
    const snapshot = JSON.parse(JSON.stringify(serializeState(server.getState())));
    const browser = build(clock(5_000, 10), deserializeState(snapshot));
    expect(summarize(browser.getState())).toEqual(summarize(server.getState()));
    const { complaints } = await hydrate(html, browser);
    expect(complaints).toEqual([]);

    // The approval the server rendered waiting is answered by the stream that continues it.
    act(() => browser.dispatchMany(loadFixture('approval-approved')));
    server.dispatchMany(loadFixture('approval-approved'));
    expect(summarize(browser.getState())).toEqual(summarize(server.getState()));
    expect(browser.getState().toolCalls.get('call-del-1')?.status).toBe('output-available');
  });

  it('hydrates a conversation whose turns repeat toolCallIds, and goes on from it', async () => {
    // Each turn's model numbers its calls afresh: turn 2 and 3 repeat turn 1's toolCallIds.
    const turns = [
      [...fixtureAsRun('approval-request', 1), ...fixtureAsRun('approval-approved', 1)],
      fixtureAsRun('subagent-three-deep', 2),
      fixtureAsRun('subagent-three-deep', 3),
      fixtureAsRun('approval-request', 4),
    ];
    const server = createToolpaneStore({ now: clock(1_000, 250) });
    for (const turn of turns) server.dispatchMany(turn);
    const keys = [...server.getState().toolCalls.keys()];
    expect(keys).toContain('call-del-1#2');
    const html = renderToString(page(server));
    const snapshot = JSON.parse(JSON.stringify(serializeState(server.getState())));
    const browser = build(clock(5_000, 10), deserializeState(snapshot));
    expect([...browser.getState().toolCalls.keys()]).toEqual(keys);
    expect(summarize(browser.getState())).toEqual(summarize(server.getState()));
    const { container, complaints } = await hydrate(html, browser);
    expect(complaints).toEqual([]);
    expect(container.querySelectorAll('[data-slot="tool-call"]')).toHaveLength(
      new DOMParser().parseFromString(html, 'text/html').querySelectorAll('[data-slot="tool-call"]')
        .length,
    );

    // The last turn's approval is answered; the first turn's call of the same id stays as it was.
    act(() => browser.dispatchMany(fixtureAsRun('approval-approved', 4)));
    server.dispatchMany(fixtureAsRun('approval-approved', 4));
    expect(summarize(browser.getState())).toEqual(summarize(server.getState()));
    expect(browser.getState().toolCalls.get('call-del-1#2')?.status).toBe('output-available');
    expect(browser.getState().toolCalls.get('call-del-1')?.runId).toBe(
      server.getState().toolCalls.get('call-del-1')?.runId,
    );
  });

  it("writes the counts of long values the same in a browser whose locale is not the server's", async () => {
    // Every call of the recording answers with a value longer than a view shows at once.
    const open = (store: ToolpaneStore) => (
      <ToolpaneProvider store={store}>
        {[...store.getState().toolCalls.values()].map((call) => (
          <div key={call.toolCallId}>
            <ToolCall.Root toolCallId={call.toolCallId} defaultOpen />
            <ExactValue value={call.output} label="the result" />
          </div>
        ))}
      </ToolpaneProvider>
    );
    const fed = () => {
      const store = createToolpaneStore();
      store.dispatchMany(loadFixture('long-values'));
      return store;
    };
    const html = renderToString(open(fed()));
    const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    const counts =
      text.match(/\d{1,3}(,\d{3})+ (more characters|(more )?items|(more )?keys)/g) ?? [];
    expect(counts.length).toBeGreaterThanOrEqual(3);

    // The browser groups digits as a German one does wherever no locale is named.
    const format = Number.prototype.toLocaleString;
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
      this: number,
      ...args: Parameters<number['toLocaleString']>
    ) {
      return format.apply(this, args.length === 0 ? ['de-DE'] : args);
    });
    expect((1050).toLocaleString()).toBe('1.050');
    const { container, complaints } = await hydrate(html, fed(), open);
    expect(complaints).toEqual([]);
    for (const count of counts) expect(container.textContent).toContain(count);
  });

  it('reads anything that is not a snapshot as an empty state with an issue', () => {
    for (const bad of [
      null,
      'state',
      { version: 2 },
      { ...serializeState(initialState), runs: 1 },
    ]) {
      const state = deserializeState(bad);
      expect(state.runs.size).toBe(0);
      expect(state.issues).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^Not a serialized Toolpane state/),
        }),
      ]);
    }
  });

  it('leaves focus where it was for requests already on the page, and moves it for a new one', async () => {
    for (const name of ['approval-request', 'suspend-request']) {
      const server = createToolpaneStore({ now: clock(1_000, 250) });
      server.dispatchMany(loadFixture(name));
      const html = renderToString(page(server));
      const browser = createToolpaneStore({ now: clock(5_000, 10) });
      browser.dispatchMany(loadFixture(name));
      const { container, complaints } = await hydrate(html, browser);
      expect(complaints, name).toEqual([]);
      expect(document.activeElement, name).toBe(document.body);
      if (name === 'approval-request') {
        // The request changes: a new revision, which takes focus as a request that appears does.
        const ask = loadFixture(name).find(
          (chunk) => (chunk as { type: string }).type === 'tool-call-approval',
        ) as { payload: object };
        act(() => browser.dispatch({ ...ask, payload: { ...ask.payload, args: { id: 'rec-2' } } }));
        expect(container.contains(document.activeElement), name).toBe(true);
        expect(document.activeElement?.textContent, name).toMatch(/Approve/);
      }
      unmountHydrated();
    }
  });

  describe('a browser store that moved on before hydration', () => {
    // Recordings whose next chunks change the markup: statuses, busy states, requests, steps.
    const RECORDINGS = ['tool-then-text', 'approval-request', 'subagent', 'workflow-tool'];
    /** The attributes that tell each part's state, in document order. */
    const states = (root: ParentNode) =>
      [...root.querySelectorAll('[data-status], [aria-busy], [data-state]')].map((el) =>
        ['data-status', 'aria-busy', 'data-state'].map((name) => el.getAttribute(name)).join('|'),
      );
    /** What a browser-only render of `store` shows, for comparison. */
    async function rendered(store: ToolpaneStore) {
      const { container } = await hydrate('', store, (s) => (
        <ToolpaneProvider store={s} serverState={s.getState()}>
          <Transcript.Root />
        </ToolpaneProvider>
      ));
      const out = states(container);
      unmountHydrated();
      return out;
    }

    for (const name of RECORDINGS) {
      const chunks = loadFixture(name);
      // Cut points through the stream, and how far the browser is ahead of each.
      const cuts = [0.25, 0.5, 0.75].map((at) => Math.floor(chunks.length * at));
      it(`${name}: started from the snapshot, hydrates and then shows its own state`, async () => {
        for (const cut of cuts) {
          for (const ahead of [1, 3]) {
            const server = createToolpaneStore({ now: clock(1_000, 250) });
            server.dispatchMany(chunks.slice(0, cut));
            const html = renderToString(page(server));
            const snapshot = JSON.parse(JSON.stringify(serializeState(server.getState())));
            const browser = createToolpaneStore({
              now: clock(5_000, 10),
              initialState: deserializeState(snapshot),
            });
            browser.dispatchMany(chunks.slice(cut, cut + ahead));
            const { container, complaints } = await hydrate(html, browser);
            expect(complaints, `${name} at ${cut} + ${ahead}`).toEqual([]);
            const hydrated = states(container);
            unmountHydrated();
            expect(hydrated, `${name} at ${cut} + ${ahead}`).toEqual(await rendered(browser));
          }
        }
      });

      it(`${name}: fed in the browser, hydrates with the state the server rendered`, async () => {
        const cut = cuts[1]!;
        const server = createToolpaneStore({ now: clock(1_000, 250) });
        server.dispatchMany(chunks.slice(0, cut));
        const html = renderToString(page(server));
        const browser = createToolpaneStore({ now: clock(5_000, 10) });
        browser.dispatchMany(chunks.slice(0, cut));
        const rendered = browser.getState();
        browser.dispatchMany(chunks.slice(cut, cut + 3));
        const { complaints } = await hydrate(html, browser, (s) => (
          <ToolpaneProvider store={s} serverState={rendered}>
            <Transcript.Root />
          </ToolpaneProvider>
        ));
        expect(complaints).toEqual([]);
      });
    }
  });
});
