/**
 * History from Mastra memory, against a real Mastra server: agents with memory (core's
 * `MockMemory` over an `InMemoryStore`) answer through the native stream route, then the thread's
 * messages come back from `GET /api/memory/threads/:threadId/messages`. The state rebuilt from
 * them (natively, and through `@mastra/ai-sdk/ui`'s `toAISdkMessages`) must show the conversation
 * the live stream showed, and a session given the thread restores it and answers what waits.
 * "Mastra no longer holds the run" is a restarted server: its runs are gone, its memory is not.
 */
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { type SessionThread, selectPendingApprovals } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { createAgentSession } from '@toolpane/client/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createEchoAgent,
  ECHO_AGENT_ID,
  ECHO_PROMPT,
  ECHO_SECRET,
  TOKEN_SECRET,
} from '../../scripts/record/echoes.ts';
import { AGENT_IDS, createScenarioAgents } from '../../scripts/record/scenarios.ts';
import {
  agentOutputsAside,
  asShown,
  conversation,
  fromMemory,
  memoryMessages,
} from '../utils/history.ts';
import { everythingShown } from '../utils/shown.ts';
import { createTaggedAgent, TAGGED_AGENT_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

/** Memory outlives a server; runs (the snapshots Mastra resumes) live and die with it. */
const memoryStore = new InMemoryStore();
let server: TestServer | undefined;
let threads = 0;

async function boot(): Promise<TestServer> {
  await server?.close();
  const agents: Record<string, Agent> = {
    ...createScenarioAgents(),
    [TAGGED_AGENT_ID]: createTaggedAgent(),
    [ECHO_AGENT_ID]: createEchoAgent(),
  };
  const memory = new MockMemory({ storage: memoryStore });
  for (const agent of Object.values(agents)) agent.__setMemory(memory);
  const mastra = new Mastra({ agents, storage: new InMemoryStore(), logger: false });
  server = await startMastraServer(mastra);
  return server;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const newThread = (): SessionThread => ({ threadId: `thread-${++threads}`, resourceId: 'user-1' });

const SCENARIOS: readonly [string, string, string][] = [
  ['a tool, then text', AGENT_IDS.weather, "What's the weather in Paris?"],
  ['parallel calls, one failing', AGENT_IDS.travel, 'Weather in Lisbon and flights CDG→LIS?'],
  ['a display transform', AGENT_IDS.crm, 'Look up Ada Lovelace in the CRM.'],
  ['subagents two levels deep', AGENT_IDS.supervisor, 'Conditions at Paris CDG?'],
  ['a pending approval', AGENT_IDS.ops, 'Delete record abc-123.'],
  ['a pending approval inside a subagent', AGENT_IDS.admin, 'Delete record rec-778.'],
  ['a pending suspension', AGENT_IDS.booking, 'Book a table for 4 at Chez Marie.'],
  ['a workflow tool', AGENT_IDS.report, 'Report on Q3 sales.'],
];

describe('history from Mastra memory', () => {
  it.each(SCENARIOS)('rebuilds %s as the live stream showed it', async (_, agentId, prompt) => {
    const base = await boot();
    const thread = newThread();
    const session = createAgentSession({ baseUrl: base.baseUrl, agentId, thread });
    expect((await session.send(prompt)).status).toBe('done');
    const live = conversation(session.store.getState());
    const messages = await memoryMessages(base, agentId, thread);

    const native = stateFromMastraMessages(messages);
    expect(agentOutputsAside(conversation(native))).toEqual(agentOutputsAside(fromMemory(live)));
    // Memory cannot tell whether a subagent's inner tools hide values: their results stay hidden.
    expect(JSON.stringify(conversation(native))).not.toContain('LFPG');
    expect(native.runs.get(native.runOrder[0]!)?.prompt).toBe(prompt);
    expect(native.issues).toEqual([]);
    for (const version of ['v5', 'v6'] as const) {
      const ui = stateFromUIMessages(toAISdkMessages(messages as never, { version } as never));
      // The AI SDK path shows what the server substituted as it came, transformed or not.
      expect(agentOutputsAside(conversation(ui))).toEqual(
        agentOutputsAside(asShown(fromMemory(live))),
      );
    }
  });

  it('shows no hidden argument that a result or an error quotes back, live or rebuilt', async () => {
    const base = await boot();
    const thread = newThread();
    const session = createAgentSession({ baseUrl: base.baseUrl, agentId: ECHO_AGENT_ID, thread });
    expect((await session.send(ECHO_PROMPT)).status).toBe('done');
    const live = session.store.getState();
    // Mastra refused its arguments: the call failed, with the refusal's message as its error.
    expect(live.toolCalls.get('call-connect-1')?.status).toBe('output-error');
    expect(everythingShown(live)).not.toContain(ECHO_SECRET);
    expect(everythingShown(live)).not.toContain(TOKEN_SECRET);
    const messages = await memoryMessages(base, ECHO_AGENT_ID, thread);
    // Memory keeps the quotes raw, and UI messages made from it the shown ones.
    expect(JSON.stringify(messages)).toContain(ECHO_SECRET);
    expect(JSON.stringify(messages)).toContain(TOKEN_SECRET);
    const native = stateFromMastraMessages(messages);
    expect(everythingShown(native)).not.toContain(ECHO_SECRET);
    expect(everythingShown(native)).not.toContain(TOKEN_SECRET);
    const rebuiltCall = native.toolCalls.get('call-connect-1');
    expect(rebuiltCall?.status).toBe('output-error');
    expect(JSON.stringify(rebuiltCall?.error)).toContain('\\"password\\": \\"[hidden]\\"');
    for (const version of ['v5', 'v6'] as const) {
      const ui = toAISdkMessages(messages as never, { version } as never);
      expect(JSON.stringify(ui)).toContain(ECHO_SECRET);
      // The UI messages hold the transformed arguments only: the quote is judged against them.
      const rebuilt = everythingShown(stateFromUIMessages(ui));
      expect(rebuilt).not.toContain(ECHO_SECRET);
      // The refused result never passed the transform: the part's metadata says one applies.
      expect(rebuilt).not.toContain(TOKEN_SECRET);
    }
  });

  it('restores a thread of several runs into a session, which answers what waits', async () => {
    const base = await boot();
    const thread = newThread();
    const first = createAgentSession({ baseUrl: base.baseUrl, agentId: TAGGED_AGENT_ID, thread });
    await first.send('weather w1');
    await first.send('delete r1');
    await first.send('book b1');
    const before = conversation(first.store.getState());

    // A reload: a new session for the same thread restores it on creation.
    const session = createAgentSession({ baseUrl: base.baseUrl, agentId: TAGGED_AGENT_ID, thread });
    await vi.waitFor(() => expect(session.store.getState().runOrder).toHaveLength(3));
    const state = session.store.getState();
    expect(conversation(state)).toEqual(before);
    expect(state.runOrder.map((id) => state.runs.get(id)?.prompt)).toEqual([
      'weather w1',
      'delete r1',
      'book b1',
    ]);
    expect(session.getStatus()).toBe('waiting');

    expect((await session.approve('call-delete-r1')).status).toBe('done');
    expect((await session.resume('call-book-b1', { confirmed: true })).status).toBe('done');
    const after = session.store.getState();
    expect(after.toolCalls.get('call-delete-r1')?.output).toEqual({
      kind: 'raw',
      value: { deleted: true, id: 'r1' },
    });
    expect(after.toolCalls.get('call-book-b1')?.status).toBe('output-available');
    expect(selectPendingApprovals(after)).toEqual([]);
    // New messages go to the same thread.
    await session.send('weather w2');
    const reloaded = stateFromMastraMessages(await memoryMessages(base, TAGGED_AGENT_ID, thread));
    expect(reloaded.toolCalls.get('call-weather-w2')?.status).toBe('output-available');
  });

  it('marks a restored decision expired when Mastra no longer holds its run', async () => {
    const thread = newThread();
    let base = await boot();
    const first = createAgentSession({ baseUrl: base.baseUrl, agentId: TAGGED_AGENT_ID, thread });
    await first.send('delete x1');
    base = await boot();

    const session = createAgentSession({
      baseUrl: base.baseUrl,
      agentId: TAGGED_AGENT_ID,
      thread,
      restore: false,
    });
    expect((await session.restore()).status).toBe('done');
    const call = session.store.getState().toolCalls.get('call-delete-x1');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.expired).toMatch(/no longer holds this run/);
    expect(selectPendingApprovals(session.store.getState())).toEqual([]);
    expect(session.getStatus()).toBe('idle');
    const result = await session.approve('call-delete-x1');
    expect(result).toMatchObject({ status: 'invalid', error: expect.stringMatching(/no longer/) });
    expect(base.requestsTo('approve-tool-call')).toEqual([]);
  });

  it('learns from the first failed attempt when the server cannot tell beforehand', async () => {
    const thread = newThread();
    let base = await boot();
    const first = createAgentSession({ baseUrl: base.baseUrl, agentId: TAGGED_AGENT_ID, thread });
    await first.send('book y1');
    base = await boot();
    base.inject({ route: 'suspended-runs', action: { kind: 'fail', status: 500 } });

    const session = createAgentSession({
      baseUrl: base.baseUrl,
      agentId: TAGGED_AGENT_ID,
      thread,
      restore: false,
    });
    await session.restore();
    expect(session.store.getState().toolCalls.get('call-book-y1')?.suspension?.expired).toBe(
      undefined,
    );
    const result = await session.resume('call-book-y1', { confirmed: true });
    expect(result.status).toBe('error');
    const call = session.store.getState().toolCalls.get('call-book-y1');
    expect(call?.status).toBe('suspended');
    expect(call?.suspension?.expired).toMatch(/no longer holds this run/);
    expect((await session.resume('call-book-y1', { confirmed: true })).status).toBe('invalid');
    expect(base.requestsTo('resume-stream')).toHaveLength(1);
  });

  it('reads a thread Mastra does not hold yet as an empty conversation, then sends into it', async () => {
    const base = await boot();
    const thread = newThread();
    const session = createAgentSession({
      baseUrl: base.baseUrl,
      agentId: TAGGED_AGENT_ID,
      thread,
      restore: false,
    });
    // Mastra answers 404 "Thread not found" until the first message is sent into the thread.
    expect(await session.restore()).toEqual({ status: 'done' });
    expect(session.store.getState().issues).toEqual([]);
    expect(session.store.getState().runOrder).toEqual([]);
    expect((await session.send('Weather in Oslo?')).status).toBe('done');
    expect(await memoryMessages(base, TAGGED_AGENT_ID, thread)).not.toEqual([]);
  });

  it('reports a thread that cannot be loaded, and keeps what the store had', async () => {
    const base = await boot();
    base.inject({ route: 'messages', action: { kind: 'fail', status: 503, message: 'down' } });
    const session = createAgentSession({
      baseUrl: base.baseUrl,
      agentId: TAGGED_AGENT_ID,
      thread: newThread(),
      restore: false,
    });
    const result = await session.restore();
    expect(result).toMatchObject({ status: 'error', error: expect.stringMatching(/503.*down/) });
    expect(session.store.getState().issues.at(-1)?.kind).toBe('transport');
  });
});
