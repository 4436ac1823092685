/**
 * A model that numbers its calls per request gives each step's first call the same id. Against a
 * real Mastra server, a run whose two steps each call `call-1` shows two calls, each with its own
 * arguments and result; read again (a replayed stream), it shows the same two.
 */
import {
  createToolpaneStore,
  reduceAll,
  selectCallsWithId,
  type ToolpaneStore,
} from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMastra, NUMBERING_AGENT_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

describe('a run whose steps repeat one toolCallId', () => {
  it('shows a call per step, each with its own arguments and result', async () => {
    const chunks: unknown[] = [];
    const inner = createToolpaneStore();
    // The store, keeping every chunk the session reads into it.
    const store: ToolpaneStore = {
      ...inner,
      dispatch(chunk) {
        chunks.push(chunk);
        inner.dispatch(chunk);
      },
      dispatchMany(many) {
        chunks.push(...many);
        inner.dispatchMany(many);
      },
    };
    const session = createAgentSession({
      baseUrl: server.baseUrl,
      agentId: NUMBERING_AGENT_ID,
      store,
    });
    const sent = await session.send('weather Paris Lyon');
    expect(sent.status).toBe('done');
    const calls = (state = session.store.getState()) =>
      selectCallsWithId(state, 'call-1').map((call) => ({
        key: call.key,
        runId: call.runId,
        status: call.status,
        input: call.input,
        output: call.output,
      }));
    const paris = { city: 'Paris', tempC: 21, sky: 'sunny' };
    const lyon = { city: 'Lyon', tempC: 17, sky: 'sunny' };
    expect(calls()).toEqual([
      {
        key: 'call-1',
        runId: sent.runId,
        status: 'output-available',
        input: { kind: 'raw', value: { city: 'Paris' } },
        output: { kind: 'raw', value: paris },
      },
      {
        key: 'call-1#2',
        runId: sent.runId,
        status: 'output-available',
        input: { kind: 'raw', value: { city: 'Lyon' } },
        output: { kind: 'raw', value: lyon },
      },
    ]);
    expect(session.store.getState().issues).toEqual([]);
    // The same stream sent twice reads as once.
    expect(calls(reduceAll([...chunks, ...chunks]))).toEqual(calls());
  });
});
