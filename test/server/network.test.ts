import { createToolpaneStore, selectPendingApprovals } from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_NETWORK_ID, createTestMastra, DESK_NETWORK_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

let thread = 0;

/** A network run of the cleanup network, waiting for the approval its ops agent asked for. */
async function pendingNetworkDeletion() {
  const session = createAgentSession({
    baseUrl: server.baseUrl,
    agentId: CLEANUP_NETWORK_ID,
    store: createToolpaneStore({ families: [network] }),
  });
  thread += 1;
  const sent = await session.send('Delete record rec-314.', {
    network: true,
    memory: { thread: `network-thread-${thread}`, resource: 'network-user' },
    maxSteps: 3,
  });
  expect(sent.status).toBe('done');
  const state = session.store.getState();
  expect(state.issues).toEqual([]);
  const runId = sent.runId!;
  const run = state.runs.get(runId)!;
  expect(run.network?.networkId).toBe('cleanup-network');
  expect(run.status).toBe('waiting');
  const [pending] = selectPendingApprovals(state);
  expect(pending).toMatchObject({
    toolCallId: 'call-net-del-1',
    resumeWith: { runId, network: true },
  });
  return { session, runId };
}

const bodiesFor = (route: string, runId: string) =>
  server
    .requestsTo(route)
    .map((request) => request.body as Record<string, unknown>)
    .filter((body) => body.runId === runId);

describe('agent network over HTTP', () => {
  it('starts the run on the network route', async () => {
    const { runId } = await pendingNetworkDeletion();
    expect(server.requestsTo('network').length).toBeGreaterThan(0);
    expect(bodiesFor('stream', runId)).toEqual([]);
  });

  it('approves through approve-network-tool-call: the tool runs and the network finishes', async () => {
    const { session, runId } = await pendingNetworkDeletion();
    const result = await session.approve('call-net-del-1');
    expect(result.status).toBe('done');
    expect(bodiesFor('approve-network-tool-call', runId)).toEqual([{ runId }]);
    expect(bodiesFor('approve-tool-call', runId)).toEqual([]);

    const state = session.store.getState();
    expect(state.issues).toEqual([]);
    expect(state.toolCalls.get('call-net-del-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { deleted: true, id: 'rec-314' } },
    });
    const run = state.runs.get(runId)!;
    expect(run.status).toBe('finished');
    expect(run.network).toMatchObject({ isComplete: true, result: 'Record rec-314 is deleted.' });
    expect(selectPendingApprovals(state)).toEqual([]);
    expect(session.getStatus()).toBe('idle');
  });

  it('declines through decline-network-tool-call with the reason: the tool never runs', async () => {
    const { session, runId } = await pendingNetworkDeletion();
    const result = await session.decline('call-net-del-1', 'Keep it');
    expect(result.status).toBe('done');
    expect(bodiesFor('decline-network-tool-call', runId)).toEqual([{ runId, reason: 'Keep it' }]);

    const state = session.store.getState();
    expect(state.issues).toEqual([]);
    const call = state.toolCalls.get('call-net-del-1')!;
    expect(call.status).toBe('output-denied');
    expect(call.approval?.decision).toEqual({ approved: false, reason: 'Keep it' });
    const run = state.runs.get(runId)!;
    expect(run.status).toBe('finished');
    expect(run.network).toMatchObject({ isComplete: true, result: 'Record rec-314 was kept.' });
  });

  it('sends a network decision once, however often it is clicked', async () => {
    const { session, runId } = await pendingNetworkDeletion();
    const [a, b] = await Promise.all([
      session.approve('call-net-del-1'),
      session.approve('call-net-del-1'),
    ]);
    expect(a).toBe(b);
    expect((await session.approve('call-net-del-1')).status).toBe('invalid');
    expect(bodiesFor('approve-network-tool-call', runId)).toHaveLength(1);
  });

  it('a suspension inside a network cannot be resumed with data: nothing is sent', async () => {
    const session = createAgentSession({
      baseUrl: server.baseUrl,
      agentId: DESK_NETWORK_ID,
      store: createToolpaneStore({ families: [network] }),
    });
    const sent = await session.send('[booker] Book a table at Da Enzo.', {
      network: true,
      memory: { thread: 'network-thread-desk', resource: 'network-user' },
      maxSteps: 3,
    });
    expect(sent.status).toBe('done');
    const [pending] = selectPendingApprovals(session.store.getState());
    expect(pending).toMatchObject({ toolCallId: 'call-net-book-1', kind: 'suspension' });
    const before = server.requests.length;
    const result = await session.resume('call-net-book-1', { confirmed: true });
    expect(result.status).toBe('invalid');
    expect(result.error).toMatch(/cannot be resumed over HTTP/);
    expect(server.requests.length).toBe(before);
    expect(session.store.getState().toolCalls.get('call-net-book-1')?.status).toBe('suspended');
  });

  it('a tool the router runs asks for approval: approving runs it on the same call', async () => {
    const session = createAgentSession({
      baseUrl: server.baseUrl,
      agentId: DESK_NETWORK_ID,
      store: createToolpaneStore({ families: [network] }),
    });
    const sent = await session.send('[delete] Delete record rec-512.', {
      network: true,
      memory: { thread: 'network-thread-desk-delete', resource: 'network-user' },
      maxSteps: 3,
    });
    const [pending] = selectPendingApprovals(session.store.getState());
    expect(pending).toMatchObject({ toolName: 'deleteTool', resumeWith: { network: true } });
    expect((await session.approve(pending!.toolCallId)).status).toBe('done');
    expect(bodiesFor('approve-network-tool-call', sent.runId!)).toEqual([{ runId: sent.runId }]);
    const state = session.store.getState();
    expect(state.issues).toEqual([]);
    expect([...state.toolCalls.values()].map((c) => [c.toolName, c.status, c.output])).toEqual([
      ['deleteTool', 'output-available', { kind: 'raw', value: { deleted: true, id: 'rec-512' } }],
    ]);
    expect(state.runs.get(sent.runId!)?.status).toBe('finished');
  });
});
