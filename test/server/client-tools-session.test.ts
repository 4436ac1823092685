/**
 * A session answers client-side tools against a real Mastra server: the model calls a tool the
 * request passed as `clientTools`, the run finishes waiting for the app, `session.answer` ends
 * the call and, once every call of the run has its answer, continues the run as
 * `@mastra/client-js` does (with a memory thread only the results, else the whole conversation).
 */
import { createToolpaneStore, selectCallsWithId, selectRunText } from '@toolpane/client';
import { selectAwaitingClient } from '@toolpane/client/ai-sdk';
import { createAgentSession, type SessionThread } from '@toolpane/client/session';
import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { everythingShown } from '../utils/shown.ts';
import { CLIENT_TOOL_AGENT_ID, CLIENT_TOOLS, serveClientToolAgent } from './client-tool-agent.ts';

const mastra = serveClientToolAgent('client-thread');

const session = (thread?: SessionThread, store = createToolpaneStore()) =>
  createAgentSession({
    baseUrl: mastra.server.baseUrl,
    agentId: CLIENT_TOOL_AGENT_ID,
    clientTools: CLIENT_TOOLS,
    store,
    ...(thread === undefined ? {} : { thread }),
  });

type Body = { messages: unknown[]; memory?: unknown; clientTools?: unknown };
const streamBodies = () => mastra.server.requestsTo('stream').map((r) => r.body as Body);
const lastText = (s: ReturnType<typeof session>, runId: string | undefined) =>
  selectRunText(s.store.getState(), runId!);

const toolMessage = (...content: object[]) => ({ role: 'tool', content });
const result = (toolCallId: string, toolName: string, question: string, value: unknown) => ({
  type: 'tool-result',
  toolCallId,
  toolName,
  input: { question },
  result: value,
});

