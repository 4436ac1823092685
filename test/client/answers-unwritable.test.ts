// @vitest-environment node
import { createToolpaneStore, type FetchLike } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures';

/*
 * Answers and resume data that JSON cannot write (a BigInt, a cycle, a `toJSON` that throws):
 * nothing of them can ever reach the server, so they are refused before anything changes.
 */

function sessionOver(chunks: readonly unknown[], reply: string) {
  const store = createToolpaneStore();
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: string[] = [];
  const fetch: FetchLike = (_url, init) => {
    sent.push(String(init.body));
    return Promise.resolve(recordedResponse(reply));
  };
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'front-desk-agent',
    store,
    fetch,
  });
  return { session, store, sent };
}

const cycle: Record<string, unknown> = { city: 'Lyon' };
cycle.self = cycle;

const UNWRITABLE: [what: string, output: unknown][] = [
  ['a BigInt', 10n],
  ['a BigInt deep inside', { city: 'Lyon', at: [{ population: 522_250n }] }],
  ['a cycle', cycle],
  [
    'a toJSON that throws',
    {
      toJSON() {
        throw new Error('not today');
      },
    },
  ],
];

describe('a client tool answer whose output JSON cannot write', () => {
  it.each(UNWRITABLE)('%s: is refused up front, and the call still waits', async (_, output) => {
    const { session, store, sent } = sessionOver(
      loadFixture('client-tool-passed'),
      'reasoning-then-text',
    );
    const before = store.getState();
    const result = await session.answer('call-locate-1', { output });
    expect(result).toEqual({
      status: 'invalid',
      error: expect.stringMatching(
        /^Nothing was sent: the output for tool call call-locate-1 cannot be written as JSON \(.+\)$/,
      ),
    });
    expect(sent).toEqual([]);
    expect(store.getState()).toBe(before);
    expect(store.getState().toolCalls.get('call-locate-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
    });
    // Nothing waits to be sent again: the call is answered anew.
    await expect(session.retryAnswers('call-locate-1')).resolves.toMatchObject({
      status: 'invalid',
    });
    await expect(
      session.answer('call-locate-1', { output: { city: 'Lyon' } }),
    ).resolves.toMatchObject({
      status: 'done',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('"result":{"city":"Lyon"}');
    expect(store.getState().toolCalls.get('call-locate-1')?.status).toBe('output-available');
  });
});

describe('resume data JSON cannot write', () => {
  it.each(UNWRITABLE)(
    '%s: says that nothing was sent, not that the network failed',
    async (_, value) => {
      const chunks = loadFixture('suspend-request').map((chunk) => {
        const c = chunk as { type: string; payload: Record<string, unknown> };
        if (c.type !== 'tool-call-suspended') return chunk;
        // Without a resume schema the data is not checked before it goes.
        const { resumeSchema: _, ...payload } = c.payload;
        return { ...c, payload };
      });
      const { session, sent } = sessionOver(chunks, 'suspend-resume');
      const result = await session.resume('call-book-1', { value });
      expect(result).toMatchObject({
        status: 'error',
        error: expect.stringMatching(
          /^Nothing was sent: the request cannot be written as JSON \(.+\)$/,
        ),
      });
      expect(sent).toEqual([]);
    },
  );
});
