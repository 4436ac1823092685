// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { formatTree } from '@toolpane/client/inspect';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { deepChain } from '../utils/deep-chain';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/** Approvals as state: where they are routed and what a person sees of them. */

describe('approvals at any depth', () => {
  it.each([3, 64, 65, 100, 300])('routes an approval %i levels down to the inner call', (depth) => {
    const state = reduceAll([...deepChain(depth), { type: 'toolpane/stream-end' }], {
      formats: [aiSdk],
    });
    const pending = selectPendingApprovals(state);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      toolCallId: 'inner',
      toolName: 'deleteTool',
      resumeWith: { runId: 'run-top', toolCallId: 'agent-0' },
    });
    expect(state.toolCalls.get('agent-0')?.status).not.toBe('approval-requested');
    // Every run on the way waits with it.
    for (let level = 1; level <= depth; level++) {
      expect(state.runs.get(`run-${level}`)?.status).toBe('waiting');
    }
  });

  it('ends a deep chain whole when its top-level run ends', () => {
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(deepChain(120).slice(0, -1));
    store.dispatch({ type: 'abort' });
    const state: ToolpaneState = store.getState();
    expect(state.runs.get('run-120')?.status).toBe('aborted');
    expect(state.toolCalls.get('inner')?.status).toBe('output-aborted');
  });

  it('says where the printed tree stops for a chain deeper than it prints', () => {
    const tree = formatTree(reduceAll(deepChain(40), { formats: [aiSdk] }));
    expect(tree).toContain('… runs nested deeper than 32 levels are not shown');
  });
});

