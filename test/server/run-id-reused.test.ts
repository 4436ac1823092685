/**
 * A later turn that reuses the id of a subagent run (Mastra takes a `runId` in the request body,
 * so an app can send one a subagent already had): against real Mastra servers, the turn is a
 * top-level run of its own, not a part of the subagent's card, and what is sent for it names the
 * id the request gave, so Mastra finds the run: an approval, and a client tool's continuation.
 */
import { selectRunText, type ToolpaneState } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_IDS, createTestMastra } from './agents.ts';
import { CLIENT_TOOL_AGENT_ID, CLIENT_TOOLS, serveClientToolAgent } from './client-tool-agent.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;
const clientTools = serveClientToolAgent('run-id-reused');

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

/** The runs inside calls. */
const nestedRuns = (state: ToolpaneState) =>
  [...state.runs.values()].filter((run) => run.parentToolCallId !== null);

describe('a later turn under a subagent run id', () => {
  it('is a top-level run of its own, and its approval and client tool reach Mastra', async () => {
    const admin = createAgentSession({ baseUrl: server.baseUrl, agentId: AGENT_IDS.admin });
    const { store } = admin;
    await admin.send('Delete record rec-778');
    expect((await admin.approve('call-del-sub-1')).status).toBe('done');
    const [subagent] = nestedRuns(store.getState());
    const reused = subagent!.runId;
    const subagentText = selectRunText(store.getState(), reused);
    const subagentCalls = subagent!.toolCallIds;
    expect(subagent!.status).toBe('finished');

    // The same store, another agent, the subagent's run id in the request.
    const ops = createAgentSession({ baseUrl: server.baseUrl, agentId: AGENT_IDS.ops, store });
    const sent = await ops.send('Delete record abc-123', { runId: reused });
    const asked = store.getState().toolCalls.get('call-del-1')!;
    expect(asked.runId).toBe(sent.runId);
    const turn = store.getState().runs.get(asked.runId)!;
    expect(turn).toMatchObject({ parentToolCallId: null, depth: 0, streamRunId: reused });
    expect(store.getState().runOrder).toHaveLength(2);
    expect(asked.approval?.target.runId).toBe(reused);
    const approved = await ops.approve('call-del-1');
    expect(approved.status).toBe('done');
    expect(server.requestsTo('approve-tool-call').at(-1)?.body).toMatchObject({
      runId: reused,
      toolCallId: 'call-del-1',
    });
    expect(store.getState().toolCalls.get('call-del-1')?.status).toBe('output-available');
    // The subagent's run is as it was.
    const after = store.getState().runs.get(reused)!;
    expect(after).toMatchObject({
      status: 'finished',
      parentToolCallId: subagent!.parentToolCallId,
    });
    expect(after.toolCallIds).toEqual(subagentCalls);
    expect(selectRunText(store.getState(), reused)).toBe(subagentText);

    // A client tool in a turn under the same id runs, and its result continues that run.
    const located: unknown[] = [];
    const browser = createAgentSession({
      baseUrl: clientTools.server.baseUrl,
      agentId: CLIENT_TOOL_AGENT_ID,
      store,
      clientTools: {
        ...CLIENT_TOOLS,
        locateUser: {
          ...CLIENT_TOOLS.locateUser!,
          execute: (input, options) => {
            located.push([input, options.runId]);
            return { city: 'Lyon' };
          },
        },
      },
    });
    await browser.send('locate one', { runId: reused });
    await new Promise<void>((resolve) => {
      const done = () => store.getState().toolCalls.get('call-locate-one')?.status;
      if (done() === 'output-available' && browser.getStatus() !== 'streaming') return resolve();
      const off = browser.subscribe(() => {
        if (done() !== 'output-available' || browser.getStatus() === 'streaming') return;
        off();
        resolve();
      });
    });
    expect(located).toEqual([[{ question: 'Where are you?' }, reused]]);
    const continued = clientTools.server.requestsTo('stream').at(-1)?.body as { runId?: string };
    expect(continued.runId).toBe(reused);
    const locateCall = store.getState().toolCalls.get('call-locate-one')!;
    expect(store.getState().runs.get(locateCall.runId)?.parentToolCallId).toBeNull();
    expect(store.getState().runs.get(reused)?.toolCallIds).toEqual(subagentCalls);
  });
});
