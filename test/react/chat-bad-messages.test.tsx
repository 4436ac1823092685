import { act, cleanup, render } from '@testing-library/react';
import { selectPendingApprovals } from '@toolpane/client';
import type { ToolpaneChat } from '@toolpane/react/ai-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatPage, fakeChat } from '../utils/chat.js';
import { fixtureAsRun } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';

/*
 * A chat whose messages hold an entry that is not a `UIMessage` (saved data gone wrong). `useChat`
 * cannot send such messages either: a decision resolves with the error, which its card shows,
 * nothing is sent, and the decision goes through once the chat's messages are whole again.
 */

const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] };

const BAD: [string, unknown][] = [
  ['null', null],
  ['a number', 7],
  ['a string', 'hello'],
  ['a message with no parts', { id: 'x', role: 'user' }],
  ['a message whose parts is an object', { id: 'x', role: 'user', parts: {} }],
  ['a message whose parts is a string', { id: 'y', role: 'assistant', parts: 'hello' }],
];

/** Each way to answer: an approval or a decline of a request, a resume of a suspension. */
const DECISIONS = [
  { name: 'approve', fixture: 'aisdk-v6', field: 'approval' },
  { name: 'decline', fixture: 'aisdk-v7-approval-two-level', field: 'approval' },
  { name: 'resume', fixture: 'aisdk-v6-nested-suspend', field: 'suspension' },
] as const;

afterEach(() => cleanup());

describe.each(BAD)('a chat holding %s', (_, entry) => {
  it.each(DECISIONS)(
    '$name resolves with the error on its card, and goes through once the messages are whole',
    async ({ name, fixture, field }) => {
      const answer = await uiMessageOf(fixtureAsRun(fixture, 1) as never);
      const good = [user, answer];
      const messages = [user, entry, answer];
      const probe: { toolpane?: ToolpaneChat } = {};
      const chat = fakeChat(messages);
      const view = render(<ChatPage chat={chat} options={{ messages }} probe={probe} />);
      const { session, store } = probe.toolpane!;
      const call = [...store.getState().toolCalls.values()].find(
        (c) => c.status === (name === 'resume' ? 'suspended' : 'approval-requested'),
      )!;
      const decide = () =>
        name === 'approve'
          ? session.approve(call.key)
          : name === 'decline'
            ? session.decline(call.key, 'No')
            : session.resume(call.key, { confirmed: true });
      const outcome = await act(() =>
        decide().then(
          (result) => result,
          (error: unknown) => ({ rejected: String(error) }),
        ),
      );
      expect(outcome).toEqual({ status: 'error', error: expect.stringContaining('message 1') });
      const after = store.getState().toolCalls.get(call.key)!;
      expect(after.status).toBe(call.status);
      expect(after[field]?.error).toEqual(expect.stringContaining('message 1'));
      expect(store.getState().issues).toContainEqual(
        expect.objectContaining({
          kind: 'decision',
          message: expect.stringContaining('message 1'),
        }),
      );
      expect(chat.addToolApprovalResponse).not.toHaveBeenCalled();
      expect(chat.sendMessage).not.toHaveBeenCalled();
      if (name !== 'resume') expect(selectPendingApprovals(store.getState())).toHaveLength(1);

      // The chat's messages whole again: the decision goes through.
      const whole = fakeChat(good);
      await act(async () => view.rerender(<ChatPage chat={whole} probe={probe} />));
      expect((await act(decide)).status).toBe('done');
      const used = name === 'resume' ? whole.sendMessage : whole.addToolApprovalResponse;
      expect(used).toHaveBeenCalledTimes(1);
    },
  );
});
