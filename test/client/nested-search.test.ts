import { createToolpaneStore, reduceAll, type ToolCallState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { latestNestedCall } from '../../packages/client/src/reducer/tree.js';
import { countWork } from '../utils/count';
import { fixtureAsRun, fixtureNames } from '../utils/fixtures';
import { nestedCalls } from '../utils/nested-calls';

/*
 * A request for a person raised inside a subagent surfaces again at each level above it, and the
 * reducer then looks for the inner call it names: the latest nested call that matches. That search
 * stops at the first match, walking backwards, instead of listing the whole tree each time.
 */

const NAMES = fixtureNames();

/** The last item that matches (`Array#findLast` is newer than the library this project targets). */
function lastMatch<T>(items: readonly T[], matches: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (matches(items[i]!)) return items[i];
  return undefined;
}

const optionsFor = (name: string) => ({
  formats: name.includes('aisdk') ? [aiSdk] : [],
  families: name.includes('network') ? [network] : [],
});

describe('the latest nested call that matches', () => {
  it.each(NAMES)('is the last match of every nested call, in %s played twice', (name) => {
    const state = reduceAll([...fixtureAsRun(name, 1), ...fixtureAsRun(name, 2)], optionsFor(name));
    const predicates: ((call: ToolCallState) => boolean)[] = [
      () => true,
      () => false,
      ...[...new Set([...state.toolCalls.values()].map((call) => call.status))].map(
        (status) => (call: ToolCallState) => call.status === status,
      ),
      ...[...new Set([...state.toolCalls.values()].map((call) => call.toolName))].map(
        (toolName) => (call: ToolCallState) => call.toolName === toolName,
      ),
    ];
    for (const call of state.toolCalls.values()) {
      const all = nestedCalls(state, call);
      for (const matches of predicates) {
        expect(latestNestedCall(state, call, matches)).toBe(lastMatch(all, matches));
      }
    }
  });

  it('costs what it visits: requests surfacing from a large subagent run stay linear', () => {
    const wrap = (chunk: object) => ({
      type: 'tool-output',
      runId: 'top',
      from: 'USER',
      payload: { output: chunk, toolCallId: 'call-agent', toolName: 'agent-ops' },
    });
    const chunk = (type: string, runId: string, payload: object) => ({
      type,
      runId,
      from: 'AGENT',
      payload,
    });
    const stream = (count: number) => [
      chunk('start', 'top', { id: 'supervisor', messageId: 'm' }),
      chunk('tool-call', 'top', { toolCallId: 'call-agent', toolName: 'agent-ops', args: {} }),
      wrap(chunk('start', 'sub', { id: 'ops', messageId: 'm-sub' })),
      ...Array.from({ length: count }, (_, i) => {
        const inner = { toolCallId: `sub-del-${i}`, toolName: 'deleteTool', args: { i } };
        return [
          wrap(chunk('tool-call', 'sub', inner)),
          wrap(chunk('tool-call-approval', 'sub', inner)),
          // Mastra names the parent agent call when the request surfaces one level up.
          chunk('tool-call-approval', 'top', { ...inner, toolCallId: 'call-agent' }),
        ];
      }).flat(),
    ];
    const work = (count: number) => {
      const store = createToolpaneStore();
      store.subscribe(() => store.getState());
      const chunks = stream(count);
      const n = countWork(() => {
        for (const c of chunks) store.dispatch(c);
      });
      const state = store.getState();
      // Every request asks the one decision of the agent call while the one before still waits
      // on it: one call waits, the latest, and each earlier one says so.
      expect(state.issues).toHaveLength(count - 1);
      for (const issue of state.issues) {
        expect(issue.message).toBe('deleteTool and deleteTool asked one decision: the later waits');
      }
      expect(state.toolCalls.get(`sub-del-${count - 1}`)?.approval?.target).toEqual({
        runId: 'top',
        toolCallId: 'call-agent',
      });
      expect(state.toolCalls.get(`sub-del-${count - 2}`)?.status).toBe('input-available');
      return n;
    };
    expect(work(3_000) / work(300)).toBeLessThan(20);
  });
});
