import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expiredReason, selectPendingApprovals, type ToolpaneStore } from '@toolpane/client';
import type { ChatFetch, ChatLike, ToolpaneChat } from '@toolpane/react/ai-sdk';
import type { UIMessageChunk } from 'ai';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ChatPage, fakeChat } from '../utils/chat.js';
import { byteStream, fixtureAsRun, toSse } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';

/*
 * A `useChat` conversation of three runs whose model numbers its calls per run, each stopped on a
 * request inside a subagent: every card answers for its own run, and a bare toolCallId means the
 * newest call with it that still waits, as for a native session.
 */

/** What the request of an answer before the chat's last says: it can no longer be answered. */
const EARLIER_ANSWER = /went on from a later answer/;

/** The texts of the cards that say their request expired. */
const expiredCards = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-slot="decision-expired"]')].map((card) => card.textContent);

/** The recording as run `n`: Mastra's fresh ids (all UUIDs) get `~n`, the toolCallIds stay. */
const asRun = (name: string, n: number) => fixtureAsRun(name, n) as UIMessageChunk[];

/** A chat that already holds the three runs, and records what the session asks of it. */
async function chatOf(runs: UIMessageChunk[][]) {
  const messages: unknown[] = [];
  for (const [n, run] of runs.entries()) {
    messages.push({ id: `user-${n}`, role: 'user', parts: [{ type: 'text', text: 'Go' }] });
    messages.push(await uiMessageOf(run));
  }
  return fakeChat(messages);
}

/**
 * The id of the chat's last assistant message: a decision sent in a request's body names it, so
 * the response continues it rather than the message of the chat's last answered approval.
 */
const lastAnswer = (chat: ChatLike) =>
  (chat.messages as { id: string; role: string }[]).filter((m) => m.role === 'assistant').at(-1)
    ?.id;

interface Probe {
  toolpane?: ToolpaneChat;
}

/** Renders the chat, and streams each run into its store through the chat's own fetch. */
async function renderAfter(name: string) {
  const runs = [1, 2, 3].map((n) => asRun(name, n));
  const chat = await chatOf(runs);
  const answers: Response[] = [];
  /** The bodies of the requests the chat made itself, once the runs were read. */
  const requested: unknown[] = [];
  const probe: Probe = {};
  const fetch: ChatFetch = async (_, init) => {
    const answer = answers.shift();
    if (answer !== undefined) return answer;
    requested.push(JSON.parse(String(init?.body)));
    return new Response('', { headers: { 'content-type': 'text/event-stream' } });
  };
  render(<ChatPage chat={chat} probe={probe} options={{ fetch }} />);
  const toolpane = probe.toolpane!;
  for (const run of runs) {
    answers.push(
      new Response(byteStream(toSse(run)), { headers: { 'content-type': 'text/event-stream' } }),
    );
    await act(async () => {
      await (await toolpane.fetch('/chat/agent', { method: 'POST' })).text();
    });
  }
  // Only the last answer goes on (chatRoute continues the last assistant message): the requests
  // of the two before it no longer wait, and say why.
  await waitFor(() => expect(selectPendingApprovals(toolpane.store.getState())).toHaveLength(1));
  const { toolCalls } = toolpane.store.getState();
  const expired = [...toolCalls.values()].flatMap((call) => {
    const reason = expiredReason(call);
    return reason === undefined ? [] : [[call.key, reason]];
  });
  expect(expired).toHaveLength(2);
  for (const [, reason] of expired) expect(reason).toMatch(EARLIER_ANSWER);
  // Each says so as a decision issue, and nothing else went wrong.
  expect([...toolpane.store.getState().issues]).toEqual(
    expired.map(([key]) => ({
      kind: 'decision',
      message: expect.stringMatching(EARLIER_ANSWER),
      toolCallId: key,
    })),
  );
  /** The `runId::toolCallId` approval id of run `n`'s request. */
  const approvalId = (n: number) => {
    const request = runs[n - 1]!.find((chunk) => chunk.type === 'tool-approval-request');
    return (request as { approvalId: string } | undefined)?.approvalId;
  };
  /** The Mastra runId run `n` resumes with. */
  const runIdOf = (n: number) =>
    [...toolpane.store.getState().toolCalls.values()]
      .map((call) => (call.approval ?? call.suspension)?.target.runId)
      .find((runId) => runId?.endsWith(`~${n}`));
  return { chat, toolpane, approvalId, runIdOf, requested };
}

