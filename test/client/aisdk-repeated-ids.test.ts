// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun } from '../utils/fixtures';
import { uiMessageOf } from '../utils/history';

/*
 * AI SDK UI messages whose toolCallIds a later message repeats (models that number calls per
 * run), while the earlier message still waits for a person: each message keeps its own subagent
 * tree and its own request, as the native stream does.
 */

const asRun = fixtureAsRun;

/** The assistant message `useChat` builds from a response, as an app saves it. */
const messageOf = async (chunks: unknown[]): Promise<UIMessage> =>
  JSON.parse(JSON.stringify(await uiMessageOf(chunks))) as UIMessage;

/** The ids of the runs from a call up to its top-level run. */
function runsAbove(state: ToolpaneState, key: string): string[] {
  const out: string[] = [];
  let call = state.toolCalls.get(key);
  while (call !== undefined) {
    out.push(call.runId);
    const parent = state.runs.get(call.runId)?.parentToolCallId;
    call = parent === null || parent === undefined ? undefined : state.toolCalls.get(parent);
  }
  return out;
}

describe.each([
  ['an approval three agents deep', 'aisdk-v6-approval-two-level', 'call-del-deep-1', 'deleteTool'],
  [
    'an approval three agents deep (v7)',
    'aisdk-v7-approval-two-level',
    'call-del-deep-1',
    'deleteTool',
  ],
  ['a suspension inside a subagent', 'aisdk-v6-nested-suspend', 'call-book-sub-1', 'bookTableTool'],
  [
    'a suspension inside a subagent (v7)',
    'aisdk-v7-nested-suspend',
    'call-book-sub-1',
    'bookTableTool',
  ],
])('three AI SDK messages that repeat the toolCallIds of %s', (_, name, inner, toolName) => {
  const runs = [1, 2, 3].map((n) => asRun(name, n));

  function check(state: ToolpaneState) {
    expect([...state.issues]).toEqual([]);
    expect(state.runOrder).toHaveLength(3);
    // Every call sits in the tree of its own message: each run above it is of that message.
    for (const [key, call] of state.toolCalls) {
      const n = call.runId.slice(-2);
      expect(
        runsAbove(state, key).every((runId) => runId.endsWith(n)),
        key,
      ).toBe(true);
    }
    // Each message's subagent runs hold their own calls.
    for (const run of state.runs.values()) {
      if (run.parentToolCallId !== null)
        expect(run.toolCallIds.length, run.runId).toBeGreaterThan(0);
    }
    // Each message's request waits, on its own inner card, aimed at its own run.
    const pending = selectPendingApprovals(state);
    expect(pending.map((p) => [p.key, p.toolName, p.resumeWith.runId.slice(-2)])).toEqual([
      [inner, toolName, '~1'],
      [`${inner}#2`, toolName, '~2'],
      [`${inner}#3`, toolName, '~3'],
    ]);
  }

  it('in a store', () => {
    const store = createToolpaneStore({ formats: [aiSdk] });
    for (const run of runs) store.dispatchMany(run);
    check(store.getState());
  });

  it('in reduceAll', () => {
    check(reduceAll(runs.flat(), { formats: [aiSdk] }));
  });

  it('read back from the messages useChat saved', async () => {
    const messages: unknown[] = [];
    for (const [n, run] of runs.entries()) {
      messages.push({ id: `user-${n}`, role: 'user', parts: [{ type: 'text', text: 'Go' }] });
      messages.push(await messageOf(run));
    }
    check(stateFromUIMessages(messages));
  });
});
