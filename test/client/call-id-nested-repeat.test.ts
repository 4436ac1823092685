// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  selectRunText,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * A subagent whose model numbers its tool calls as its parent's model does (`call-1` in both, as
 * providers and mock models that number calls per request do) repeats the toolCallId of the
 * `agent-*` call it runs inside. Every native recording with a subagent, alone and as a request
 * followed by its continuation, is read with the first inner call's id of each subagent set to
 * its `agent-*` call's id (everywhere in the stream, results included), and must read as it does
 * with distinct ids: the same runs, calls, values and requests, in the same tree. A chunk from
 * inside a call never names that call or one it runs inside. The same for every AI SDK recording
 * with calls inside a subagent or workflow (from data parts), whose tool chunks name only
 * top-level calls. And subagents side by side whose first calls all have one id: each chunk
 * reaches the call of its own subagent.
 */

type Chunk = {
  type?: string;
  payload?: { toolCallId?: unknown; toolName?: unknown; output?: unknown };
};

/**
 * Each `agent-*` call's id, with the first other id a chunk inside it names; `topOnly` keeps the
 * top-level `agent-*` calls only.
 */
function innerIds(chunks: readonly unknown[], topOnly = false): [string, string][] {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  const walk = (value: unknown, outer: string | undefined, depth: number) => {
    if (typeof value !== 'object' || value === null) return;
    const { type, payload } = value as Chunk;
    const id = payload?.toolCallId;
    if (
      type === 'tool-output' &&
      typeof id === 'string' &&
      String(payload?.toolName).startsWith('agent-')
    ) {
      walk(payload?.output, id, depth + 1);
      return;
    }
    if (outer === undefined || typeof id !== 'string' || id === outer) return;
    if (out.has(outer) || taken.has(id) || (topOnly && depth > 1)) return;
    out.set(outer, id);
    taken.add(id);
  };
  for (const chunk of chunks) walk(chunk, undefined, 0);
  return topOnly ? [...out].filter(([, inner]) => !out.has(inner)) : [...out];
}

/** `text` with every quoted inner id replaced by its outer call's, or by `to`. */
const repeated = (text: string, ids: [string, string][], to?: string) =>
  ids.reduce(
    (out, [outer, inner]) => out.split(JSON.stringify(inner)).join(JSON.stringify(to ?? outer)),
    text,
  );

/** What a state shows, run by run in tree order, without keys or run ids. */
function tree(state: ToolpaneState): unknown[] {
  const out: unknown[] = [];
  const walk = (runId: string, depth: number) => {
    const run = state.runs.get(runId);
    if (run === undefined) return;
    out.push({ depth, status: run.status, text: selectRunText(state, runId) });
    for (const key of run.toolCallIds) {
      const call = state.toolCalls.get(key)!;
      const { toolCallId, toolName, status, input, output, error, approval, suspension } = call;
      out.push({ depth, toolCallId, toolName, status, input, output, error, approval, suspension });
      for (const child of call.childRunIds) walk(child, depth + 1);
    }
  };
  for (const runId of state.runOrder) walk(runId, 0);
  return JSON.parse(JSON.stringify(out));
}

/** The requests that wait, as a decision would be sent for them, without keys. */
const requests = (state: ToolpaneState) =>
  selectPendingApprovals(state).map((p) => [p.toolCallId, p.kind, p.resumeWith]);

/** Whether a call inside a subagent has an id to repeat. */
const hasSubagent = (chunks: unknown[]) =>
  [...reduceAll(chunks).runs.values()].some((run) => run.parentToolCallId !== null) &&
  innerIds(chunks).length > 0;

const NATIVE = fixtureNames().filter(
  (name) => !name.includes('aisdk') && !name.startsWith('network'),
);

/** Native recordings with a subagent, alone. */
const ALONE = NATIVE.filter((name) => hasSubagent(loadFixture(name))).map((name) => name);

/** A request with a subagent, followed by each recording that continues it. */
const CONTINUED = NATIVE.filter(
  (name) => name.endsWith('-request') && hasSubagent(loadFixture(name)),
).flatMap((request) => {
  const prefix = request.slice(0, -'request'.length);
  return NATIVE.filter((name) => name !== request && name.startsWith(prefix)).map(
    (next) => `${request} then ${next}`,
  );
});

const END = { type: 'toolpane/stream-end' };

