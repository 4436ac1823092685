// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { readRestored } from '../utils/restore';

/*
 * The names the reducer makes up (`reducer/free-name.ts`): `<runId>@top`, `<runId>@top2`, … for a
 * top-level run whose id a subagent run holds, `ai-sdk-run-<n>` for an AI SDK message without a
 * messageId. Each is the first free one of its kind; the search goes on from where the last one
 * stopped, which the state keeps. A store, `reduceAll`, the pure `reduce` chunk by chunk and a
 * state saved and restored part-way (which keeps no such note) must all name the same runs.
 */

const top = (type: string, runId: string, payload: unknown) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
});
const start = (runId: string) => top('start', runId, { id: 'agent', messageId: `m-${runId}` });
const inside = (value: unknown) => ({
  type: 'tool-output',
  runId: 'main',
  from: 'USER',
  payload: { output: value, toolCallId: 'call-agent', toolName: 'agent-helper' },
});
const delta = (runId: string, text: string) => top('text-delta', runId, { id: 't', text });

/** The state of each way of reading `chunks`; the restored one is saved after `cut` chunks. */
function everyWay(chunks: readonly unknown[], cut: number, options: ReduceOptions = {}) {
  const opts = { ...options, now: () => 0 };
  let pure: ToolpaneState = initialState;
  for (const chunk of chunks) pure = reduce(pure, chunk, opts);
  const store = createToolpaneStore(opts);
  store.subscribe(() => store.getState());
  for (const chunk of chunks) store.dispatch(chunk);
  const restored = readRestored(chunks, cut, opts);
  return { pure, store: store.getState(), all: reduceAll(chunks, opts), restored };
}

/** The top-level runs of a state, each with the id its stream gave it and its text. */
const tops = (state: ToolpaneState) =>
  state.runOrder.map((runId) => {
    const run = state.runs.get(runId)!;
    const text = run.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    return [runId, run.streamRunId ?? run.messageId ?? '', text];
  });

describe('names the reducer makes up', () => {
  it('a top-level run whose id subagent runs hold takes the first free <runId>@top<n>', () => {
    const chunks = [
      start('main'),
      top('tool-call', 'main', { toolCallId: 'call-agent', toolName: 'agent-helper', args: {} }),
      inside(start('X')),
      inside(start('X@top')),
      inside(start('X@top3')),
      delta('X', 'a'),
      delta('X', 'b'),
      // A subagent run that takes the next name after the search: the run keeps its name.
      inside(start('X@top4')),
      delta('X', 'c'),
      inside(start('Y')),
      delta('Y', 'd'),
    ];
    for (let cut = 0; cut <= chunks.length; cut++) {
      const ways = everyWay(chunks, cut);
      for (const state of Object.values(ways)) {
        expect(tops(state)).toEqual([
          ['main', 'm-main', ''],
          ['X@top2', 'X', 'abc'],
          ['Y@top', 'Y', 'd'],
        ]);
      }
    }
  });

  it('messages without a messageId take the first free ai-sdk-run-<n> from the run count on', () => {
    const named = (id: string) => [{ type: 'start', messageId: id }, { type: 'finish' }];
    const bare = (text: string) => [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ];
    const chunks = [
      ...named('ai-sdk-run-2'),
      ...named('ai-sdk-run-3'),
      ...bare('a'),
      ...named('ai-sdk-run-6'),
      ...bare('b'),
      ...bare('c'),
      ...named('ai-sdk-run-1'),
      ...bare('d'),
    ];
    const want = [
      ['ai-sdk-run-2', 'ai-sdk-run-2', ''],
      ['ai-sdk-run-3', 'ai-sdk-run-3', ''],
      ['ai-sdk-run-4', '', 'a'],
      ['ai-sdk-run-6', 'ai-sdk-run-6', ''],
      ['ai-sdk-run-5', '', 'b'],
      ['ai-sdk-run-7', '', 'c'],
      ['ai-sdk-run-1', 'ai-sdk-run-1', ''],
      ['ai-sdk-run-8', '', 'd'],
    ];
    for (let cut = 0; cut <= chunks.length; cut += 3) {
      for (const state of Object.values(everyWay(chunks, cut, { formats: [aiSdk] }))) {
        expect(tops(state)).toEqual(want);
      }
    }
  });
});
