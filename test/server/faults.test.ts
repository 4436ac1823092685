import {
  type AgentSession,
  createToolpaneStore,
  type FetchLike,
  type SessionRequestOptions,
  type SessionResult,
  type StreamIssue,
  selectRunText,
  type ToolpaneEvent,
  type ToolpaneState,
} from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMastra, TAGGED_AGENT_ID } from './agents.ts';
import {
  type FaultAction,
  type LoggedRequest,
  startMastraServer,
  type TestServer,
} from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

/** One response as the session read it: every SSE event, parsed, up to where it ended. */
interface Received {
  readonly route: string;
  readonly events: unknown[];
}

/** Passes a body through on demand, parsing each SSE event the reader takes. */
function tap(body: ReadableStream<Uint8Array>, events: unknown[]): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        pending += decoder.decode(value, { stream: true });
        for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
          const data = pending.slice(0, end).replace(/^data: /, '');
          pending = pending.slice(end + 2);
          if (data !== '[DONE]') events.push(JSON.parse(data));
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

interface Tapped {
  readonly session: AgentSession;
  /** Every response, in request order. */
  readonly received: Received[];
  /** Requests to `route` that the server logged for this session. */
  requests(route: string): LoggedRequest[];
}

/**
 * A session on the tagged agent that marks its requests with `cell` and keeps what it read;
 * `onResponse` hears of each response as soon as its headers are in.
 */
function open(cell: string, onResponse?: (route: string) => void): Tapped {
  const received: Received[] = [];
  const tapping: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    const entry: Received = { route: url.slice(url.lastIndexOf('/') + 1), events: [] };
    received.push(entry);
    onResponse?.(entry.route);
    if (!response.ok || response.body === null) return response;
    return new Response(tap(response.body, entry.events), response);
  };
  const session = createAgentSession({
    baseUrl: server.baseUrl,
    agentId: TAGGED_AGENT_ID,
    headers: { 'x-test-cell': cell },
    fetch: tapping,
  });
  return {
    session,
    received,
    requests: (route) =>
      server.requestsTo(route).filter((request) => request.headers['x-test-cell'] === cell),
  };
}

/** The store's content without what differs between two runs of one script: ids and clocks. */
function content(state: ToolpaneState) {
  const runs = new Map<string, string>();
  for (const runId of state.runs.keys()) runs.set(runId, `run-${runs.size + 1}`);
  const plain = { runs: [...state.runs.values()], toolCalls: [...state.toolCalls.values()] };
  return {
    ...(JSON.parse(
      JSON.stringify(plain, (key, value: unknown) => {
        if (key === 'messageId' || key === 'startedAt' || key === 'endedAt') return undefined;
        return typeof value === 'string' ? (runs.get(value) ?? value) : value;
      }),
    ) as typeof plain),
    issues: state.issues,
  };
}

type RouteName = 'stream' | 'approve-tool-call' | 'decline-tool-call' | 'resume-stream';

interface Route {
  readonly name: RouteName;
  /** Brings a fresh session to where the request under test can be made. */
  prepare(s: AgentSession, tag: string): Promise<void>;
  /** The request under test. */
  act(s: AgentSession, tag: string, options?: SessionRequestOptions): Promise<SessionResult>;
  /** For decisions: the call answered, the event that marks it answered, and its statuses. */
  readonly decision?: {
    callId(tag: string): string;
    sent(tag: string): ToolpaneEvent;
    readonly waiting: 'approval-requested' | 'suspended';
    readonly done: 'output-available' | 'output-denied';
  };
  /** The run's whole text once it finished. */
  text(tag: string): string;
  /** Where a drop cuts the response, and the run's text and call status by then. */
  readonly drop: { readonly afterEvents: number; readonly text: string; readonly status: string };
}

async function sendDone(s: AgentSession, message: string): Promise<void> {
  const result = await s.send(message);
  expect(result.status).toBe('done');
}

