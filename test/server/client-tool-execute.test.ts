/**
 * A session runs the `execute` of client-side tools against a real Mastra server: when a run it
 * streams finishes waiting for the app, each waiting call of a tool with `execute` runs in the
 * app, with the arguments Mastra sent; its value (or its error) answers the call, and the run
 * continues once every call of it has its answer, as `@mastra/client-js` does it.
 */
import {
  createToolpaneStore,
  selectCallsWithId,
  selectRunText,
  type ToolpaneStore,
} from '@toolpane/client';
import { selectAwaitingClient } from '@toolpane/client/ai-sdk';
import {
  type AgentSession,
  type ClientToolExecuteOptions,
  type ClientTools,
  createAgentSession,
  type SessionThread,
} from '@toolpane/client/session';
import { describe, expect, it, vi } from 'vitest';
import { everythingShown } from '../utils/shown.ts';
import { CLIENT_TOOL_AGENT_ID, CLIENT_TOOLS, serveClientToolAgent } from './client-tool-agent.ts';

const mastra = serveClientToolAgent('execute-thread');

type Execute = (input: unknown, options: ClientToolExecuteOptions) => unknown;

/** The test agent's client tools, with these `execute`s. */
const tools = (locate?: Execute, ask?: Execute): ClientTools => ({
  locateUser: { ...CLIENT_TOOLS.locateUser!, ...(locate === undefined ? {} : { execute: locate }) },
  askUser: { ...CLIENT_TOOLS.askUser!, ...(ask === undefined ? {} : { execute: ask }) },
});

const session = (
  clientTools: ClientTools,
  { thread, store }: { thread?: SessionThread; store?: ToolpaneStore } = {},
) =>
  createAgentSession({
    baseUrl: mastra.server.baseUrl,
    agentId: CLIENT_TOOL_AGENT_ID,
    clientTools,
    ...(store === undefined ? {} : { store }),
    ...(thread === undefined ? {} : { thread }),
  });

/** Resolves once the session streams nothing and runs no tool. */
const settled = (s: AgentSession) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (s.getStatus() === 'streaming') return false;
      resolve();
      return true;
    };
    if (check()) return;
    const stop = s.subscribe(() => {
      if (check()) stop();
    });
  });

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Body = { messages: unknown[]; memory?: unknown; clientTools?: unknown };
const streamBodies = () => mastra.server.requestsTo('stream').map((r) => r.body as Body);
const lastRunText = (s: AgentSession) => {
  const { runOrder } = s.store.getState();
  return selectRunText(s.store.getState(), runOrder.at(-1)!);
};
const call = (s: AgentSession, key: string) => s.store.getState().toolCalls.get(key);
const waiting = (s: AgentSession) => selectAwaitingClient(s.store.getState()).map((c) => c.key);
const results = (body: Body) =>
  (body.messages.at(-1) as { role: string; content: { toolCallId: string; result: unknown }[] })
    .content;
