import {
  createToolpaneStore,
  selectRunText,
  selectStatus,
  selectSubagents,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function play(...names: string[]): ToolpaneState {
  const store = createToolpaneStore();
  for (const name of names) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store.getState();
}

describe('aborts', () => {
  it('a tool that ignores the signal: its result stands once, the run is aborted', () => {
    const state = play('abort-tool-ignores');
    const run = state.runs.get(state.runOrder[0]!)!;
    expect(state.toolCalls.get('call-archive-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { mailbox: 'ada@example.com', messages: 1820 } },
    });
    expect(run.parts.filter((p) => p.type === 'tool-call')).toHaveLength(1);
    expect(run).toMatchObject({ status: 'aborted', finishReason: 'tripwire' });
    expect(state.issues).toEqual([]);
  });

  it('a tool that honours the signal leaves what a client-side tool leaves: the call awaits the app', () => {
    // Mastra aborted server-side: no `abort`, result or error, only `finish` on `tool-calls`, the
    // same chunks as a tool Mastra does not run. A user's stop ends the run before that finish
    // (client-tools.test.ts); here nothing says the call was stopped.
    const state = play('abort-tool-honours');
    const run = state.runs.get(state.runOrder[0]!)!;
    expect(state.toolCalls.get('call-crawl-1')).toMatchObject({
      status: 'input-available',
      awaitingClient: true,
      error: { kind: 'none' },
    });
    expect(run).toMatchObject({ status: 'finished', finishReason: 'tool-calls' });
  });

  it('a run that finishes on tool-calls with every call done is finished, not aborted', () => {
    // The same recording without its open call: the model asked for nothing still running.
    const chunks = loadFixture('abort-tool-honours').filter(
      (c) =>
        !JSON.stringify(c).includes('call-crawl-1') || (c as { type: string }).type === 'finish',
    );
    const store = createToolpaneStore();
    store.dispatchMany(chunks);
    expect(selectStatus(store.getState())).toBe('finished');
  });

  it('both kinds in one store, after other runs', () => {
    const state = play('tool-then-text', 'abort-tool-ignores', 'abort-tool-honours');
    expect(state.runOrder.map((id) => state.runs.get(id)?.status)).toEqual([
      'finished',
      'aborted',
      'finished',
    ]);
    expect(state.toolCalls.get('call-weather-1')?.status).toBe('output-available');
  });
});

describe('three-deep subagent chain', () => {
  const state = play('subagent-three-deep');

  it('nests each run under its call, with its own text', () => {
    expect(selectSubagents(state).map((s) => [s.toolCallId, s.agentId, s.depth])).toEqual([
      ['call-manager-1', 'manager-agent', 1],
      ['call-analyst-1', 'analyst-agent', 2],
      ['call-clerk-1', 'clerk-agent', 3],
    ]);
    const [manager, analyst, clerk] = selectSubagents(state);
    expect(selectRunText(state, manager!.runId)).toBe('The analyst reports calm Berlin news.');
    expect(selectRunText(state, analyst!.runId)).toBe(
      'Berlin news is calm: steady markets, new rail line.',
    );
    expect(selectRunText(state, clerk!.runId)).toBe(
      'Berlin: markets steady; a new rail line opens.',
    );
    expect(selectRunText(state, state.runOrder[0]!)).toBe(
      'Berlin briefing: calm news, steady markets, a new rail line.',
    );
  });

  it('puts the innermost tool call under the deepest subagent', () => {
    expect(state.toolCalls.get('call-headlines-deep-1')).toMatchObject({
      toolName: 'headlinesTool',
      parentToolCallId: 'call-clerk-1',
      status: 'output-available',
      output: { kind: 'raw', value: { topic: 'Berlin' } },
    });
    for (const run of state.runs.values()) expect(run.status).toBe('finished');
  });
});

describe('step result timing', () => {
  it('a fast call keeps its input while a slow sibling subagent runs, then gets its result', () => {
    const chunks = loadFixture('step-result-timing');
    const store = createToolpaneStore();
    const result = chunks.findIndex(
      (c) =>
        JSON.stringify(c).includes('"type":"tool-result"') &&
        JSON.stringify(c).includes('call-weather-fast-1'),
    );
    store.dispatchMany(chunks.slice(0, result));
    expect(store.getState().toolCalls.get('call-weather-fast-1')?.status).toBe('input-available');
    store.dispatchMany(chunks.slice(result));
    const state = store.getState();
    expect(state.toolCalls.get('call-weather-fast-1')).toMatchObject({
      status: 'output-available',
      output: { kind: 'raw', value: { city: 'Lyon', tempC: 17, sky: 'sunny' } },
    });
    const [depot] = selectSubagents(state);
    expect(selectRunText(state, depot!.runId)).toBe('Checked the depot: all 14 vans are ready. ');
  });
});

describe('parallel calls of one tool with identical, interleaved input', () => {
  it('keeps each call apart by id', () => {
    const state = play('parallel-same-tool');
    for (const id of ['call-twin-a', 'call-twin-b']) {
      expect(state.toolCalls.get(id)).toMatchObject({
        toolName: 'weatherTool',
        inputText: '{"city":"Paris"}',
        input: { kind: 'raw', value: { city: 'Paris' } },
        status: 'output-available',
      });
    }
    expect(state.toolCallOrder).toEqual(['call-twin-a', 'call-twin-b']);
  });
});

describe('structured output', () => {
  it('follows the object as it grows and keeps the final one', () => {
    const chunks = loadFixture('structured-output');
    const store = createToolpaneStore();
    const firstObject = chunks.findIndex((c) => (c as { type: string }).type === 'object');
    store.dispatchMany(chunks.slice(0, firstObject + 3));
    const runId = store.getState().runOrder[0]!;
    expect(store.getState().runs.get(runId)?.object).toEqual({ name: 'Ada Lovel' });
    store.dispatchMany(chunks.slice(firstObject + 3));
    const state = store.getState();
    expect(state.runs.get(runId)?.object).toEqual({
      name: 'Ada Lovelace',
      born: 1815,
      fields: ['mathematics', 'computing'],
    });
    expect(JSON.parse(selectRunText(state, runId))).toEqual(state.runs.get(runId)?.object);
    expect(state.issues).toEqual([]);
  });
});
