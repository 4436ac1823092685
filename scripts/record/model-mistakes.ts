/**
 * `pnpm record` scenarios where the model gets a tool call wrong and Mastra answers for the tool:
 * a call of a tool the agent does not have (beside a call that runs, in one step), arguments that
 * are not JSON, and arguments the tool's schema refuses. Mastra ends the first with a `tool-error`
 * whose error keeps only its name (`ToolNotFoundError`), runs the second with `{}` as its input,
 * and answers the third with a result `{ error: true, message, validationErrors }`. Real
 * @mastra/core agents on scripted mock models; every toolCallId is unique across `pnpm record`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { at, collect, ofType, problem, type Scenario } from './recording.ts';

/** Looks up a city's opening hours. */
const hoursTool = createTool({
  id: 'opening-hours',
  description: 'Opening hours of a shop in a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, opens: '09:00', closes: '18:00' }),
});

/** A model that calls a tool it was not given, sends broken JSON, then arguments the tool refuses. */
function createMistakenAgent() {
  return new Agent({
    instructions: 'You are a helpful assistant.',
    id: 'mistaken-agent',
    name: 'mistaken-agent',
    tools: { hoursTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-mistake-unknown-1',
            name: 'bookShopTool',
            input: { city: 'Oslo' },
          }),
          ...toolCall({ id: 'call-mistake-hours-1', name: 'hoursTool', input: { city: 'Oslo' } }),
        ]),
        step([
          { type: 'tool-input-start', id: 'call-mistake-json-1', toolName: 'hoursTool' },
          { type: 'tool-input-delta', id: 'call-mistake-json-1', delta: '{"city": "Ber' },
          { type: 'tool-input-end', id: 'call-mistake-json-1' },
          {
            type: 'tool-call',
            toolCallId: 'call-mistake-json-1',
            toolName: 'hoursTool',
            input: '{"city": "Ber',
          },
        ]),
        step(
          toolCall({ id: 'call-mistake-schema-1', name: 'hoursTool', input: { town: 'Bergen' } }),
        ),
        step(text('txt-mistake-1', 'The shop in Oslo opens at 09:00.')),
      ],
      { modelId: 'mistaken-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { mistaken: createMistakenAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

const PROMPT = 'When does the shop in Oslo open?';

/** The model-mistake scenarios, by name. */
export const modelMistakeScenarios: Record<string, Scenario> = {
  async modelMistakes() {
    const native = await mastra.getAgent('mistaken').stream(PROMPT, { maxSteps: 6 });
    const ui = await mastra.getAgent('mistaken').stream(PROMPT, { maxSteps: 6 });
    return [
      {
        file: 'model-mistakes.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-call', 'tool-error', 'tool-result', 'finish'],
        check: (all) => [
          ...problem(
            ofType(all, 'tool-error').some(
              (chunk) => at(chunk, 'payload', 'error', 'name') === 'ToolNotFoundError',
            ),
            'no ToolNotFoundError for the unknown tool',
          ),
          ...problem(
            ofType(all, 'tool-result').some(
              (chunk) => at(chunk, 'payload', 'result', 'error') === true,
            ),
            'no refused result for the arguments the schema refuses',
          ),
        ],
      },
      {
        file: 'model-mistakes-aisdk.jsonl',
        chunks: await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' })),
        expect: ['tool-input-available', 'tool-output-available', 'tool-output-error'],
      },
    ];
  },
};
