import { act, renderHook } from '@testing-library/react';
import { type AgentSession, createToolpaneStore, type FetchLike } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider, useClientTool } from '@toolpane/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures.js';

/**
 * A real session over a store that holds the `client-tool-passed` recording (a run that finished
 * with `call-locate-1` waiting for the app), whose requests get a recorded answer; with
 * `failFirst`, its first request never reaches a server.
 */
function sessionAfterClientTool(failFirst = false) {
  const store = createToolpaneStore();
  store.dispatchMany(loadFixture('client-tool-passed'));
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: { route: string; body: { messages: unknown[] } }[] = [];
  let fail = failFirst;
  const fetch: FetchLike = (url, init) => {
    if (fail) {
      fail = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    sent.push({ route: url.slice(url.lastIndexOf('/') + 1), body: JSON.parse(String(init.body)) });
    return Promise.resolve(recordedResponse('reasoning-then-text'));
  };
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'front-desk-agent',
    store,
    fetch,
  });
  return { session, store, sent };
}

function withSession(session: AgentSession) {
  return ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider session={session}>{children}</ToolpaneProvider>
  );
}

describe('useClientTool', () => {
  it('answers a call awaiting the client: the card ends, the run continues', async () => {
    const { session, store, sent } = sessionAfterClientTool();
    const { result } = renderHook(() => useClientTool('call-locate-1'), {
      wrapper: withSession(session),
    });
    expect(result.current).toMatchObject({ awaiting: true, canAnswer: true, sending: false });

    let answered: Awaited<ReturnType<typeof result.current.answer>> | undefined;
    await act(async () => {
      answered = await result.current.answer({ output: { city: 'Lyon' } });
    });
    expect(answered).toEqual({ ok: true });
    expect(result.current).toMatchObject({
      awaiting: false,
      canAnswer: false,
      sending: false,
      error: undefined,
    });
    expect(store.getState().toolCalls.get('call-locate-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon' } },
    });
    expect(sent.map((s) => s.route)).toEqual(['stream']);
    expect(sent[0]!.body.messages.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-locate-1',
          toolName: 'locateUser',
          input: { question: 'Where are you?' },
          result: { city: 'Lyon' },
        },
      ],
    });
  });

  it('offers to send the answers again when they did not reach the server', async () => {
    const { session, sent } = sessionAfterClientTool(true);
    const { result } = renderHook(() => useClientTool('call-locate-1'), {
      wrapper: withSession(session),
    });
    await act(async () => {
      await result.current.answer({ output: { city: 'Lyon' } });
    });
    expect(result.current).toMatchObject({ canAnswer: false, canRetry: true });
    expect(result.current.error).toMatch(/Failed to fetch/);
    expect(sent).toEqual([]);

    let retried: Awaited<ReturnType<typeof result.current.retry>> | undefined;
    await act(async () => {
      retried = await result.current.retry();
    });
    expect(retried).toEqual({ ok: true });
    expect(result.current).toMatchObject({ canRetry: false, error: undefined });
    expect(sent.map((s) => s.route)).toEqual(['stream']);
    expect(sent[0]!.body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: [expect.objectContaining({ toolCallId: 'call-locate-1', result: { city: 'Lyon' } })],
    });
  });

  it('says why an answer was refused, and sends nothing', async () => {
    const { session, sent } = sessionAfterClientTool();
    const { result } = renderHook(() => useClientTool('call-locate-1'), {
      wrapper: withSession(session),
    });
    await act(async () => {
      await result.current.answer({ errorText: 'The user declined' });
    });
    let again: Awaited<ReturnType<typeof result.current.answer>> | undefined;
    await act(async () => {
      again = await result.current.answer({ output: { city: 'Nice' } });
    });
    expect(again).toMatchObject({ ok: false, error: expect.stringMatching(/does not wait/) });
    expect(result.current.error).toMatch(/status: output-error/);
    expect(sent).toHaveLength(1);
  });

  it('cannot answer without a session, nor a call that does not await the client', async () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('client-tool-passed'));
    const { result } = renderHook(() => useClientTool('call-locate-1'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <ToolpaneProvider store={store}>{children}</ToolpaneProvider>
      ),
    });
    expect(result.current).toMatchObject({ awaiting: true, canAnswer: false });
    await act(async () => {
      await result.current.answer({ output: 1 });
    });
    expect(result.current.error).toMatch(/pass `session` to <ToolpaneProvider>/);
    expect(store.getState().toolCalls.get('call-locate-1')?.status).toBe('input-available');

    const { session } = sessionAfterClientTool();
    const other = renderHook(() => useClientTool('call-nobody'), {
      wrapper: withSession(session),
    });
    expect(other.result.current).toMatchObject({ awaiting: false, canAnswer: false });
  });
});
