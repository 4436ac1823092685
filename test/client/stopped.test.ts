// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  reduce,
  TERMINAL_TOOL_STATUSES,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/**
 * A stop the user chose (Stop, or a new message mid-stream) is not a failure: the runs end
 * `aborted` and every call still open ends `output-aborted`, with no error, at every depth and on
 * both wire formats.
 */

interface Nested {
  readonly type?: string;
  readonly payload?: { readonly output?: Nested };
}

const typeOf = (chunk: unknown) => (chunk as { type?: string }).type;

/** The two-level subagent recording, cut right after the innermost tool call started. */
function cutInsideInnermostCall(): unknown[] {
  const chunks = loadFixture('subagent-two-level') as Nested[];
  const innermost = chunks.findIndex(
    (chunk) => chunk.payload?.output?.payload?.output?.type === 'tool-call',
  );
  expect(innermost).toBeGreaterThan(0);
  return chunks.slice(0, innermost + 1);
}

function expectStopped(state: ToolpaneState, reason: string) {
  expect(state.toolCalls.size).toBeGreaterThanOrEqual(3);
  for (const call of state.toolCalls.values()) {
    expect(call.status, call.toolName).toBe('output-aborted');
    expect(call.error).toEqual({ kind: 'none' });
    expect(call.endedAt).toBeDefined();
  }
  const depths = new Set<number>();
  for (const run of state.runs.values()) {
    expect(run).toMatchObject({ status: 'aborted', error: reason });
    depths.add(run.depth);
  }
  expect([...depths].sort()).toEqual([0, 1, 2]);
}

function storeWithClock(): ToolpaneStore {
  let time = 0;
  return createToolpaneStore({ formats: [aiSdk], now: () => ++time });
}

describe('a stop the user chose', () => {
  it('ends open calls as stopped, not failed, two subagents deep (native)', () => {
    const store = storeWithClock();
    store.dispatchMany(cutInsideInnermostCall());
    store.dispatch({ type: 'toolpane/abort', reason: 'Stopped by a new message' });
    expectStopped(store.getState(), 'Stopped by a new message');
  });

  it('ends open calls as stopped, not failed, two subagents deep (AI SDK)', async () => {
    const store = storeWithClock();
    const ui = await throughAiSdk(cutInsideInnermostCall());
    // The converter closes the stream with a finish part; a stop cuts it before that.
    store.dispatchMany(ui.filter((chunk) => typeOf(chunk) !== 'finish'));
    store.dispatch({ type: 'toolpane/abort', reason: 'Stopped' });
    const state = store.getState();
    expect(state.format).toBe('ai-sdk');
    for (const call of state.toolCalls.values()) {
      expect(call.status, call.toolName).toBe('output-aborted');
    }
    expect([...state.runs.values()].every((run) => run.status === 'aborted')).toBe(true);
  });

  it("treats Mastra's own abort chunk as the same stop", () => {
    const store = storeWithClock();
    const cut = cutInsideInnermostCall();
    const runId = (cut[0] as { runId: string }).runId;
    store.dispatchMany([...cut, { type: 'abort', runId, from: 'AGENT', payload: {} }]);
    store.dispatch({ type: 'toolpane/stream-end' });
    expectStopped(store.getState(), 'The run was aborted');
  });

  it('keeps a stopped run stopped while the next run of the store finishes', () => {
    const store = storeWithClock();
    store.dispatchMany(cutInsideInnermostCall());
    store.dispatch({ type: 'toolpane/abort', reason: 'Stopped by a new message' });
    const stopped = store.getState();
    store.dispatchMany(loadFixture('tool-then-text'));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    expect(state.runOrder).toHaveLength(2);
    expect(state.runs.get(state.runOrder[1]!)?.status).toBe('finished');
    for (const [id, call] of stopped.toolCalls) expect(state.toolCalls.get(id)).toBe(call);
    expect(TERMINAL_TOOL_STATUSES.has('output-aborted')).toBe(true);
  });

  it('still fails calls whose stream broke: that is no stop', () => {
    const store = storeWithClock();
    store.dispatchMany(cutInsideInnermostCall());
    store.dispatch({ type: 'toolpane/stream-error', message: 'Connection reset' });
    const state = store.getState();
    for (const call of state.toolCalls.values()) expect(call.status).toBe('output-error');
  });
});

describe('a run that ends leaves no text open', () => {
  const open = (state: ToolpaneState) =>
    [...state.runs.values()].flatMap((run) =>
      run.status === 'streaming' || run.status === 'waiting'
        ? []
        : run.parts
            .filter(
              (part) =>
                (part.type === 'text' || part.type === 'reasoning') && part.state !== 'done',
            )
            .map((part) => `${run.runId} ${part.type} ${'id' in part ? part.id : ''}`),
    );

  it.each(['abort', 'subagent-abort'])('%s: aborted runs close their text', (name) => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    expect([...state.runs.values()].some((run) => run.status === 'aborted')).toBe(true);
    expect(open(state)).toEqual([]);
  });

  it('every recording, stopped or cut short in the middle of a text, closes it with its run', () => {
    for (const name of fixtureNames()) {
      const chunks = loadFixture(name);
      const middle = chunks.findIndex((chunk) => JSON.stringify(chunk).includes('-delta"'));
      if (middle === -1) continue;
      const options = { formats: [aiSdk] };
      for (const end of ['toolpane/abort', 'toolpane/stream-end']) {
        const store = createToolpaneStore(options);
        store.dispatchMany(chunks.slice(0, middle + 1));
        store.dispatch({ type: end, reason: 'Stopped' });
        expect(open(store.getState()), `${name} then ${end}`).toEqual([]);
      }
    }
  });

  it('closes them the same when the pure reducer applies chunks one by one', () => {
    for (const name of ['abort', 'subagent-abort']) {
      let state = initialState;
      for (const chunk of [...loadFixture(name), { type: 'toolpane/stream-end' }]) {
        state = reduce(state, chunk);
      }
      expect(open(state), name).toEqual([]);
    }
  });
});
