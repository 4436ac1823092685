/**
 * A model that numbers its calls per request gives each step's first call the same id, and the
 * tool it calls has a display transform (the CRM lookup hides its `apiKey` and its output's
 * `sessionToken`). Real @mastra/core runs of a scripted mock model, the input streamed or whole,
 * read natively and from @mastra/ai-sdk's UI message stream: after every chunk, nothing shows a
 * secret, and each step shows a call of its own with its transformed input. For a whole input
 * Mastra sends no `tool-call` for the later step, only its `tool-result`; its UI message stream
 * then carries only the output, which the AI SDK's own reader puts on the earlier call's part:
 * that stream shows one call.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { reduceAll, selectCallsWithId, type ToolpaneState } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { reactiveModel, step, text, toolCall } from '../../scripts/record/models.ts';
import { crmLookupTool } from '../../scripts/record/scenarios.ts';
import { neverShows } from '../utils/shown.ts';

const CUSTOMERS = [
  { query: 'Ada', apiKey: 'sk-first-111' },
  { query: 'Bob', apiKey: 'sk-second-222' },
];
const SECRETS = ['sk-first-111', 'sk-second-222', 'tok-internal-42'];
const END = { type: 'toolpane/stream-end' };

/** Looks each customer up in a step of its own, every call `call-1`. */
function lookupAgent(stream: number | false) {
  return new Agent({
    id: 'lookup',
    name: 'Lookup agent',
    instructions: 'Look customers up.',
    tools: { crmLookupTool },
    model: reactiveModel(({ toolResults }) => {
      // Mastra keeps one tool call per id in the prompt: the newest result names the customer.
      const looked = JSON.stringify([...toolResults.values()].at(-1) ?? null);
      const next = CUSTOMERS[CUSTOMERS.findIndex((c) => looked.includes(`"${c.query}"`)) + 1];
      return next === undefined
        ? step(text('txt-done', 'Both are on the enterprise plan.'))
        : step(toolCall({ id: 'call-1', name: 'crmLookupTool', input: next, stream }));
    }),
  });
}

async function chunksOf(stream: number | false, format: 'native' | 'ai-sdk') {
  const mastra = new Mastra({
    agents: { lookup: lookupAgent(stream) },
    storage: new InMemoryStore(),
    logger: false,
  });
  const output = await mastra.getAgent('lookup').stream('Look up Ada and Bob.');
  const source =
    format === 'native'
      ? output.fullStream
      : (toAISdkStream(output, { from: 'agent', version: 'v6' } as unknown as Parameters<
          typeof toAISdkStream
        >[1]) as unknown as AsyncIterable<unknown>);
  const chunks: unknown[] = [];
  for await (const chunk of source as AsyncIterable<unknown>) {
    chunks.push(JSON.parse(JSON.stringify(chunk)));
  }
  return [...chunks, END];
}

const inputs = (state: ToolpaneState) =>
  selectCallsWithId(state, 'call-1').map((call) => [call.status, call.input]);

describe.each([
  ['streamed', 4],
  ['whole', false],
] as const)('a transformed tool called as call-1 in two steps, its input %s', (_, stream) => {
  it.each(['native', 'ai-sdk'] as const)(
    '%s: shows no secret, and a call per step',
    async (format) => {
      const chunks = await chunksOf(stream, format);
      const options = format === 'ai-sdk' ? { formats: [aiSdk] } : {};
      for (const sequence of [chunks, [...chunks, ...chunks]]) {
        const state = neverShows(sequence, SECRETS, options);
        const shown = inputs(state);
        expect(shown).toHaveLength(format === 'ai-sdk' && stream === false ? 1 : 2);
        for (const [status, input] of shown) {
          expect(status).toBe('output-available');
          // Native streams send the transformed input; an AI SDK stream hides a streamed one whole.
          expect([
            JSON.stringify({ kind: 'transformed', value: { query: 'Ada', apiKey: '••••' } }),
            JSON.stringify({ kind: 'transformed', value: { query: 'Bob', apiKey: '••••' } }),
            JSON.stringify({ kind: 'raw', value: { query: 'Ada', apiKey: '••••' } }),
            JSON.stringify({ kind: 'raw', value: { query: 'Bob', apiKey: '••••' } }),
            JSON.stringify({ kind: 'hidden', reason: 'suppressed' }),
          ]).toContain(JSON.stringify(input));
        }
        expect(inputs(reduceAll(sequence, options))).toEqual(shown);
      }
    },
  );
});
