import { MastraClient } from '@mastra/client-js';
import type { Mastra } from '@mastra/core/mastra';
import {
  createToolpaneStore,
  type PendingApproval,
  selectPendingApprovals,
  selectRunText,
  type ToolpaneStore,
} from '@toolpane/client';
import { consumeStream, fromClientJs, fromFullStream } from '@toolpane/client/stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGENT_IDS, createTestMastra, TAGGED_AGENT_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let mastra: Mastra;
let server: TestServer;
let client: MastraClient;

beforeAll(async () => {
  mastra = createTestMastra();
  server = await startMastraServer(mastra);
  client = new MastraClient({ baseUrl: server.baseUrl, retries: 0 });
});

afterAll(async () => {
  await server.close();
});

/** Resolves once the store holds some text of its first run. */
function firstText(store: ReturnType<typeof createToolpaneStore>): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      const runId = store.getState().runOrder[0];
      if (runId !== undefined && selectRunText(store.getState(), runId) !== '') {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('fromClientJs', () => {
  it('feeds a client-js stream and its approval continuation into one store', async () => {
    const store = createToolpaneStore();
    const agent = client.getAgent(AGENT_IDS.ops);

    const first = await consumeStream(store, fromClientJs(await agent.stream('Delete abc-123')));

    expect(first.status).toBe('done');
    const runId = store.getState().runOrder[0]!;
    expect(store.getState().runs.get(runId)?.status).toBe('waiting');
    const target = store.getState().toolCalls.get('call-del-1')?.approval?.target;
    expect(target).toEqual({ runId, toolCallId: 'call-del-1' });

    // client-js's own client-tool parser logs that a continuation starts with a tool result.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const approved = await agent.approveToolCall({ runId, toolCallId: 'call-del-1' });
    const second = await consumeStream(store, fromClientJs(approved));
    log.mockRestore();

    expect(second.status).toBe('done');
    const state = store.getState();
    expect(state.toolCalls.get('call-del-1')?.status).toBe('output-available');
    expect(state.runs.get(runId)?.status).toBe('finished');
    expect(selectRunText(state, runId)).toContain('Record abc-123 was deleted.');
  });

  it('marks the run interrupted when the connection drops mid-stream', async () => {
    server.inject({ route: 'stream', action: { kind: 'drop', afterEvents: 4 } });
    const store = createToolpaneStore();
    // client-js logs the dropped connection itself.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await client.getAgent(AGENT_IDS.weather).stream('Weather in Paris?');

    await consumeStream(store, fromClientJs(response));
    log.mockRestore();

    const state = store.getState();
    const run = state.runs.get(state.runOrder[0]!);
    expect(run?.agentId).toBe(AGENT_IDS.weather);
    expect(run?.status).toBe('interrupted');
  });

  it('stops reading when its signal aborts', async () => {
    const store = createToolpaneStore();
    const controller = new AbortController();
    const response = await client
      .getAgent(AGENT_IDS.slow)
      .stream('Tell me something long', { abortSignal: controller.signal });
    void firstText(store).then(() => controller.abort());

    const result = await consumeStream(store, fromClientJs(response, controller), controller);

    expect(result.status).toBe('aborted');
    const state = store.getState();
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('aborted');
  });
});

describe('decisions sent through client-js, told to the store as the client README says', () => {
  /** The README's `approve`: the decision told to the store, sent, its answer read. */
  async function approve(store: ToolpaneStore, pending: PendingApproval) {
    const agent = client.getAgent(TAGGED_AGENT_ID);
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: pending.key, approved: true });
    try {
      const { runId, toolCallId } = pending.resumeWith;
      const answer = await agent.approveToolCall({ runId, toolCallId });
      await consumeStream(store, fromClientJs(answer));
    } catch (error) {
      store.dispatch({
        type: 'toolpane/decision-failed',
        toolCallId: pending.key,
        error: String(error),
      });
    }
  }

  const pendingIds = (store: ToolpaneStore) =>
    selectPendingApprovals(store.getState()).map((pending) => pending.toolCallId);

  it('shows each of two calls of one step waiting only until it is answered', async () => {
    const store = createToolpaneStore();
    const agent = client.getAgent(TAGGED_AGENT_ID);
    await consumeStream(store, fromClientJs(await agent.stream('delete-two own')));
    const call = (id: string) => store.getState().toolCalls.get(`call-delete-own-${id}`);
    // Mastra asks for the first call only.
    expect(pendingIds(store)).toEqual(['call-delete-own-a']);

    // client-js's own client-tool parser logs that a continuation starts with a tool result.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await approve(store, selectPendingApprovals(store.getState())[0]!);
    // The answer asks for the second call; the first stays answered.
    expect(call('a')).toMatchObject({
      status: 'approval-responded',
      approval: { decision: { approved: true } },
    });
    expect(pendingIds(store)).toEqual(['call-delete-own-b']);

    await approve(store, selectPendingApprovals(store.getState())[0]!);
    log.mockRestore();
    const state = store.getState();
    expect(call('a')?.status).toBe('output-available');
    expect(call('b')?.status).toBe('output-available');
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('finished');
    expect(selectRunText(state, state.runOrder[0]!)).toBe('Records own-a and own-b were deleted.');
  });

  it('shows the call waiting again, with the error, when the decision is refused', async () => {
    const store = createToolpaneStore();
    const agent = client.getAgent(TAGGED_AGENT_ID);
    await consumeStream(store, fromClientJs(await agent.stream('delete refused')));
    server.inject({ route: 'approve-tool-call', action: { kind: 'fail', status: 500 } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await approve(store, selectPendingApprovals(store.getState())[0]!);
    log.mockRestore();
    const call = store.getState().toolCalls.get('call-delete-refused');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.error).toMatch(/500/);
    expect(pendingIds(store)).toEqual(['call-delete-refused']);
  });
});

describe('fromFullStream', () => {
  it('feeds a server-side agent output and its approval continuation into one store', async () => {
    const store = createToolpaneStore();
    const agent = mastra.getAgent(AGENT_IDS.ops);

    const output = await agent.stream('Delete abc-123');
    expect((await consumeStream(store, fromFullStream(output))).status).toBe('done');
    const call = store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('approval-requested');

    const approved = await agent.approveToolCall({
      runId: output.runId,
      toolCallId: 'call-del-1',
    });
    expect((await consumeStream(store, fromFullStream(approved.fullStream))).status).toBe('done');

    const state = store.getState();
    expect(state.toolCalls.get('call-del-1')?.status).toBe('output-available');
    expect(state.runs.get(output.runId)?.status).toBe('finished');
    expect(selectRunText(state, output.runId)).toContain('Record abc-123 was deleted.');
  });

  it('stops reading when its signal aborts', async () => {
    const store = createToolpaneStore();
    const controller = new AbortController();
    const output = await mastra
      .getAgent(AGENT_IDS.slow)
      .stream('Tell me something long', { abortSignal: controller.signal });
    void firstText(store).then(() => controller.abort());

    const result = await consumeStream(store, fromFullStream(output, controller), controller);

    expect(result.status).toBe('aborted');
    expect(store.getState().runs.get(output.runId)?.status).toBe('aborted');
  });
});
