// @vitest-environment node
import {
  createToolpaneStore,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * A model that reuses a toolCallId, with the same arguments, in a later step of the run, after
 * the call with the id ended: Mastra runs it as a call of its own and, for a tool that needs
 * approval, asks for it again. Every recorded approval whose continuation ends the approved call
 * and starts a later step is read with the request's own chunks (its `tool-call` and
 * `tool-call-approval`, as recorded) sent again in that later step: a new card asks, with the
 * arguments the request carries, and the ended call stays as it ended. Sent again whole (a
 * reconnect), the stream asks nothing more.
 */

type Chunk = { type: string; runId?: string; payload?: Record<string, unknown> };

const END = { type: 'toolpane/stream-end' };

/** Recorded request streams and the continuation after their decision. */
const PAIRS: readonly [string, string][] = [
  ['approval-request', 'approval-approve'],
  ['approval-decline-request', 'approval-decline'],
  ['approval-chain-request', 'approval-chain-approve-first'],
  ['transform-approval-decline-request', 'transform-approval-decline'],
  ['parallel-approve-decline-request', 'parallel-approve-decline-decline-second'],
  ['parallel-approval-request', 'parallel-approval-approve'],
  ['nested-approval-request', 'nested-approval-approve'],
  ['subagent-approval-request', 'subagent-approval-approved'],
];

const ENDS = new Set(['tool-result', 'tool-error', 'tool-output-denied']);

interface Case {
  readonly name: string;
  readonly request: Chunk[];
  readonly continuation: Chunk[];
  /** The request's top-level chunks of the call asked about: its `tool-call`, its request. */
  readonly call: Chunk | undefined;
  readonly ask: Chunk;
  /** Where the later step starts in the continuation: after this index. */
  readonly at: number;
}

/** The cases of a pair: each top-level plain call it asked about, ended, then a later step. */
function casesOf([requestName, continuationName]: [string, string]): Case[] {
  const request = loadFixture(requestName) as Chunk[];
  const continuation = loadFixture(continuationName) as Chunk[];
  const out: Case[] = [];
  for (const ask of request) {
    if (ask.type !== 'tool-call-approval') continue;
    const id = ask.payload?.toolCallId;
    const call = request.find((c) => c.type === 'tool-call' && c.payload?.toolCallId === id);
    // A repeat one level up names the outer call: only a plain tool's own request is retried.
    if (call !== undefined && call.payload?.toolName !== ask.payload?.toolName) continue;
    const end = continuation.findIndex((c) => ENDS.has(c.type) && c.payload?.toolCallId === id);
    if (end === -1) continue;
    const at = continuation.findIndex(
      (c, i) => i > end && c.type === 'step-start' && c.runId === ask.runId,
    );
    if (at === -1) continue;
    out.push({ name: `${continuationName} ${id}`, request, continuation, call, ask, at });
  }
  return out;
}

const CASES = PAIRS.flatMap(casesOf);

/** The continuation with `sent` put in its later step. */
const withRetry = (c: Case, sent: Chunk[]) => [
  ...c.continuation.slice(0, c.at + 1),
  ...sent,
  ...c.continuation.slice(c.at + 1),
];

function read(chunks: readonly unknown[]): ToolpaneState {
  const store = createToolpaneStore();
  store.dispatchMany(chunks);
  return store.getState();
}

const callsWithId = (state: ToolpaneState, id: unknown): ToolCallState[] =>
  [...state.toolCalls.values()].filter((call) => call.toolCallId === id);

/** The continuation cut where the retry's request was read: the run waits for it. */
function upToRequest(c: Case, sent: Chunk[]) {
  const all = withRetry(c, sent);
  return all.slice(0, all.indexOf(sent.at(-1)!) + 1);
}

describe('a later step that reuses an ended call id with the same arguments', () => {
  it('reaches the recorded approvals whose continuation starts a later step', () => {
    expect(CASES.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'approval-approve call-del-1',
        'approval-chain-approve-first call-freeze-chain-1',
        'approval-decline call-del-1',
        'transform-approval-decline call-sign-decline-1',
      ]),
    );
  });

  describe.each([
    ['its tool-call and its request', (c: Case) => [c.call, c.ask].filter((x) => x !== undefined)],
    ['its request alone', (c: Case) => [c.ask]],
  ])('%s', (_, sentOf) => {
    it.each(CASES.map((c) => [c.name, c] as const))('%s asks anew', (_name, c) => {
      const sent = sentOf(c) as Chunk[];
      const before = read([...c.request, END, ...c.continuation.slice(0, c.at + 1)]);
      const state = read([...c.request, END, ...upToRequest(c, sent)]);
      const id = c.ask.payload?.toolCallId;
      const calls = callsWithId(state, id);
      const ended = callsWithId(before, id);
      expect(calls).toHaveLength(ended.length + 1);
      // The ended call stays as it ended.
      for (const call of ended) {
        expect(state.toolCalls.get(call.key)!.status).toBe(call.status);
      }
      const retry = calls.at(-1)!;
      expect(retry.key).not.toBe(id);
      expect(retry.status).toBe('approval-requested');
      expect(retry.approval?.args).toEqual(
        ended.at(-1)!.displayTransform === 'display'
          ? ended.at(-1)!.approval?.args
          : { kind: 'raw', value: c.ask.payload?.args },
      );
      expect(selectPendingApprovals(state).map((p) => p.key)).toContain(retry.key);
      expect(state.issues.filter((issue) => issue.kind === 'decision')).toEqual([]);
    });

    it.each(CASES.map((c) => [c.name, c] as const))('%s sent again asks once', (_name, c) => {
      const sent = sentOf(c) as Chunk[];
      const once = [...c.request, END, ...upToRequest(c, sent), END];
      const state = read(once);
      const twice = read([...once, ...c.request, END, ...upToRequest(c, sent), END]);
      const shown = (s: ToolpaneState) =>
        callsWithId(s, c.ask.payload?.toolCallId).map((call) => [call.key, call.status]);
      expect(shown(twice)).toEqual(shown(state));
      expect(selectPendingApprovals(twice).map((p) => p.key)).toEqual(
        selectPendingApprovals(state).map((p) => p.key),
      );
    });
  });
});