const ROUTES: readonly Route[] = [
  {
    name: 'stream',
    prepare: (s, tag) => sendDone(s, `weather ${tag}-before`),
    act: (s, tag, options) => s.send(`weather ${tag}`, options),
    text: () => 'It is 21°C and sunny in Paris.',
    // Past the tool result and three words of the answer.
    drop: { afterEvents: 15, text: 'It is 21°C ', status: 'output-available' },
  },
  {
    name: 'approve-tool-call',
    prepare: (s, tag) => sendDone(s, `delete ${tag}`),
    act: (s, tag, options) => s.approve(`call-delete-${tag}`, options),
    decision: {
      callId: (tag) => `call-delete-${tag}`,
      sent: (tag) => ({
        type: 'toolpane/decision-sent',
        toolCallId: `call-delete-${tag}`,
        approved: true,
      }),
      waiting: 'approval-requested',
      done: 'output-available',
    },
    text: (tag) => `Record ${tag} was deleted.`,
    drop: { afterEvents: 5, text: 'Record ', status: 'output-available' },
  },
  {
    name: 'decline-tool-call',
    prepare: (s, tag) => sendDone(s, `delete ${tag}`),
    act: (s, tag, options) => s.decline(`call-delete-${tag}`, 'Keep it', options),
    decision: {
      callId: (tag) => `call-delete-${tag}`,
      sent: (tag) => ({
        type: 'toolpane/decision-sent',
        toolCallId: `call-delete-${tag}`,
        approved: false,
        reason: 'Keep it',
      }),
      waiting: 'approval-requested',
      done: 'output-denied',
    },
    text: (tag) => `OK, I kept ${tag}.`,
    drop: { afterEvents: 5, text: 'OK, ', status: 'output-denied' },
  },
  {
    name: 'resume-stream',
    prepare: (s, tag) => sendDone(s, `book ${tag}`),
    act: (s, tag, options) => s.resume(`call-book-${tag}`, { confirmed: true }, options),
    decision: {
      callId: (tag) => `call-book-${tag}`,
      sent: (tag) => ({
        type: 'toolpane/decision-sent',
        toolCallId: `call-book-${tag}`,
        resumeData: { confirmed: true },
      }),
      waiting: 'suspended',
      done: 'output-available',
    },
    text: () => 'Your table for 4 at Chez Marie is booked.',
    drop: { afterEvents: 5, text: 'Your ', status: 'output-available' },
  },
];

/** Fault-free runs of every route, as the session read them. */
const baselines = new Map<RouteName, readonly Received[]>();

/** What an event carries for the transcript: text, tool input, results and decisions. */
const TRANSCRIPT_KEYS = new Set([
  'id',
  'text',
  'toolCallId',
  'toolName',
  'args',
  'argsTextDelta',
  'result',
  'approval',
]);

/**
 * Events by type and transcript content. The rest can differ between two runs of one script:
 * ids and clocks, and step summaries that Mastra keeps filling in until the event is written.
 */
function shape(events: readonly unknown[]) {
  return events.map((event) => {
    const { type, payload = {} } = event as { type: string; payload?: Record<string, unknown> };
    return {
      type,
      ...Object.fromEntries(Object.entries(payload).filter(([key]) => TRANSCRIPT_KEYS.has(key))),
    };
  });
}

