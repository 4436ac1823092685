import {
  type AgentSession,
  type FetchLike,
  type SessionStatus,
  selectPendingApprovals,
  selectRunText,
} from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_IDS, createTestMastra } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

function session(agentId: string, timeoutMs?: number): AgentSession {
  return createAgentSession({
    baseUrl: server.baseUrl,
    agentId,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

/** Requests to `route` made for this run (the server is shared by every test). */
function requestsFor(route: string, runId: string) {
  return server
    .requestsTo(route)
    .filter((request) => (request.body as { runId?: string } | undefined)?.runId === runId);
}

/** Resolves once the session's store satisfies `ready`. */
function until(s: AgentSession, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const unsubscribe = s.store.subscribe(() => {
      if (!ready()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Starts a run of the ops agent and returns the session, the run and its waiting call. */
async function pendingDelete() {
  const s = session(AGENT_IDS.ops);
  const sent = await s.send('Delete record abc-123');
  expect(sent.status).toBe('done');
  const call = s.store.getState().toolCalls.get('call-del-1');
  expect(call?.status).toBe('approval-requested');
  return { s, runId: sent.runId! };
}

describe('send', () => {
  it('streams a run with a tool call into the store', async () => {
    const s = session(AGENT_IDS.weather);
    const statuses: SessionStatus[] = [];
    s.subscribe(() => statuses.push(s.getStatus()));

    const result = await s.send('Weather in Paris?');

    expect(result).toMatchObject({ status: 'done', httpStatus: 200 });
    const state = s.store.getState();
    const call = state.toolCalls.get('call-weather-1');
    expect(call?.status).toBe('output-available');
    expect(call?.output).toEqual({
      kind: 'raw',
      value: { city: 'Paris', tempC: 21, sky: 'sunny' },
    });
    expect(state.runs.get(result.runId!)?.status).toBe('finished');
    expect(selectRunText(state, result.runId!)).toBe('It is 21°C and sunny in Paris.');
    expect(statuses).toEqual(['streaming', 'idle']);
  });

  it('passes run options through to the stream route', async () => {
    const s = session(AGENT_IDS.weather);
    const options = {
      runId: 'run-pass-through-1',
      requestContext: { tenant: 'acme' },
      activeTools: ['weatherTool'],
      toolChoice: 'auto',
      requireToolApproval: false,
    } as const;

    const result = await s.send([{ role: 'user', content: 'Weather in Paris?' }], options);

    expect(result).toMatchObject({ status: 'done', runId: 'run-pass-through-1' });
    const [request] = requestsFor('stream', 'run-pass-through-1');
    expect(request?.body).toEqual({
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      ...options,
    });
  });

  it('sends the configured headers to the prefixed route', async () => {
    let calls = 0;
    const s = createAgentSession({
      baseUrl: `${server.baseUrl}/`,
      agentId: AGENT_IDS.weather,
      apiPrefix: 'api/',
      headers: async () => ({ authorization: `Bearer token-${++calls}` }),
    });

    const result = await s.send('Weather in Paris?', { runId: 'run-headers-1' });

    expect(result.status).toBe('done');
    const [request] = requestsFor('stream', 'run-headers-1');
    expect(request?.path).toBe(`/api/agents/${AGENT_IDS.weather}/stream`);
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
  });

  it('turns a JSON error returned before the stream into a clear error', async () => {
    const s = session('no-such-agent');

    const result = await s.send('Hello');

    expect(result.status).toBe('error');
    expect(result.httpStatus).toBe(404);
    expect(result.error).toMatch(/^HTTP 404.*no-such-agent/);
    expect(s.getStatus()).toBe('error');
    expect(s.getError()).toBe(result.error);
    expect(s.store.getState().issues).toEqual([{ kind: 'transport', message: result.error }]);
  });

  it('aborts mid-stream and ends the run cleanly', async () => {
    const s = session(AGENT_IDS.slow);
    const unsubscribe = s.store.subscribe(() => {
      const runId = s.store.getState().runOrder[0];
      if (runId !== undefined && selectRunText(s.store.getState(), runId) !== '') s.abort();
    });

    const result = await s.send('Tell me something long');
    unsubscribe();

    expect(result.status).toBe('aborted');
    const state = s.store.getState();
    const run = state.runs.get(result.runId!);
    expect(run?.status).toBe('aborted');
    expect(selectRunText(state, result.runId!)).not.toBe(
      'Here is a long answer that takes a while to stream word by word. ',
    );
    expect(state.issues).toEqual([]);
    expect(s.getStatus()).toBe('idle');
  });

  it('keeps what arrived and marks the run interrupted when the connection drops', async () => {
    server.inject({ route: 'stream', action: { kind: 'drop', afterEvents: 4 } });
    const s = session(AGENT_IDS.weather);

    const result = await s.send('Weather in Paris?');

    expect(result.status).toBe('error');
    expect(result.error).toMatch(/mid-stream/);
    const state = s.store.getState();
    const run = state.runs.get(result.runId!);
    expect(run?.agentId).toBe(AGENT_IDS.weather);
    expect(run?.status).toBe('interrupted');
    expect(state.toolCalls.has('call-weather-1')).toBe(true);
    expect(state.issues.map((issue) => issue.kind)).toEqual(['transport']);
    expect(s.getStatus()).toBe('error');
  });

  it('aborts the stream still open when a new message is sent', async () => {
    const s = session(AGENT_IDS.slow);
    const first = s.send('Tell me something long');
    await new Promise<void>((resolve) => {
      const unsubscribe = s.store.subscribe(() => {
        if (s.store.getState().runOrder.length > 0) {
          unsubscribe();
          resolve();
        }
      });
    });

    const second = s.send('And now something else');

    expect((await first).status).toBe('aborted');
    const done = await second;
    expect(done.status).toBe('done');
    const state = s.store.getState();
    expect(state.runOrder).toHaveLength(2);
    expect(state.runs.get(state.runOrder[0]!)?.status).toBe('aborted');
    expect(state.runs.get(done.runId!)?.status).toBe('finished');
  });
});

describe('approve and decline', () => {
  it('approves a call and streams the continuation into the same store', async () => {
    const { s, runId } = await pendingDelete();
    expect(s.getStatus()).toBe('waiting');

    const result = await s.approve('call-del-1');

    expect(result.status).toBe('done');
    expect(requestsFor('approve-tool-call', runId).map((r) => r.body)).toEqual([
      { runId, toolCallId: 'call-del-1' },
    ]);
    const state = s.store.getState();
    const call = state.toolCalls.get('call-del-1');
    expect(call?.status).toBe('output-available');
    expect(call?.approval?.decision).toEqual({ approved: true });
    expect(call?.output).toEqual({ kind: 'raw', value: { deleted: true, id: 'abc-123' } });
    expect(state.runs.get(runId)?.status).toBe('finished');
    expect(selectRunText(state, runId)).toContain('Record abc-123 was deleted.');
    expect(s.getStatus()).toBe('idle');
  });

  it('declines a call with a reason', async () => {
    const { s, runId } = await pendingDelete();

    const result = await s.decline('call-del-1', 'Keep it for the audit');

    expect(result.status).toBe('done');
    expect(requestsFor('decline-tool-call', runId).map((r) => r.body)).toEqual([
      { runId, toolCallId: 'call-del-1', reason: 'Keep it for the audit' },
    ]);
    const state = s.store.getState();
    const call = state.toolCalls.get('call-del-1');
    expect(call?.status).toBe('output-denied');
    expect(call?.approval?.decision).toEqual({ approved: false, reason: 'Keep it for the audit' });
    expect(selectRunText(state, runId)).toContain('OK, I did not delete abc-123.');
  });

  it('sends a nested approval to the routed target and finishes both levels', async () => {
    const s = session(AGENT_IDS.admin);
    const sent = await s.send('Delete record rec-778');
    const [pending] = selectPendingApprovals(s.store.getState());
    expect(pending?.toolCallId).toBe('call-del-sub-1');

    const result = await s.approve('call-del-sub-1');

    expect(result.status).toBe('done');
    expect(requestsFor('approve-tool-call', sent.runId!).map((r) => r.body)).toEqual([
      { runId: sent.runId, toolCallId: 'call-ops-1' },
    ]);
    const state = s.store.getState();
    expect(state.toolCalls.get('call-del-sub-1')?.status).toBe('output-available');
    expect(state.toolCalls.get('call-ops-1')?.status).toBe('output-available');
    expect(state.runs.get(sent.runId!)?.status).toBe('finished');
  });

  it('ends a nested approval and every level above it when its accepted answer is lost', async () => {
    const s = session(AGENT_IDS.admin);
    const sent = await s.send('Delete record rec-779');
    server.inject({ route: 'approve-tool-call', action: { kind: 'drop', afterEvents: 0 } });

    const result = await s.approve('call-del-sub-1');

    expect(result.status).toBe('error');
    const state = s.store.getState();
    const inner = state.toolCalls.get('call-del-sub-1')!;
    expect(inner.status).toBe('output-error');
    expect(inner.error).toEqual({ kind: 'raw', value: result.error });
    expect(state.runs.get(inner.runId)?.status).toBe('interrupted');
    expect(state.toolCalls.get('call-ops-1')?.status).toBe('output-error');
    expect(state.runs.get(sent.runId!)?.status).toBe('interrupted');
    expect((await s.approve('call-del-sub-1')).status).toBe('invalid');
    expect(requestsFor('approve-tool-call', sent.runId!)).toHaveLength(1);
  });

  it('sends a double approve exactly once', async () => {
    const { s, runId } = await pendingDelete();

    const first = s.approve('call-del-1');
    const second = s.approve('call-del-1');

    expect(second).toBe(first);
    expect(s.store.getState().toolCalls.get('call-del-1')?.status).toBe('approval-responded');
    expect((await first).status).toBe('done');
    const third = await s.approve('call-del-1');
    expect(third.status).toBe('invalid');
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(1);
  });

  it('shares one request between clicks that arrive while it is in flight', async () => {
    const { s, runId } = await pendingDelete();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.inject({ route: 'approve-tool-call', action: { kind: 'hold', until: held } });
    const arrived = server.nextRequest('approve-tool-call');

    const first = s.approve('call-del-1');
    await arrived;
    const second = s.approve('call-del-1');
    const decline = s.decline('call-del-1');

    expect(second).toBe(first);
    expect(decline).not.toBe(first);
    expect((await decline).status).toBe('busy');
    expect(s.store.getState().toolCalls.get('call-del-1')?.status).toBe('approval-responded');
    expect(s.getStatus()).toBe('streaming');
    release();
    expect((await first).status).toBe('done');
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(1);
    expect(requestsFor('decline-tool-call', runId)).toHaveLength(0);
  });

  it('sends a decision made while the stream is still open once that stream has ended', async () => {
    // Holds the end of every stream response until released, and notes when requests go out.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let released = false;
    const posted: { url: string; released: boolean }[] = [];
    const holdingFetch: FetchLike = async (url, init) => {
      posted.push({ url, released });
      const response = await fetch(url, init);
      if (!url.endsWith('/stream') || response.body === null) return response;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          const text = decoder.decode(value, { stream: true });
          const end = text.indexOf('data: [DONE]');
          if (end === -1) {
            controller.enqueue(value);
            return;
          }
          controller.enqueue(encoder.encode(text.slice(0, end)));
          await held;
          controller.enqueue(encoder.encode(text.slice(end)));
        },
      });
      return new Response(body, response);
    };
    const s = createAgentSession({
      baseUrl: server.baseUrl,
      agentId: AGENT_IDS.ops,
      fetch: holdingFetch,
    });
    const call = () => s.store.getState().toolCalls.get('call-del-1');

    const sending = s.send('Delete record abc-123');
    await until(s, () => call()?.status === 'approval-requested');
    const approving = s.approve('call-del-1');

    expect(call()?.status).toBe('approval-requested');
    expect(s.getStatus()).toBe('streaming');
    released = true;
    release();
    const sent = await sending;
    expect(sent.status).toBe('done');
    expect((await approving).status).toBe('done');
    expect(call()?.status).toBe('output-available');
    expect(posted.map((p) => [p.url.split('/').pop(), p.released])).toEqual([
      ['stream', false],
      ['approve-tool-call', true],
    ]);
    expect(requestsFor('approve-tool-call', sent.runId!)).toHaveLength(1);
  });

  it('puts the call back to waiting when the server fails the approve, and recovers', async () => {
    const { s, runId } = await pendingDelete();
    server.inject({
      route: 'approve-tool-call',
      action: { kind: 'fail', status: 500, message: 'Database unavailable' },
    });

    const failed = await s.approve('call-del-1');

    expect(failed).toMatchObject({ status: 'error', httpStatus: 500 });
    let call = s.store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.error).toBe('HTTP 500 Internal Server Error: Database unavailable');
    expect(s.getStatus()).toBe('waiting');
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(1);

    const retried = await s.approve('call-del-1');

    expect(retried.status).toBe('done');
    call = s.store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('output-available');
    expect(call?.approval?.error).toBeUndefined();
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(2);
  });

  it('puts the call back to waiting when the server does not answer in time', async () => {
    const { s, runId } = await pendingDelete();
    server.inject({ route: 'approve-tool-call', action: { kind: 'delay', ms: 10_000 } });

    const failed = await s.approve('call-del-1', { timeoutMs: 100 });

    expect(failed).toEqual({
      status: 'error',
      error: 'The server did not answer within 100 ms',
    });
    const call = s.store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.error).toBe('The server did not answer within 100 ms');

    expect((await s.approve('call-del-1')).status).toBe('done');
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(2);
  });

  it('puts the call back to waiting when its request is aborted before the server answered', async () => {
    const { s, runId } = await pendingDelete();
    server.inject({
      route: 'approve-tool-call',
      action: { kind: 'hold', until: new Promise(() => {}) },
    });
    const arrived = server.nextRequest('approve-tool-call');
    const controller = new AbortController();

    const approving = s.approve('call-del-1', { signal: controller.signal });
    await arrived;
    controller.abort();

    expect(await approving).toEqual({
      status: 'aborted',
      error: 'Aborted before the server answered',
    });
    const call = s.store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.error).toBe('Aborted before the server answered');
    expect((await s.approve('call-del-1')).status).toBe('done');
    expect(requestsFor('approve-tool-call', runId)).toHaveLength(2);
  });

  it('puts the call back to waiting on a network error', async () => {
    const { s } = await pendingDelete();
    server.inject({ route: 'decline-tool-call', action: { kind: 'reset' } });

    const failed = await s.decline('call-del-1', 'No');

    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/^The request failed: /);
    const call = s.store.getState().toolCalls.get('call-del-1');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.decision).toBeUndefined();
    expect(call?.approval?.error).toBe(failed.error);
  });

  it('refuses a decision for a call that does not wait for one', async () => {
    const s = session(AGENT_IDS.weather);
    await s.send('Weather in Paris?');

    expect(await s.approve('call-weather-1')).toEqual({
      status: 'invalid',
      error: 'Tool call call-weather-1 does not wait for an approval (status: output-available)',
    });
    expect(await s.approve('nope')).toEqual({
      status: 'invalid',
      error: 'There is no tool call nope',
    });
  });
});

