import { createToolpaneStore, initialState, reduce, reduceAll } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * An AI SDK workflow part names its workflow run, never its call: the reducer finds the
 * `workflow-*` call it belongs to through an index of the calls it has seen (by run once bound,
 * else the newest open one, by name first). The index must find what a search of every call
 * would, however the state was reached: a store that keeps it, `reduceAll`, or `reduce` chunk by
 * chunk, which rebuilds it each time.
 */

const options = { formats: [aiSdk] };

/** The state after `chunks` by each way of reducing them. */
function eachWay(chunks: readonly unknown[]) {
  const store = createToolpaneStore({ ...options, now: () => 0 });
  for (const chunk of chunks) store.dispatch(chunk);
  let stepwise = initialState;
  for (const chunk of chunks) stepwise = reduce(stepwise, chunk, { ...options, now: () => 0 });
  return [store.getState(), reduceAll(chunks, { ...options, now: () => 0 }), stepwise] as const;
}

const part = (id: string, name: string, steps: object = {}) => ({
  type: 'data-tool-workflow',
  id,
  data: { name, status: 'running', steps },
});
const running = { a: { name: 'a', status: 'running' } };

describe('the AI SDK workflow call index', () => {
  it('binds a call named after it was made (its first chunk had no tool name)', () => {
    const chunks = [
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-delta', toolCallId: 'w1', inputTextDelta: '{}' },
      // Looked up while the call has no name: no call takes it.
      part('run-early', 'y'),
      { type: 'tool-input-available', toolCallId: 'w1', toolName: 'workflow-x', input: {} },
      part('run-1', 'x', running),
    ];
    for (const state of eachWay(chunks)) {
      expect(state.toolCalls.get('w1')?.workflow).toMatchObject({
        runId: 'run-1',
        stepIds: ['a'],
      });
    }
  });

  it('takes the newest open call by name, then any open one, and keeps each run on its call', () => {
    const call = (id: string, name: string) => ({
      type: 'tool-input-available',
      toolCallId: id,
      toolName: name,
      input: {},
    });
    const chunks = [
      { type: 'start', messageId: 'm' },
      call('w-report', 'workflow-report'),
      call('w-other', 'workflow-other'),
      call('w-ended', 'workflow-report'),
      { type: 'tool-output-available', toolCallId: 'w-ended', output: {} },
      // By name: the open report call, not the newer other one nor the ended one.
      part('run-report', 'report', running),
      // No call by this name: the newest open unbound call.
      part('run-unknown', 'unknown', running),
      // No open unbound call is left: kept as a data part.
      part('run-none', 'none', running),
      // A later part of a bound run goes to its call, ended or not.
      { type: 'tool-output-available', toolCallId: 'w-report', output: {} },
      part('run-report', 'report', { a: { name: 'a', status: 'success' } }),
    ];
    for (const state of eachWay(chunks)) {
      expect(state.toolCalls.get('w-report')?.workflow).toMatchObject({ runId: 'run-report' });
      expect(state.toolCalls.get('w-report')?.workflow?.steps.get('a')?.status).toBe('success');
      expect(state.toolCalls.get('w-other')?.workflow).toMatchObject({ runId: 'run-unknown' });
      expect(state.toolCalls.get('w-ended')?.workflow).toBeUndefined();
      const run = state.runs.get('m')!;
      expect(run.parts.filter((p) => p.type === 'data')).toHaveLength(1);
    }
  });

  it.each([
    'workflow-deep-two-aisdk',
    'workflow-deep-hidden-aisdk-no-snapshots',
    'workflow-parallel-aisdk',
    'workflow-nested-deep-aisdk',
  ])('%s played three times in one store reads as reduceAll and reduce read it', (name) => {
    const once = loadFixture(name);
    const chunks = [...once, ...once, ...once];
    const [store, all, stepwise] = eachWay(chunks);
    const plain = (s: unknown) => JSON.parse(JSON.stringify(s));
    expect(plain(store)).toEqual(plain(all));
    expect(plain(stepwise)).toEqual(plain(all));
  });
});