describe('a session answers client-side tools, against a real Mastra server', () => {
  it('without a thread: sends the tools, ends the call at once, continues with the whole conversation', async () => {
    const s = session();
    const sent = await s.send('locate a');
    expect(sent.status).toBe('done');
    const first = streamBodies().at(-1)!;
    // Sent as client-js sends them: JSON Schema as given.
    expect(first.clientTools).toEqual(CLIENT_TOOLS);
    expect(selectAwaitingClient(s.store.getState()).map((c) => c.key)).toEqual(['call-locate-a']);

    const requests = mastra.server.requests.length;
    const arrived = mastra.server.nextRequest('stream');
    const answered = s.answer('call-locate-a', { output: { city: 'Lyon' } });
    // The card finishes before the continuation comes back.
    await arrived;
    expect(s.store.getState().toolCalls.get('call-locate-a')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon' } },
    });
    const continued = await answered;
    expect(continued.status).toBe('done');
    expect(continued.runId).not.toBe(sent.runId);
    expect(mastra.server.requests.length).toBe(requests + 1);

    const body = streamBodies().at(-1)!;
    expect(body.memory).toBeUndefined();
    expect(body.clientTools).toEqual(CLIENT_TOOLS);
    expect(body.messages[0]).toMatchObject({ role: 'user' });
    expect(body.messages.at(-2)).toMatchObject({
      role: 'assistant',
      content: [expect.objectContaining({ type: 'tool-call', toolCallId: 'call-locate-a' })],
    });
    expect(body.messages.at(-1)).toEqual(
      toolMessage(result('call-locate-a', 'locateUser', 'Where are you?', { city: 'Lyon' })),
    );
    expect(lastText(s, continued.runId)).toContain('"city":"Lyon"');
    expect(lastText(s, continued.runId)).toContain('For: locate a');
    expect(selectAwaitingClient(s.store.getState())).toEqual([]);
    expect(s.getStatus()).toBe('idle');
  });

  it('with a memory thread: the continuation carries only the results', async () => {
    const thread = mastra.thread();
    const s = session(thread);
    await s.send('locate t');
    const done = await s.answer('call-locate-t', { errorText: 'The user said no' });
    expect(done.status).toBe('done');
    const body = streamBodies().at(-1)!;
    expect(body.memory).toEqual({ thread: thread.threadId, resource: thread.resourceId });
    // What client-js sends for a tool that failed: `{ error }` as the result.
    expect(body.messages).toEqual([
      toolMessage(
        result('call-locate-t', 'locateUser', 'Where are you?', { error: 'The user said no' }),
      ),
    ]);
    expect(s.store.getState().toolCalls.get('call-locate-t')).toMatchObject({
      status: 'output-error',
      error: { kind: 'raw', value: 'The user said no' },
    });
    // Mastra read the conversation from memory: the model answers the user's message.
    expect(lastText(s, done.runId)).toContain('The user said no');
    expect(lastText(s, done.runId)).toContain('For: locate t');
  });

  it.each([
    ['a reset connection', { kind: 'reset' }],
    ['an HTTP error', { kind: 'fail', status: 503 }],
  ] as const)('sends the answers again after %s kept them from the server', async (_, action) => {
    const thread = mastra.thread();
    const s = session(thread);
    await s.send('locate r');
    mastra.server.inject({ route: 'stream', action });
    const failed = await s.answer('call-locate-r', { output: { city: 'Nantes' } });
    expect(failed).toMatchObject({ status: 'error', unsent: true });
    expect(s.getStatus()).toBe('error');
    // The call keeps the answer it showed; only the request failed.
    expect(s.store.getState().toolCalls.get('call-locate-r')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Nantes' } },
    });
    const refusedBody = streamBodies().at(-1)!;

    const retried = await s.retryAnswers('call-locate-r');
    expect(retried.status).toBe('done');
    expect(retried.unsent).toBeUndefined();
    // The same request, with the same results.
    expect(streamBodies().at(-1)).toEqual(refusedBody);
    expect(lastText(s, retried.runId)).toContain('"city":"Nantes"');
    expect(s.getStatus()).toBe('idle');
    // Sent once: nothing waits to be sent again.
    const again = await s.retryAnswers('call-locate-r');
    expect(again.status).toBe('invalid');
    expect(again.error).toMatch(/no answers of tool call call-locate-r wait to be sent again/);
  });

  it('does not send answers again once the server took them, nor after a new message', async () => {
    const s = session(mastra.thread());
    await s.send('locate d');
    // The server took the request and began to answer, then the connection dropped.
    mastra.server.inject({ route: 'stream', action: { kind: 'drop', afterEvents: 1 } });
    const dropped = await s.answer('call-locate-d', { output: { city: 'Metz' } });
    expect(dropped.status).toBe('error');
    expect(dropped.unsent).toBeUndefined();
    expect((await s.retryAnswers('call-locate-d')).status).toBe('invalid');

    await s.send('locate e');
    mastra.server.inject({ route: 'stream', action: { kind: 'reset' } });
    expect((await s.answer('call-locate-e', { output: { city: 'Caen' } })).unsent).toBe(true);
    const requests = streamBodies().length;
    await s.send('locate f');
    expect((await s.retryAnswers('call-locate-e')).status).toBe('invalid');
    expect(streamBodies().length).toBe(requests + 1);
  });

  it('continues only once both calls of one step have their answers', async () => {
    const s = session();
    await s.send('both b');
    expect(selectAwaitingClient(s.store.getState()).map((c) => c.key)).toEqual([
      'call-locate-b',
      'call-ask-b',
    ]);
    const before = streamBodies().length;
    expect(await s.answer('call-ask-b', { output: { answer: 'Paris' } })).toEqual({
      status: 'done',
    });
    expect(streamBodies().length).toBe(before);
    expect(s.store.getState().toolCalls.get('call-ask-b')?.status).toBe('output-available');
    expect(s.store.getState().toolCalls.get('call-locate-b')?.status).toBe('input-available');

    const done = await s.answer('call-locate-b', { output: { city: 'Lyon' } });
    expect(done.status).toBe('done');
    expect(streamBodies().length).toBe(before + 1);
    expect(streamBodies().at(-1)!.messages.at(-1)).toEqual(
      toolMessage(
        result('call-ask-b', 'askUser', 'Which city?', { answer: 'Paris' }),
        result('call-locate-b', 'locateUser', 'Where are you?', { city: 'Lyon' }),
      ),
    );
    const said = lastText(s, done.runId);
    expect(said).toContain('"answer":"Paris"');
    expect(said).toContain('"city":"Lyon"');
  });

  it('answers the call of the later run when two runs in one store repeat a toolCallId', async () => {
    const s = session();
    const one = await s.send('locate same');
    await s.answer('call-locate-same', { output: { city: 'Lyon' } });
    const two = await s.send('locate same');
    expect(selectAwaitingClient(s.store.getState()).map((c) => c.key)).toEqual([
      'call-locate-same#2',
    ]);
    const done = await s.answer('call-locate-same', { output: { city: 'Nice' } });
    expect(done.status).toBe('done');
    const [a, b] = selectCallsWithId(s.store.getState(), 'call-locate-same');
    expect(a).toMatchObject({ runId: one.runId, output: { kind: 'raw', value: { city: 'Lyon' } } });
    expect(b).toMatchObject({ runId: two.runId, output: { kind: 'raw', value: { city: 'Nice' } } });
    // The second continuation carries the second run's conversation, not the first one's.
    const messages = streamBodies().at(-1)!.messages;
    expect(JSON.stringify(messages)).not.toContain('Lyon');
    expect(lastText(s, done.runId)).toContain('"city":"Nice"');
  });

  it('refuses a call that does not wait for the app, and sends nothing', async () => {
    const s = session();
    await s.send('locate r');
    const requests = mastra.server.requests.length;
    const unknown = await s.answer('call-nobody', { output: 1 });
    expect(unknown).toMatchObject({ status: 'invalid' });
    expect(unknown.error).toMatch(/call-nobody does not wait for the app's result/);

    // Twice at once: the first answer ends the call, the second finds it answered.
    const [first, second] = await Promise.all([
      s.answer('call-locate-r', { output: { city: 'Lyon' } }),
      s.answer('call-locate-r', { output: { city: 'Nice' } }),
    ]);
    expect(first.status).toBe('done');
    expect(second).toMatchObject({ status: 'invalid' });
    expect(second.error).toMatch(/status: output-available/);
    expect(mastra.server.requests.length).toBe(requests + 1);
    expect(s.store.getState().toolCalls.get('call-locate-r')?.output).toEqual({
      kind: 'raw',
      value: { city: 'Lyon' },
    });
  });

  it('never shows an output the tool’s display transform hides', async () => {
    const secret = 'SECRET-COORDINATES-48.85';
    for (const output of [
      () => ({ city: 'somewhere' }),
      () => undefined,
      () => {
        throw new Error('no');
      },
    ]) {
      const store = createToolpaneStore({ transforms: { locateUser: { output } } });
      const s = session(undefined, store);
      await s.send('secret h');
      const done = await s.answer('call-locate-h', { output: { where: secret } });
      expect(done.status).toBe('done');
      // Mastra gets the value; no view does.
      expect(JSON.stringify(streamBodies().at(-1))).toContain(secret);
      expect(everythingShown(s.store.getState())).not.toContain(secret);
      expect(s.store.getState().toolCalls.get('call-locate-h')?.output.kind).not.toBe('raw');
    }
  });

  it('converts a Standard JSON Schema to JSON Schema, and refuses a schema with none', async () => {
    const s = session();
    const tools = {
      locateUser: {
        description: 'Where the user is.',
        inputSchema: type({ question: 'string' }),
      },
    };
    expect((await s.send('locate z', { clientTools: tools })).status).toBe('done');
    expect(streamBodies().at(-1)!.clientTools).toEqual({
      locateUser: {
        description: 'Where the user is.',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { question: { type: 'string' } },
          required: ['question'],
        },
      },
    });

    const requests = mastra.server.requests.length;
    const zod3 = { locateUser: { description: 'x', inputSchema: z.object({ q: z.string() }) } };
    const refused = await s.send('locate y', { clientTools: zod3 });
    expect(refused.status).toBe('invalid');
    expect(refused.error).toMatch(/clientTools\.locateUser\.inputSchema cannot be sent/);
    expect(mastra.server.requests.length).toBe(requests);
  });
});