describe('what a person approves is what they saw', () => {
  const chunks = loadFixture('approval-request') as { type: string; payload: object }[];
  const request = chunks.find((chunk) => chunk.type === 'tool-call-approval')!;
  const withArgs = (args: unknown) => ({ ...request, payload: { ...request.payload, args } });

  it('keeps the request, and a decision on it, when the same request comes again', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const shown = store.getState().toolCalls.get('call-del-1')!.approval!;
    expect(shown.revision).toBe(1);
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
    store.dispatch(request);
    const call = store.getState().toolCalls.get('call-del-1')!;
    expect(call.status).toBe('approval-responded');
    expect(call.approval).toMatchObject({ revision: 1, decision: { approved: true } });
    expect(call.approval!.args).toBe(shown.args);
  });

  it('shows a request with other arguments as a new request, never as a silent swap', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const first = store.getState().toolCalls.get('call-del-1')!.approval!;
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
    store.dispatch(withArgs({ id: 'everything', cascade: true }));
    const state = store.getState();
    const call = state.toolCalls.get('call-del-1')!;
    // The person must decide again, on what they now see.
    expect(call.status).toBe('approval-requested');
    expect(call.approval).toMatchObject({
      revision: 2,
      args: { kind: 'raw', value: { id: 'everything', cascade: true } },
    });
    expect(call.approval!.decision).toBeUndefined();
    expect(first.args).toEqual({ kind: 'raw', value: { id: 'abc-123' } });
    expect(state.issues).toContainEqual(
      expect.objectContaining({ kind: 'decision', toolCallId: 'call-del-1' }),
    );
    expect(selectPendingApprovals(state).map((p) => p.call.approval?.revision)).toEqual([2]);
  });

  it('treats changed raw arguments under a display transform as a new request', () => {
    const meta = {
      metadata: {
        mastra: { toolPayloadTransform: { display: { approval: { transformed: { id: '•' } } } } },
      },
    };
    const store = createToolpaneStore();
    store.dispatchMany(chunks.filter((chunk) => chunk.type !== 'tool-call-approval'));
    store.dispatch({ ...withArgs({ id: 'abc-123' }), ...meta });
    store.dispatch({ ...withArgs({ id: 'rec-1', all: true }), ...meta });
    expect(store.getState().toolCalls.get('call-del-1')?.approval?.revision).toBe(2);
  });

  it('keeps the approved arguments when the call ends naming others, and says so', () => {
    // A result or an error after the decision, native and AI SDK: the input shown beside the
    // decision stays what the person approved.
    const ending = (loadFixture('approval-approve') as { type: string; payload: object }[]).map(
      (chunk) =>
        chunk.type === 'tool-result'
          ? { ...chunk, payload: { ...chunk.payload, args: { id: 'everything' } } }
          : chunk,
    );
    const failing = ending.map((chunk) =>
      chunk.type === 'tool-result'
        ? { ...chunk, type: 'tool-error', payload: { ...chunk.payload, error: 'boom' } }
        : chunk,
    );
    for (const end of [ending, failing]) {
      const store = createToolpaneStore();
      store.dispatchMany(chunks);
      const approved = store.getState().toolCalls.get('call-del-1')!;
      store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
      store.dispatchMany(end);
      const state = store.getState();
      const call = state.toolCalls.get('call-del-1')!;
      expect(call.status).toMatch(/^output-/);
      expect(call.input).toEqual(approved.input);
      expect(call.raw.input).toEqual({ id: 'abc-123' });
      expect(state.issues).toContainEqual(
        expect.objectContaining({ kind: 'decision', toolCallId: 'call-del-1' }),
      );
    }
    const ai = loadFixture('aisdk-v5') as { type: string; data?: object }[];
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(ai.slice(0, ai.findIndex((c) => c.type === 'data-tool-call-approval') + 1));
    const asked = store.getState().toolCalls.get('call-del-ai-1')!;
    expect(asked.status).toBe('approval-requested');
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-ai-1', approved: true });
    store.dispatch({
      type: 'tool-input-error',
      toolCallId: 'call-del-ai-1',
      toolName: 'deleteTool',
      input: { id: 'all-trips' },
      errorText: 'Invalid input',
    });
    expect(store.getState().toolCalls.get('call-del-ai-1')!.input).toEqual(asked.input);
  });

  it('asks again when the view of arguments already decided on changes', () => {
    // The same raw arguments with a display view they did not have when the person decided.
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const seen = store.getState().toolCalls.get('call-del-1')!.approval!;
    store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true });
    store.dispatch({
      ...request,
      metadata: {
        mastra: {
          toolPayloadTransform: { display: { approval: { transformed: { id: 'everything' } } } },
        },
      },
    });
    const state = store.getState();
    const call = state.toolCalls.get('call-del-1')!;
    const shownNow = JSON.stringify(call.approval!.args);
    // Either it still shows what the person saw, or it is a new request they must decide on.
    if (shownNow !== JSON.stringify(seen.args)) {
      expect(call.approval!.revision).toBe(2);
      expect(call.approval!.decision).toBeUndefined();
      expect(call.status).toBe('approval-requested');
    }
    expect(shownNow).not.toContain('abc-123');
    expect(state.issues).toContainEqual(
      expect.objectContaining({ kind: 'decision', toolCallId: 'call-del-1' }),
    );
  });

  it('says so when news of a decision names no call that waits for it', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    const before = store.getState().toolCalls;
    // No decision was sent for call-del-1; call-nope is no call at all.
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: 'call-del-1',
      error: 'HTTP 500',
    });
    store.dispatch({
      type: 'toolpane/decision-failed',
      toolCallId: 'call-nope',
      error: 'HTTP 500',
    });
    store.dispatch({ type: 'toolpane/decision-expired', toolCallId: 'call-nope', message: 'gone' });
    const state = store.getState();
    expect(state.toolCalls).toBe(before);
    expect(state.issues.map((issue) => [issue.kind, issue.toolCallId])).toEqual([
      ['decision', 'call-del-1'],
      ['decision', 'call-nope'],
      ['decision', 'call-nope'],
    ]);
  });

  it('shows a changed request as a new request on the AI SDK path', () => {
    const chunks = loadFixture('aisdk-v5') as { type: string; data?: object }[];
    const part = chunks.find((chunk) => chunk.type === 'data-tool-call-approval')!;
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(chunks);
    expect(store.getState().toolCalls.get('call-del-ai-1')?.approval?.revision).toBe(1);
    store.dispatch(part);
    expect(store.getState().toolCalls.get('call-del-ai-1')?.approval?.revision).toBe(1);
    store.dispatch({ ...part, data: { ...part.data, args: { id: 'all-trips' } } });
    const call = store.getState().toolCalls.get('call-del-ai-1')!;
    expect(call.approval).toMatchObject({
      revision: 2,
      args: { kind: 'raw', value: { id: 'all-trips' } },
    });
    expect(call.status).toBe('approval-requested');
  });
});

