import { act, render, renderHook } from '@testing-library/react';
import { createToolpaneStore, type FetchLike, type ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider, useAgent, useApproval } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeChat } from '../utils/chat.js';
import { byteStream, fixtureAsRun, recordedResponse, toSse } from '../utils/fixtures.js';
import { everythingShown } from '../utils/shown.js';

/*
 * What a hook hands to a view answers for what the person saw: a card's decision goes to that
 * card's call only, and an error shows none of what the calls hide.
 */

const END = { type: 'toolpane/stream-end' };

/** The secret `crmLookupTool`'s display transform hides (transform-input-* recordings). */
const SECRET = 'sk-secret-123';

const responseOf = (chunks: readonly unknown[]) =>
  new Response(byteStream(toSse(chunks)), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });

/** Mastra's JSON error body, as it answers a request it refuses before any stream. */
const refused = (error: string) =>
  new Response(JSON.stringify({ error }), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });

function sessionOver(store: ToolpaneStore, answer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  const fetch: FetchLike = async (_url, init) => {
    sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return answer();
  };
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'ops-agent',
    store,
    fetch,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider session={session}>{children}</ToolpaneProvider>
  );
  return { session, sent, wrapper };
}

describe('useApproval: the handle a card drew', () => {
  it('does not decide a later run’s call that repeats the id once its own call ended', async () => {
    const store = createToolpaneStore();
    store.dispatchMany([...fixtureAsRun('approval-request', 1), END]);
    const { sent, wrapper } = sessionOver(store, () =>
      responseOf(fixtureAsRun('approval-approved', 2)),
    );
    const { result } = renderHook(() => useApproval('call-del-1'), { wrapper });
    const drawn = result.current;
    expect(drawn).toMatchObject({ status: 'requested', approval: { revision: 1 } });
    // Run 1's request is answered in another tab; run 2 asks again under the same id.
    act(() => {
      store.dispatchMany([...fixtureAsRun('approval-approved', 1), END]);
      store.dispatchMany([...fixtureAsRun('approval-request', 2), END]);
    });
    expect(store.getState().toolCalls.get('call-del-1#2')?.status).toBe('approval-requested');
    for (const decide of [() => drawn.approve(), () => drawn.decline('no')]) {
      let outcome: Awaited<ReturnType<typeof decide>> | undefined;
      await act(async () => {
        outcome = await decide();
      });
      expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('call-del-1') });
    }
    expect(sent).toEqual([]);
    expect(store.getState().toolCalls.get('call-del-1#2')?.approval?.decision).toBeUndefined();
    // The card of run 2's call decides on it.
    const { result: second } = renderHook(() => useApproval('call-del-1#2'), { wrapper });
    await act(async () => {
      await expect(second.current.approve()).resolves.toEqual({ ok: true });
    });
    expect(sent).toEqual([expect.objectContaining({ runId: expect.stringMatching(/~2$/) })]);
  });
});

describe('useAgent().error', () => {
  it('shows a native session’s error with what the calls hide replaced, as the store does', async () => {
    const store = createToolpaneStore();
    let turn = 0;
    const { session, wrapper } = sessionOver(store, () =>
      ++turn === 1
        ? recordedResponse('transform-input-whole')
        : refused(`Tool crmLookupTool rejected apiKey ${SECRET}`),
    );
    const { result } = renderHook(() => useAgent(), { wrapper });
    await act(async () => {
      await result.current.send('Which plan is Ada Lovelace on?');
    });
    expect(result.current.error).toBeUndefined();
    await act(async () => {
      await result.current.send('And again?');
    });
    expect(everythingShown(store.getState())).not.toContain(SECRET);
    expect(result.current.status).toBe('error');
    expect(result.current.error).toContain('rejected apiKey [hidden]');
    expect(result.current.error).not.toContain(SECRET);
    // The session keeps the server's text for the app, as its results do.
    expect(session.getError()).toContain(SECRET);
  });

  it('shows a useChat chat’s error with what the calls hide replaced', async () => {
    const chat: ChatLike = {
      ...fakeChat([], 'error'),
      error: new Error(`Tool crmLookupTool rejected apiKey ${SECRET}`),
    };
    const probe: ChatProbe = {};
    render(<ChatErrorPage chat={chat} probe={probe} />);
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat/agent', { method: 'POST' })).text();
    });
    expect(everythingShown(probe.toolpane!.store.getState())).not.toContain(SECRET);
    expect(probe.error).toContain('rejected apiKey [hidden]');
    expect(probe.error).not.toContain(SECRET);
  });
});

/** The AI SDK recording of the transform run, as `chatRoute` streams it. */
const loadAiSdkRun = () => fixtureAsRun('transform-input-streamed-aisdk', 1);

interface ChatProbe {
  toolpane?: ToolpaneChat;
  error?: string | undefined;
}

/** A page of `chat` whose responses are the AI SDK transform run; it shows `useAgent().error`. */
function ChatErrorPage({ chat, probe }: { chat: ChatLike; probe: ChatProbe }) {
  const toolpane = useToolpaneChat({ fetch: async () => responseOf(loadAiSdkRun()) });
  probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <AgentError into={probe} />
    </ToolpaneProvider>
  );
}

function AgentError({ into }: { into: { error?: string | undefined } }) {
  const { error } = useAgent();
  into.error = error;
  return null;
}
