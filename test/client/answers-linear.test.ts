import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { answerCall } from '../../packages/client/src/session/answers.js';
import type { ClientToolHost } from '../../packages/client/src/session/client-tool-host.js';
import { countWork } from '../utils/count';
import { loadFixture } from '../utils/fixtures';

/*
 * A long chat whose every turn ends waiting for a client-side tool, answered before the next turn
 * starts: each answer costs the same work however many calls the chat already holds (`countWork`:
 * Map reads, array scans, string searches). Ten times the answers may cost at most eleven times
 * the work, where a scan of every call per answer costs about a hundred times.
 */

const BOUND = 11;
const SMALL = 200;
const LARGE = 2_000;

/** The recording `client-tool` as turn `i`: run `run-<i>`, its call `id` (or the recorded one). */
function turn(i: number, id?: string): unknown[] {
  const text = JSON.stringify(loadFixture('client-tool'))
    .replaceAll('bf64aaaa-c223-4f66-a365-e3cc7582ea0b', `run-${i}`)
    .replaceAll('63376422-20b1-4ae7-a856-a34d172d5969', `message-${i}`);
  return JSON.parse(id === undefined ? text : text.replaceAll('call-ask-1', id)) as unknown[];
}

/** A session's client-tool host over `store` whose requests reach nothing. */
const hostOf = (store: ToolpaneStore): ClientToolHost => ({
  store,
  agentId: 'front-desk-agent',
  runs: new Map(),
  answers: new Map(),
  unsent: new Map(),
  body: () => ({}),
  stream: () => Promise.resolve({ status: 'done' }),
  enqueue: (task) => task(new AbortController().signal),
});

/** The work of answering each of `n` turns, counted answer by answer; the turns are not counted. */
function answersWork(n: number, ids: 'distinct' | 'repeated'): number {
  const store = createToolpaneStore();
  const host = hostOf(store);
  let work = 0;
  for (let i = 0; i < n; i++) {
    const id = ids === 'distinct' ? `call-ask-${i}` : undefined;
    store.dispatchMany(turn(i, id));
    store.dispatch({ type: 'toolpane/stream-end' });
    const ref = id ?? 'call-ask-1';
    work += countWork(() => {
      void answerCall(host, ref, { output: { city: `city ${i}` } }, {});
    });
  }
  const calls = [...store.getState().toolCalls.values()];
  expect(calls).toHaveLength(n);
  expect(calls.every((c) => c.status === 'output-available' && !c.awaitingClient)).toBe(true);
  return work;
}

describe('answering client-side tools in a long chat', () => {
  it.each(['distinct', 'repeated'] as const)(
    'costs the same per answer however many turns came before (%s toolCallIds)',
    (ids) => {
      const small = answersWork(SMALL, ids);
      const large = answersWork(LARGE, ids);
      expect(large).toBeLessThanOrEqual(small * (LARGE / SMALL) * (BOUND / 10));
    },
  );

  it('answers by key first, then the newest waiting call with the id, each run continued', async () => {
    const store = createToolpaneStore();
    const sent: string[] = [];
    const host = {
      ...hostOf(store),
      stream: (body: Record<string, unknown>) => {
        sent.push(JSON.stringify(body));
        // The second continuation does not reach the server: kept to be sent again.
        return Promise.resolve({
          status: sent.length === 2 ? ('error' as const) : ('done' as const),
        });
      },
    };
    store.dispatchMany(turn(0));
    store.dispatchMany(turn(1));
    store.dispatchMany(turn(2));
    const status = () => [...store.getState().toolCalls.values()].map((c) => c.status);
    expect((await answerCall(host, 'call-ask-1', { output: 'Lyon' }, {})).status).toBe('done');
    expect(status()).toEqual(['output-available', 'input-available', 'input-available']);
    const failed = await answerCall(host, 'call-ask-1', { output: 'Nice' }, {});
    expect(failed).toMatchObject({ status: 'error', unsent: true });
    expect(host.unsent.get('run-2')?.calls).toEqual([
      { toolCallId: 'call-ask-1', key: 'call-ask-1#3' },
    ]);
    expect(status()).toEqual(['output-available', 'input-available', 'output-available']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('"result":"Lyon"');
    expect(sent[1]).toContain('"result":"Nice"');
    const missing = await answerCall(host, 'call-ask-9', { output: 'Paris' }, {});
    expect(missing.status).toBe('invalid');
  });
});
