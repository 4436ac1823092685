/**
 * `pnpm record` scenarios where the model gets a tool call wrong and Mastra answers for the tool:
 * a call of a tool the agent does not have (beside a call that runs, in one step), arguments that
 * are not JSON, and arguments the tool's schema refuses. Mastra ends the first with a `tool-error`
 * whose error keeps only its name (`ToolNotFoundError`), runs the second with `{}` as its input,
 * and answers the third with a result `{ error: true, message, validationErrors }`. The same
 * refusal away from the top level: inside a subagent, three agents down, for a workflow tool's
 * input, for a tool's output, and as a background task's result. Real @mastra/core agents on
 * scripted mock models; every toolCallId is unique across `pnpm record`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';
import { reactiveModel, scriptedModel, step, text, toolCall } from './models.ts';
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

/** A tool whose output fails its own schema: Mastra refuses the output, not the arguments. */
const stockTool = createTool({
  id: 'stock-count',
  description: 'How many of an item are in stock.',
  inputSchema: z.object({ item: z.string() }),
  outputSchema: z.object({ item: z.string(), count: z.number() }),
  execute: async ({ item }) => ({ item, count: 'seventeen' }) as never,
});

/** A workflow whose input the model gets wrong. */
function createRestockWorkflow() {
  const order = createStep({
    id: 'order-stock',
    inputSchema: z.object({ item: z.string(), boxes: z.number() }),
    outputSchema: z.object({ ordered: z.number() }),
    execute: async ({ inputData }) => ({ ordered: inputData.boxes }),
  });
  return createWorkflow({
    id: 'restock-order-workflow',
    description: 'Order boxes of an item.',
    inputSchema: z.object({ item: z.string(), boxes: z.number() }),
    outputSchema: z.object({ ordered: z.number() }),
  })
    .then(order)
    .commit();
}

/**
 * Refusals away from the top level: a subagent whose model sends arguments the tool refuses, a
 * workflow given input its schema refuses, and a tool whose output fails its schema.
 */
function createShopDesk() {
  const shopper = new Agent({
    instructions: 'You look up shops.',
    id: 'shopper-agent',
    name: 'shopper-agent',
    description: 'Looks up shop opening hours.',
    tools: { hoursTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-refused-inner-1', name: 'hoursTool', input: { town: 'Oslo' } })),
        step(text('txt-refused-inner', 'I could not look that up.')),
      ],
      { modelId: 'shopper-mock' },
    ),
  });
  return new Agent({
    instructions: 'You are a helpful assistant.',
    id: 'shop-desk-agent',
    name: 'shop-desk-agent',
    agents: { shopper },
    workflows: { restock: createRestockWorkflow() },
    tools: { stockTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-refused-subagent-1',
            name: 'agent-shopper',
            input: { prompt: 'When does the shop in Oslo open?' },
          }),
          ...toolCall({
            id: 'call-refused-workflow-1',
            name: 'workflow-restock',
            input: { inputData: { item: 'bolts', boxes: 'three' } },
          }),
          ...toolCall({ id: 'call-refused-output-1', name: 'stockTool', input: { item: 'bolts' } }),
        ]),
        step(text('txt-refused-desk', 'Nothing worked this time.')),
      ],
      { modelId: 'shop-desk-mock' },
    ),
  });
}

/**
 * Refusals three agents down: the desk asks a manager, who asks a clerk beside a workflow given
 * input it refuses and a tool whose output fails its schema; the clerk asks a shopper beside the
 * same tool; the shopper's arguments are refused. Refused calls at depths 1, 2 and 3.
 */
