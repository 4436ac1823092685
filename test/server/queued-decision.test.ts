import { type FetchLike, selectPendingApprovals } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_IDS, createTestMastra } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

/*
 * A decision made while the stream is still open waits for that stream to end. If the stream asks
 * again for the same call with other arguments meanwhile (a new revision of the request), the
 * person has not decided on what it asks now: the waiting decision is not sent.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterAll(async () => {
  await server.close();
});

/**
 * A fetch that holds the end of the first stream until released, then sends its first approval
 * request once more with `from` replaced by `to` in the arguments, then the end.
 */
function askingAgainFetch(from: string, to: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let streams = 0;
  const fetchAgain: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    if (!url.endsWith('/stream') || response.body === null || ++streams > 1) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let text = '';
    let sent = 0;
    const send = (controller: ReadableStreamDefaultController<Uint8Array>, upTo: number) => {
      controller.enqueue(encoder.encode(text.slice(sent, upTo)));
      sent = upTo;
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        text += decoder.decode(value, { stream: true });
        const end = text.indexOf('data: [DONE]');
        if (end === -1) return send(controller, text.length);
        send(controller, end);
        await held;
        const event = text.split('\n\n').find((e) => e.includes('"tool-call-approval"'))!;
        controller.enqueue(encoder.encode(`${event.split(from).join(to)}\n\n`));
        send(controller, text.length);
      },
    });
    return new Response(body, response);
  };
  return { fetch: fetchAgain, release: () => release() };
}

describe.each([
  ['an approval', AGENT_IDS.ops, 'Delete record abc-123', 'call-del-1', 'abc-123'],
  [
    'an approval a subagent asks for',
    AGENT_IDS.admin,
    'Delete record rec-778',
    'call-del-sub-1',
    'rec-778',
  ],
])(
  '%s asked again while a decision waits for the stream to end',
  (_, agentId, prompt, id, value) => {
    it('is not approved: the person decides again on what it asks now', async () => {
      const { fetch, release } = askingAgainFetch(value, 'everything');
      const s = createAgentSession({ baseUrl: server.baseUrl, agentId, fetch });
      const call = () => s.store.getState().toolCalls.get(id);
      const sending = s.send(prompt);
      await new Promise<void>((resolve) => {
        const off = s.store.subscribe(() => {
          if (call()?.status !== 'approval-requested') return;
          off();
          resolve();
        });
      });
      expect(call()?.approval?.args).toEqual({ kind: 'raw', value: { id: value } });
      // Clicked while the stream is still open: it waits for the stream's end.
      const approving = s.approve(id);
      release();
      const sent = await sending;
      const runId = sent.runId!;
      const approved = await approving;

      expect(approved.status).toBe('invalid');
      expect(
        server
          .requestsTo('approve-tool-call')
          .filter((r) => (r.body as { runId?: string }).runId === runId),
      ).toEqual([]);
      // What waits now is the new request, undecided.
      expect(call()).toMatchObject({
        status: 'approval-requested',
        approval: { revision: 2, args: { kind: 'raw', value: { id: 'everything' } } },
      });
      expect(call()?.approval?.decision).toBeUndefined();
      expect(selectPendingApprovals(s.store.getState()).map((p) => p.key)).toEqual([id]);
    });
  },
);