describe('arguments under approval that are not JSON', () => {
  // The workflow-loop recording, its second argument delta retyped into a network approval
  // request (the arguments still streaming, the request naming those streamed so far: one that
  // names none cannot be approved until they come), and the `tool-call` then bringing a `Date`
  // where the request had an object: found by property seed 3.
  const chunks = loadFixture('workflow-loop').slice(0, 17) as Record<string, unknown>[];
  const delta = chunks.findIndex((chunk) => chunk.type === 'tool-call-delta') + 1;
  const call = chunks.findIndex((chunk) => chunk.type === 'tool-call');
  const sequence = chunks.map((chunk, index) => {
    if (index === delta) {
      const payload = { ...(chunk.payload as object), args: { inputData: {} } };
      return { ...chunk, type: 'tool-execution-approval', payload };
    }
    if (index !== call) return chunk;
    const payload = chunk.payload as Record<string, unknown>;
    return { ...chunk, payload: { ...payload, args: { inputData: new Date(0) } } };
  });

  it('keeps what the request was shown with when a Date comes where an object was', () => {
    const store = createToolpaneStore({ families: [network] });
    store.dispatchMany(sequence.slice(0, call));
    const asked = store.getState().toolCalls.get('call-poll-1')!;
    expect(asked.status).toBe('approval-requested');
    expect(asked.input).toEqual({ kind: 'raw', value: { inputData: {} } });
    store.dispatch(sequence[call]);
    const after = store.getState();
    expect(after.toolCalls.get('call-poll-1')?.input).toEqual(asked.input);
    expect(after.issues.map((issue) => issue.message)).toContain(
      'A chunk gave workflow-poll other arguments while it waits for approval: the call keeps the arguments the approval was asked for',
    );
  });

  it('takes a Date of the same time as the same argument, and one of another time as a swap', () => {
    const at = (time: number) => ({
      ...sequence[call]!,
      payload: { ...(sequence[call]!.payload as object), args: { when: new Date(time) } },
    });
    const approval = {
      ...sequence[call]!,
      type: 'tool-call-approval',
      payload: {
        toolCallId: 'call-poll-1',
        toolName: 'workflow-poll',
        args: { when: new Date(5) },
        resumeSchema: '{}',
      },
    };
    const store = createToolpaneStore();
    store.dispatchMany([...chunks.slice(0, 2), at(5), approval, at(5)]);
    expect(store.getState().issues).toEqual([]);
    store.dispatch(at(6));
    expect(store.getState().issues).toHaveLength(1);
  });
});

describe('arguments a client transform masks', () => {
  const transforms = {
    deleteTool: { input: () => ({ id: '••' }), approval: () => ({ id: '••' }) },
  };

  it('asked again with others, are a new request on both paths, though the view is the same', () => {
    // AI SDK: the approval part again, with other arguments.
    const ai = loadFixture('aisdk-v6') as { type: string; data?: object }[];
    const at = ai.findIndex((chunk) => chunk.type === 'data-tool-call-approval');
    const part = ai[at]!;
    const store = createToolpaneStore({ formats: [aiSdk], transforms });
    store.dispatchMany(ai.slice(0, at + 1));
    expect(store.getState().toolCalls.get('call-del-ai-1')?.approval).toMatchObject({
      revision: 1,
      args: { value: { id: '••' } },
    });
    store.dispatch(part);
    expect(store.getState().toolCalls.get('call-del-ai-1')?.approval?.revision).toBe(1);
    store.dispatch({ ...part, data: { ...part.data, args: { id: 'everything' } } });
    expect(store.getState().toolCalls.get('call-del-ai-1')?.approval?.revision).toBe(2);
    // Native, the same swap.
    const chunks = loadFixture('approval-request') as { type: string; payload: object }[];
    const native = createToolpaneStore({ transforms });
    native.dispatchMany(chunks);
    const ask = chunks.find((chunk) => chunk.type === 'tool-call-approval')!;
    native.dispatch({ ...ask, payload: { ...ask.payload, args: { id: 'everything' } } });
    expect(native.getState().toolCalls.get('call-del-1')?.approval?.revision).toBe(2);
  });
});

describe('a display-transformed call asked for approval through @mastra/ai-sdk', () => {
  // Every native recording whose approval request is display-transformed, as chatRoute streams it.
  const RECORDINGS = fixtureNames().filter((name) => {
    if (name.includes('aisdk')) return false;
    const text = JSON.stringify(loadFixture(name));
    return text.includes('"tool-call-approval"') && text.includes('"transformed"');
  });

  it.each(RECORDINGS)('%s: one request, no change reported, whatever the version', async (name) => {
    for (const version of ['v5', 'v6'] as const) {
      const chunks = await throughAiSdk(loadFixture(name), { version });
      const state = reduceAll([...chunks, { type: 'toolpane/stream-end' }], { formats: [aiSdk] });
      const asked = [...state.toolCalls.values()].filter((call) => call.approval !== undefined);
      expect(asked.length, version).toBeGreaterThan(0);
      for (const call of asked) expect(call.approval!.revision, version).toBe(1);
      expect(
        state.issues.filter((issue) => issue.kind === 'decision'),
        version,
      ).toEqual([]);
    }
  });
});
