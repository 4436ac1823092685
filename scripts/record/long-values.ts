/**
 * A `pnpm record` scenario whose tools answer with values longer than any view shows at once: a
 * log of several thousand characters, a list of over a thousand orders and an index with more
 * keys than a view lists. Views say how much they left out ("… 1,234 more characters"), which
 * server rendering and hydration must write the same way.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { collect, ofType, problem, type Scenario } from './recording.ts';

/** Lines of the log the log tool returns. */
export const LOG_LINES = 120;
/** Orders the order tool returns. */
export const ORDER_COUNT = 1_100;
/** Keys of the index the index tool returns. */
export const INDEX_KEYS = 1_100;

const readLogTool = createTool({
  id: 'read-log',
  description: 'Reads the tail of a service log.',
  inputSchema: z.object({ service: z.string() }),
  execute: async ({ service }) => ({
    service,
    log: Array.from(
      { length: LOG_LINES },
      (_, i) =>
        `2026-11-30T12:${String(i % 60).padStart(2, '0')}:00Z ${service} request ${i + 1} served in ${(i * 7) % 300} ms`,
    ).join('\n'),
  }),
});

const listOrdersTool = createTool({
  id: 'list-orders',
  description: "Lists a month's orders.",
  inputSchema: z.object({ month: z.string() }),
  execute: async ({ month }) => ({
    month,
    orders: Array.from({ length: ORDER_COUNT }, (_, i) => ({
      id: i + 1,
      total: ((i * 37) % 500) + 0.5,
    })),
  }),
});

const skuIndexTool = createTool({
  id: 'sku-index',
  description: 'Stock level of every SKU in a warehouse.',
  inputSchema: z.object({ warehouse: z.string() }),
  execute: async () =>
    Object.fromEntries(Array.from({ length: INDEX_KEYS }, (_, i) => [`sku-${i + 1}`, i % 17])),
});

/** The id of the agent whose tools answer with long values. */
export const LONG_VALUES_AGENT_ID = 'long-values-agent';

function createLongValuesAgent(): Agent {
  return new Agent({
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    id: LONG_VALUES_AGENT_ID,
    name: 'Operations',
    tools: { readLogTool, listOrdersTool, skuIndexTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-log-1', name: 'readLogTool', input: { service: 'checkout' } }),
          ...toolCall({ id: 'call-orders-1', name: 'listOrdersTool', input: { month: '2026-11' } }),
          ...toolCall({ id: 'call-skus-1', name: 'skuIndexTool', input: { warehouse: 'north' } }),
        ]),
        step(text('txt-long-1', 'Checkout is healthy; 1,100 orders in November.')),
      ],
      { modelId: 'long-values-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { longValues: createLongValuesAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const longValueScenarios: Record<string, Scenario> = {
  async longValues() {
    const out = await mastra.getAgent('longValues').stream('How are checkout and orders doing?');
    return [
      {
        file: 'long-values.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-result', 'text-delta', 'finish'],
        check: (all) => problem(ofType(all, 'tool-result').length === 3, 'not every tool answered'),
      },
    ];
  },
};
