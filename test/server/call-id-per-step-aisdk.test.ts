/**
 * A model that numbers its calls per request gives each step's first call the same id. Read from
 * @mastra/ai-sdk's UI message stream (real @mastra/core runs of a scripted mock model, v5, v6 and
 * v7 parts), such a run shows a call per step, each with its own input and output, as the AI
 * SDK's own reader shows a tool part per step; sent again from its start (a reconnect replays the
 * stream), it shows the same calls; rebuilt from the message `useChat` holds, the same again.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { reduceAll, selectCallsWithId, type ToolpaneState } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import { isToolUIPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { uiMessageOf, userMessage } from '../utils/history.ts';
import { createNumberingAgent, NUMBERING_AGENT_ID } from './agents.ts';

const mastra = new Mastra({
  agents: { [NUMBERING_AGENT_ID]: createNumberingAgent() },
  storage: new InMemoryStore(),
  logger: false,
});
const END = { type: 'toolpane/stream-end' };
const AI = { formats: [aiSdk] };

/** The UI message chunks of one run of the numbering agent. */
async function uiChunks(prompt: string, version: 'v5' | 'v6' | 'v7', maxSteps: number) {
  const output = await mastra.getAgent(NUMBERING_AGENT_ID).stream(prompt, { maxSteps });
  const stream = toAISdkStream(output, { from: 'agent', version } as Parameters<
    typeof toAISdkStream
  >[1]) as unknown as AsyncIterable<unknown>;
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(JSON.parse(JSON.stringify(chunk)));
  return chunks;
}

/** Each call with the id, as a person sees it. */
const callsOf = (state: ToolpaneState) =>
  selectCallsWithId(state, 'call-1').map((call) => ({
    status: call.status,
    input: call.input,
    output: call.output,
  }));

describe.each(['v5', 'v6', 'v7'] as const)('%s: steps that each call call-1', (version) => {
  it.each([2, 40])('a run of %i such steps shows a call per step', async (count) => {
    const cities = Array.from({ length: count }, (_, i) => `City${i + 1}`);
    const chunks = await uiChunks(`weather ${cities.join(' ')}`, version, count + 5);
    const expected = cities.map((city) => ({
      status: 'output-available',
      input: { kind: 'raw', value: { city } },
      output: { kind: 'raw', value: { city, tempC: 17, sky: 'sunny' } },
    }));
    const state = reduceAll([...chunks, END], AI);
    expect(callsOf(state)).toEqual(expected);
    expect(state.issues).toEqual([]);
    // The AI SDK's own reader: a tool part per step, with the same inputs and outputs.
    const message = await uiMessageOf(chunks);
    const parts = message.parts.filter(isToolUIPart);
    expect(parts.map((part) => [part.input, part.output])).toEqual(
      expected.map((call) => [call.input.value, call.output.value]),
    );
    // Sent again from its start, once and twice.
    expect(callsOf(reduceAll([...chunks, ...chunks, END], AI))).toEqual(expected);
    expect(callsOf(reduceAll([...chunks, END, ...chunks, END, ...chunks, END], AI))).toEqual(
      expected,
    );
    // Rebuilt from the message useChat holds.
    const rebuilt = stateFromUIMessages([userMessage('u1', 'weather'), message]);
    expect(callsOf(rebuilt)).toEqual(expected);
  });
});
