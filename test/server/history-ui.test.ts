/**
 * History from AI SDK UI messages: real @mastra/core runs (scripted mock models) converted by
 * @mastra/ai-sdk's `toAISdkStream`, read into `UIMessage`s by the AI SDK's own
 * `readUIMessageStream` (what `useChat` holds), round-tripped through JSON (what an app persists)
 * and rebuilt with `stateFromUIMessages`. The rebuilt state must show what the live stream showed.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { initialState, reduceAll, type ToolpaneState } from '@toolpane/client';
import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { AGENT_IDS, createScenarioMastra } from '../../scripts/record/scenarios.ts';
import { summarize, uiMessageOf, userMessage } from '../utils/history.ts';

const mastra = createScenarioMastra();
type Version = 'v5' | 'v6' | 'v7';
type Output = Awaited<ReturnType<Agent['stream']>>;

async function uiChunks(output: Output, version: Version, lastMessageId?: string) {
  const stream = toAISdkStream(output, {
    from: 'agent',
    version,
    includeSubAgentMetadata: true,
    ...(lastMessageId === undefined ? {} : { lastMessageId }),
  } as Parameters<typeof toAISdkStream>[1]) as unknown as ReadableStream<unknown>;
  const chunks: unknown[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<unknown>) {
    chunks.push(JSON.parse(JSON.stringify(chunk)));
  }
  return chunks;
}

/** The live state of these streams, read one after the other into one store. */
const live = (streams: readonly (readonly unknown[])[]): ToolpaneState =>
  reduceAll(
    streams.flatMap((chunks) => [...chunks, { type: 'toolpane/stream-end' }]),
    { formats: [aiSdk] },
    initialState,
  );

/** One turn: the prompt, the live chunks and the message `useChat` ends up with. */
async function turn(agentId: string, prompt: string, version: Version) {
  const agent = mastra.getAgent(agentId as (typeof AGENT_IDS)['weather']);
  const output = await agent.stream(prompt);
  const chunks = await uiChunks(output, version);
  return { prompt, chunks, message: await uiMessageOf(chunks), runId: output.runId };
}

const SCENARIOS: readonly [string, string, string][] = [
  ['a tool, then text', AGENT_IDS.weather, "What's the weather in Paris?"],
  ['parallel calls, one failing', AGENT_IDS.travel, 'Weather in Lisbon and flights CDG→LIS?'],
  ['a display transform', AGENT_IDS.crm, 'Look up Ada Lovelace in the CRM.'],
  ['subagents two levels deep', AGENT_IDS.supervisor, 'Conditions at Paris CDG?'],
  ['parallel subagents', AGENT_IDS.coordinator, 'Forecast and news for Paris and Oslo.'],
  ['a pending approval', AGENT_IDS.ops, 'Delete record abc-123.'],
  ['a pending approval inside a subagent', AGENT_IDS.admin, 'Delete record rec-778.'],
  ['a pending suspension', AGENT_IDS.booking, 'Book a table for 4 at Chez Marie.'],
  ['a workflow tool', AGENT_IDS.report, 'Report on Q3 sales.'],
  ['a tripwire', AGENT_IDS.guarded, 'My password is hunter2.'],
];

describe.each(['v5', 'v6', 'v7'] as const)('stateFromUIMessages, %s messages', (version) => {
  it.each(SCENARIOS)('rebuilds %s as the live stream showed it', async (_, agentId, prompt) => {
    const { chunks, message } = await turn(agentId, prompt, version);
    const state = stateFromUIMessages([userMessage('u1', prompt), message]);
    expect(summarize(state)).toEqual(summarize(live([chunks])));
    expect(state.runs.get(state.runOrder[0]!)?.prompt).toBe(prompt);
    expect(state.issues).toEqual([]);
  });

  it('rebuilds a whole conversation of several runs in one state', async () => {
    const turns = [
      await turn(AGENT_IDS.weather, "What's the weather in Paris?", version),
      await turn(AGENT_IDS.supervisor, 'Conditions at Paris CDG?', version),
      await turn(AGENT_IDS.report, 'Report on Q3 sales.', version),
      await turn(AGENT_IDS.booking, 'Book a table.', version),
      await turn(AGENT_IDS.ops, 'Delete record abc-123.', version),
    ];
    const messages: UIMessage[] = turns.flatMap((t, i) => [
      userMessage(`u${i}`, t.prompt),
      t.message,
    ]);
    const state = stateFromUIMessages(JSON.parse(JSON.stringify(messages)));
    expect(summarize(state)).toEqual(summarize(live(turns.map((t) => t.chunks))));
    expect(state.runOrder.map((id) => state.runs.get(id)?.prompt)).toEqual(
      turns.map((t) => t.prompt),
    );
    // Both decisions still wait, with the runs Mastra resumes them with.
    const waiting = [...state.toolCalls.values()].filter(
      (c) => c.status === 'approval-requested' || c.status === 'suspended',
    );
    expect(waiting.map((c) => (c.approval ?? c.suspension)?.target.runId)).toEqual([
      turns[3]!.runId,
      turns[4]!.runId,
    ]);
  });

  it('rebuilds a message continued after its approval', async () => {
    const ops = mastra.getAgent(AGENT_IDS.ops);
    const first = await ops.stream('Delete record abc-123.');
    const request = await uiChunks(first, version);
    const asked = await uiMessageOf(request);
    const approved = await ops.approveToolCall({ runId: first.runId, toolCallId: 'call-del-1' });
    const continuation = await uiChunks(approved, version, asked.id);
    const message = await uiMessageOf(continuation, asked);
    const state = stateFromUIMessages([userMessage('u1', 'Delete'), message]);
    expect(summarize(state)).toEqual(summarize(live([request, continuation])));
    expect(state.toolCalls.get('call-del-1')?.status).toBe('output-available');
  });
});