/** Lets promise reactions and a timer task run: a late `execute` result has had its chance. */
const aTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a session runs client-side tools with execute, against a real Mastra server', () => {
  it('answers the call with what execute returns and continues the run with it', async () => {
    const seen: [unknown, ClientToolExecuteOptions][] = [];
    const s = session(
      tools((input, options) => {
        seen.push([input, options]);
        return { city: 'Lyon' };
      }),
    );
    const sent = await s.send('locate x1');
    expect(sent.status).toBe('done');
    await settled(s);

    expect(seen).toHaveLength(1);
    const [input, options] = seen[0]!;
    expect(input).toEqual({ question: 'Where are you?' });
    expect(options).toMatchObject({
      toolCallId: 'call-locate-x1',
      toolName: 'locateUser',
      runId: sent.runId,
      agent: { agentId: CLIENT_TOOL_AGENT_ID, toolCallId: 'call-locate-x1' },
    });
    expect(options.abortSignal).toBeInstanceOf(AbortSignal);
    expect(options.abortSignal.aborted).toBe(false);
    expect(options.agent.messages.length).toBeGreaterThan(0);
    expect(options.agent.threadId).toBeUndefined();

    expect(call(s, 'call-locate-x1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon' } },
    });
    const body = streamBodies().at(-1)!;
    // The tool's code stays in the page: the definitions go as JSON.
    expect(body.clientTools).toEqual(CLIENT_TOOLS);
    expect(body.memory).toBeUndefined();
    expect(body.messages[0]).toMatchObject({ role: 'user' });
    expect(results(body)).toEqual([
      expect.objectContaining({ toolCallId: 'call-locate-x1', result: { city: 'Lyon' } }),
    ]);
    expect(s.store.getState().runOrder).toHaveLength(2);
    expect(lastRunText(s)).toContain('"city":"Lyon"');
    expect(lastRunText(s)).toContain('For: locate x1');
    expect(waiting(s)).toEqual([]);
    expect(s.getStatus()).toBe('idle');
    // Answered already: a hand answer now sends nothing.
    expect(await s.answer('call-locate-x1', { output: 1 })).toMatchObject({ status: 'invalid' });
  });

  it('with a memory thread: execute gets the thread and the request context, and only the results go', async () => {
    const thread = mastra.thread();
    const seen: ClientToolExecuteOptions[] = [];
    const s = session(
      tools((_input, options) => {
        seen.push(options);
        return Promise.resolve({ city: 'Oslo' });
      }),
      { thread },
    );
    await s.send('locate t1', { requestContext: { tenant: 'acme' } });
    await settled(s);
    expect(seen[0]).toMatchObject({
      requestContext: { tenant: 'acme' },
      agent: { threadId: thread.threadId, resourceId: thread.resourceId },
    });
    const body = streamBodies().at(-1)!;
    expect(body.memory).toEqual({ thread: thread.threadId, resource: thread.resourceId });
    expect(body.messages).toHaveLength(1);
    expect(results(body)).toEqual([
      expect.objectContaining({ toolCallId: 'call-locate-t1', result: { city: 'Oslo' } }),
    ]);
    expect(lastRunText(s)).toContain('"city":"Oslo"');
    expect(lastRunText(s)).toContain('For: locate t1');
  });

  it('a throw or a rejection answers the call in error, and the model reads the error', async () => {
    const s = session(
      tools(
        () => {
          throw new Error('Location blocked by the browser');
        },
        () => Promise.reject('The user closed the prompt'),
      ),
    );
    const sent = await s.send('both e1');
    await settled(s);
    expect(call(s, 'call-locate-e1')).toMatchObject({
      status: 'output-error',
      error: { kind: 'raw', value: 'Location blocked by the browser' },
    });
    expect(call(s, 'call-ask-e1')).toMatchObject({
      status: 'output-error',
      error: { kind: 'raw', value: 'The user closed the prompt' },
    });
    // What client-js sends for a tool that threw: `{ error }` as the result.
    expect(results(streamBodies().at(-1)!)).toEqual([
      expect.objectContaining({ result: { error: 'Location blocked by the browser' } }),
      expect.objectContaining({ result: { error: 'The user closed the prompt' } }),
    ]);
    const said = lastRunText(s);
    expect(said).toContain('Location blocked by the browser');
    expect(said).toContain('The user closed the prompt');
    // The session goes on, and nothing of the first run is lost.
    expect(s.getStatus()).toBe('idle');
    expect(s.getError()).toBeUndefined();
    expect(s.store.getState().runs.get(sent.runId!)?.status).toBe('finished');
    expect((await s.send('locate e2')).status).toBe('done');
    await settled(s);
    expect(call(s, 'call-locate-e2')?.status).toBe('output-error');
  });

  it('runs the calls of one step at once, and continues once the slow one is done too', async () => {
    const slow = deferred<unknown>();
    const started: string[] = [];
    const s = session(
      tools(
        () => {
          started.push('locate');
          return slow.promise;
        },
        () => {
          started.push('ask');
          return { answer: 'Paris' };
        },
      ),
    );
    const before = streamBodies().length;
    await s.send('both c1');
    await vi.waitFor(() => expect(call(s, 'call-ask-c1')?.status).toBe('output-available'));
    // The fast one answered while the slow one still runs: nothing went yet.
    expect(started).toEqual(['locate', 'ask']);
    expect(waiting(s)).toEqual(['call-locate-c1']);
    expect(s.getStatus()).toBe('streaming');
    expect(streamBodies().length).toBe(before + 1);

    slow.resolve({ city: 'Lyon' });
    await settled(s);
    expect(streamBodies().length).toBe(before + 2);
    expect(results(streamBodies().at(-1)!)).toEqual([
      expect.objectContaining({ toolCallId: 'call-ask-c1', result: { answer: 'Paris' } }),
      expect.objectContaining({ toolCallId: 'call-locate-c1', result: { city: 'Lyon' } }),
    ]);
    const said = lastRunText(s);
    expect(said).toContain('"answer":"Paris"');
    expect(said).toContain('"city":"Lyon"');
  });

  it('abort fires the signal, drops what execute returns later, and leaves the call waiting', async () => {
    const late = deferred<unknown>();
    const signals: AbortSignal[] = [];
    const s = session(
      tools((_input, { abortSignal }) => {
        signals.push(abortSignal);
        return late.promise;
      }),
    );
    const sent = await s.send('locate a1');
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(s.getStatus()).toBe('streaming');
    const text = selectRunText(s.store.getState(), sent.runId!);
    const requests = mastra.server.requests.length;

    s.abort('Stopped by the user');
    expect(signals[0]!.aborted).toBe(true);
    await settled(s);
    late.resolve({ city: 'Too late' });
    await aTurn();
    expect(mastra.server.requests.length).toBe(requests);
    expect(call(s, 'call-locate-a1')).toMatchObject({ status: 'input-available' });
    expect(waiting(s)).toEqual(['call-locate-a1']);
    expect(selectRunText(s.store.getState(), sent.runId!)).toBe(text);
    expect(JSON.stringify(s.store.getState().toolCalls.get('call-locate-a1'))).not.toContain(
      'Too late',
    );

    // The call can still be answered by hand.
    const done = await s.answer('call-locate-a1', { output: { city: 'Nice' } });
    expect(done.status).toBe('done');
    expect(mastra.server.requests.length).toBe(requests + 1);
    expect(selectRunText(s.store.getState(), done.runId!)).toContain('"city":"Nice"');
  });

  it('a hand answer given while execute runs wins: the late result is dropped, nothing goes twice', async () => {
    const late = deferred<unknown>();
    let runs = 0;
    const s = session(
      tools(() => {
        runs++;
        return late.promise;
      }),
    );
    await s.send('locate m1');
    await vi.waitFor(() => expect(runs).toBe(1));
    const requests = mastra.server.requests.length;
    // The continuation does not wait for the execute that was overtaken.
    const done = await s.answer('call-locate-m1', { output: { city: 'By hand' } });
    expect(done.status).toBe('done');
    expect(mastra.server.requests.length).toBe(requests + 1);

    late.resolve({ city: 'From execute' });
    await aTurn();
    await settled(s);
    expect(mastra.server.requests.length).toBe(requests + 1);
    expect(call(s, 'call-locate-m1')?.output).toEqual({ kind: 'raw', value: { city: 'By hand' } });
    expect(selectRunText(s.store.getState(), done.runId!)).toContain('"city":"By hand"');
    expect(JSON.stringify(streamBodies().at(-1))).not.toContain('From execute');
    expect(s.getStatus()).toBe('idle');
  });

  it('runs execute for each run when two runs in one store repeat a toolCallId', async () => {
    const cities = ['Lyon', 'Nice'];
    const seen: ClientToolExecuteOptions[] = [];
    const s = session(
      tools((_input, options) => {
        seen.push(options);
        return { city: cities[seen.length - 1] };
      }),
    );
    const one = await s.send('locate same');
    await settled(s);
    const two = await s.send('locate same');
    await settled(s);
    expect(seen.map((o) => [o.toolCallId, o.runId])).toEqual([
      ['call-locate-same', one.runId],
      ['call-locate-same', two.runId],
    ]);
    const [a, b] = selectCallsWithId(s.store.getState(), 'call-locate-same');
    expect(a).toMatchObject({ runId: one.runId, output: { kind: 'raw', value: { city: 'Lyon' } } });
    expect(b).toMatchObject({ runId: two.runId, output: { kind: 'raw', value: { city: 'Nice' } } });
    // The second continuation carries the second run's conversation, not the first one's.
    expect(JSON.stringify(streamBodies().at(-1)!.messages)).not.toContain('Lyon');
    expect(lastRunText(s)).toContain('"city":"Nice"');
    expect(waiting(s)).toEqual([]);
  });

  it('leaves the calls of tools without execute waiting for the app', async () => {
    const s = session(tools(() => ({ city: 'Lyon' })));
    const before = streamBodies().length;
    await s.send('both w1');
    await settled(s);
    expect(call(s, 'call-locate-w1')?.status).toBe('output-available');
    expect(waiting(s)).toEqual(['call-ask-w1']);
    expect(streamBodies().length).toBe(before + 1);

    const done = await s.answer('call-ask-w1', { output: { answer: 'Paris' } });
    expect(done.status).toBe('done');
    expect(results(streamBodies().at(-1)!)).toEqual([
      expect.objectContaining({ toolCallId: 'call-locate-w1', result: { city: 'Lyon' } }),
      expect.objectContaining({ toolCallId: 'call-ask-w1', result: { answer: 'Paris' } }),
    ]);
  });

  it('runs execute with the raw arguments and never shows what the display transform hides', async () => {
    const secret = 'SECRET-COORDINATES-48.85';
    const question = 'Where are you?';
    for (const outcome of ['output', 'error'] as const) {
      const inputs: unknown[] = [];
      const store = createToolpaneStore({
        transforms: {
          locateUser: {
            input: () => ({ question: 'a question' }),
            output: () => ({ city: 'somewhere' }),
            error: () => 'It did not work',
          },
        },
      });
      const s = session(
        tools((input) => {
          inputs.push(input);
          if (outcome === 'error') throw new Error(secret);
          return { where: secret };
        }),
        { store },
      );
      await s.send('secret h1');
      await settled(s);
      // The tool gets the arguments Mastra sent, not their display value.
      expect(inputs).toEqual([{ question }]);
      // Mastra gets the value; no view does.
      expect(JSON.stringify(streamBodies().at(-1))).toContain(secret);
      const shown = everythingShown(s.store.getState());
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain(question);
      expect(call(s, 'call-locate-h1')?.status).toBe(
        outcome === 'error' ? 'output-error' : 'output-available',
      );
      expect(lastRunText(s)).toBe('Noted.');
    }
  });

  it('does not run execute for a call that waited before the session streamed its run', async () => {
    let runs = 0;
    const counting = tools(() => {
      runs++;
      return { city: 'Lyon' };
    });
    // A restored thread: Mastra's memory holds the call with no result.
    const thread = mastra.thread();
    const first = session(tools(), { thread });
    await first.send('locate r1');
    expect(waiting(first)).toEqual(['call-locate-r1']);
    const requests = mastra.server.requests.length;
    const restored = session(counting, { thread });
    expect((await restored.restore()).status).toBe('done');
    await settled(restored);
    await aTurn();
    expect(runs).toBe(0);
    expect(call(restored, 'call-locate-r1')?.output).toEqual({ kind: 'none' });
    expect(mastra.server.requests.slice(requests).some((r) => r.path.endsWith('/stream'))).toBe(
      false,
    );

    // A store that already holds a waiting call, given to a new session: it waits for `answer`.
    const store = createToolpaneStore();
    await session(tools(), { store }).send('locate r2');
    const later = session(counting, { store });
    await aTurn();
    expect(runs).toBe(0);
    expect(waiting(later)).toEqual(['call-locate-r2']);
    const done = await later.answer('call-locate-r2', { output: { city: 'Nice' } });
    expect(done.status).toBe('done');
    await settled(later);
    expect(runs).toBe(0);
    expect(lastRunText(later)).toContain('"city":"Nice"');
  });
});

describe('an execute whose output JSON cannot write', () => {
  const cycle: Record<string, unknown> = { city: 'Lyon' };
  cycle.self = cycle;
  it.each([
    ['a bigint', { city: 'Lyon', population: 522_250n }],
    ['a cycle', cycle],
  ])('%s: the call fails with a clear error and the run goes on', async (_, output) => {
    const s = session(tools(() => output));
    const sent = await s.send('locate x7');
    expect(sent.status).toBe('done');
    await settled(s);
    expect(call(s, 'call-locate-x7')).toMatchObject({
      status: 'output-error',
      error: {
        kind: 'raw',
        value: expect.stringMatching(/^The tool's output cannot be written as JSON \(.+\)$/),
      },
    });
    expect(waiting(s)).toEqual([]);
    expect(s.getStatus()).toBe('idle');
    expect(s.store.getState().runOrder).toHaveLength(2);
  });
});
