// @vitest-environment node
import {
  createToolpaneStore,
  type FetchLike,
  type SessionResult,
  selectDecisionCall,
  type ToolpaneStore,
} from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { describe, expect, it } from 'vitest';
import {
  byteStream,
  fixtureAsRun,
  loadFixture,
  recordedResponse,
  toSse,
} from '../utils/fixtures.js';

/*
 * A decision is sent for the request the person saw, and for nothing else: the card's call (its
 * key), at the revision drawn, still waiting right before the POST goes out.
 */

const END = { type: 'toolpane/stream-end' };

type Chunk = { type: string; runId?: string; payload: Record<string, unknown> };

interface Sent {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/** The recording as SSE. */
const responseOf = (chunks: readonly unknown[]) =>
  new Response(byteStream(toSse(chunks)), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });

/** A session over `store` that records its requests and answers each with `answer(body)`. */
function sessionOver(
  store: ToolpaneStore,
  answer: (body: Record<string, unknown>) => Response | Promise<Response>,
  headers?: () => Promise<Record<string, string>>,
) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ route: url.slice(url.lastIndexOf('/') + 1), body });
    return answer(body);
  };
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'ops-agent',
    store,
    fetch,
    ...(headers === undefined ? {} : { headers }),
  });
  return { session, sent };
}

/** The request chunk of a recording. */
const requestOf = (name: string, type: string) =>
  (loadFixture(name) as Chunk[]).find((chunk) => chunk.type === type)!;

describe('a decision that names the revision its card drew', () => {
  /**
   * Run 1 asked for call-del-1 and its request was answered elsewhere (another tab); run 2's model
   * numbered its calls again, so its request is call-del-1#2, revision 1 as well.
   */
  function twoRuns() {
    const store = createToolpaneStore();
    store.dispatchMany([...fixtureAsRun('approval-request', 1), END]);
    const drawn = store.getState().toolCalls.get('call-del-1')!.approval!;
    store.dispatchMany([...fixtureAsRun('approval-approved', 1), END]);
    store.dispatchMany([...fixtureAsRun('approval-request', 2), END]);
    const second = store.getState().toolCalls.get('call-del-1#2')!;
    expect(second).toMatchObject({ status: 'approval-requested', approval: { revision: 1 } });
    expect(store.getState().toolCalls.get('call-del-1')?.status).toBe('output-available');
    const { session, sent } = sessionOver(store, () =>
      responseOf(fixtureAsRun('approval-approved', 2)),
    );
    return { store, session, sent, drawn, second };
  }

  it.each([
    [
      'approve',
      (s: ReturnType<typeof twoRuns>['session'], revision: number) =>
        s.approve('call-del-1', { revision }),
    ],
    [
      'decline',
      (s: ReturnType<typeof twoRuns>['session'], revision: number) =>
        s.decline('call-del-1', 'Not this one', { revision }),
    ],
  ])(
    '%s answers the call with that key only: another run’s call with its id is not decided',
    async (_, decide) => {
      const { store, session, sent, drawn } = twoRuns();
      expect(drawn.revision).toBe(1);
      const result = await decide(session, drawn.revision);
      expect(result.status).toBe('invalid');
      expect(result.error).toMatch(/call-del-1 does not wait/);
      expect(sent).toEqual([]);
      const waiting = store.getState().toolCalls.get('call-del-1#2')!;
      expect(waiting.status).toBe('approval-requested');
      expect(waiting.approval?.decision).toBeUndefined();
      expect(selectDecisionCall(store.getState(), 'call-del-1', 'approve', 1)?.key).toBe(
        'call-del-1',
      );
    },
  );

  it('without a revision, a bare toolCallId still reaches the newest call with it that waits', async () => {
    const { session, sent, second } = twoRuns();
    expect((await session.approve('call-del-1')).status).toBe('done');
    expect(sent).toEqual([
      {
        route: 'approve-tool-call',
        body: expect.objectContaining({
          runId: second.approval!.target.runId,
          toolCallId: 'call-del-1',
        }),
      },
    ]);
    expect(second.approval!.target.runId).toMatch(/~2$/);
  });
});

