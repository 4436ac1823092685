import { createToolpaneStore, reduce, type ToolpaneState } from '@toolpane/client';
import { aiSdk, selectAwaitingClient, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, loadFixture } from '../utils/fixtures.js';
import { uiMessageOf, userMessage } from '../utils/history.js';

/*
 * The awaiting-the-client index (`selectAwaitingClient`): the calls that wait for the app's
 * result, kept by the reducer as calls change. Checked against a scan of every call after every
 * chunk, over several runs in one store that repeat a toolCallId, ended by every path.
 */

/** The calls awaiting the client as the index tells them: key, run and toolCallId. */
const indexed = (state: ToolpaneState) =>
  selectAwaitingClient(state)
    .map((call) => `${call.key} ${call.runId} ${call.toolCallId}`)
    .sort();

/** The same found by a scan of every call. */
const scanned = (state: ToolpaneState) =>
  [...state.toolCalls.values()]
    .filter((call) => call.awaitingClient === true)
    .map((call) => `${call.key} ${call.runId} ${call.toolCallId}`)
    .sort();

/** A store whose index is checked against a scan after every chunk or event. */
function checkedStore(options: Parameters<typeof createToolpaneStore>[0] = {}) {
  const store = createToolpaneStore(options);
  const apply = (chunks: readonly unknown[]) => {
    for (const chunk of chunks) {
      store.dispatch(chunk);
      expect(indexed(store.getState())).toEqual(scanned(store.getState()));
    }
  };
  return { store, apply, awaiting: () => indexed(store.getState()) };
}

/** Run `n` of the native client-tool recording: a fresh runId, the same toolCallId. */
const nativeRun = (n: number) => {
  const chunks = fixtureAsRun('client-tool', n);
  return { chunks, runId: (chunks[0] as { runId: string }).runId };
};

