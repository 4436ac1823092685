import { act, cleanup, render } from '@testing-library/react';
import { selectPendingApprovals, selectRunText } from '@toolpane/client';
import type { ChatLike, ToolpaneChat } from '@toolpane/react/ai-sdk';
import type { UIMessage, UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatPage, fakeChat } from '../utils/chat.js';
import { fixtureAsRun, loadFixture } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';

/*
 * A chat's message replaced by another with the same id: the version the server saved once
 * another tab finished it (`setMessages`), or an answer the app gave in its own UI
 * (`addToolApprovalResponse`). The store shows what the chat holds, and a decision on a request
 * the chat no longer waits on is refused, with nothing sent.
 */

const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] };

/** The message as `addToolApprovalResponse` leaves it: each waiting approval answered. */
function answered(message: UIMessage, approved: boolean): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      const { state, approval } = part as { state?: string; approval?: object };
      return state === 'approval-requested'
        ? ({ ...part, state: 'approval-responded', approval: { ...approval, approved } } as never)
        : part;
    }),
  };
}

/** Recordings whose answer ends waiting on one approval, top-level or inside a subagent. */
const REQUESTS = [
  'aisdk-v6',
  'aisdk-v7',
  'aisdk-v6-approval-two-level',
  'aisdk-v7-approval-two-level',
  'aisdk-v6-parallel-approval-request',
  'aisdk-v6-nested-transform-approval-no-snapshots',
];

/** What the chat was asked to do. */
const asked = (chat: ChatLike) => ({
  answers: (chat.addToolApprovalResponse as unknown as { mock: { calls: unknown[] } }).mock.calls,
  sent: (chat.sendMessage as unknown as { mock: { calls: unknown[] } }).mock.calls,
});

/** Renders `messages`, then the chat holding `next` instead, as the chat in `status`. */
async function replaced(messages: unknown[], next: unknown[], status: ChatLike['status']) {
  const probe: { toolpane?: ToolpaneChat } = {};
  const view = render(<ChatPage chat={fakeChat(messages)} probe={probe} />);
  const chat = fakeChat(next, status);
  await act(async () => view.rerender(<ChatPage chat={chat} probe={probe} />));
  return { chat, view, ...probe.toolpane! };
}

afterEach(() => cleanup());

describe('a chat message replaced by another with the same id', () => {
  it('shows the answer another tab finished, and sends nothing for its requests', async () => {
    const first = await uiMessageOf(loadFixture('aisdk-v6-parallel-approval-request') as never);
    const next = loadFixture('aisdk-v6-parallel-approval-next') as UIMessageChunk[];
    const mid = await uiMessageOf(next, answered(first, true));
    const done = await uiMessageOf(
      loadFixture('aisdk-v6-parallel-approval-approve') as never,
      answered(mid, true),
    );
    const { chat, view, store, session } = await replaced([user, first], [user, done], 'ready');
    const state = store.getState();
    expect([...state.toolCalls.values()].map((call) => [call.toolCallId, call.status])).toEqual([
      ['call-par-del-a', 'output-available'],
      ['call-par-del-b', 'output-available'],
    ]);
    expect(selectRunText(state, done.id)).toBe('Deleted 2 of 2 records.');
    expect(view.container.textContent).toContain('Deleted 2 of 2 records.');
    expect(selectPendingApprovals(state)).toEqual([]);
    for (const decide of [
      () => session.approve('call-par-del-a'),
      () => session.decline('call-par-del-b', 'No'),
    ]) {
      expect((await act(decide)).status).toBe('invalid');
    }
    expect(asked(chat)).toEqual({ answers: [], sent: [] });
  });

  describe.each(REQUESTS)('the answer of %s', (name) => {
    it.each([true, false])(
      'shows an answer the app gave itself (approved: %s), and refuses another',
      async (approved) => {
        const answer = await uiMessageOf(fixtureAsRun(name, 1) as never);
        const [waiting] = selectPendingApprovals(
          (await replaced([user, answer], [user, answer], 'ready')).store.getState(),
        );
        cleanup();
        const given = answered(answer, approved);
        const { chat, store, session } = await replaced([user, answer], [user, given], 'ready');
        const call = store.getState().toolCalls.get(waiting!.key)!;
        expect([call.status, call.approval?.decision?.approved]).toEqual([
          'approval-responded',
          approved,
        ]);
        expect(selectPendingApprovals(store.getState())).toEqual([]);
        for (const decide of [
          () => session.approve(waiting!.key),
          () => session.decline(waiting!.key, 'No'),
        ]) {
          expect((await act(decide)).status).toBe('invalid');
        }
        expect(asked(chat)).toEqual({ answers: [], sent: [] });
      },
    );

    it('refuses a decision on a request the chat holds answered while it is still sending', async () => {
      const answer = await uiMessageOf(fixtureAsRun(name, 1) as never);
      // The chat sends the app's answer: its response is not read yet, so the card still waits.
      const given = answered(answer, false);
      const { chat, store, session } = await replaced([user, answer], [user, given], 'submitted');
      const [waiting] = selectPendingApprovals(store.getState());
      expect(waiting).toBeDefined();
      const result = await act(() => session.approve(waiting!.key));
      expect(result).toMatchObject({
        status: 'invalid',
        error: expect.stringContaining('already holds an answer'),
      });
      expect(asked(chat)).toEqual({ answers: [], sent: [] });
      expect(store.getState().toolCalls.get(waiting!.key)?.status).toBe('approval-requested');
    });
  });
});
