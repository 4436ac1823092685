// @vitest-environment node
import {
  createToolpaneStore,
  reduceAll,
  selectPendingApprovals,
  selectRunText,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * A subagent's chunks that carry a runId the stream already gave another run: the top-level run's
 * (its parent's, at any depth), or a run inside another call. Mastra gives each subagent run an id
 * of its own; a stream that does not must still be read as it is nested. Every native recording
 * with a subagent is read with each nested run's id replaced by the top-level run's, and must read
 * as it does with its own ids: the same runs, calls, texts and ends, in the same tree.
 */

type Chunk = { type?: string; runId?: string; payload?: { output?: unknown; toolName?: unknown } };

/**
 * The chunk with the runId of every chunk of a subagent run nested in it (in an `agent-*` call's
 * `tool-output`, at any depth) set to `runId`. A workflow's chunks keep theirs: a workflow run is
 * not an agent run.
 */
function nestedAs(chunk: unknown, runId: string, depth = 0): unknown {
  if (typeof chunk !== 'object' || chunk === null) return chunk;
  const value = chunk as Chunk;
  const own = depth > 0 && typeof value.runId === 'string' ? { runId } : {};
  const agent =
    typeof value.payload?.toolName === 'string' && value.payload.toolName.startsWith('agent-');
  if (value.type !== 'tool-output' || !agent || typeof value.payload?.output !== 'object') {
    return { ...value, ...own };
  }
  const output = nestedAs(value.payload.output, runId, depth + 1);
  return { ...value, ...own, payload: { ...value.payload, output } };
}

/** What a state shows, run by run in tree order, without the runs' ids. */
function tree(state: ToolpaneState): unknown[] {
  const out: unknown[] = [];
  const walk = (runId: string, depth: number) => {
    const run = state.runs.get(runId);
    if (run === undefined) return;
    out.push({ depth, status: run.status, text: selectRunText(state, runId) });
    for (const key of run.toolCallIds) {
      const call = state.toolCalls.get(key)!;
      out.push({
        depth,
        key,
        toolName: call.toolName,
        status: call.status,
        input: call.input,
        output: call.output,
      });
      for (const child of call.childRunIds) walk(child, depth + 1);
    }
  };
  for (const runId of state.runOrder) walk(runId, 0);
  return out;
}

/** Native recordings with a subagent run inside a call. */
const NESTED = fixtureNames().filter((name) => {
  if (name.includes('aisdk') || name.startsWith('network')) return false;
  const state = reduceAll(loadFixture(name));
  return [...state.runs.values()].some((run) => run.parentToolCallId !== null);
});

describe('a subagent whose chunks reuse the top-level runId', () => {
  it('reaches the recordings with subagents, three deep among them', () => {
    expect(NESTED).toEqual(
      expect.arrayContaining(['subagent-three-deep', 'nested-approval-request']),
    );
  });

  it.each(NESTED)('%s reads as with its own ids', (name) => {
    const chunks = loadFixture(name);
    const top = (chunks.find((c) => typeof (c as Chunk).runId === 'string') as Chunk).runId!;
    const reused = chunks.map((chunk) => nestedAs(chunk, top));
    const END = { type: 'toolpane/stream-end' };
    const original = reduceAll([...chunks, END]);
    const expected = tree(original);
    const read = reduceAll([...reused, END]);
    expect(tree(read)).toEqual(expected);
    // A request waits on the same call and is answered as Mastra expects (the top-level run).
    const requests = (state: ToolpaneState) =>
      selectPendingApprovals(state).map((p) => [p.key, p.kind, p.resumeWith]);
    expect(requests(read)).toEqual(requests(original));
    // The same through a store, chunk by chunk.
    const store = createToolpaneStore();
    for (const chunk of [...reused, END]) store.dispatch(chunk);
    expect(tree(store.getState())).toEqual(expected);
  });
});

/** The chunk with every runId at any depth that is `from` set to `to`. */
function renamed(chunk: unknown, from: string, to: string): unknown {
  if (Array.isArray(chunk)) return chunk.map((item) => renamed(item, from, to));
  if (typeof chunk !== 'object' || chunk === null) return chunk;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(chunk)) {
    out[key] = key === 'runId' && value === from ? to : renamed(value, from, to);
  }
  return out;
}

/** The runId of a recording's first top-level chunk. */
const topRunId = (chunks: unknown[]) =>
  (chunks.find((c) => typeof (c as Chunk).runId === 'string') as Chunk).runId!;

/** Later turns, each a recording of one top-level run (one waits for an approval). */
const LATER = ['tool-call-then-text', 'approval-request', 'subagent'];

describe('a later top-level run that reuses a subagent run id', () => {
  const cases = NESTED.flatMap((name) => LATER.map((later) => [name, later] as const));

  it.each(cases)('%s, then %s under a subagent run id, reads as with its own id', (name, later) => {
    const first = loadFixture(name);
    const state = reduceAll(first);
    const nestedIds = [...state.runs.values()]
      .filter((run) => run.parentToolCallId !== null)
      .map((run) => run.runId);
    const second = loadFixture(later);
    const own = topRunId(second);
    const END = { type: 'toolpane/stream-end' };
    // The later turn under an id of its own, the same id in either turn otherwise.
    const fresh = 'later-turn';
    const expected = reduceAll([...first, ...second.map((c) => renamed(c, own, fresh)), END]);
    for (const reused of nestedIds) {
      const turn = second.map((chunk) => renamed(chunk, own, reused));
      const read = reduceAll([...first, ...turn, END]);
      expect(tree(read)).toEqual(tree(expected));
      expect(read.runOrder.length).toBe(expected.runOrder.length);
      // A request of the later turn is answered with the id the stream gave its run.
      const requests = (s: ToolpaneState, id: string) =>
        selectPendingApprovals(s).map((p) => [
          p.key,
          p.kind,
          p.resumeWith.runId === id ? 'own' : p.resumeWith.runId,
          p.resumeWith.toolCallId,
        ]);
      expect(requests(read, reused)).toEqual(requests(expected, fresh));
      const store = createToolpaneStore();
      for (const chunk of [...first, ...turn, END]) store.dispatch(chunk);
      expect(tree(store.getState())).toEqual(tree(expected));
    }
  });
});
