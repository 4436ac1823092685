import { selectCallsWithId, selectPendingApprovals } from '@toolpane/client';
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

describe('a model that numbers its calls per run, against a real Mastra server', () => {
  it('answers the second run by its own call, and leaves the first run as it was', async () => {
    const s = createAgentSession({ baseUrl: server.baseUrl, agentId: NUMBERING_AGENT_ID });
    const first = await s.send('delete first-record');
    expect(first.status).toBe('done');
    expect((await s.approve('call-1')).status).toBe('done');

    const second = await s.send('delete second-record');
    expect(second.status).toBe('done');
    expect(second.runId).not.toBe(first.runId);
    let state = s.store.getState();
    // The second run's approval is visible, on a call of its own.
    expect(selectPendingApprovals(state)).toEqual([
      expect.objectContaining({
        key: 'call-1#2',
        toolCallId: 'call-1',
        resumeWith: { runId: second.runId, toolCallId: 'call-1' },
      }),
    ]);
    expect(state.toolCalls.get('call-1#2')?.input).toEqual({
      kind: 'raw',
      value: { id: 'second-record' },
    });

    // By the bare toolCallId: the call that waits is meant, and the decision goes to its run.
    expect((await s.approve('call-1')).status).toBe('done');
    const bodies = server
      .requestsTo('approve-tool-call')
      .map((r) => r.body as { runId: string; toolCallId: string })
      .filter((body) => body.runId === first.runId || body.runId === second.runId);
    expect(bodies).toEqual([
      { runId: first.runId, toolCallId: 'call-1' },
      { runId: second.runId, toolCallId: 'call-1' },
    ]);

    state = s.store.getState();
    const [one, two] = selectCallsWithId(state, 'call-1');
    expect(one).toMatchObject({
      key: 'call-1',
      runId: first.runId,
      status: 'output-available',
      input: { kind: 'raw', value: { id: 'first-record' } },
      output: { kind: 'raw', value: { deleted: true, id: 'first-record' } },
    });
    expect(two).toMatchObject({
      key: 'call-1#2',
      runId: second.runId,
      status: 'output-available',
      input: { kind: 'raw', value: { id: 'second-record' } },
      output: { kind: 'raw', value: { deleted: true, id: 'second-record' } },
    });
    expect(state.runs.get(second.runId!)?.status).toBe('finished');
    expect(selectPendingApprovals(state)).toEqual([]);
  });

  it('answers by the key as well', async () => {
    const s = createAgentSession({ baseUrl: server.baseUrl, agentId: NUMBERING_AGENT_ID });
    await s.send('delete a');
    await s.approve('call-1');
    await s.send('delete b');
    expect((await s.decline('call-1#2', 'not b')).status).toBe('done');
    const [a, b] = selectCallsWithId(s.store.getState(), 'call-1');
    expect(a?.status).toBe('output-available');
    expect(b?.status).toBe('output-denied');
  });
});
