// @vitest-environment node
import { reduceAll, selectRunText, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * A model that numbers its calls per request gives the first call of every step one id, so one
 * run repeats it. Every native recording with a run that calls tools in more than one step is
 * read with each later step's calls given the ids of the first step's (in order), and must read
 * as it does with distinct ids: a call per step, each with its own arguments, result and error.
 * Read twice (a replayed stream), its calls read as once.
 */

type Chunk = { type?: string; runId?: string; payload?: { toolCallId?: unknown } };

/** For each run, its later steps' call ids, each with the id it is given. */
function perStepIds(chunks: readonly unknown[]): [string, string][] {
  const steps = new Map<string, string[][]>();
  for (const value of chunks) {
    const { type, runId, payload } = value as Chunk;
    if (typeof runId !== 'string') continue;
    const run = steps.get(runId) ?? [[]];
    steps.set(runId, run);
    if (type === 'step-start' && run.at(-1)!.length > 0) run.push([]);
    const id = payload?.toolCallId;
    if (type === 'tool-call' && typeof id === 'string') run.at(-1)!.push(id);
  }
  const out: [string, string][] = [];
  for (const run of steps.values()) {
    const first = run[0]!;
    for (const later of run.slice(1)) {
      later.forEach((id, i) => {
        if (first[i] !== undefined && first[i] !== id) out.push([id, first[i]!]);
      });
    }
  }
  return out;
}

/** `text` with every quoted id of `ids` replaced by the id it is given. */
const renamed = (text: string, ids: [string, string][]) =>
  ids.reduce((out, [from, to]) => out.split(JSON.stringify(from)).join(JSON.stringify(to)), text);

/** What a state shows, call by call in run order, without keys. */
function shown(state: ToolpaneState): unknown {
  return state.runOrder.map((runId) => ({
    text: selectRunText(state, runId),
    calls: state.runs.get(runId)!.toolCallIds.map((key) => {
      const { toolCallId, toolName, status, input, output, error } = state.toolCalls.get(key)!;
      return { toolCallId, toolName, status, input, output, error };
    }),
  }));
}

const END = { type: 'toolpane/stream-end' };

const CASES = fixtureNames().filter(
  (name) => !name.includes('aisdk') && perStepIds(loadFixture(name)).length > 0,
);

describe('a run whose steps repeat their call ids', () => {
  it('reaches a recorded run with calls in five steps', () => {
    expect(CASES).toContain('hidden-argument-echoed');
  });

  it.each(CASES)('%s reads a call per step, and its calls once when read twice', (name) => {
    const chunks = loadFixture(name);
    const ids = perStepIds(chunks);
    const read = JSON.parse(renamed(JSON.stringify([...chunks, END]), ids)) as unknown[];
    const expected = JSON.parse(renamed(JSON.stringify(shown(reduceAll([...chunks, END]))), ids));
    const state = reduceAll(read);
    expect(JSON.parse(JSON.stringify(shown(state)))).toEqual(expected);
    expect(state.issues).toEqual(reduceAll([...chunks, END]).issues);
    const calls = (value: unknown) => (value as { calls: unknown }[]).map((run) => run.calls);
    const twice = reduceAll([...read, ...read]);
    expect(calls(JSON.parse(JSON.stringify(shown(twice))))).toEqual(calls(expected));
  });
});