describe('a useChat conversation whose runs repeat the toolCallIds of a subagent tree', () => {
  it('shows the approval of each run on its own inner card; the last answer is the one that goes on', async () => {
    // Mastra's chatRoute continues the chat's last assistant message, and useChat sends an
    // answered approval only from it: a decision on an earlier answer is refused, not lost.
    const user = userEvent.setup();
    const { chat, toolpane, approvalId, requested } = await renderAfter(
      'aisdk-v6-approval-two-level',
    );
    // Each request shows on its own inner card; only the last answer's offers buttons.
    const buttons = await screen.findAllByRole('button', { name: 'Approve deleteTool' });
    expect(buttons).toHaveLength(1);
    expect(expiredCards(document.body)).toEqual([
      expect.stringMatching(EARLIER_ANSWER),
      expect.stringMatching(EARLIER_ANSWER),
    ]);
    const { toolCalls } = toolpane.store.getState();
    expect(
      ['call-del-deep-1', 'call-del-deep-1#2', 'call-del-deep-1#3'].map((key) => {
        const call = toolCalls.get(key)!;
        return [call.toolName, call.status, call.approval?.expired];
      }),
    ).toEqual([
      ['deleteTool', 'approval-requested', expect.stringMatching(EARLIER_ANSWER)],
      ['deleteTool', 'approval-requested', expect.stringMatching(EARLIER_ANSWER)],
      ['deleteTool', 'approval-requested', undefined],
    ]);
    const session = toolpane.session;
    // By its key; a bare toolCallId means the call that waits (see the suspension case below).
    for (const key of ['call-del-deep-1#2']) {
      const refused = await act(() => session.decline(key, 'Keep it'));
      expect(refused).toMatchObject({
        status: 'invalid',
        error: expect.stringMatching(EARLIER_ANSWER),
      });
    }
    expect(chat.addToolApprovalResponse).not.toHaveBeenCalled();
    // The last answer's request goes through the chat, from its card.
    const { resumeWith } = selectPendingApprovals(toolpane.store.getState()).at(-1)!;
    expect(resumeWith.runId).toMatch(/~3$/);
    await user.click(buttons[0]!);
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(chat.addToolApprovalResponse).toHaveBeenLastCalledWith({
      id: approvalId(3),
      approved: true,
    });
    // The answer completes the last message's step: the chat sends it itself, and the session
    // sends nothing more.
    expect(chat.sendMessage).not.toHaveBeenCalled();
    expect(requested).toEqual([{ messages: expect.any(Array) }]);
    expect(
      ['call-del-deep-1', 'call-del-deep-1#2', 'call-del-deep-1#3'].map(
        (key) => toolpane.store.getState().toolCalls.get(key)?.status,
      ),
    ).toEqual(['approval-requested', 'approval-requested', 'approval-responded']);
  });

  it('resumes the suspension of the last answer, and refuses those of earlier answers', async () => {
    const { chat, toolpane, runIdOf } = await renderAfter('aisdk-v6-nested-suspend');
    const [first, second, third] = [runIdOf(1), runIdOf(2), runIdOf(3)];
    expect(new Set([first, second, third]).size).toBe(3);
    const { session } = toolpane;
    const resumed = (runId: string | undefined) => ({
      messageId: lastAnswer(chat),
      body: { runId, toolCallId: 'call-booking-1', resumeData: { confirmed: true } },
    });
    const result = await act(() => session.resume('call-book-sub-1#2', { confirmed: true }));
    expect(result).toMatchObject({
      status: 'invalid',
      error: expect.stringMatching(EARLIER_ANSWER),
    });
    expect(chat.sendMessage).not.toHaveBeenCalled();
    // The bare toolCallId names the call that waits: the last answer's.
    expect((await act(() => session.resume('call-book-sub-1', { confirmed: true }))).status).toBe(
      'done',
    );
    expect(chat.sendMessage).toHaveBeenLastCalledWith(undefined, resumed(third));
    const calls = ['call-book-sub-1', 'call-book-sub-1#2', 'call-book-sub-1#3'];
    expect(calls.map((key) => toolpane.store.getState().toolCalls.get(key)?.status)).toEqual([
      'suspended',
      'suspended',
      'approval-responded',
    ]);
  });

  it('sends nothing for a request that changed after it was shown', async () => {
    const { chat, toolpane } = await renderAfter('aisdk-v6-approval-two-level');
    const { session, store } = toolpane;
    // The newest run's call: a request part arriving now is read as its own message's.
    const key = 'call-del-deep-1#3';
    const shown = store.getState().toolCalls.get(key)!.approval!;
    expect(shown.revision).toBe(1);
    // The same request with other arguments: a new one (revision 2) under a decision issue.
    const { runId, toolCallId } = shown.target;
    act(() => {
      store.dispatch({
        type: 'data-tool-call-approval',
        data: { runId, toolCallId, toolName: 'deleteTool', args: { id: 'ALL-RECORDS' } },
      });
    });
    expect(store.getState().toolCalls.get(key)?.approval?.revision).toBe(2);
    for (const decide of [
      () => session.approve(key, { revision: 1 }),
      () => session.decline(key, 'no', { revision: 1 }),
    ]) {
      const result = await act(decide);
      expect(result).toMatchObject({
        status: 'invalid',
        error: expect.stringContaining('changed'),
      });
    }
    expect(chat.addToolApprovalResponse).not.toHaveBeenCalled();
    expect((await act(() => session.approve(key, { revision: 2 }))).status).toBe('done');
    expect(chat.addToolApprovalResponse).toHaveBeenCalledTimes(1);
  });

  it('sends no resume for a suspension whose payload alone changed after it was shown', async () => {
    const { chat, toolpane } = await renderAfter('aisdk-v6-nested-suspend');
    const { session, store } = toolpane;
    const key = 'call-book-sub-1#3';
    expect(store.getState().toolCalls.get(key)!.suspension!.revision).toBe(1);
    // Run 3's suspension part with another payload, everything else as recorded: a new request,
    // though a payload raised inside a subagent shows hidden either way.
    const part = asRun('aisdk-v6-nested-suspend', 3).find(
      (chunk) => chunk.type === 'data-tool-call-suspended',
    ) as { type: string; data: Record<string, unknown> };
    act(() => {
      store.dispatch({
        ...part,
        data: { ...part.data, suspendPayload: { reason: 'Book all the tables?' } },
      } as never);
    });
    expect(store.getState().toolCalls.get(key)?.suspension?.revision).toBe(2);
    const result = await act(() => session.resume(key, { confirmed: true }, { revision: 1 }));
    expect(result.status).toBe('invalid');
    expect(chat.sendMessage).not.toHaveBeenCalled();
    const again = await act(() => session.resume(key, { confirmed: true }, { revision: 2 }));
    expect(again.status).toBe('done');
    expect(chat.sendMessage).toHaveBeenCalledTimes(1);
  });

  it('answers only the call of the card whose revision a decision names', async () => {
    const { chat, toolpane, approvalId } = await renderAfter('aisdk-v6-approval-two-level');
    const { session, store } = toolpane;
    // Run 1's card drew revision 1; the chat went on from a later answer since.
    expect(store.getState().toolCalls.get('call-del-deep-1')?.approval?.revision).toBe(1);
    for (const decide of [
      () => session.approve('call-del-deep-1', { revision: 1 }),
      () => session.decline('call-del-deep-1', 'no', { revision: 1 }),
    ]) {
      expect(await act(decide)).toMatchObject({
        status: 'invalid',
        error: expect.stringMatching(EARLIER_ANSWER),
      });
    }
    expect(chat.addToolApprovalResponse).not.toHaveBeenCalled();
    expect(chat.sendMessage).not.toHaveBeenCalled();
    // Without a revision, a bare toolCallId still means the call with it that waits: run 3's.
    expect((await act(() => session.approve('call-del-deep-1'))).status).toBe('done');
    expect(chat.addToolApprovalResponse).toHaveBeenLastCalledWith({
      id: approvalId(3),
      approved: true,
    });
  });

  it('sends nothing for a new revision while the decision on the first is on its way', async () => {
    const { chat, toolpane } = await renderAfter('aisdk-v6-approval-two-level');
    const { session, store } = toolpane;
    const key = 'call-del-deep-1#3';
    let answered!: () => void;
    // The chat takes its time to record the answer, then sends it as before.
    const records = vi.mocked(chat.addToolApprovalResponse);
    const record = records.getMockImplementation()!;
    records.mockImplementationOnce(
      (response) =>
        new Promise<void>((resolve) => {
          answered = () => resolve(record(response) as Promise<void>);
        }),
    );
    const first = session.approve(key, { revision: 1 });
    expect(store.getState().toolCalls.get(key)?.status).toBe('approval-responded');
    // Meanwhile the request comes again with other arguments: revision 2, waiting for a person.
    const { runId, toolCallId } = store.getState().toolCalls.get(key)!.approval!.target;
    act(() => {
      store.dispatch({
        type: 'data-tool-call-approval',
        data: { runId, toolCallId, toolName: 'deleteTool', args: { id: 'ALL-RECORDS' } },
      });
    });
    expect(store.getState().toolCalls.get(key)).toMatchObject({
      status: 'approval-requested',
      approval: { revision: 2 },
    });
    const second = session.decline(key, 'no', { revision: 2 });
    answered();
    let results: Awaited<typeof first>[] = [];
    await act(async () => {
      results = await Promise.all([first, second]);
    });
    expect(results[0]?.status).toBe('done');
    expect(results[1]).toMatchObject({
      status: 'busy',
      error: expect.stringContaining('on its way'),
    });
    expect(chat.addToolApprovalResponse).toHaveBeenCalledTimes(1);
    expect(chat.addToolApprovalResponse).toHaveBeenLastCalledWith(
      expect.objectContaining({ approved: true }),
    );
  });

  it('waits for the request the chat sends itself, and offers the decision again when stopped first', async () => {
    const { chat, toolpane, requested } = await renderAfter('aisdk-v6-approval-two-level');
    const { session, store } = toolpane;
    const key = 'call-del-deep-1#3';
    // The chat records the answer but has not started its request yet.
    vi.mocked(chat.addToolApprovalResponse).mockImplementationOnce(async () => {});
    let outcome: Awaited<ReturnType<typeof session.approve>> | undefined;
    const approving = session.approve(key).then((result) => {
      outcome = result;
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(outcome).toBeUndefined();
    expect(store.getState().toolCalls.get(key)?.status).toBe('approval-responded');
    act(() => session.abort());
    await act(() => approving);
    expect(outcome).toEqual({ status: 'aborted' });
    expect(store.getState().toolCalls.get(key)).toMatchObject({
      status: 'approval-requested',
      approval: { error: 'Stopped before the chat sent it' },
    });
    expect({ requested, sent: vi.mocked(chat.sendMessage).mock.calls }).toEqual({
      requested: [],
      sent: [],
    });
    // Approved again, the chat sends it: the decision resolves once its response was read.
    expect((await act(() => session.approve(key))).status).toBe('done');
    expect(requested).toHaveLength(1);
  });

  it("leaves every run's request where it was when an earlier run's request part comes again", async () => {
    const name = 'aisdk-v6-approval-two-level';
    const { chat, toolpane, approvalId } = await renderAfter(name);
    const { session, store } = toolpane;
    // Run 2's request parts again (a replayed stream) while run 3's message is the current one.
    // Every run asks with the same arguments: only the runId tells the runs apart.
    const parts = asRun(name, 2).filter(
      (chunk) => chunk.type === 'tool-approval-request' || chunk.type === 'data-tool-call-approval',
    );
    expect(parts).toHaveLength(2);
    replayMovesNothing(store, parts);
    // The third run's card still answers for the third run.
    expect((await act(() => session.approve('call-del-deep-1#3'))).status).toBe('done');
    expect(chat.addToolApprovalResponse).toHaveBeenLastCalledWith({
      id: approvalId(3),
      approved: true,
    });
  });

  it("leaves every run's suspension where it was when an earlier run's part comes again", async () => {
    const name = 'aisdk-v6-nested-suspend';
    const { chat, toolpane, runIdOf } = await renderAfter(name);
    const { session, store } = toolpane;
    const third = runIdOf(3);
    const part = asRun(name, 2).find((chunk) => chunk.type === 'data-tool-call-suspended')!;
    replayMovesNothing(store, [part]);
    expect((await act(() => session.resume('call-book-sub-1#3', { confirmed: true }))).status).toBe(
      'done',
    );
    expect(chat.sendMessage).toHaveBeenLastCalledWith(undefined, {
      messageId: lastAnswer(chat),
      body: { runId: third, toolCallId: 'call-booking-1', resumeData: { confirmed: true } },
    });
  });
});

/** Applies parts of another run again (a replayed stream): no request moves or reopens, and no issue comes. */
function replayMovesNothing(store: ToolpaneStore, chunks: readonly UIMessageChunk[]) {
  const targets = () =>
    selectPendingApprovals(store.getState()).map((p) => [p.key, p.resumeWith.runId]);
  const before = targets();
  const issues = store.getState().issues;
  act(() => {
    store.dispatchMany(chunks);
  });
  expect(targets()).toEqual(before);
  expect(store.getState().issues).toBe(issues);
}

describe('a useChat page rendered on the server from saved messages', () => {
  it('shows the requests of earlier answers expired, as the page does once hydrated', async () => {
    const runs = [1, 2, 3].map((n) => asRun('aisdk-v6-approval-two-level', n));
    const chat = await chatOf(runs);
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ChatPage chat={chat} options={{ messages: chat.messages }} />,
    );
    document.body.append(container);
    const approveButtons = () =>
      within(container).queryAllByRole('button', { name: 'Approve deleteTool' });
    const expired = [expect.stringMatching(EARLIER_ANSWER), expect.stringMatching(EARLIER_ANSWER)];
    expect(expiredCards(container)).toEqual(expired);
    expect(approveButtons()).toHaveLength(1);

    const complaints: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => complaints.push(args));
    const root = await act(async () =>
      hydrateRoot(container, <ChatPage chat={chat} options={{ messages: chat.messages }} />, {
        onRecoverableError: (error) => complaints.push(error),
      }),
    );
    expect(complaints).toEqual([]);
    expect(expiredCards(container)).toEqual(expired);
    expect(approveButtons()).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });
});