/** A store fed what a session read, up to `events` of the last response. */
function replay(route: Route, received: readonly Received[], events: number, end: ToolpaneEvent) {
  const store = createToolpaneStore();
  for (const earlier of received.slice(0, -1)) {
    store.dispatchMany(earlier.events);
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  if (route.decision) store.dispatch(route.decision.sent('one'));
  store.dispatchMany(received.at(-1)!.events.slice(0, events));
  store.dispatch(end);
  return store.getState();
}

/** The run the request under test continues, or started. */
function lastRun(state: ToolpaneState) {
  return state.runs.get(state.runOrder.at(-1)!)!;
}

beforeAll(async () => {
  for (const route of ROUTES) {
    const { session, received } = open(`baseline ${route.name}`);
    await route.prepare(session, 'one');
    expect((await route.act(session, 'one')).status).toBe('done');
    expect(lastRun(session.store.getState()).status).toBe('finished');
    baselines.set(route.name, received);
  }
});

/** A fault the server answers in place of Mastra, or that keeps Mastra from answering. */
interface Refusal {
  readonly name: string;
  readonly action: () => FaultAction;
  readonly options?: SessionRequestOptions;
  readonly error: string | RegExp;
  readonly httpStatus?: number;
  /** Whether a failed decision shows a transport issue (an error body is one) besides its own. */
  readonly transport: boolean;
  readonly routes?: readonly RouteName[];
}

const never = new Promise<never>(() => {});

const REFUSALS: readonly Refusal[] = [
  {
    name: 'HTTP 500',
    action: () => ({ kind: 'fail', status: 500, message: 'Database unavailable' }),
    error: 'HTTP 500 Internal Server Error: Database unavailable',
    httpStatus: 500,
    transport: true,
  },
  {
    name: 'HTTP 400',
    action: () => ({ kind: 'fail', status: 400, message: 'Invalid body' }),
    error: 'HTTP 400 Bad Request: Invalid body',
    httpStatus: 400,
    transport: true,
  },
  {
    name: 'HTTP 404',
    action: () => ({ kind: 'fail', status: 404, message: 'No such run' }),
    error: 'HTTP 404 Not Found: No such run',
    httpStatus: 404,
    transport: true,
  },
  {
    name: 'a timeout',
    action: () => ({ kind: 'hold', until: never }),
    options: { timeoutMs: 100 },
    error: 'The server did not answer within 100 ms',
    transport: false,
  },
  {
    name: 'a reset connection',
    action: () => ({ kind: 'reset' }),
    error: /^The request failed: fetch failed \(.+\)$/,
    transport: false,
  },
  {
    name: 'an HTML page with status 200',
    action: () => ({
      kind: 'answer',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html><body><h1>Sign in</h1></body></html>',
    }),
    error: 'HTTP 200: expected an event stream, got content type text/html',
    httpStatus: 200,
    transport: true,
  },
  {
    name: 'a JSON body with status 200',
    action: () => ({ kind: 'answer', status: 200, contentType: 'application/json', body: '{}' }),
    error: 'HTTP 200: expected an event stream, got content type application/json',
    httpStatus: 200,
    transport: true,
  },
  {
    name: 'a 204 with no body',
    action: () => ({ kind: 'answer', status: 204, contentType: 'text/event-stream' }),
    error: 'HTTP 204: expected an event stream, got no body',
    httpStatus: 204,
    transport: true,
  },
];

describe.each(ROUTES)('$name', (route) => {
  const refusals = REFUSALS.filter((refusal) => refusal.routes?.includes(route.name) ?? true);

  it.each(refusals)(
    'keeps everything after $name, then succeeds on a second try',
    async (refusal) => {
      const cell = `${route.name} ${refusal.name}`;
      const { session: s, requests } = open(cell);
      await route.prepare(s, 'one');
      const before = content(s.store.getState());
      const sent = requests(route.name).length;
      server.inject({ route: route.name, action: refusal.action() });

      const failed = await route.act(s, 'one', refusal.options);

      expect(failed.status).toBe('error');
      expect(failed.error).toEqual(
        typeof refusal.error === 'string' ? refusal.error : expect.stringMatching(refusal.error),
      );
      expect(failed.httpStatus).toBe(refusal.httpStatus);
      expect(requests(route.name).length).toBe(sent + 1);
      const error = failed.error!;
      const state = s.store.getState();
      if (route.decision === undefined) {
        // Nothing arrived: the earlier run is intact and no run was added.
        expect(content(state)).toEqual({
          ...before,
          issues: [...before.issues, { kind: 'transport', message: error }],
        });
        expect(s.getStatus()).toBe('error');
        expect(s.getError()).toBe(error);
      } else {
        const callId = route.decision.callId('one');
        const call = state.toolCalls.get(callId)!;
        expect(call.status).toBe(route.decision.waiting);
        expect(call.approval?.error ?? call.suspension?.error).toBe(error);
        expect(lastRun(state).status).toBe('waiting');
        const issues: StreamIssue[] = [
          ...(refusal.transport ? [{ kind: 'transport' as const, message: error }] : []),
          { kind: 'decision', message: error, toolCallId: callId },
        ];
        // The call only gained the error; everything else is as it was.
        expect(content(state)).toEqual({
          ...before,
          toolCalls: before.toolCalls.map((c) =>
            c.toolCallId !== callId
              ? c
              : c.approval !== undefined
                ? { ...c, approval: { ...c.approval, error } }
                : { ...c, suspension: { ...c.suspension, error } },
          ),
          issues: [...before.issues, ...issues],
        });
        expect(s.getStatus()).toBe('waiting');
        expect(s.getError()).toBeUndefined();
      }

      const retried = await route.act(s, 'one');

      expect(retried).toMatchObject({ status: 'done', httpStatus: 200 });
      expect(requests(route.name).length).toBe(sent + 2);
      const after = s.store.getState();
      const run = lastRun(after);
      expect(run.status).toBe('finished');
      expect(selectRunText(after, run.runId)).toBe(route.text('one'));
      if (route.decision) {
        const call = after.toolCalls.get(route.decision.callId('one'))!;
        expect(call.status).toBe(route.decision.done);
        expect(call.approval?.error ?? call.suspension?.error).toBeUndefined();
      }
      expect(s.getStatus()).toBe('idle');
    },
  );

  it('keeps every event that arrived before the connection dropped mid-stream', async () => {
    const { session: s, received, requests } = open(`${route.name} drop`);
    await route.prepare(s, 'one');
    const sent = requests(route.name).length;
    const { afterEvents } = route.drop;
    server.inject({ route: route.name, action: { kind: 'drop', afterEvents } });

    const dropped = await route.act(s, 'one');

    expect(dropped).toEqual({
      status: 'error',
      error: expect.stringMatching(/^The connection failed mid-stream: /),
      httpStatus: 200,
      ...(route.decision ? {} : { runId: expect.any(String) }),
    });
    expect(requests(route.name).length).toBe(sent + 1);
    // What arrived is a fault-free run's first events, and the store holds all of it.
    const baseline = baselines.get(route.name)!.at(-1)!.events;
    expect(shape(received.at(-1)!.events)).toEqual(shape(baseline.slice(0, afterEvents)));
    const state = s.store.getState();
    expect(content(state)).toEqual(
      content(
        replay(route, received, afterEvents, {
          type: 'toolpane/stream-error',
          message: dropped.error!,
        }),
      ),
    );
    const run = lastRun(state);
    expect(run.status).toBe('interrupted');
    expect(selectRunText(state, run.runId)).toBe(route.drop.text);
    expect(state.toolCalls.get(run.toolCallIds[0]!)?.status).toBe(route.drop.status);
    expect(state.issues.at(-1)).toEqual({ kind: 'transport', message: dropped.error });
    expect(s.getStatus()).toBe('error');

    if (route.decision) {
      // The server ran the decision: it cannot be sent again.
      expect((await route.act(s, 'one')).status).toBe('invalid');
      expect(requests(route.name).length).toBe(sent + 1);
    }
    // The session goes on with the next run.
    await route.prepare(s, 'two');
    expect((await route.act(s, 'two')).status).toBe('done');
    const next = s.store.getState();
    expect(lastRun(next).status).toBe('finished');
    expect(selectRunText(next, lastRun(next).runId)).toBe(route.text('two'));
    expect(s.getStatus()).toBe('idle');
  });

  it('reads slow events to the end, past the timeout for the answer', async () => {
    const { session: s, received, requests } = open(`${route.name} slow`);
    await route.prepare(s, 'one');
    const sent = requests(route.name).length;
    server.inject({ route: route.name, action: { kind: 'slow', ms: 50 } });

    const result = await route.act(s, 'one', { timeoutMs: 400 });

    expect(result).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(requests(route.name).length).toBe(sent + 1);
    const baseline = baselines.get(route.name)!.at(-1)!.events;
    expect(shape(received.at(-1)!.events)).toEqual(shape(baseline));
    const state = s.store.getState();
    expect(content(state)).toEqual(
      content(replay(route, received, baseline.length, { type: 'toolpane/stream-end' })),
    );
    expect(selectRunText(state, lastRun(state).runId)).toBe(route.text('one'));
    expect(lastRun(state).status).toBe('finished');
    expect(s.getStatus()).toBe('idle');
  });
});

/** The toolCallId each request to `route` carried, in order. */
function callIds(requests: readonly LoggedRequest[]) {
  return requests.map((request) => (request.body as { toolCallId?: string }).toolCallId);
}

describe('decisions made at once', () => {
  it('sends an approve once, and a decline made meanwhile sends nothing and says busy', async () => {
    const { session: s, requests } = open('approve and decline at once');
    await sendDone(s, 'delete one');

    const approving = s.approve('call-delete-one');
    const declining = s.decline('call-delete-one', 'Keep it');

    expect(declining).not.toBe(approving);
    expect(await declining).toEqual({
      status: 'busy',
      error: 'Nothing was sent: an approval of call-delete-one is already on its way',
    });
    expect(await approving).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(callIds(requests('approve-tool-call'))).toEqual(['call-delete-one']);
    expect(requests('decline-tool-call')).toHaveLength(0);
    const state = s.store.getState();
    expect(state.toolCalls.get('call-delete-one')?.status).toBe('output-available');
    expect(lastRun(state).status).toBe('finished');
  });

  it('shares one failed request between decisions made at once, then sends one retry', async () => {
    const { session: s, requests } = open('failed decisions at once');
    await sendDone(s, 'delete one');
    server.inject({
      route: 'approve-tool-call',
      action: { kind: 'fail', status: 503, message: 'Try later' },
    });

    const decisions = [
      s.approve('call-delete-one'),
      s.approve('call-delete-one'),
      s.decline('call-delete-one'),
    ];
    const results = await Promise.all(decisions);

    expect(decisions[1]).toBe(decisions[0]);
    expect(results[2]?.status).toBe('busy');
    expect(results[0]).toEqual({
      status: 'error',
      error: 'HTTP 503 Service Unavailable: Try later',
      httpStatus: 503,
    });
    expect(requests('approve-tool-call')).toHaveLength(1);
    expect(requests('decline-tool-call')).toHaveLength(0);
    const call = s.store.getState().toolCalls.get('call-delete-one');
    expect(call?.status).toBe('approval-requested');
    expect(call?.approval?.error).toBe('HTTP 503 Service Unavailable: Try later');

    const retries = [s.approve('call-delete-one'), s.approve('call-delete-one')];

    expect(retries[1]).toBe(retries[0]);
    expect((await retries[0])?.status).toBe('done');
    expect(requests('approve-tool-call')).toHaveLength(2);
    expect(s.store.getState().toolCalls.get('call-delete-one')?.status).toBe('output-available');
  });

  it('resumes once when the same data is sent twice at once', async () => {
    const { session: s, requests } = open('double resume');
    await sendDone(s, 'book one');

    const first = s.resume('call-book-one', { confirmed: true });
    const second = s.resume('call-book-one', { confirmed: true });

    expect(second).toBe(first);
    expect((await first).status).toBe('done');
    expect(requests('resume-stream').map((request) => request.body)).toEqual([
      {
        runId: lastRun(s.store.getState()).runId,
        toolCallId: 'call-book-one',
        resumeData: { confirmed: true },
      },
    ]);
    expect(s.store.getState().toolCalls.get('call-book-one')?.status).toBe('output-available');
  });

  it('approves two waiting calls at once with one request each', async () => {
    const { session: s, requests } = open('two waiting calls');
    await sendDone(s, 'delete a');
    await sendDone(s, 'delete b');
    expect(s.getStatus()).toBe('waiting');

    const results = await Promise.all([s.approve('call-delete-a'), s.approve('call-delete-b')]);

    expect(results.map((result) => result.status)).toEqual(['done', 'done']);
    expect(callIds(requests('approve-tool-call'))).toEqual(['call-delete-a', 'call-delete-b']);
    const state = s.store.getState();
    expect(state.runOrder.map((runId) => state.runs.get(runId)?.status)).toEqual([
      'finished',
      'finished',
    ]);
    expect(state.runOrder.map((runId) => selectRunText(state, runId))).toEqual([
      'Record a was deleted.',
      'Record b was deleted.',
    ]);
    expect(s.getStatus()).toBe('idle');
  });

  it('sends the second call of two at once even when the first one fails', async () => {
    const { session: s, requests } = open('two waiting calls, first fails');
    await sendDone(s, 'delete a');
    await sendDone(s, 'delete b');
    server.inject({ route: 'approve-tool-call', action: { kind: 'reset' } });

    const [a, b] = await Promise.all([s.approve('call-delete-a'), s.approve('call-delete-b')]);

    expect(a?.status).toBe('error');
    expect(b?.status).toBe('done');
    let state = s.store.getState();
    expect(state.toolCalls.get('call-delete-a')?.approval?.error).toBe(a?.error);
    expect(state.toolCalls.get('call-delete-b')?.status).toBe('output-available');
    expect(s.getStatus()).toBe('waiting');

    expect((await s.approve('call-delete-a')).status).toBe('done');
    expect(callIds(requests('approve-tool-call'))).toEqual([
      'call-delete-a',
      'call-delete-b',
      'call-delete-a',
    ]);
    state = s.store.getState();
    expect(state.runOrder.map((runId) => state.runs.get(runId)?.status)).toEqual([
      'finished',
      'finished',
    ]);
  });

  it('approves two calls asked in one step as Mastra asks for them, one request each', async () => {
    const { session: s, requests } = open('two calls in one step');
    await sendDone(s, 'delete-two pair');
    const call = (id: string) => s.store.getState().toolCalls.get(`call-delete-pair-${id}`);
    // Mastra asks for the first approval only; the second call is known but not asked yet.
    expect(call('a')?.status).toBe('approval-requested');
    expect(call('b')?.status).toBe('input-available');
    expect((await s.approve('call-delete-pair-b')).status).toBe('invalid');
    expect(requests('approve-tool-call')).toHaveLength(0);

    const first = await s.approve('call-delete-pair-a');

    // The continuation asks for the second approval: the first is sent and waits for its run.
    expect(first).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(call('a')?.status).toBe('approval-responded');
    expect(call('a')?.approval?.error).toBeUndefined();
    expect(call('b')?.status).toBe('approval-requested');
    expect(lastRun(s.store.getState()).status).toBe('waiting');
    expect(s.getStatus()).toBe('waiting');

    const second = await s.approve('call-delete-pair-b');

    expect(second).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(call('a')?.status).toBe('output-available');
    expect(call('b')?.status).toBe('output-available');
    const state = s.store.getState();
    expect(lastRun(state).status).toBe('finished');
    expect(selectRunText(state, lastRun(state).runId)).toBe(
      'Records pair-a and pair-b were deleted.',
    );
    expect(callIds(requests('approve-tool-call'))).toEqual([
      'call-delete-pair-a',
      'call-delete-pair-b',
    ]);
  });
});

/** How the answer to an accepted decision fails before its first event reaches the call. */
interface LostAnswer {
  readonly name: string;
  /** Injects the fault and, once the response headers are in, does what the case does. */
  readonly fault: () => FaultAction;
  readonly abort?: 'signal' | 'session';
  readonly result: { readonly status: 'error' | 'aborted'; readonly error: string | RegExp };
  readonly runStatus: 'interrupted' | 'aborted';
  readonly sessionStatus: 'error' | 'idle';
}

const LOST_ANSWERS: readonly LostAnswer[] = [
  {
    name: 'the connection drops before the first event',
    fault: () => ({ kind: 'drop', afterEvents: 0 }),
    result: { status: 'error', error: /^The connection failed mid-stream: / },
    runStatus: 'interrupted',
    sessionStatus: 'error',
  },
  {
    name: 'the stream is empty',
    fault: () => ({ kind: 'empty' }),
    result: {
      status: 'error',
      error: 'The server accepted the decision but its stream did not continue the call',
    },
    runStatus: 'interrupted',
    sessionStatus: 'error',
  },
  ...(['signal', 'session'] as const).map(
    (abort): LostAnswer => ({
      name: `the ${abort === 'signal' ? "request's signal" : 'session'} aborts before the first event`,
      fault: () => ({ kind: 'slow', ms: 60_000 }),
      abort,
      result: {
        status: 'aborted',
        error:
          'Stopped after the server accepted the decision: what the tool did is not known here',
      },
      runStatus: 'aborted',
      sessionStatus: 'idle',
    }),
  ),
];

describe.each(ROUTES.filter((route) => route.decision !== undefined))(
  '$name accepted by the server, its answer lost',
  (route) => {
    it.each(LOST_ANSWERS)(
      'ends the call, never re-arms it and never sends again when $name',
      async (lost) => {
        const decision = route.decision!;
        let answered = () => {};
        const headers = new Promise<void>((resolve) => {
          answered = resolve;
        });
        const cell = `${route.name} accepted, ${lost.name}`;
        const { session: s, requests } = open(cell, (name) => {
          if (name === route.name) answered();
        });
        await route.prepare(s, 'one');
        const sent = requests(route.name).length;
        server.inject({ route: route.name, action: lost.fault() });
        const controller = new AbortController();

        const acting = route.act(s, 'one', { signal: controller.signal });
        if (lost.abort !== undefined) {
          await headers;
          if (lost.abort === 'signal') controller.abort();
          else s.abort();
        }
        const result = await acting;

        expect(result).toEqual({
          status: lost.result.status,
          error:
            typeof lost.result.error === 'string'
              ? lost.result.error
              : expect.stringMatching(lost.result.error),
          httpStatus: 200,
        });
        const state = s.store.getState();
        const call = state.toolCalls.get(decision.callId('one'))!;
        // Not back to waiting: the decision the server took stays taken, with the error.
        if (lost.abort === undefined) {
          expect(call.status).toBe('output-error');
          expect(call.error).toEqual({ kind: 'raw', value: result.error });
        } else {
          // A stop is a stop, not a failure; the issue says the outcome is not known.
          expect(call.status).toBe('output-aborted');
        }
        expect(call.approval?.decision ?? call.suspension?.resumeData).toBeDefined();
        expect(lastRun(state).status).toBe(lost.runStatus);
        expect(state.issues.at(-1)).toEqual({
          kind: 'decision',
          message: result.error,
          toolCallId: decision.callId('one'),
        });
        expect(s.getStatus()).toBe(lost.sessionStatus);

        // A second try, from a retry button or a double click, sends nothing.
        const again = await route.act(s, 'one');
        expect(again.status).toBe('invalid');
        expect(requests(route.name).length).toBe(sent + 1);

        // The session goes on with the next run.
        await route.prepare(s, 'two');
        expect((await route.act(s, 'two')).status).toBe('done');
        expect(lastRun(s.store.getState()).status).toBe('finished');
        expect(requests(route.name).length).toBe(sent + 2);
      },
    );
  },
);

describe('a decision while another one for the call is on its way', () => {
  it('says busy for a decline while the approve is held by the server, and sends it once', async () => {
    const { session: s, requests } = open('decline while approving');
    await sendDone(s, 'delete one');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.inject({ route: 'approve-tool-call', action: { kind: 'hold', until: held } });
    const arrived = server.nextRequest('approve-tool-call');

    const approving = s.approve('call-delete-one');
    await arrived;
    const declined = await s.decline('call-delete-one', 'Stop');

    // The decline resolves while the approve is still held: it did not wait for it, nor share it.
    expect(declined).toEqual({
      status: 'busy',
      error: 'Nothing was sent: an approval of call-delete-one is already on its way',
    });
    expect(s.store.getState().toolCalls.get('call-delete-one')?.approval?.decision).toEqual({
      approved: true,
    });
    release();
    expect((await approving).status).toBe('done');
    expect(requests('approve-tool-call')).toHaveLength(1);
    expect(requests('decline-tool-call')).toHaveLength(0);
    expect(s.store.getState().toolCalls.get('call-delete-one')?.status).toBe('output-available');
  });

  it('says busy for a resume with other data while a resume is on its way', async () => {
    const { session: s, requests } = open('two resumes with different data');
    await sendDone(s, 'book one');

    const first = s.resume('call-book-one', { confirmed: true });
    const second = await s.resume('call-book-one', { confirmed: false });

    expect(second).toEqual({
      status: 'busy',
      error: 'Nothing was sent: a resume of call-book-one is already on its way',
    });
    expect((await first).status).toBe('done');
    expect(requests('resume-stream').map((request) => request.body)).toEqual([
      expect.objectContaining({ resumeData: { confirmed: true } }),
    ]);
  });
});

describe('a message whose stream is empty', () => {
  it('reports an error instead of a silent success, and the next message works', async () => {
    const session = createAgentSession({ baseUrl: server.baseUrl, agentId: TAGGED_AGENT_ID });
    server.inject({ route: 'stream', action: { kind: 'empty' } });

    const empty = await session.send('weather empty-1');

    expect(empty).toMatchObject({
      status: 'error',
      error: 'The server answered with an empty stream',
      httpStatus: 200,
    });
    expect(session.getStatus()).toBe('error');
    expect(session.store.getState().issues.at(-1)).toMatchObject({
      kind: 'transport',
      message: 'The server answered with an empty stream',
    });
    const next = await session.send('weather empty-2');
    expect(next.status).toBe('done');
    expect(session.getStatus()).toBe('idle');
  });
});
