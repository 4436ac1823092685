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
import { serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { throughAiSdk } from '../utils/ai-sdk';
import { loadFixture } from '../utils/fixtures';
import { readRestored, restoredStore } from '../utils/restore';

/*
 * What a person approves stays what the call shows, however the state was read: live in a store,
 * through the pure `reduce`, or from a browser snapshot (`serializeState`, which leaves the raw
 * values out) taken while the request waits, after the decision was sent, or while the
 * continuation is under way. A chunk that ends the approved call naming other arguments (a
 * result, an error, a subagent snapshot's entry, an AI SDK input part) keeps the approved input
 * and records a `decision` issue. Without the raw arguments a restored state compares what the
 * chunk's arguments would show with what the call shows: exact where the call hides nothing.
 */

type Chunk = Record<string, unknown>;
const END: Chunk = { type: 'toolpane/stream-end' };
const SWAP = 'EVERYTHING-swapped';

/** How a state is read: live, stepwise, or restored from a browser snapshot at a point. */
const WAYS = ['store', 'reduce', 'restored: waiting', 'restored: sent', 'restored: under way'];

/**
 * The state after `request` (and the stream's end), a decision sent for `key`, then `ending`, read
 * the given way. `under way`: the snapshot is taken before the continuation's chunk at `cut`.
 */
function read(
  way: string,
  options: ReduceOptions,
  request: readonly unknown[],
  key: string,
  ending: readonly unknown[],
  cut = Math.max(0, ending.length - 1),
): ToolpaneState {
  const decision = { type: 'toolpane/decision-sent', toolCallId: key, approved: true };
  const all = [...request, END, decision, ...ending];
  if (way === 'store') {
    const store = createToolpaneStore(options);
    for (const chunk of all) store.dispatch(chunk);
    return store.getState();
  }
  if (way === 'reduce') {
    return all.reduce<ToolpaneState>((s, chunk) => reduce(s, chunk, options), initialState);
  }
  const at = {
    'restored: waiting': request.length + 1,
    'restored: sent': request.length + 2,
    'restored: under way': request.length + 2 + cut,
  }[way]!;
  return readRestored(all, at, options);
}

/** `value` with every object `edit` returns a replacement for replaced, at any depth. */
function edited(value: unknown, edit: (object: Chunk) => Chunk | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => edited(item, edit));
  if (typeof value !== 'object' || value === null) return value;
  const replaced = edit(value as Chunk);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, edited(v, edit)]));
}

/** Arguments with one more key: other arguments, and a view that shows them other. */
const withSwap = (args: unknown) => ({ ...(args as object), swapped: SWAP });

/**
 * The native chunks with the result of call `toolCallId` naming other arguments (its display
 * view too, when its metadata carries one), at any depth; `error`: the call fails instead.
 */
function swapResult(chunks: readonly unknown[], toolCallId: string, error = false): unknown[] {
  return chunks.map((chunk) =>
    edited(chunk, (object) => {
      const payload = object.payload as Chunk | undefined;
      if (object.type !== 'tool-result' || payload?.toolCallId !== toolCallId) return undefined;
      const text = JSON.stringify(object.metadata ?? null);
      const metadata = JSON.parse(text, (key, value) =>
        key === 'input-available' && value?.transformed !== undefined
          ? { ...value, transformed: withSwap(value.transformed) }
          : value,
      );
      const args = withSwap(payload.args);
      return {
        ...object,
        ...(metadata === null ? {} : { metadata }),
        ...(error ? { type: 'tool-error', payload: { ...payload, args, error: 'boom' } } : {}),
        ...(error ? {} : { payload: { ...payload, args } }),
      };
    }),
  );
}

const decisionIssues = (state: ToolpaneState, toolCallId: string) =>
  state.issues.filter((issue) => issue.kind === 'decision' && issue.toolCallId === toolCallId);

