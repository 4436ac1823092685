import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  selectPendingApprovals,
  selectRunText,
  selectStatus,
  selectSubagents,
  selectToolCalls,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

describe('tool call then text', () => {
  const state = reduceAll(loadFixture('tool-call-then-text'));
  const run = state.runs.get(state.runOrder[0]!)!;

  it('keeps the run with the agent id from start and a finished status', () => {
    expect(state.format).toBe('mastra');
    expect(state.runOrder).toEqual(['6609383b-8d7c-4012-aa4b-f974e9f1fbcd']);
    expect(run).toMatchObject({
      agentId: 'weather-agent',
      status: 'finished',
      finishReason: 'stop',
    });
    expect(run.steps).toHaveLength(2);
    expect(run.steps[0]?.finishReason).toBe('tool-calls');
  });

  it('keys the tool call by id with its registered name, input and output', () => {
    const call = state.toolCalls.get('call-1')!;
    expect(call).toMatchObject({
      toolName: 'weatherTool',
      kind: 'tool',
      status: 'output-available',
      parentToolCallId: null,
      inputText: '{"city":"Paris"}',
      input: { kind: 'raw', value: { city: 'Paris' } },
      output: { kind: 'raw', value: { city: 'Paris', tempC: 21, sky: 'sunny' } },
      displayTransform: 'none',
    });
  });

  it('orders parts as they streamed: the call, then the text', () => {
    expect(run.parts.map((p) => p.type)).toEqual(['tool-call', 'text']);
    expect(selectRunText(state, run.runId)).toBe('It is 21°C and sunny in Paris.');
    expect(run.parts[1]).toMatchObject({ state: 'done' });
    expect(state.issues).toEqual([]);
  });
});

describe('streaming input', () => {
  it('shows the partial input while the arguments stream', () => {
    const chunks = loadFixture('tool-call-then-text');
    const start = chunks.findIndex((c) => (c as { type: string }).type === 'tool-call-delta');
    const delta = chunks[start] as { payload: { argsTextDelta: string } };
    const half = structuredClone(delta);
    half.payload.argsTextDelta = '{"city":"Pa';
    const state = reduceAll([...chunks.slice(0, start), half]);
    expect(state.toolCalls.get('call-1')).toMatchObject({
      status: 'input-streaming',
      input: { kind: 'raw', value: { city: 'Pa' } },
    });
  });
});

describe('subagent', () => {
  const state = reduceAll(loadFixture('subagent'));

  it('hangs the subagent run under its agent-* call with the subagent id', () => {
    expect(selectSubagents(state)).toEqual([
      {
        toolCallId: 'call-agent-1',
        toolName: 'agent-weather',
        agentId: 'weather-agent',
        runId: 'aa63bf05-8127-4769-b6ea-80eb4e30977e',
        depth: 1,
        status: 'finished',
      },
    ]);
    expect(state.toolCalls.get('call-agent-1')).toMatchObject({
      kind: 'agent',
      status: 'output-available',
      childRunIds: ['aa63bf05-8127-4769-b6ea-80eb4e30977e'],
    });
  });

  it("keeps the subagent's transcript after the parent's tool-result", () => {
    const sub = 'aa63bf05-8127-4769-b6ea-80eb4e30977e';
    expect(selectRunText(state, sub)).toBe('Paris: 21°C, sunny.');
    expect(state.toolCalls.get('sub-call-1')).toMatchObject({
      toolName: 'weatherTool',
      parentToolCallId: 'call-agent-1',
      runId: sub,
      status: 'output-available',
    });
    expect(state.runOrder).toHaveLength(1);
  });

  it("records what the model saw of the subagent's result", () => {
    expect(state.toolCalls.get('call-agent-1')?.modelOutput).toMatchObject({ type: 'text' });
  });
});