describe('the same on an AI SDK stream', () => {
  const request = loadFixture('aisdk-v6-parallel-approval-request') as Record<string, unknown>[];
  const next = loadFixture('aisdk-v6-parallel-approval-next');
  const approve = loadFixture('aisdk-v6-parallel-approval-approve') as { type: string }[];
  const id = 'call-par-del-a';
  const names = (c: Record<string, unknown>) =>
    c.toolCallId === id || (c.data as { toolCallId?: unknown } | undefined)?.toolCallId === id;
  const own = request.filter(names);
  const asking = own.filter((c) => String(c.type).includes('approval'));
  const at = approve.findIndex((c) => c.type === 'start-step');
  const readAiSdk = (chunks: readonly unknown[]) => {
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany(chunks);
    return store.getState();
  };

  it.each([
    ['its whole call and its request', own],
    [
      'its whole input and its request',
      own.filter((c) => c.type !== 'tool-input-start' && c.type !== 'tool-input-delta'),
    ],
    ['its request alone', asking],
  ])('%s asks anew, and sent again asks once', (_, sent) => {
    expect(asking.length).toBeGreaterThan(0);
    const later = [...approve.slice(0, at + 1), ...sent, ...approve.slice(at + 1)];
    const once = [...request, END, ...next, END, ...later.slice(0, at + 1 + sent.length), END];
    const state = readAiSdk(once);
    const calls = callsWithId(state, id);
    expect(calls.map((call) => call.status)).toEqual(['output-available', 'approval-requested']);
    expect(calls[1]!.approval?.args).toEqual({ kind: 'raw', value: { id: 'rec-a' } });
    expect(state.issues.filter((issue) => issue.kind === 'decision')).toEqual([]);
    const twice = readAiSdk([...once, ...request, END]);
    expect(callsWithId(twice, id).map((call) => call.status)).toEqual([
      'output-available',
      'approval-requested',
    ]);
  });
});

describe('a later step that reuses an ended call id and input, with no approval', () => {
  it('native: both calls keep their results', () => {
    const request = loadFixture('approval-request') as Chunk[];
    const continuation = loadFixture('approval-approve') as Chunk[];
    const call = request.find((c) => c.type === 'tool-call')!;
    const result = continuation.find((c) => c.type === 'tool-result')!;
    const at = continuation.findIndex((c) => c.type === 'step-start');
    const later = [...continuation.slice(0, at + 1), call, result, ...continuation.slice(at + 1)];
    const state = read([...request, END, ...later, END]);
    const calls = callsWithId(state, call.payload?.toolCallId);
    expect(calls.map((c) => c.status)).toEqual(['output-available', 'output-available']);
    expect(calls[1]!.output).toEqual({ kind: 'raw', value: result.payload?.result });
  });

  it('AI SDK: both calls keep their results', () => {
    const request = loadFixture('aisdk-v6-parallel-approval-request') as Record<string, unknown>[];
    const approve = loadFixture('aisdk-v6-parallel-approval-approve') as Record<string, unknown>[];
    const id = 'call-par-del-a';
    const input = request.find((c) => c.type === 'tool-input-available' && c.toolCallId === id)!;
    const output = approve.find((c) => c.type === 'tool-output-available' && c.toolCallId === id)!;
    const at = approve.findIndex((c) => c.type === 'start-step');
    const later = [...approve.slice(0, at + 1), input, output, ...approve.slice(at + 1)];
    const store = createToolpaneStore({ formats: [aiSdk] });
    store.dispatchMany([...request, END, ...loadFixture('aisdk-v6-parallel-approval-next'), END]);
    store.dispatchMany([...later, END]);
    const calls = callsWithId(store.getState(), id);
    expect(calls.map((c) => c.status)).toEqual(['output-available', 'output-available']);
  });
});