/** Recorded approvals and their continuations, with the call each asks for. */
const NATIVE = [
  ['approval-request', 'approval-approve', 'call-del-1'],
  ['approval-chain-request', 'approval-chain-approve-first', 'call-freeze-chain-1'],
  ['approval-two-level-request', 'approval-two-level-approve', 'call-del-deep-1'],
  ['memory-turns-request', 'memory-turns-approve', 'call-memo-2'],
  ['nested-approval-request', 'nested-approval-approve', 'call-del-sub-1'],
  ['nested-transform-approval-request', 'nested-transform-approval-approve', 'call-purge-nested-1'],
  ['parallel-approval-request', 'parallel-approval-approve', 'call-par-del-a'],
  ['subagent-approval-request', 'subagent-approval-approved', 'sub-del-1'],
] as const;

describe('an approved call that ends naming other arguments, native, read any way', () => {
  it.each(NATIVE)('%s, then %s', (requestName, endingName, key) => {
    const request = loadFixture(requestName);
    const continuation = loadFixture(endingName);
    const asked = reduceAll([...request, END]).toolCalls.get(key)!;
    expect(asked.status).toBe('approval-requested');
    const at = continuation.findIndex((chunk) => JSON.stringify(chunk).includes('"tool-result"'));
    for (const way of WAYS) {
      for (const error of [false, true]) {
        const ending = swapResult(continuation, asked.toolCallId, error);
        expect(JSON.stringify(ending), 'the recording ends the call').toContain(SWAP);
        const state = read(way, {}, request, key, ending, at);
        const call = state.toolCalls.get(key)!;
        const label = `${way}${error ? ', failing' : ''}`;
        expect(call.status, label).toMatch(/^output-/);
        expect(call.input, label).toEqual(asked.input);
        expect(JSON.stringify(call.input), label).not.toContain(SWAP);
        expect(decisionIssues(state, asked.toolCallId), label).not.toEqual([]);
      }
      // The recorded continuation, as it came, is no swap.
      const state = read(way, {}, request, key, continuation, at);
      expect(state.toolCalls.get(key)?.status, way).toBe('output-available');
      expect(decisionIssues(state, asked.toolCallId), way).toEqual([]);
    }
  });
});

describe('a display-transformed approval after a browser snapshot', () => {
  const chunks = loadFixture('transform-approval-decline-request') as Chunk[];
  const ask = chunks.find((chunk) => chunk.type === 'tool-call-approval')!;
  const key = (ask.payload as Chunk).toolCallId as string;
  // The same view ("[hidden key]"), another signing key.
  const swapped = { ...ask, payload: { ...(ask.payload as Chunk), args: withSwap({}) } };
  const sameView = {
    ...ask,
    payload: {
      ...(ask.payload as Chunk),
      args: { ...((ask.payload as Chunk).args as object), signingKey: 'sk-other' },
    },
  };
  const waiting = reduceAll([...chunks, END]);

  it('asks again for a request that comes again, since nothing proves it the same', () => {
    for (const sent of [false, true]) {
      const label = sent ? 'decision sent' : 'waiting';
      const decided = sent
        ? reduce(waiting, { type: 'toolpane/decision-sent', toolCallId: key, approved: true })
        : waiting;
      for (const again of [sameView, swapped]) {
        const store = restoredStore(decided, {});
        store.dispatch(again);
        const state = store.getState();
        const call = state.toolCalls.get(key)!;
        expect(call.approval?.revision, label).toBe(2);
        expect(call.status, label).toBe('approval-requested');
        expect(call.approval?.decision, label).toBeUndefined();
        expect(decisionIssues(state, key), label).toHaveLength(1);
      }
      // The request as it was shown: the same request, live and where the snapshot keeps the raw
      // values (one that stays on the server); the browser snapshot cannot tell.
      for (const [how, store] of [
        ['live', createToolpaneStore({ initialState: decided })],
        ['raw snapshot', restoredStore(decided, {}, true)],
      ] as const) {
        store.dispatch(ask);
        expect(store.getState().toolCalls.get(key)?.approval?.revision, how).toBe(1);
        expect(decisionIssues(store.getState(), key), how).toEqual([]);
      }
    }
    expect(JSON.stringify(serializeState(waiting))).not.toContain('sk-approval-decline-secret');
  });
});

