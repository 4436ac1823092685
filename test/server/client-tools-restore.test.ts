/**
 * A page that went away while a run waited on a client-side tool, against a real Mastra server
 * with memory: a new session restoring the thread shows the call waiting for the app again (not
 * cut short), `session.answer` continues the run with only the tool-result message, and the
 * model's answer streams into the same store. Calls of tools the restore does not name stay cut
 * short; toolCallIds repeated across turns of the thread land on the right call; what a display
 * transform hides stays hidden after each reload. The memory reader (`stateFromMastraMessages`)
 * and the AI SDK one over `toAISdkMessages` agree on what waits.
 */
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import {
  createToolpaneStore,
  selectCallsWithId,
  selectRunText,
  type ToolpaneStore,
} from '@toolpane/client';
import { selectAwaitingClient, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { stateFromMastraMessages } from '@toolpane/client/history';
import { type ClientTools, createAgentSession, type SessionThread } from '@toolpane/client/session';
import { describe, expect, it, vi } from 'vitest';
import { everythingShown } from '../utils/shown.ts';
import { CLIENT_TOOL_AGENT_ID, CLIENT_TOOLS, serveClientToolAgent } from './client-tool-agent.ts';

const mastra = serveClientToolAgent('restore-client');

const newThread = mastra.thread;

/** A session on `thread`, as a page makes one when it loads: it restores the thread at once. */
const page = (
  thread: SessionThread,
  clientTools: ClientTools | null = CLIENT_TOOLS,
  store: ToolpaneStore = createToolpaneStore(),
) =>
  createAgentSession({
    baseUrl: mastra.server.baseUrl,
    agentId: CLIENT_TOOL_AGENT_ID,
    store,
    thread,
    ...(clientTools === null ? {} : { clientTools }),
  });

/** A page that loaded and finished restoring. */
async function reload(...args: Parameters<typeof page>) {
  const s = page(...args);
  expect(await s.restore()).toEqual({ status: 'done' });
  return s;
}

type Body = { messages: unknown[]; memory?: unknown; clientTools?: unknown };
const lastStreamBody = () => mastra.server.requestsTo('stream').at(-1)!.body as Body;

const awaitingKeys = (store: ToolpaneStore) =>
  selectAwaitingClient(store.getState()).map((c) => c.key);

async function memoryMessages(thread: SessionThread) {
  const query = `agentId=${CLIENT_TOOL_AGENT_ID}&resourceId=${thread.resourceId}`;
  const response = await fetch(
    `${mastra.server.baseUrl}/api/memory/threads/${thread.threadId}/messages?${query}`,
  );
  return ((await response.json()) as { messages: unknown[] }).messages;
}

const toolResult = (toolCallId: string, toolName: string, input: unknown, result: unknown) => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId, toolName, input, result }],
});