describe('approvals', () => {
  it('waits for a person when the stream ends after tool-call-approval', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('approval-request'));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    expect(selectStatus(state)).toBe('waiting');
    const call = state.toolCalls.get('call-del-1')!;
    expect(call.status).toBe('approval-requested');
    expect(call.approval?.resumeSchema).toMatchObject({ type: 'object' });
    const runId = (loadFixture('approval-request')[0] as { runId: string }).runId;
    expect(
      selectPendingApprovals(state).map((p) => [p.toolCallId, p.toolName, p.resumeWith]),
    ).toEqual([['call-del-1', 'deleteTool', { runId, toolCallId: 'call-del-1' }]]);
  });

  it('goes to approval-responded while a decision is in flight, and back on failure', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('approval-request'));
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
    expect(store.getState().toolCalls.get('call-del-1')?.status).toBe('approval-responded');
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: 'call-del-1',
      error: 'HTTP 500',
    });
    const call = store.getState().toolCalls.get('call-del-1')!;
    expect(call.status).toBe('approval-requested');
    expect(call.approval?.error).toBe('HTTP 500');
    expect(store.getState().issues.at(-1)).toMatchObject({
      kind: 'decision',
      toolCallId: 'call-del-1',
    });
  });

  it('ends denied with the reason after a decline', () => {
    const state = reduceAll([
      ...loadFixture('approval-decline-request'),
      ...loadFixture('approval-decline'),
    ]);
    const call = state.toolCalls.get('call-del-1')!;
    expect(call.status).toBe('output-denied');
    expect(call.approval?.decision).toEqual({ approved: false, reason: 'Not today' });
  });

  it('routes a nested approval to the inner call with the top-level target', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('subagent-approval-request'));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    const inner = state.toolCalls.get('sub-del-1')!;
    expect(inner).toMatchObject({
      toolName: 'deleteTool',
      status: 'approval-requested',
      parentToolCallId: 'call-ops-1',
    });
    expect(inner.approval?.target).toEqual({
      runId: 'dc7ada46-0914-4c33-977e-7ea50b64b8b5',
      toolCallId: 'call-ops-1',
    });
    // The parent stays open without an approval of its own: the decision belongs to the inner card.
    expect(state.toolCalls.get('call-ops-1')).toMatchObject({ status: 'input-available' });
    expect(state.toolCalls.get('call-ops-1')?.approval).toBeUndefined();
    expect(selectPendingApprovals(state).map((p) => p.toolCallId)).toEqual(['sub-del-1']);
    expect(selectStatus(state)).toBe('waiting');
    expect(state.runs.get('a7e924c4-a892-4e66-b4c0-98cd082f63b9')?.status).toBe('waiting');
  });

  it('merges the continuation of a nested approval into the same runs', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('subagent-approval-request'));
    store.dispatch({ type: 'toolpane/stream-end' });
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'sub-del-1', approved: true });
    store.dispatchMany(loadFixture('subagent-approval-approved'));
    store.dispatch({ type: 'toolpane/stream-end' });
    const state = store.getState();
    expect(state.runOrder).toEqual(['dc7ada46-0914-4c33-977e-7ea50b64b8b5']);
    expect(state.toolCalls.get('sub-del-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { deleted: true, id: 'abc-123' } },
    });
    expect(state.toolCalls.get('call-ops-1')?.status).toBe('output-available');
    expect(selectRunText(state, 'a7e924c4-a892-4e66-b4c0-98cd082f63b9')).toBe('Deleted abc-123.');
    expect(selectRunText(state, 'dc7ada46-0914-4c33-977e-7ea50b64b8b5')).toBe(
      'The ops agent deleted abc-123.',
    );
    expect(selectStatus(state)).toBe('finished');
    expect(selectPendingApprovals(state)).toEqual([]);
  });
});

describe('purity and structural sharing', () => {
  it('never modifies the input state and keeps untouched calls by reference', () => {
    const chunks = loadFixture('subagent');
    const before = reduceAll(chunks.slice(0, 20));
    const frozen = JSON.stringify([...before.toolCalls.values()]);
    const subCall = before.toolCalls.get('sub-call-1');
    const after = reduce(before, chunks[20]);
    expect(JSON.stringify([...before.toolCalls.values()])).toBe(frozen);
    expect(after).not.toBe(before);
    expect(after.toolCalls.get('sub-call-1')).toBe(subCall);
  });

  it('returns the same state for a transient data chunk that changes nothing', () => {
    const state = reduceAll(loadFixture('tool-call-then-text'));
    expect(reduce(state, { type: 'data-ping', data: 1, transient: true })).toBe(state);
  });

  it('gives the same final state chunk by chunk as in one pass', () => {
    const chunks = loadFixture('subagent');
    let state = initialState;
    for (const chunk of chunks) state = reduce(state, chunk);
    const once = reduceAll(chunks);
    expect(selectToolCalls(state)).toEqual(selectToolCalls(once));
    expect([...state.runs.values()]).toEqual([...once.runs.values()]);
  });
});