describe('a subagent call that repeats the id of the call it runs inside', () => {
  it('reaches recordings alone and continued, three deep among them', () => {
    expect(ALONE).toEqual(expect.arrayContaining(['subagent-three-deep', 'subagent']));
    expect(CONTINUED).toEqual(
      expect.arrayContaining(['nested-approval-request then nested-approval-approve']),
    );
    expect(CONTINUED.length).toBeGreaterThanOrEqual(8);
  });

  it.each([...ALONE, ...CONTINUED])('%s reads as with distinct ids', (names) => {
    const chunks = names.split(' then ').flatMap((name) => [...loadFixture(name), END]);
    const ids = innerIds(chunks);
    expect(ids.length).toBeGreaterThan(0);
    const read = JSON.parse(repeated(JSON.stringify(chunks), ids)) as unknown[];
    const original = reduceAll(chunks);
    const expected = JSON.parse(repeated(JSON.stringify(tree(original)), ids));
    const state = reduceAll(read);
    expect(tree(state)).toEqual(expected);
    expect(requests(state)).toEqual(JSON.parse(repeated(JSON.stringify(requests(original)), ids)));
    const store = createToolpaneStore();
    for (const chunk of read) store.dispatch(chunk);
    expect(tree(store.getState())).toEqual(expected);
  });
});

/** Runs with two or more subagents side by side, each of which makes a call. */
const SIDE_BY_SIDE = [...ALONE, ...CONTINUED].filter(
  (names) =>
    innerIds(
      names.split(' then ').flatMap((name) => loadFixture(name)),
      true,
    ).length > 1,
);

describe('subagents side by side whose calls repeat one id', () => {
  it('reaches recordings of parallel subagents, waiting and continued', () => {
    expect(SIDE_BY_SIDE).toEqual(
      expect.arrayContaining([
        'subagents-parallel',
        'subagents-mixed-requests-request then subagents-mixed-requests-approve-second',
      ]),
    );
  });

  it.each(SIDE_BY_SIDE)('%s reads as with distinct ids', (names) => {
    const chunks = names.split(' then ').flatMap((name) => [...loadFixture(name), END]);
    const ids = innerIds(chunks, true);
    const read = JSON.parse(repeated(JSON.stringify(chunks), ids, 'call-1')) as unknown[];
    const original = reduceAll(chunks);
    const expected = JSON.parse(repeated(JSON.stringify(tree(original)), ids, 'call-1'));
    const state = reduceAll(read);
    expect(tree(state)).toEqual(expected);
    expect(requests(state)).toEqual(
      JSON.parse(repeated(JSON.stringify(requests(original)), ids, 'call-1')),
    );
  });
});

/** An AI SDK stream read whole by a store. */
function readAiSdk(chunks: readonly unknown[]): ToolpaneState {
  const store = createToolpaneStore({ formats: [aiSdk] });
  store.dispatchMany([...chunks, END]);
  return store.getState();
}

/** Each outer call's id, with the first other id of a call inside it, from a state. */
function innerIdsOf(state: ToolpaneState): [string, string][] {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const call of state.toolCalls.values()) {
    if (call.parentToolCallId === null) continue;
    const outer = state.toolCalls.get(call.parentToolCallId)!.toolCallId;
    if (out.has(outer) || taken.has(call.toolCallId) || call.toolCallId === outer) continue;
    out.set(outer, call.toolCallId);
    taken.add(call.toolCallId);
  }
  return [...out];
}

/** AI SDK recordings with a call inside another. */
const AI_SDK = fixtureNames().filter(
  (name) => name.includes('aisdk') && innerIdsOf(readAiSdk(loadFixture(name))).length > 0,
);

describe('AI SDK: a call inside a subagent that repeats its parent call id', () => {
  it('reaches the recordings with subagent metadata and deep workflows', () => {
    expect(AI_SDK).toEqual(
      expect.arrayContaining(['subagent-aisdk-ui-v6', 'workflow-deep-three-aisdk', 'aisdk-v7']),
    );
  });

  it.each(AI_SDK)('%s reads as with distinct ids', (name) => {
    const chunks = loadFixture(name);
    const original = readAiSdk(chunks);
    const ids = innerIdsOf(original);
    const state = readAiSdk(JSON.parse(repeated(JSON.stringify(chunks), ids)));
    expect(tree(state)).toEqual(JSON.parse(repeated(JSON.stringify(tree(original)), ids)));
    expect(requests(state)).toEqual(JSON.parse(repeated(JSON.stringify(requests(original)), ids)));
  });
});