describe('a request that changes between the click and the POST', () => {
  /** A session whose headers are ready only once `ready()` is called. */
  function heldAt(requestName: string) {
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture(requestName), END]);
    let ready!: () => void;
    const gate = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const headers = async () => {
      await gate;
      return { authorization: 'Bearer token' };
    };
    const { session, sent } = sessionOver(
      store,
      () => recordedResponse('approval-approved'),
      headers,
    );
    return { store, session, sent, ready };
  }

  it('sends nothing when Mastra asks again with other arguments before the POST', async () => {
    const { store, session, sent, ready } = heldAt('approval-request');
    const call = () => store.getState().toolCalls.get('call-del-1')!;
    const approving = session.approve('call-del-1', { revision: 1 });
    expect(call().status).toBe('approval-responded');
    // Another stream piped into the same store (a reconnect, an observer) asks again.
    const ask = requestOf('approval-request', 'tool-call-approval');
    store.dispatch({ ...ask, payload: { ...ask.payload, args: { id: 'ALL-RECORDS' } } });
    expect(call()).toMatchObject({ status: 'approval-requested', approval: { revision: 2 } });
    ready();
    const result = await approving;
    expect(result).toMatchObject({ status: 'invalid', error: expect.stringContaining('changed') });
    expect(sent).toEqual([]);
    // The new request waits, undecided; a decision drawn on it goes out.
    expect(call().status).toBe('approval-requested');
    expect(call().approval?.decision).toBeUndefined();
    expect((await session.approve('call-del-1', { revision: 2 })).status).toBe('done');
    expect(sent.map((request) => request.route)).toEqual(['approve-tool-call']);
  });

  it.each([
    [
      'an approval',
      'approval-request',
      'approval-approved',
      'call-del-1',
      (s: ReturnType<typeof heldAt>['session']) => s.approve('call-del-1', { revision: 1 }),
    ],
    [
      'a resume',
      'suspend-request',
      'suspend-resume',
      'call-book-1',
      (s: ReturnType<typeof heldAt>['session']) =>
        s.resume('call-book-1', { confirmed: true, note: 'ok' }),
    ],
  ])(
    'sends nothing for %s whose call another tab answered before the POST',
    async (_, request, answered, key, decide) => {
      const { store, session, sent, ready } = heldAt(request);
      const deciding: Promise<SessionResult> = decide(session);
      // The schema check of a resume runs first; the call is marked answered once it passed.
      await expect
        .poll(() => store.getState().toolCalls.get(key)?.status)
        .toBe('approval-responded');
      // The continuation another tab's decision started, piped into the same store.
      store.dispatchMany([...loadFixture(answered), END]);
      expect(store.getState().toolCalls.get(key)?.status).toBe('output-available');
      ready();
      expect(await deciding).toMatchObject({ status: 'invalid' });
      expect(sent).toEqual([]);
      expect(store.getState().toolCalls.get(key)?.status).toBe('output-available');
    },
  );
});

describe('a resume whose call moves on while its data is checked', () => {
  it('is not marked sent, and nothing goes out', async () => {
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture('suspend-request'), END]);
    const { session, sent } = sessionOver(store, () => recordedResponse('suspend-resume'));
    expect(store.getState().toolCalls.get('call-book-1')?.suspension?.resumeSchema).toBeDefined();
    const resuming = session.resume('call-book-1', { confirmed: true, note: 'ok' });
    // Checking the data against the schema takes a moment: another tab resumed the call meanwhile.
    store.dispatchMany([...loadFixture('suspend-resume'), END]);
    expect(await resuming).toMatchObject({ status: 'invalid' });
    expect(sent).toEqual([]);
    expect(store.getState().toolCalls.get('call-book-1')?.status).toBe('output-available');
    expect(store.getState().issues.filter((issue) => issue.kind === 'decision')).toEqual([]);
  });
});

describe('a decision on a new revision while the first decision is in flight', () => {
  it('is busy, sends nothing, and never borrows the first decision’s outcome', async () => {
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture('approval-request'), END]);
    const ask = requestOf('approval-request', 'tool-call-approval');
    const approved = loadFixture('approval-approved') as Chunk[];
    // The continuation of the first decision: it asks again with other arguments, then goes on.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const encoder = new TextEncoder();
    const continuation = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            const again = { ...ask, payload: { ...ask.payload, args: { id: 'ALL-RECORDS' } } };
            controller.enqueue(encoder.encode(toSse([again]).replace('data: [DONE]\n\n', '')));
            await held;
            controller.enqueue(encoder.encode(toSse(approved)));
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    const { session, sent } = sessionOver(store, continuation);
    const call = () => store.getState().toolCalls.get('call-del-1')!;
    const first = session.approve('call-del-1', { revision: 1 });
    await expect.poll(() => call().approval?.revision).toBe(2);
    expect(call().status).toBe('approval-requested');
    // The first card, clicked again: its request is no longer the one that waits.
    const stale = session.approve('call-del-1', { revision: 1 });
    // The card drawn for revision 2: its decision is not the one on its way.
    const second = session.approve('call-del-1', { revision: 2 });
    const secondDecline = session.decline('call-del-1', 'no', { revision: 2 });
    release();
    const [r1, r0, r2, r3] = await Promise.all([first, stale, second, secondDecline]);
    expect(r1.status).toBe('done');
    expect(r0.status).toBe('invalid');
    expect(r2).toMatchObject({ status: 'busy', error: expect.stringContaining('on its way') });
    expect(r3.status).toBe('busy');
    expect(sent).toHaveLength(1);
  });

  it('shares the request with the same decision on the same revision (a double click)', async () => {
    const store = createToolpaneStore();
    store.dispatchMany([...loadFixture('approval-request'), END]);
    const { session, sent } = sessionOver(store, () => recordedResponse('approval-approved'));
    const first = session.approve('call-del-1', { revision: 1 });
    const again = session.approve('call-del-1', { revision: 1 });
    const bare = session.approve('call-del-1');
    expect(again).toBe(first);
    expect(bare).toBe(first);
    expect((await first).status).toBe('done');
    expect(sent).toHaveLength(1);
  });
});
