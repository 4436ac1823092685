/**
 * A model that numbers its calls per request gives each step's first call the same id. Against a
 * real Mastra server, a run whose steps each call `call-1` shows a call per step, each with its
 * own arguments and result; read again (a replayed stream), it shows the same calls, however many
 * steps repeated the id.
 */
import {
  createToolpaneStore,
  reduceAll,
  selectCallsWithId,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
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

/** Sends `text` to the numbering agent; returns its session, the run and every chunk read. */
async function send(text: string, maxSteps?: number) {
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
  const sent = await session.send(text, maxSteps === undefined ? {} : { maxSteps });
  expect(sent.status).toBe('done');
  return { state: session.store.getState(), runId: sent.runId, chunks };
}

const callsOf = (state: ToolpaneState) =>
  selectCallsWithId(state, 'call-1').map((call) => ({
    key: call.key,
    runId: call.runId,
    status: call.status,
    input: call.input,
    output: call.output,
  }));

describe('a run whose steps repeat one toolCallId', () => {
  it('shows a call per step, each with its own arguments and result', async () => {
    const { state, runId, chunks } = await send('weather Paris Lyon');
    const paris = { city: 'Paris', tempC: 21, sky: 'sunny' };
    const lyon = { city: 'Lyon', tempC: 17, sky: 'sunny' };
    expect(callsOf(state)).toEqual([
      {
        key: 'call-1',
        runId,
        status: 'output-available',
        input: { kind: 'raw', value: { city: 'Paris' } },
        output: { kind: 'raw', value: paris },
      },
      {
        key: 'call-1#2',
        runId,
        status: 'output-available',
        input: { kind: 'raw', value: { city: 'Lyon' } },
        output: { kind: 'raw', value: lyon },
      },
    ]);
    expect(state.issues).toEqual([]);
    // The same stream sent twice reads as once.
    expect(callsOf(reduceAll([...chunks, ...chunks]))).toEqual(callsOf(state));
  });

  it('reads a run of 40 such steps once when its stream comes again, and again', async () => {
    const cities = Array.from({ length: 40 }, (_, i) => `City${i + 1}`);
    const { state, runId, chunks } = await send(`weather ${cities.join(' ')}`, 45);
    const calls = callsOf(state);
    expect(calls.map((call) => [call.key, call.runId, call.status, call.input])).toEqual(
      cities.map((city, i) => [
        i === 0 ? 'call-1' : `call-1#${i + 1}`,
        runId,
        'output-available',
        { kind: 'raw', value: { city } },
      ]),
    );
    expect(state.issues).toEqual([]);
    expect(callsOf(reduceAll([...chunks, ...chunks]))).toEqual(calls);
    expect(callsOf(reduceAll([...chunks, ...chunks, ...chunks]))).toEqual(calls);
    // Persisted (with and without what Mastra sent), reloaded, then read again.
    for (const raw of [true, false]) {
      const saved = JSON.stringify(serializeState(reduceAll(chunks), { raw }));
      const restored = createToolpaneStore({ initialState: deserializeState(JSON.parse(saved)) });
      restored.dispatchMany(chunks);
      expect(callsOf(restored.getState())).toEqual(calls);
    }
  });
});