function createDeepRefusalDesk() {
  const shopper = new Agent({
    instructions: 'You look up shops.',
    id: 'deep-shopper-agent',
    name: 'deep-shopper-agent',
    description: 'Looks up shop opening hours.',
    tools: { hoursTool },
    model: scriptedModel(
      [
        step(
          toolCall({ id: 'call-deep-refused-inner-1', name: 'hoursTool', input: { town: 'Oslo' } }),
        ),
        step(text('txt-deep-refused-shopper', 'I could not look that up.')),
      ],
      { modelId: 'deep-shopper-mock' },
    ),
  });
  const clerk = new Agent({
    instructions: 'You ask the shopper and count stock.',
    id: 'deep-clerk-agent',
    name: 'deep-clerk-agent',
    description: 'Asks the shopper and counts stock.',
    agents: { shopper },
    tools: { stockTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-deep-refused-shopper-1',
            name: 'agent-shopper',
            input: { prompt: 'When does the shop in Oslo open?' },
          }),
          ...toolCall({
            id: 'call-deep-refused-output-2',
            name: 'stockTool',
            input: { item: 'nuts' },
          }),
        ]),
        step(text('txt-deep-refused-clerk', 'Neither answer came back right.')),
      ],
      { modelId: 'deep-clerk-mock' },
    ),
  });
  const manager = new Agent({
    instructions: 'You ask the clerk, restock and count.',
    id: 'deep-manager-agent',
    name: 'deep-manager-agent',
    description: 'Runs the shop through its clerk.',
    agents: { clerk },
    workflows: { restock: createRestockWorkflow() },
    tools: { stockTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-deep-refused-clerk-1',
            name: 'agent-clerk',
            input: { prompt: 'Check the shop and count the nuts.' },
          }),
          ...toolCall({
            id: 'call-deep-refused-workflow-1',
            name: 'workflow-restock',
            input: { inputData: { item: 'bolts', boxes: 'three' } },
          }),
          ...toolCall({
            id: 'call-deep-refused-output-1',
            name: 'stockTool',
            input: { item: 'bolts' },
          }),
        ]),
        step(text('txt-deep-refused-manager', 'Nothing worked this time.')),
      ],
      { modelId: 'deep-manager-mock' },
    ),
  });
  return new Agent({
    instructions: 'You are a helpful assistant.',
    id: 'deep-refusal-desk-agent',
    name: 'deep-refusal-desk-agent',
    agents: { manager },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-deep-refused-manager-1',
            name: 'agent-manager',
            input: { prompt: 'Check the shop, restock bolts and count them.' },
          }),
        ),
        step(text('txt-deep-refused-desk', 'The manager could not get anything done.')),
      ],
      { modelId: 'deep-refusal-desk-mock' },
    ),
  });
}

/** A background tool whose output fails its schema: the task completes with Mastra's refusal. */
const tallyTool = createTool({
  id: 'tally-orders',
  description: 'Tally the orders of a month. Slow, so it runs in the background.',
  inputSchema: z.object({ month: z.string() }),
  outputSchema: z.object({ month: z.string(), orders: z.number() }),
  background: { enabled: true },
  execute: async ({ month }) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { month, orders: 'many' } as never;
  },
});

function createTallyAgent() {
  return new Agent({
    instructions: 'You are a helpful assistant.',
    id: 'tally-agent',
    name: 'tally-agent',
    tools: { tallyTool },
    memory: new MockMemory(),
    model: reactiveModel(
      ({ stepIndex, prompt }) => {
        // The continuation turn sees the task's answer in place of the placeholder.
        if (JSON.stringify(prompt).includes('validation failed')) {
          return step(text('txt-tally-2', 'The tally came back malformed.'));
        }
        if (stepIndex === 0) {
          return step(
            toolCall({ id: 'call-refused-bg-1', name: 'tallyTool', input: { month: 'March' } }),
          );
        }
        return step(text('txt-tally-1', "I'm tallying March in the background."));
      },
      { modelId: 'tally-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: {
    mistaken: createMistakenAgent(),
    shopDesk: createShopDesk(),
    deepRefusalDesk: createDeepRefusalDesk(),
    tally: createTallyAgent(),
  },
  backgroundTasks: { enabled: true },
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

  async refusalInBackground() {
    const out = await mastra.getAgent('tally').stream('Tally the orders of March.', {
      untilIdle: true,
      memory: { thread: 'thread-tally-1', resource: 'user-1' },
    });
    const ui = await mastra.getAgent('tally').stream('Tally the orders of March.', {
      untilIdle: true,
      memory: { thread: 'thread-tally-2', resource: 'user-1' },
    });
    return [
      {
        file: 'refusal-background.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['background-task-started', 'background-task-completed', 'finish'],
      },
      {
        file: 'refusal-background-aisdk.jsonl',
        chunks: await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' })),
        expect: ['data-background-task-completed', 'finish'],
      },
    ];
  },

  async refusalsInside() {
    const prompt = 'Check the shop, restock bolts and count them.';
    const native = await mastra.getAgent('shopDesk').stream(prompt, { maxSteps: 4 });
    const ui = await mastra.getAgent('shopDesk').stream(prompt, { maxSteps: 4 });
    return [
      {
        file: 'refusals-inside.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-call', 'tool-result', 'finish'],
      },
      {
        file: 'refusals-inside-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['tool-input-available', 'tool-output-available', 'data-tool-agent'],
      },
    ];
  },

  async refusalsDeep() {
    const prompt = 'Check the shop, restock bolts and count them.';
    const native = await mastra.getAgent('deepRefusalDesk').stream(prompt, { maxSteps: 4 });
    const ui = await mastra.getAgent('deepRefusalDesk').stream(prompt, { maxSteps: 4 });
    return [
      {
        file: 'refusals-deep.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-call', 'tool-result', 'finish'],
        check: (all) =>
          problem(
            JSON.stringify(all).includes('call-deep-refused-inner-1'),
            'the innermost refused call never reached the top',
          ),
      },
      {
        file: 'refusals-deep-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['tool-input-available', 'tool-output-available', 'data-tool-agent'],
      },
    ];
  },
};
