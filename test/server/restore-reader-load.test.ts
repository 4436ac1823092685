/**
 * A session loads the reader of memory messages on its first restore (see the session's
 * `restore.ts`). When that code cannot be loaded (a deploy replaced the chunk, the network
 * dropped), the restore ends with an error and an issue in the store, and nothing the store held
 * is lost; the next restore tries again. Against a real Mastra server with memory.
 */
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { createAgentSession } from '@toolpane/client/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTaggedAgent, TAGGED_AGENT_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

const load = vi.hoisted(() => ({ fail: true }));

vi.mock(import('../../packages/client/src/history/mastra-chunks.ts'), async (original) => {
  if (load.fail) throw new Error('Failed to fetch dynamically imported module');
  return original();
});

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('restoring when the memory reader cannot be loaded', () => {
  it('reports the restore as failed, keeps the store, and loads the reader on a later restore', async () => {
    const agent = createTaggedAgent();
    agent.__setMemory(new MockMemory({ storage: new InMemoryStore() }));
    const mastra = new Mastra({
      agents: { [TAGGED_AGENT_ID]: agent },
      storage: new InMemoryStore(),
      logger: false,
    });
    server = await startMastraServer(mastra);
    const thread = { threadId: 'thread-load', resourceId: 'user-1' };
    const session = createAgentSession({
      baseUrl: server.baseUrl,
      agentId: TAGGED_AGENT_ID,
      thread,
      restore: false,
    });
    expect((await session.send('weather w1')).status).toBe('done');
    const before = session.store.getState();
    expect(before.toolCalls.get('call-weather-w1')?.status).toBe('output-available');

    const failed = await session.restore();
    expect(failed).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^The thread could not be loaded: /),
    });
    const after = session.store.getState();
    expect(after.issues.at(-1)).toMatchObject({ kind: 'transport' });
    expect(after.runOrder).toEqual(before.runOrder);
    expect(after.toolCalls.get('call-weather-w1')).toBe(before.toolCalls.get('call-weather-w1'));

    load.fail = false;
    expect(await session.restore()).toEqual({ status: 'done' });
    const restored = session.store.getState();
    expect(restored.toolCalls.get('call-weather-w1')?.status).toBe('output-available');
    expect(restored.issues).toEqual([]);
  });
});
