/**
 * A chat whose client-side tool call was left unanswered, then a new turn, against a real Mastra
 * server with memory. The new turn's model numbers its calls from 1 again, so its call (of a
 * server tool, plain or display-transformed) reuses the waiting call's toolCallId. Reloaded from
 * memory (natively, through `toAISdkMessages`, and by a restored session) the new turn keeps its
 * own call with its own result, as live, and shows nothing its transform hides. And an answer the
 * app gave a client call of an agent whose display policy covers every tool keeps hiding, after a
 * reload, what the policy hides.
 */
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { selectCallsWithId, type ToolpaneState } from '@toolpane/client';
import { stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { createAgentSession } from '@toolpane/client/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactiveModel, step, text, toolCall } from '../../scripts/record/models.ts';
import { crmLookupTool, redactSecretsPolicy, weatherTool } from '../../scripts/record/scenarios.ts';
import { memoryMessages } from '../utils/history.ts';
import { everythingShown } from '../utils/shown.ts';
import { CLIENT_TOOLS } from './client-tool-agent.ts';
import { startMastraServer, type TestServer } from './harness.ts';

const AGENT_ID = 'client-turns-agent';
const CLIENT = ['locateUser', 'askUser'];
const ANSWER_SECRET = 'tok-client-answer-secret-64';

/**
 * `ask` calls the client tool `locateUser` as `call-1`; `weather` and `crm` call a server tool as
 * `call-1` (`weatherTool`, and `crmLookupTool`, which hides its API key and session token). Once
 * the results are in, the model says `Done.`.
 */
function createAgent(policy: boolean): Agent {
  return new Agent({
    id: AGENT_ID,
    name: AGENT_ID,
    instructions: 'Use your tools.',
    tools: { weatherTool, crmLookupTool },
    ...(policy
      ? { transform: { transformToolPayload: redactSecretsPolicy, targets: ['display'] } }
      : {}),
    model: reactiveModel(
      ({ lastUserText, stepIndex }) => {
        if (stepIndex > 0) return step(text(`txt-${lastUserText}`, 'Done.'));
        const calls = {
          ask: { name: 'locateUser', input: { question: 'Where are you?' } },
          weather: { name: 'weatherTool', input: { city: 'Oslo' } },
          crm: { name: 'crmLookupTool', input: { query: 'Ada Lovelace', apiKey: 'sk-secret-123' } },
        } as const;
        const call = calls[lastUserText as keyof typeof calls];
        return call === undefined
          ? step(text('txt-none', 'Nothing to do.'))
          : step(toolCall({ id: 'call-1', ...call }));
      },
      { modelId: 'client-turns-mock' },
    ),
  });
}

let server: TestServer | undefined;
let threads = 0;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function boot(policy = false) {
  const agent = createAgent(policy);
  agent.__setMemory(new MockMemory({ storage: new InMemoryStore() }));
  const mastra = new Mastra({
    agents: { [AGENT_ID]: agent },
    storage: new InMemoryStore(),
    logger: false,
  });
  server = await startMastraServer(mastra);
  const thread = { threadId: `client-turns-${++threads}`, resourceId: 'user-1' };
  const session = () =>
    createAgentSession({
      baseUrl: server!.baseUrl,
      agentId: AGENT_ID,
      thread,
      clientTools: CLIENT_TOOLS,
    });
  return { base: server, thread, session };
}

/** The calls with id `call-1`, each with its tool, status, and whether it shows an output. */
const calls = (state: ToolpaneState) =>
  selectCallsWithId(state, 'call-1').map((c) => ({
    toolName: c.toolName,
    status: c.status,
    // A view shows as it came in a UI message: shown either way.
    shows: c.output.kind === 'raw' || c.output.kind === 'transformed',
  }));

/** The state rebuilt from the thread's messages in each format, and by a restored session. */
async function reloads(base: TestServer, thread: { threadId: string; resourceId: string }) {
  const messages = await memoryMessages(base, AGENT_ID, thread);
  const out: [string, ToolpaneState][] = [
    ['native', stateFromMastraMessages(messages, { clientTools: CLIENT })],
    ...(['v5', 'v6'] as const).map((version): [string, ToolpaneState] => [
      version,
      stateFromUIMessages(toAISdkMessages(messages as never, { version } as never), {
        clientTools: CLIENT,
      }),
    ]),
  ];
  return out;
}

describe.each(['weather', 'crm'])(
  'a waiting client call, then a %s turn reusing its id',
  (turn) => {
    it('keeps the later turn’s call and result, and hides what its transform hides', async () => {
      const { base, thread, session } = await boot();
      const live = session();
      await live.send('ask');
      expect(live.getStatus()).toBe('idle');
      expect((await live.send(turn)).status).toBe('done');
      const liveState = live.store.getState();
      const secrets = ['sk-secret-123', 'tok-internal-42'];
      const hidden = turn === 'crm' ? secrets : [];
      expect(hidden.filter((s) => everythingShown(liveState).includes(s))).toEqual([]);
      const expected = calls(liveState);
      expect(expected.map((c) => c.status)).toEqual(['input-available', 'output-available']);

      const restored = session();
      await vi.waitFor(() => expect(restored.store.getState().runOrder).toHaveLength(2));
      const states = [...(await reloads(base, thread)), ['restored', restored.store.getState()]];
      for (const [format, state] of states as [string, ToolpaneState][]) {
        expect(calls(state), format).toEqual(expected);
        const shown = everythingShown(state);
        expect(
          hidden.filter((s) => shown.includes(s)),
          format,
        ).toEqual([]);
      }
    });
  },
);

describe('an answered client call of an agent whose display policy covers every tool', () => {
  it('keeps hiding what the policy hides in the answer, after a reload', async () => {
    const { base, thread, session } = await boot(true);
    const live = session();
    await live.send('ask');
    const answer = { city: 'Lyon', token: ANSWER_SECRET };
    expect((await live.answer('call-1', { output: answer })).status).toBe('done');
    expect(everythingShown(live.store.getState())).not.toContain(ANSWER_SECRET);
    const messages = await memoryMessages(base, AGENT_ID, thread);
    expect(JSON.stringify(messages)).toContain(ANSWER_SECRET);

    const restored = session();
    await vi.waitFor(() => expect(restored.store.getState().runOrder).not.toHaveLength(0));
    const states = [...(await reloads(base, thread)), ['restored', restored.store.getState()]];
    for (const [format, state] of states as [string, ToolpaneState][]) {
      const [call] = selectCallsWithId(state, 'call-1');
      expect(call?.status, format).toBe('output-available');
      expect(everythingShown(state), format).not.toContain(ANSWER_SECRET);
    }
  });
});
