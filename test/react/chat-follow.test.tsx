import { act, render } from '@testing-library/react';
import { selectPendingApprovals } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import type { UIMessageChunk } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { byteStream, fixtureAsRun, toSse } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';
import { everythingShown } from '../utils/shown.js';

/*
 * When the store drops or rebuilds what a `useChat` chat shows: only for messages the chat held
 * and no longer holds, or once the chat has settled. A response the store has read before the
 * chat renders it is kept; a run the chat never got (stopped before its first chunk reached the
 * chat) goes once the chat is ready.
 */

/** The recording as another response: Mastra's fresh ids (all UUIDs) get `~n`. */
const asRun = (n: number) => fixtureAsRun('aisdk-v6-approval-two-level', n) as UIMessageChunk[];

const user = (n: number) => ({
  id: `user-${n}`,
  role: 'user',
  parts: [{ type: 'text', text: 'Go' }],
});

/** A chat holding `messages`, in `status`. */
const chatOf = (messages: unknown[], status: ChatLike['status']): ChatLike => ({
  messages,
  status,
  error: undefined,
  sendMessage: vi.fn(async () => {}),
  addToolApprovalResponse: vi.fn(),
  stop: vi.fn(),
});

function Chat({ chat, probe }: { chat: ChatLike; probe: { toolpane?: ToolpaneChat } }) {
  const toolpane = useToolpaneChat({
    fetch: async () =>
      new Response(byteStream(toSse(pending.shift()!)), {
        headers: { 'content-type': 'text/event-stream' },
      }),
  });
  probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}

/** The responses the chat's fetch answers with, in order. */
const pending: UIMessageChunk[][] = [];