describe('the awaiting-the-client index', () => {
  it('native: repeated toolCallIds across runs, each ended by another path', () => {
    const { store, apply, awaiting } = checkedStore();
    const runs = [1, 2, 3, 4, 5].map(nativeRun);
    for (const { chunks } of runs) apply(chunks);
    expect(awaiting()).toEqual(
      ['call-ask-1', 'call-ask-1#2', 'call-ask-1#3', 'call-ask-1#4', 'call-ask-1#5']
        .map((key, i) => `${key} ${runs[i]!.runId} call-ask-1`)
        .sort(),
    );
    const payload = { toolCallId: 'call-ask-1', toolName: 'askUserTool' };
    // The app's result, by run; a result and an error from Mastra; a repeated event changes nothing.
    const [one, two, three, four, five] = runs.map((run) => run.runId);
    apply([{ type: 'toolpane/client-output', runId: three, toolCallId: 'call-ask-1', output: 1 }]);
    apply([{ type: 'toolpane/client-output', runId: three, toolCallId: 'call-ask-1', output: 2 }]);
    apply([{ type: 'tool-result', runId: one, from: 'AGENT', payload: { ...payload, result: 1 } }]);
    apply([
      { type: 'tool-error', runId: five, from: 'AGENT', payload: { ...payload, error: 'x' } },
    ]);
    expect(awaiting().map((line) => line.split(' ')[1])).toEqual([two, four].sort());
    // The same chunks again (a retried response) leave the index as the calls are.
    apply(nativeRun(2).chunks);
    // Without a run, the newest call with the id is meant: it has ended, so nothing changes.
    apply([{ type: 'toolpane/client-output', toolCallId: 'call-ask-1', output: 0 }]);
    expect(awaiting()).toHaveLength(2);
    apply([{ type: 'toolpane/client-output', runId: four, toolCallId: 'call-ask-1', output: 4 }]);
    apply([{ type: 'toolpane/client-output', runId: two, toolCallId: 'call-ask-1', output: 2 }]);
    expect(awaiting()).toEqual([]);
    expect(store.getState().toolCalls.get('call-ask-1#2')?.status).toBe('output-available');
  });

  it('AI SDK: runs repeating a toolCallId, the app’s results by run, then a restore', async () => {
    const { store, apply, awaiting } = checkedStore({ formats: [aiSdk] });
    const first = loadFixture('client-tool-aisdk');
    const runs = ['m-1', 'm-2', 'm-3', 'm-4'];
    for (const id of runs) apply([{ type: 'start', messageId: id }, ...first.slice(1)]);
    expect(awaiting()).toEqual([
      'call-ask-1 m-1 call-ask-1',
      'call-ask-1#2 m-2 call-ask-1',
      'call-ask-1#3 m-3 call-ask-1',
      'call-ask-1#4 m-4 call-ask-1',
    ]);
    apply([{ type: 'toolpane/client-output', runId: 'm-2', toolCallId: 'call-ask-1', output: 1 }]);
    // Mastra continues m-4 before the app answered, and the person stops it: the call stops too.
    apply([{ type: 'start', messageId: 'm-4' }, { type: 'start-step' }]);
    apply([{ type: 'toolpane/abort', reason: 'Stopped' }]);
    expect(store.getState().toolCalls.get('call-ask-1#4')?.status).toBe('output-aborted');
    expect(awaiting()).toEqual(['call-ask-1 m-1 call-ask-1', 'call-ask-1#3 m-3 call-ask-1']);

    // A saved snapshot keeps what awaits; the store it starts takes the app's results.
    const saved = deserializeState(JSON.parse(JSON.stringify(serializeState(store.getState()))));
    expect(indexed(saved)).toEqual(awaiting());
    const again = createToolpaneStore({ initialState: saved, formats: [aiSdk] });
    again.dispatch({
      type: 'toolpane/client-output',
      runId: 'm-3',
      toolCallId: 'call-ask-1',
      output: 3,
    });
    expect(indexed(again.getState())).toEqual(['call-ask-1 m-1 call-ask-1']);
    expect(indexed(again.getState())).toEqual(scanned(again.getState()));
    // A spread copy (no index of its own) is scanned; a pure reduce from it keeps one.
    const copy = { ...again.getState(), runOrder: [...again.getState().runOrder] };
    expect(indexed(copy)).toEqual(['call-ask-1 m-1 call-ask-1']);
    const reduced = reduce(copy, {
      type: 'toolpane/client-output',
      runId: 'm-1',
      toolCallId: 'call-ask-1',
      errorText: 'closed',
    });
    expect(indexed(reduced)).toEqual([]);
    // An older snapshot keeps its own index.
    expect(indexed(again.getState())).toEqual(['call-ask-1 m-1 call-ask-1']);

    // A chat rebuilt from its saved messages: the answered call awaits nothing.
    const answered = await uiMessageOf([{ type: 'start', messageId: 'm-9' }, ...first.slice(1)]);
    const rebuilt = stateFromUIMessages([userMessage('u-1', 'Go'), answered]);
    expect(indexed(rebuilt)).toEqual(scanned(rebuilt));
  });

  it('many calls that stop awaiting one by one, in batches, with older snapshots kept', () => {
    const { store, apply, awaiting } = checkedStore();
    const chunk = (type: string, runId: string, payload: object) =>
      ({ type, runId, from: 'AGENT', payload }) as const;
    const ask = (runId: string, count: number) => [
      chunk('start', runId, { id: 'agent', messageId: runId }),
      ...Array.from({ length: count }, (_, i) =>
        chunk('tool-call', runId, { toolCallId: `c${i}`, toolName: 'askUser', args: { i } }),
      ),
      chunk('finish', runId, { stepResult: { reason: 'tool-calls' } }),
    ];
    const answer = (runId: string, i: number) => ({
      type: 'toolpane/client-output',
      runId,
      toolCallId: `c${i}`,
      output: i,
    });
    apply(ask('r1', 60));
    expect(awaiting()).toHaveLength(60);
    const snapshots: [ToolpaneState, string[]][] = [];
    // Every third call, then every third from the second, one by one: the calls that stopped come
    // to outnumber those that await, and the index is made again of those.
    const thirds = (from: number) => Array.from({ length: 20 }, (_, i) => from + i * 3);
    const order = [...thirds(0), ...thirds(1)];
    for (const i of order) {
      apply([answer('r1', i)]);
      snapshots.push([store.getState(), awaiting()]);
    }
    // A second run, its calls answered in one batch.
    apply(ask('r2', 30));
    store.dispatchMany(Array.from({ length: 25 }, (_, i) => answer('r2', i)));
    expect(indexed(store.getState())).toEqual(scanned(store.getState()));
    expect(awaiting()).toHaveLength(60 - order.length + 5);
    for (const [state, keys] of snapshots) expect(indexed(state)).toEqual(keys);
    // An abort ends them all.
    apply([chunk('abort', 'r1', {}), chunk('abort', 'r2', {})]);
    expect(awaiting()).toEqual([]);
  });
});
