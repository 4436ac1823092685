import { act, cleanup, render } from '@testing-library/react';
import {
  expiredReason,
  HUMAN_TOOL_STATUSES,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import type { ToolpaneChat } from '@toolpane/react/ai-sdk';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChatPage, fakeChat } from '../utils/chat.js';
import { fixtureAsRun } from '../utils/fixtures.js';
import { uiMessageOf } from '../utils/history.js';
import { runs } from '../utils/property';

/*
 * A `useChat` conversation edited at random: answers appended (some ending on a request for a
 * person, nested ones among them, some not), the last ones removed, the last one replaced. After
 * every step, as the chat holds it: exactly the requests of the chat's last answer wait; every
 * request of an earlier answer is expired (chatRoute goes on only from the last answer), and no
 * decision can reach one.
 */

/** Recordings of whole answers: requests for a person at three depths, and none. */
const ANSWERS = [
  'aisdk-v6-approval-two-level',
  'aisdk-v6-nested-suspend',
  'aisdk-v6',
  'subagent-aisdk-ui-v6',
  'aisdk-v7-approval-two-level',
];

/** Answers made from the recordings, each with ids of its own. */
let pool: unknown[] = [];

beforeAll(async () => {
  pool = await Promise.all(
    Array.from({ length: 24 }, (_, n) =>
      uiMessageOf(fixtureAsRun(ANSWERS[n % ANSWERS.length]!, n + 1)),
    ),
  );
});

const user = (n: number) => ({
  id: `user-${n}`,
  role: 'user',
  parts: [{ type: 'text', text: 'Go' }],
});

/** The top-level run (the chat's answer) a call belongs to. */
function answerOf(state: ToolpaneState, call: ToolCallState): string {
  let top = call;
  for (let n = 0; top.parentToolCallId !== null && n < 64; n++) {
    top = state.toolCalls.get(top.parentToolCallId) ?? top;
  }
  return top.runId;
}

/** What may happen to the conversation in one step. */
const step = fc.oneof(
  fc.constant({ kind: 'append' as const }),
  fc.record({ kind: fc.constant('cut' as const), keep: fc.nat({ max: 4 }) }),
  fc.constant({ kind: 'replace-last' as const }),
);

describe('a useChat conversation edited at random', () => {
  it('has the requests of its last answer waiting and those of earlier answers expired', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        let next = 0;
        let messages: unknown[] = [];
        const probe: { toolpane?: ToolpaneChat } = {};
        const { rerender } = render(<ChatPage chat={fakeChat(messages)} probe={probe} />);
        try {
          for (const { kind, ...rest } of steps) {
            if (kind === 'append' || kind === 'replace-last') {
              if (next >= pool.length) break;
              const answers = messages.length / 2;
              const kept = kind === 'append' ? messages : messages.slice(0, -2);
              const n = kind === 'append' ? answers : Math.max(answers - 1, 0);
              messages = [...kept, user(n), pool[next++]];
            } else {
              messages = messages.slice(0, 2 * ('keep' in rest ? (rest.keep as number) : 0));
            }
            await act(async () => rerender(<ChatPage chat={fakeChat(messages)} probe={probe} />));
            const state = probe.toolpane!.store.getState();
            const ids = messages
              .filter((m) => (m as { role: string }).role === 'assistant')
              .map((m) => (m as { id: string }).id);
            expect([...state.runOrder]).toEqual(ids);
            const last = ids.at(-1);
            for (const call of state.toolCalls.values()) {
              if (!HUMAN_TOOL_STATUSES.has(call.status)) continue;
              const earlier = answerOf(state, call) !== last;
              expect(expiredReason(call) !== undefined, call.key).toBe(earlier);
            }
            for (const pending of selectPendingApprovals(state)) {
              expect(answerOf(state, pending.call)).toBe(last);
            }
            const { session } = probe.toolpane!;
            for (const call of state.toolCalls.values()) {
              if (expiredReason(call) === undefined) continue;
              const kind = call.status === 'suspended' ? 'resume' : 'approve';
              const result = await act(() =>
                kind === 'resume' ? session.resume(call.key, {}) : session.approve(call.key),
              );
              if (call.key.includes('#')) expect(result.status, call.key).toBe('invalid');
            }
          }
        } finally {
          cleanup();
        }
      }),
      runs(40),
    );
  }, 120_000);
});