describe('an approved call that ends naming other arguments, AI SDK', () => {
  it('a subagent snapshot entry that ends it keeps the approved input and says so', () => {
    const parts = loadFixture('aisdk-v6-approval-two-level') as Chunk[];
    const last = parts.map((part) => part.type).lastIndexOf('data-tool-agent');
    const request = parts.slice(
      0,
      parts.findIndex((p) => p.type === 'data-tool-call-approval') + 1,
    );
    const key = 'call-del-deep-1';
    const entry = { toolCallId: key, toolName: 'deleteTool', args: { id: SWAP } };
    const ending = {
      ...parts[last]!,
      data: {
        ...(parts[last]!.data as object),
        toolCalls: [entry],
        toolResults: [{ ...entry, result: { deleted: SWAP } }],
      },
    };
    const errors = {
      ...ending,
      data: { ...ending.data, toolResults: [], toolErrors: [{ ...entry, error: 'boom' }] },
    };
    // A client transform shows the inner call's input: a restored state compares its views.
    const shown: ReduceOptions = {
      formats: [aiSdk],
      transforms: { deleteTool: { input: (v) => v } },
    };
    for (const options of [{ formats: [aiSdk] }, shown]) {
      const asked = reduceAll([...request, END], options).toolCalls.get(key)!;
      expect(asked.status).toBe('approval-requested');
      for (const way of WAYS) {
        for (const end of [ending, errors]) {
          const state = read(way, options, request, key, [end]);
          const call = state.toolCalls.get(key)!;
          const label = `${way}, ${options === shown ? 'shown' : 'hidden'}, ${end === errors}`;
          expect(call.status, label).toMatch(/^output-/);
          expect(call.input, label).toEqual(asked.input);
          // Hidden and restored, nothing tells the arguments apart (see the README).
          if (options === shown || !way.startsWith('restored')) {
            expect(decisionIssues(state, key), label).not.toEqual([]);
          }
        }
        // The recorded snapshot that ends it is no swap.
        const state = read(way, options, request, key, parts.slice(request.length));
        expect(decisionIssues(state, key), way).toEqual([]);
      }
    }
  });

  it('an input part that names other arguments keeps the approved input and says so', async () => {
    // Shown as it came (aisdk-v5), and hidden: @mastra/ai-sdk dropped the deltas of a transform.
    const plain = loadFixture('aisdk-v5') as Chunk[];
    const hidden = await throughAiSdk(loadFixture('transform-approval-decline-request'));
    const options: ReduceOptions = { formats: [aiSdk] };
    for (const [name, parts] of [
      ['shown', plain],
      ['hidden', hidden],
    ] as const) {
      const request = parts.slice(
        0,
        parts.findIndex((p) => p.type === 'data-tool-call-approval') + 1,
      );
      const input = request.filter((p) => p.type === 'tool-input-available').at(-1)!;
      const key = input.toolCallId as string;
      const asked = reduceAll([...request, END], options).toolCalls.get(key)!;
      expect(asked.status, name).toBe('approval-requested');
      const other: Chunk = { ...input, input: withSwap(input.input) };
      const failed: Chunk = { ...other, type: 'tool-input-error', errorText: 'Invalid input' };
      for (const way of WAYS.slice(0, 4)) {
        for (const end of [[other], [other, failed], [failed]]) {
          const state = read(way, options, request, key, end);
          const call = state.toolCalls.get(key)!;
          const label = `${name}, ${way}, ${end.map((p) => p.type)}`;
          expect(call.input, label).toEqual(asked.input);
          // Hidden and restored, nothing tells the arguments apart (see the README).
          if (name === 'shown' || !way.startsWith('restored')) {
            expect(decisionIssues(state, key).length, label).toBe(end.length);
          }
        }
        // The input part again, as it was: no swap.
        const state = read(way, options, request, key, [input]);
        expect(decisionIssues(state, key), `${name}, ${way}`).toEqual([]);
      }
    }
  });
});