describe('a useChat store following its chat', () => {
  it('keeps a run the chat has not shown yet, keeps the live run once shown, drops it when the chat does', async () => {
    const probe: { toolpane?: ToolpaneChat } = {};
    const run = asRun(1);
    const { rerender } = render(<Chat chat={chatOf([user(1)], 'submitted')} probe={probe} />);
    const { store, session } = probe.toolpane!;
    pending.push(run);
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat', { method: 'POST' })).text();
    });
    const [runId] = store.getState().runOrder;
    expect(runId).toBeDefined();
    const live = store.getState().runs.get(runId!);
    // Read by the store, not yet rendered by the chat: kept.
    rerender(<Chat chat={chatOf([user(1)], 'streaming')} probe={probe} />);
    expect(store.getState().runs.get(runId!)).toBe(live);
    // The chat shows it: the live run stays as it is, not rebuilt.
    const answer = await uiMessageOf(run);
    expect(answer.id).toBe(runId);
    rerender(<Chat chat={chatOf([user(1), answer], 'ready')} probe={probe} />);
    expect(store.getState().runs.get(runId!)).toBe(live);
    const [approval] = selectPendingApprovals(store.getState());
    expect(approval).toBeDefined();
    // The chat drops it (setMessages): so does the store, and its approval can't be answered.
    rerender(<Chat chat={chatOf([user(1)], 'ready')} probe={probe} />);
    expect([...store.getState().runOrder]).toEqual([]);
    expect(store.getState().toolCalls.size).toBe(0);
    expect((await session.approve(approval!.key)).status).toBe('invalid');
  });

  it('drops a run the chat never got once the chat is ready (stopped before it showed it)', async () => {
    const probe: { toolpane?: ToolpaneChat } = {};
    const first = asRun(1);
    const answer = await uiMessageOf(first);
    const held = [user(1), answer, user(2)];
    const { rerender } = render(<Chat chat={chatOf(held, 'ready')} probe={probe} />);
    const { store } = probe.toolpane!;
    // A chat that holds messages the store has no run for (useChat got saved messages): the
    // store is built from them.
    expect([...store.getState().runOrder]).toEqual([answer.id]);
    rerender(<Chat chat={chatOf(held, 'submitted')} probe={probe} />);
    pending.push(asRun(2));
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat', { method: 'POST' })).text();
    });
    expect(store.getState().runOrder).toHaveLength(2);
    rerender(<Chat chat={chatOf(held, 'streaming')} probe={probe} />);
    expect(store.getState().runOrder).toHaveLength(2);
    rerender(<Chat chat={chatOf(held, 'ready')} probe={probe} />);
    expect([...store.getState().runOrder]).toEqual([answer.id]);
    expect(selectPendingApprovals(store.getState())).toHaveLength(1);
  });

  it('a regenerate drops the old answer as its request starts, before the chat renders', async () => {
    const probe: { toolpane?: ToolpaneChat } = {};
    const old = await uiMessageOf(asRun(1));
    render(<Chat chat={chatOf([user(1), old], 'ready')} probe={probe} />);
    const { store } = probe.toolpane!;
    expect([...store.getState().runOrder]).toEqual([old.id]);
    const fresh = asRun(2);
    pending.push(fresh);
    const body = JSON.stringify({ trigger: 'regenerate-message', messages: [user(1)] });
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat', { method: 'POST', body })).text();
    });
    // The chat has not rendered since: only the request said the old answer is gone.
    const answer = await uiMessageOf(fresh);
    expect([...store.getState().runOrder]).toEqual([answer.id]);
    expect(selectPendingApprovals(store.getState())).toHaveLength(1);
  });

  it('a request that appends, or carries fewer messages than the chat holds, drops nothing', async () => {
    const probe: { toolpane?: ToolpaneChat } = {};
    const old = await uiMessageOf(asRun(1));
    render(<Chat chat={chatOf([user(1), old, user(2)], 'ready')} probe={probe} />);
    const { store } = probe.toolpane!;
    pending.push(asRun(2));
    // An app that sends only the last message (its server keeps the thread).
    const body = JSON.stringify({ trigger: 'regenerate-message', messages: [user(2)] });
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat', { method: 'POST', body })).text();
    });
    expect(store.getState().runOrder).toHaveLength(2);
  });

  it('parses a request’s body (the whole chat) once, and reads it as before', async () => {
    const probe: { toolpane?: ToolpaneChat } = {};
    const old = await uiMessageOf(asRun(1));
    render(<Chat chat={chatOf([user(1), old], 'ready')} probe={probe} />);
    const { store } = probe.toolpane!;
    const parse = vi.spyOn(JSON, 'parse');
    /** Sends `body` and returns how many times it was parsed. */
    const send = async (body: string, n: number) => {
      pending.push(asRun(n));
      parse.mockClear();
      await act(async () => {
        await (await probe.toolpane!.fetch('/chat', { method: 'POST', body })).text();
      });
      return parse.mock.calls.filter(([text]) => text === body).length;
    };
    try {
      // Neither JSON nor a body with messages: nothing dropped, nothing thrown.
      expect(await send('not json', 2)).toBe(1);
      expect(await send(JSON.stringify({ trigger: 'regenerate-message' }), 3)).toBe(1);
      expect(store.getState().runOrder).toHaveLength(3);
      // A regenerate: the old answer goes as the request starts, from the one parse.
      const body = JSON.stringify({ trigger: 'regenerate-message', messages: [user(1)] });
      expect(await send(body, 4)).toBe(1);
      expect([...store.getState().runOrder]).toEqual([(await uiMessageOf(asRun(4))).id]);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps hidden what the store hid when it rebuilds from messages that hold it raw', async () => {
    const { view, store, session, first, second, showsNothing } = await hiddenTwice();
    view.rerender(<Chat chat={chatOf([user(1), first, user(2), second], 'ready')} probe={{}} />);
    showsNothing(2);
    // setMessages drops the second answer: the store is rebuilt from the first one's message.
    view.rerender(<Chat chat={chatOf([user(1), first], 'ready')} probe={{}} />);
    expect(store.getState().runOrder).toEqual([first.id]);
    showsNothing(1);
    // restore() rebuilds it again from the chat's messages.
    await act(async () => {
      expect((await session.restore()).status).toBe('done');
    });
    showsNothing(1);
  });

  it('keeps hidden what it hid when setMessages drops an answer and brings it back', async () => {
    const { view, store, first, second, showsNothing } = await hiddenTwice();
    view.rerender(<Chat chat={chatOf([user(1), first, user(2), second], 'ready')} probe={{}} />);
    // Undo: the second exchange goes; redo: it comes back, its message holding the input raw.
    view.rerender(<Chat chat={chatOf([user(1), first], 'ready')} probe={{}} />);
    expect(store.getState().runOrder).toEqual([first.id]);
    view.rerender(<Chat chat={chatOf([user(1), first, user(2), second], 'ready')} probe={{}} />);
    expect(store.getState().runOrder).toEqual([first.id, second.id]);
    showsNothing(2);
  });

  it('keeps hidden what it hid when a rebuild gives a repeated toolCallId another key', async () => {
    // Both answers call `call-crm-1`: live, the second call's key is `call-crm-1#2`; rebuilt
    // without the first answer, it is `call-crm-1`, the key the first answer's call had.
    const { view, store, first, second, showsNothing } = await hiddenTwice();
    expect([...store.getState().toolCalls.keys()]).toEqual(['call-crm-1', 'call-crm-1#2']);
    view.rerender(<Chat chat={chatOf([user(1), first, user(2), second], 'ready')} probe={{}} />);
    // setMessages drops the first exchange.
    view.rerender(<Chat chat={chatOf([user(2), second], 'ready')} probe={{}} />);
    expect(store.getState().runOrder).toEqual([second.id]);
    expect([...store.getState().toolCalls.keys()]).toEqual(['call-crm-1']);
    showsNothing(1);
  });
});

/**
 * A chat whose store read two answers of `transform-input-streamed-aisdk`, whose input deltas
 * were suppressed: the store hides the input, and useChat's messages keep it raw (protocol §6.4).
 */
async function hiddenTwice() {
  const secret = 'sk-secret-123';
  const runs = [1, 2].map(
    (n) => fixtureAsRun('transform-input-streamed-aisdk', n) as UIMessageChunk[],
  );
  const probe: { toolpane?: ToolpaneChat } = {};
  const view = render(<Chat chat={chatOf([user(1)], 'submitted')} probe={probe} />);
  const { store, session } = probe.toolpane!;
  for (const run of runs) {
    pending.push(run);
    await act(async () => {
      await (await probe.toolpane!.fetch('/chat', { method: 'POST' })).text();
    });
  }
  const [first, second] = await Promise.all(runs.map((run) => uiMessageOf(run)));
  expect(JSON.stringify(first)).toContain(secret);
  /** The store holds `calls` calls, each input hidden, and nothing shows the secret. */
  const showsNothing = (calls: number) => {
    const state = store.getState();
    expect(everythingShown(state)).not.toContain(secret);
    expect(view.container.textContent).not.toContain(secret);
    expect([...state.toolCalls.values()].map((call) => call.input.kind)).toEqual(
      Array.from({ length: calls }, () => 'hidden'),
    );
  };
  return { view, store, session, first: first!, second: second!, showsNothing };
}