describe('resume', () => {
  it('checks resume data against the schema, then resumes with it', async () => {
    const s = session(AGENT_IDS.booking);
    const sent = await s.send('Book a table for 4 at Chez Marie, 19:30');
    const call = s.store.getState().toolCalls.get('call-book-1');
    expect(call?.status).toBe('suspended');
    expect(s.getStatus()).toBe('waiting');

    const invalid = await s.resume('call-book-1', { confirmed: 'yes' });

    expect(invalid.status).toBe('invalid');
    expect(invalid.fieldErrors?.map((error) => error.path)).toEqual(['/confirmed']);
    expect((await s.checkResumeData('call-book-1', { confirmed: 'yes' })).ok).toBe(false);
    expect(s.store.getState().toolCalls.get('call-book-1')?.status).toBe('suspended');
    expect(requestsFor('resume-stream', sent.runId!)).toHaveLength(0);

    const result = await s.resume('call-book-1', { confirmed: true, note: 'By the window' });

    expect(result.status).toBe('done');
    expect(requestsFor('resume-stream', sent.runId!).map((r) => r.body)).toEqual([
      {
        runId: sent.runId,
        toolCallId: 'call-book-1',
        resumeData: { confirmed: true, note: 'By the window' },
      },
    ]);
    const state = s.store.getState();
    const resumed = state.toolCalls.get('call-book-1');
    expect(resumed?.status).toBe('output-available');
    expect(resumed?.suspension?.resumeData).toEqual({ confirmed: true, note: 'By the window' });
    expect(resumed?.output).toMatchObject({ kind: 'raw', value: { booked: true } });
    expect(state.runs.get(sent.runId!)?.status).toBe('finished');
    expect(s.getStatus()).toBe('idle');
  });

  it('points an approval call to approve and a suspended call to resume', async () => {
    const s = session(AGENT_IDS.booking);
    await s.send('Book a table for 4 at Chez Marie, 19:30');

    expect(await s.approve('call-book-1')).toEqual({
      status: 'invalid',
      error: 'Tool call call-book-1 is suspended: resume it with data instead',
    });
  });
});
