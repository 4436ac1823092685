import { act, render, renderHook, waitFor } from '@testing-library/react';
import { createToolpaneStore, type FetchLike, type ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { type DecisionResult, ToolpaneProvider, useApproval } from '@toolpane/react';
import type { ToolpaneChat } from '@toolpane/react/ai-sdk';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ChatPage, fakeChat } from '../utils/chat.js';
import { byteStream, loadFixture, recordedResponse, toSse } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';

/*
 * Resume data goes to the suspension it was given for. A form drawn for a call's suspension at
 * revision 1 sends nothing once the call waits on a new suspension (revision 2: the tool suspended
 * again, with another payload or schema, or naming another run to resume); the form as drawn
 * for revision 2 resumes it.
 */

interface Chunk {
  readonly type: string;
  readonly runId?: string;
  readonly payload?: Record<string, unknown>;
  readonly data?: Record<string, unknown>;
}

interface Sent {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/**
 * A real session over a store that holds `request` as streamed, whose resumes are answered with
 * the `reply` recording.
 */
function sessionAfter(request: string, reply: string) {
  const store = createToolpaneStore();
  store.dispatchMany(loadFixture(request));
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      route: url.slice(url.lastIndexOf('/') + 1),
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    return recordedResponse(reply);
  };
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'identity-again-agent',
    store,
    fetch,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider session={session}>{children}</ToolpaneProvider>
  );
  return { store, session, sent, wrapper };
}

/** The last suspension chunk of a recording. */
const lastSuspension = (name: string): Chunk =>
  [...(loadFixture(name) as Chunk[])].reverse().find((c) => /suspended$/.test(c.type))!;

/**
 * Ways the stream moves the call on to a new suspension while the form is drawn: as recorded (the
 * tool suspended again with a new payload), with another resume schema, and naming another run.
 */
const MOVES = [
  ['the tool suspends again (recorded)', () => lastSuspension('suspend-again-resume-first')],
  [
    'another resume schema',
    () => {
      const chunk = lastSuspension('suspend-again-request');
      const schema = { type: 'object', properties: { code: { type: 'string', minLength: 6 } } };
      return { ...chunk, payload: { ...chunk.payload, resumeSchema: JSON.stringify(schema) } };
    },
  ],
  [
    'another run to resume',
    () => {
      const chunk = lastSuspension('suspend-again-request');
      return { ...chunk, runId: `${chunk.runId}-elsewhere` };
    },
  ],
] as const;

const KEY = 'call-verify-again-1';

describe('a resume drawn for an earlier suspension', () => {
  it.each(MOVES)('%s: sends nothing; the form drawn now resumes the new one', async (_, move) => {
    const { store, session, sent, wrapper } = sessionAfter(
      'suspend-again-request',
      'suspend-again-resume-second',
    );
    const { result } = renderHook(() => useApproval(KEY), { wrapper });
    const drawn = result.current;
    expect(drawn).toMatchObject({ status: 'suspended', suspension: { revision: 1 } });
    const chunk = move() as Chunk;
    act(() => store.dispatch(chunk));
    expect(result.current).toMatchObject({
      status: 'suspended',
      canRespond: true,
      suspension: { revision: 2 },
    });
    // The data given on the form as drawn before: nothing goes anywhere.
    let outcome: DecisionResult | undefined;
    await act(async () => {
      outcome = await drawn.resume({ code: '111111' });
    });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/request changed/) });
    expect(sent).toEqual([]);
    expect(result.current.status).toBe('suspended');
    // The session refuses it too when asked directly with the revision drawn.
    const direct = await session.resume(KEY, { code: '111111' }, { revision: 1 });
    expect(direct).toMatchObject({ status: 'invalid' });
    expect(sent).toEqual([]);
    // Given on the form as it is now: it goes to the suspension it shows.
    await act(async () => {
      outcome = await result.current.resume({ code: '246810' });
    });
    expect(outcome).toEqual({ ok: true });
    expect(sent).toEqual([
      {
        route: 'resume-stream',
        body: expect.objectContaining({
          runId: chunk.runId,
          toolCallId: KEY,
          resumeData: { code: '246810' },
        }),
      },
    ]);
  });

  it('a resume on its way when the tool suspends anew is not sent', async () => {
    const { store, sent, wrapper } = sessionAfter(
      'suspend-again-request',
      'suspend-again-resume-second',
    );
    const { result } = renderHook(() => useApproval(KEY), { wrapper });
    const drawn = result.current;
    // Validation runs before anything is sent: the new suspension arrives meanwhile.
    let first!: Promise<DecisionResult>;
    act(() => {
      first = drawn.resume({ code: '111111' });
      store.dispatch(lastSuspension('suspend-again-resume-first'));
    });
    await act(async () => {
      await expect(first).resolves.toMatchObject({ ok: false });
    });
    expect(sent).toEqual([]);
    expect(result.current.suspension!.revision).toBe(2);
  });
});

/** A `useChat` page holding the recorded AI SDK reservation run, its store fed by the chat. */
async function chatAfter(name: string) {
  const run = loadFixture(name) as Chunk[];
  const chat = fakeChat([
    { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Book' }] },
    await uiMessageOf(run as never),
  ]);
  const probe: { toolpane?: ToolpaneChat } = {};
  const answer = new Response(byteStream(toSse(run)), {
    headers: { 'content-type': 'text/event-stream' },
  });
  render(<ChatPage chat={chat} probe={probe} options={{ fetch: async () => answer }} />);
  const toolpane = probe.toolpane!;
  await act(async () => {
    await (await toolpane.fetch('/chat/agent', { method: 'POST' })).text();
  });
  return { chat, toolpane, store: toolpane.store as ToolpaneStore, run };
}

describe('through a useChat chat', () => {
  it('a resume at the revision drawn before the tool suspended anew sends nothing', async () => {
    const { chat, toolpane, store, run } = await chatAfter('aisdk-v6-reservation-request');
    const call = [...store.getState().toolCalls.values()].find((c) => c.status === 'suspended')!;
    expect(call.suspension!.revision).toBe(1);
    const part = [...run].reverse().find((c) => c.type === 'data-tool-call-suspended')!;
    act(() =>
      store.dispatch({
        ...part,
        data: { ...part.data, suspendPayload: { question: 'Which day instead?' } },
      }),
    );
    await waitFor(() =>
      expect(store.getState().toolCalls.get(call.key)!.suspension!.revision).toBe(2),
    );
    const data = { guests: 2, seating: 'terrace', postcode: '75011', newsletter: false };
    const refused = await act(() => toolpane.session.resume(call.key, data, { revision: 1 }));
    expect(refused).toMatchObject({ status: 'invalid', error: expect.stringMatching(/changed/) });
    expect(chat.sendMessage).not.toHaveBeenCalled();
    await act(() => toolpane.session.resume(call.key, data, { revision: 2 }));
    expect(chat.sendMessage).toHaveBeenCalledTimes(1);
    expect(chat.sendMessage).toHaveBeenLastCalledWith(
      undefined,
      expect.objectContaining({
        body: expect.objectContaining({ toolCallId: call.suspension!.target.toolCallId }),
      }),
    );
  });
});