describe('a restored thread keeps client-tool calls waiting for the app', () => {
  it('shows the call waiting after a reload; the answer continues the run in the same store', async () => {
    const thread = newThread();
    const before = page(thread);
    await before.send('locate r');
    expect(awaitingKeys(before.store)).toEqual(['call-locate-r']);

    const after = await reload(thread);
    const call = after.store.getState().toolCalls.get('call-locate-r');
    expect(call).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
      toolName: 'locateUser',
      input: { kind: 'raw', value: { question: 'Where are you?' } },
    });
    expect(after.store.getState().runs.get(call!.runId)?.status).toBe('finished');
    expect(after.getStatus()).toBe('idle');

    const runs = after.store.getState().runOrder.length;
    const done = await after.answer('call-locate-r', { output: { city: 'Lyon' } });
    expect(done.status).toBe('done');
    // With the memory thread only the tool-result message goes, as client-js sends it.
    const body = lastStreamBody();
    expect(body.memory).toEqual({ thread: thread.threadId, resource: thread.resourceId });
    expect(body.clientTools).toEqual(CLIENT_TOOLS);
    expect(body.messages).toEqual([
      toolResult('call-locate-r', 'locateUser', { question: 'Where are you?' }, { city: 'Lyon' }),
    ]);
    const state = after.store.getState();
    expect(state.runOrder.length).toBe(runs + 1);
    expect(state.toolCalls.get('call-locate-r')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon' } },
    });
    const said = selectRunText(state, done.runId!);
    expect(said).toContain('"city":"Lyon"');
    expect(said).toContain('For: locate r');
    expect(awaitingKeys(after.store)).toEqual([]);

    // Once answered, a further reload shows the call answered, once, and nothing waiting.
    const again = await reload(thread);
    expect(selectCallsWithId(again.store.getState(), 'call-locate-r')).toEqual([
      expect.objectContaining({
        status: 'output-available',
        output: { kind: 'raw', value: { city: 'Lyon' } },
      }),
    ]);
    expect(awaitingKeys(again.store)).toEqual([]);
    expect(everythingShown(again.store.getState())).toContain('For: locate r');
  });

  it('answers both calls of one step after a reload, and an error reloads as an error', async () => {
    const thread = newThread();
    await page(thread).send('both b');
    const after = await reload(thread);
    expect(awaitingKeys(after.store)).toEqual(['call-locate-b', 'call-ask-b']);
    const requests = mastra.server.requestsTo('stream').length;
    expect(await after.answer('call-ask-b', { errorText: 'The user left' })).toEqual({
      status: 'done',
    });
    expect(mastra.server.requestsTo('stream').length).toBe(requests);
    const done = await after.answer('call-locate-b', { output: { city: 'Nice' } });
    expect(done.status).toBe('done');
    expect(lastStreamBody().messages).toEqual([
      {
        role: 'tool',
        content: [
          expect.objectContaining({ toolCallId: 'call-ask-b', result: { error: 'The user left' } }),
          expect.objectContaining({ toolCallId: 'call-locate-b', result: { city: 'Nice' } }),
        ],
      },
    ]);
    expect(selectRunText(after.store.getState(), done.runId!)).toContain('"city":"Nice"');

    const again = await reload(thread);
    expect(again.store.getState().toolCalls.get('call-ask-b')).toMatchObject({
      status: 'output-error',
      error: { kind: 'raw', value: 'The user left' },
    });
    expect(again.store.getState().toolCalls.get('call-locate-b')?.status).toBe('output-available');
    expect(awaitingKeys(again.store)).toEqual([]);
  });

  it('never runs a restored call’s execute by itself', async () => {
    const thread = newThread();
    await page(thread).send('locate e');
    const execute = vi.fn(() => ({ city: 'Auto' }));
    const tools = { ...CLIENT_TOOLS, locateUser: { ...CLIENT_TOOLS.locateUser!, execute } };
    const after = await reload(thread, tools);
    expect(execute).not.toHaveBeenCalled();
    expect(awaitingKeys(after.store)).toEqual(['call-locate-e']);
    // The answer is queued behind anything the restore could have started.
    expect((await after.answer('call-locate-e', { output: { city: 'Lyon' } })).status).toBe('done');
    expect(execute).not.toHaveBeenCalled();
  });

  it('leaves a call of a tool the restore does not name cut short; restore({ clientTools }) names more', async () => {
    const thread = newThread();
    await page(thread).send('locate n');

    const without = await reload(thread, null);
    expect(without.store.getState().toolCalls.get('call-locate-n')).toMatchObject({
      status: 'output-error',
    });
    expect(awaitingKeys(without.store)).toEqual([]);
    expect(await without.answer('call-locate-n', { output: 1 })).toMatchObject({
      status: 'invalid',
    });

    // Only askUser named: locateUser's call is still cut short.
    const other = await reload(thread, { askUser: CLIENT_TOOLS.askUser! });
    expect(other.store.getState().toolCalls.get('call-locate-n')?.status).toBe('output-error');

    const named = page(thread, null);
    expect(await named.restore({ clientTools: ['locateUser'] })).toEqual({ status: 'done' });
    expect(awaitingKeys(named.store)).toEqual(['call-locate-n']);
    const done = await named.answer('call-locate-n', { output: { city: 'Lyon' } });
    expect(done.status).toBe('done');
    expect(selectRunText(named.store.getState(), done.runId!)).toContain('"city":"Lyon"');
  });

  it('answers the later turn’s call when two turns of the thread repeat a toolCallId', async () => {
    const thread = newThread();
    const first = page(thread);
    await first.send('locate same');
    await first.answer('call-locate-same', { output: { city: 'Lyon' } });
    await first.send('locate same');

    const after = await reload(thread);
    const [one, two] = selectCallsWithId(after.store.getState(), 'call-locate-same');
    expect(one).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon' } },
    });
    expect(two).toMatchObject({ status: 'input-available', awaitingClient: true });
    expect(two!.runId).not.toBe(one!.runId);
    expect(awaitingKeys(after.store)).toEqual([two!.key]);

    const done = await after.answer('call-locate-same', { output: { city: 'Nice' } });
    expect(done.status).toBe('done');
    expect(JSON.stringify(lastStreamBody().messages)).not.toContain('Lyon');
    expect(selectRunText(after.store.getState(), done.runId!)).toContain('"city":"Nice"');

    const again = await reload(thread);
    const calls = selectCallsWithId(again.store.getState(), 'call-locate-same');
    expect(calls.map((c) => [c.status, c.output])).toEqual([
      ['output-available', { kind: 'raw', value: { city: 'Lyon' } }],
      ['output-available', { kind: 'raw', value: { city: 'Nice' } }],
    ]);
    expect(awaitingKeys(again.store)).toEqual([]);
  });

  it('never shows an output the tool’s display transform hides, before or after a reload', async () => {
    const secret = 'SECRET-COORDINATES-48.85';
    for (const output of [
      () => ({ city: 'somewhere' }),
      () => undefined,
      () => {
        throw new Error('no');
      },
    ]) {
      const hiding = () => createToolpaneStore({ transforms: { locateUser: { output } } });
      const thread = newThread();
      await page(thread, CLIENT_TOOLS, hiding()).send('secret h');
      const after = await reload(thread, CLIENT_TOOLS, hiding());
      expect(awaitingKeys(after.store)).toEqual(['call-locate-h']);
      const done = await after.answer('call-locate-h', { output: { where: secret } });
      expect(done.status).toBe('done');
      expect(JSON.stringify(lastStreamBody())).toContain(secret);
      expect(everythingShown(after.store.getState())).not.toContain(secret);

      // Memory holds the raw result; the restored store hides it as the live one did.
      expect(JSON.stringify(await memoryMessages(thread))).toContain(secret);
      const again = await reload(thread, CLIENT_TOOLS, hiding());
      const call = again.store.getState().toolCalls.get('call-locate-h');
      expect(call?.status).toBe('output-available');
      expect(call?.output.kind).not.toBe('raw');
      expect(everythingShown(again.store.getState())).not.toContain(secret);
    }
  });

  it('reads the same waiting call from memory messages and from toAISdkMessages of them', async () => {
    const thread = newThread();
    const s = page(thread);
    await s.send('locate m');
    await s.answer('call-locate-m', { output: { city: 'Lyon' } });
    await s.send('both m');
    const messages = await memoryMessages(thread);
    const clientTools = ['locateUser', 'askUser'];

    const waiting = (state: ReturnType<typeof stateFromMastraMessages>) =>
      selectAwaitingClient(state).map((c) => [c.toolCallId, c.toolName]);
    const native = stateFromMastraMessages(messages, { clientTools });
    const aiSdk = stateFromUIMessages(toAISdkMessages(messages as never), { clientTools });
    const expected = [
      ['call-locate-m', 'locateUser'],
      ['call-ask-m', 'askUser'],
    ];
    expect(waiting(native)).toEqual(expected);
    expect(waiting(aiSdk)).toEqual(expected);
    // The first turn's call was answered: it does not wait in either.
    for (const state of [native, aiSdk]) {
      const [answered] = selectCallsWithId(state, 'call-locate-m');
      expect(answered).toMatchObject({ status: 'output-available' });
    }
    // Without the names, the calls read as cut short.
    expect(waiting(stateFromMastraMessages(messages))).toEqual([]);
    expect(selectCallsWithId(stateFromMastraMessages(messages), 'call-ask-m')[0]?.status).toBe(
      'output-error',
    );
  });
});