describe('bad input', () => {
  it('records malformed and unknown chunks as issues and applies the rest', () => {
    const chunks = loadFixture('tool-call-then-text');
    const state = reduceAll([
      'not an object',
      { type: 'tool-call', runId: 'r', payload: { toolName: 'x' } },
      { type: 'mystery-chunk', runId: 'r', payload: {} },
      ...chunks,
    ]);
    expect(state.issues.map((i) => i.kind)).toEqual([
      'invalid-chunk',
      'invalid-chunk',
      'unknown-chunk',
    ]);
    expect(state.issues[1]?.message).toContain('toolCallId');
    expect(state.unknownChunks).toEqual([{ type: 'mystery-chunk', runId: 'r', payload: {} }]);
    expect(state.toolCalls.get('call-1')?.status).toBe('output-available');
  });

  it('ends open calls when a stream drops, keeping what arrived', () => {
    const chunks = loadFixture('tool-call-then-text');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 6));
    store.dispatch({ type: 'toolpane/stream-error', message: 'socket hang up' });
    const state = store.getState();
    expect(selectStatus(state)).toBe('interrupted');
    expect(state.toolCalls.get('call-1')).toMatchObject({
      status: 'output-error',
      input: { kind: 'raw', value: { city: 'Paris' } },
      error: { kind: 'raw', value: 'socket hang up' },
    });
  });
});

describe('text and reasoning parts', () => {
  it('keeps reasoning and text apart even when their ids are the same', () => {
    const runId = 'run-parts';
    const chunk = (type: string, payload: object) => ({ type, runId, from: 'AGENT', payload });
    const state = reduceAll([
      chunk('start', { id: 'agent' }),
      chunk('text-start', { id: 'p1' }),
      chunk('text-delta', { id: 'p1', text: 'Answer' }),
      chunk('reasoning-delta', { id: 'p1', text: 'Thinking' }),
      chunk('text-delta', { id: 'p1', text: ' more' }),
    ]);
    expect(state.runs.get(runId)?.parts).toEqual([
      { type: 'text', id: 'p1', text: 'Answer more', state: 'streaming' },
      { type: 'reasoning', id: 'p1', text: 'Thinking', state: 'streaming' },
    ]);
  });
});

describe('partial input fields', () => {
  it('tells which fields of the streamed input are complete, then drops the parse', () => {
    const chunks = loadFixture('tool-call-then-text');
    const start = chunks.findIndex((c) => (c as { type: string }).type === 'tool-call-delta');
    const delta = chunks[start] as { payload: { argsTextDelta: string } };
    const piece = (text: string) => {
      const next = structuredClone(delta);
      next.payload.argsTextDelta = text;
      return next;
    };
    const open = reduceAll([...chunks.slice(0, start), piece('{"city":"Paris","days":')]);
    const partial = open.toolCalls.get('call-1')?.partialInput;
    expect(partial?.isComplete('/city')).toBe(true);
    expect(partial?.isComplete('/days')).toBe(false);
    expect(partial?.complete).toBe(false);
    const whole = reduceAll(chunks);
    expect(whole.toolCalls.get('call-1')?.partialInput).toBeUndefined();
  });

  it('exposes no partial parse under a display transform', () => {
    const chunks = loadFixture('transform-input-streamed');
    const firstCall = chunks.findIndex((c) => (c as { type: string }).type === 'tool-call');
    const state = reduceAll(chunks.slice(0, firstCall));
    expect(state.toolCalls.get('call-crm-1')?.status).toBe('input-streaming');
    expect(state.toolCalls.get('call-crm-1')?.partialInput).toBeUndefined();
  });
});

describe('identity of a subagent call', () => {
  it('keeps the agent-* call by reference while only its subagent streams', () => {
    const chunks = loadFixture('subagent');
    const store = createToolpaneStore();
    const firstNested = chunks.findIndex((c) => (c as { type: string }).type === 'tool-output');
    store.dispatchMany(chunks.slice(0, firstNested + 1));
    const parent = store.getState().toolCalls.get('call-agent-1');
    const textDelta = chunks.findIndex(
      (c, i) =>
        i > firstNested &&
        ((c as { payload?: { output?: { type?: string } } }).payload?.output?.type ?? '') ===
          'text-delta',
    );
    store.dispatchMany(chunks.slice(firstNested + 1, textDelta + 1));
    expect(store.getState().toolCalls.get('call-agent-1')).toBe(parent);
  });
});
