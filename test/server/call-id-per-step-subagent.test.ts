/**
 * A supervisor whose model numbers its calls per request calls `call-1` in every step: a subagent
 * in one step, a workflow in the next, the subagent again, each running inside with its own run,
 * whose calls are `call-1` too. Real @mastra/core runs of scripted mock models, read natively and
 * through @mastra/ai-sdk's UI message stream: each step's call holds its own run or workflow, read
 * once, sent again, chunk by chunk through a store, and after a reload.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import {
  createToolpaneStore,
  reduceAll,
  selectRunText,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { uiMessageOf, userMessage } from '../utils/history.ts';
import { createNumberingSupervisor, NUMBERING_SUPERVISOR_ID } from './agents.ts';

const mastra = new Mastra({
  agents: { [NUMBERING_SUPERVISOR_ID]: createNumberingSupervisor() },
  storage: new InMemoryStore(),
  logger: false,
});
const TASKS = 'weather Paris Lyon | report Q3 | weather Rome Oslo';
const END = { type: 'toolpane/stream-end' };

/** Every chunk of one run of the supervisor, natively or as UI message chunks. */
async function chunksOf(format: 'native' | 'v5' | 'v6' | 'v7'): Promise<unknown[]> {
  const output = await mastra.getAgent(NUMBERING_SUPERVISOR_ID).stream(TASKS, { maxSteps: 8 });
  const stream = (format === 'native'
    ? output.fullStream
    : toAISdkStream(output, { from: 'agent', version: format } as Parameters<
        typeof toAISdkStream
      >[1])) as unknown as AsyncIterable<unknown>;
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(JSON.parse(JSON.stringify(chunk)));
  return chunks;
}

/** A run as a person sees it: its text, and each call with what ran inside it. */
function tree(state: ToolpaneState, runId: string): unknown {
  const run = state.runs.get(runId);
  return {
    status: run?.status,
    runId,
    text: selectRunText(state, runId),
    calls: (run?.toolCallIds ?? []).map((key) => {
      const call = state.toolCalls.get(key)!;
      return {
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        status: call.status,
        input: call.input,
        output: call.output,
        workflow: call.workflow && [...call.workflow.steps.values()].map((s) => [s.id, s.status]),
        runs: call.childRunIds.map((id) => tree(state, id)),
      };
    }),
  };
}

/** The top-level run's tree. */
const topOf = (state: ToolpaneState) =>
  tree(state, state.runOrder.find((id) => state.runs.get(id)?.parentToolCallId === null)!);

const delegated = (prompt: string) => ({
  toolCallId: 'call-1',
  toolName: 'agent-numbering',
  status: 'output-available',
  input: { kind: 'raw', value: { prompt } },
});

describe('native: a supervisor whose steps each call call-1', () => {
  it('holds each step’s subagent run or workflow in that step’s call, however it is read', async () => {
    const chunks = await chunksOf('native');
    const state = reduceAll(chunks);
    expect(state.issues).toEqual([]);
    const top = topOf(state) as { calls: Record<string, unknown>[]; text: string };
    expect(top.text).toBe('Done: 3 tasks.');
    expect(top.calls).toHaveLength(3);
    const inside = (i: number) => (top.calls[i]!.runs as { calls: unknown[]; text: string }[])[0]!;
    for (const [i, prompt, cities] of [
      [0, 'weather Paris Lyon', ['Paris', 'Lyon']],
      [2, 'weather Rome Oslo', ['Rome', 'Oslo']],
    ] as const) {
      expect(top.calls[i]).toMatchObject(delegated(prompt));
      expect(top.calls[i]!.runs).toHaveLength(1);
      expect(inside(i).text).toBe(`Looked up ${cities.join(' and ')}.`);
      expect(inside(i).calls).toMatchObject(
        cities.map((city) => ({
          toolCallId: 'call-1',
          toolName: 'weatherTool',
          status: 'output-available',
          input: { kind: 'raw', value: { city } },
          runs: [],
        })),
      );
    }
    expect(top.calls[1]).toMatchObject({
      toolName: 'workflow-report',
      status: 'output-available',
      input: { kind: 'raw', value: { inputData: { topic: 'Q3' } } },
      workflow: [
        ['fetch-figures', 'success'],
        ['summarize', 'success'],
      ],
      runs: [],
    });
    // Sent again, once and twice; chunk by chunk through a store.
    expect(topOf(reduceAll([...chunks, ...chunks]))).toEqual(top);
    expect(topOf(reduceAll([...chunks, ...chunks, ...chunks]))).toEqual(top);
    const store = createToolpaneStore();
    for (const chunk of chunks) store.dispatch(chunk);
    expect(topOf(store.getState())).toEqual(top);
    for (const chunk of chunks) store.dispatch(chunk);
    expect(topOf(store.getState())).toEqual(top);
    expect(store.getState().issues).toEqual([]);
    // Persisted with and without what Mastra sent, reloaded, then sent again.
    for (const raw of [true, false]) {
      const saved = JSON.stringify(serializeState(state, { raw }));
      const restored = createToolpaneStore({ initialState: deserializeState(JSON.parse(saved)) });
      expect(topOf(restored.getState())).toEqual(top);
      restored.dispatchMany(chunks);
      expect(topOf(restored.getState())).toEqual(top);
    }
  });
});

describe.each(['v5', 'v6', 'v7'] as const)(
  '%s: a supervisor whose steps each call call-1',
  (version) => {
    it('shows a call per step with its own input and output, however it is read', async () => {
      const chunks = await chunksOf(version);
      const ai = { formats: [aiSdk] };
      const state = reduceAll([...chunks, END], ai);
      expect(state.issues).toEqual([]);
      const top = topOf(state) as { calls: Record<string, unknown>[]; text: string };
      expect(top.text).toBe('Done: 3 tasks.');
      const shown = top.calls.map((call) => [call.toolName, call.input, call.status]);
      expect(shown).toEqual([
        [
          'agent-numbering',
          { kind: 'raw', value: { prompt: 'weather Paris Lyon' } },
          'output-available',
        ],
        [
          'workflow-report',
          { kind: 'raw', value: { inputData: { topic: 'Q3' } } },
          'output-available',
        ],
        [
          'agent-numbering',
          { kind: 'raw', value: { prompt: 'weather Rome Oslo' } },
          'output-available',
        ],
      ]);
      // Each step's output is its own task's.
      const outputs = JSON.stringify(top.calls.map((call) => call.output));
      expect(outputs.indexOf('Paris and Lyon')).toBeLessThan(outputs.indexOf('Q3: revenue'));
      expect(outputs.indexOf('Q3: revenue')).toBeLessThan(outputs.indexOf('Rome and Oslo'));
      // The AI SDK's own reader agrees: a tool part per step.
      const message = await uiMessageOf(chunks);
      expect(message.parts.filter(isToolUIPart).map((part) => part.input)).toEqual(
        shown.map(([, input]) => (input as { value: unknown }).value),
      );
      // Sent again from its start, once and twice.
      expect(topOf(reduceAll([...chunks, ...chunks, END], ai))).toEqual(top);
      expect(topOf(reduceAll([...chunks, END, ...chunks, END], ai))).toEqual(top);
      const rebuilt = topOf(stateFromUIMessages([userMessage('u1', TASKS), message])) as {
        calls: Record<string, unknown>[];
      };
      expect(rebuilt.calls.map((call) => [call.toolName, call.input, call.status])).toEqual(shown);
    });
  },
);
