/**
 * A `pnpm record` scenario with long names at every depth: three subagents nested inside one
 * another, registered under long keys, each of which also calls a tool with a long name in the
 * same step; the deepest one runs a workflow with a long id as well. Card headers are measured
 * against it at a phone's width.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { collect, type Scenario } from './recording.ts';
import { num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

const regionSchema = objectSchema<{ region: string }>({ region: str }, ['region']);

const consolidatedRegionalSalesFiguresTool = createTool({
  id: 'consolidated-regional-sales-figures',
  description: 'Sales figures of a region, consolidated across subsidiaries.',
  inputSchema: regionSchema,
  execute: async ({ region }) => ({ region, revenue: 4_180_000, currency: 'EUR' }),
});

const internationalNewswireHeadlinesTool = createTool({
  id: 'international-newswire-headlines',
  description: 'Headlines about a region from the international newswires.',
  inputSchema: regionSchema,
  execute: async ({ region }) => ({ region, headlines: [`${region}: logistics hub expands`] }),
});

const municipalTransportTimetableLookupTool = createTool({
  id: 'municipal-transport-timetable-lookup',
  description: 'Looks up the timetables of a municipal transport network.',
  inputSchema: regionSchema,
  execute: async ({ region }) => ({ region, lines: 42, punctuality: 0.94 }),
});

const countRiders = createStep({
  id: 'count-weekday-and-weekend-riders-per-line',
  description: 'Counts riders per line.',
  inputSchema: regionSchema,
  outputSchema: objectSchema<{ region: string; riders: number }>({ region: str, riders: num }, [
    'region',
    'riders',
  ]),
  execute: async ({ inputData }) => ({ region: inputData.region, riders: 1_920_000 }),
});

const ridershipReport = createWorkflow({
  id: 'quarterly-public-transport-ridership-report',
  description: 'Builds the quarterly ridership report.',
  inputSchema: regionSchema,
  outputSchema: objectSchema<{ region: string; riders: number }>({ region: str, riders: num }, [
    'region',
    'riders',
  ]),
})
  .then(countRiders)
  .commit();

/** An agent that makes the given tool calls in one step, then answers. */
function agentOf(
  id: string,
  calls: Parameters<typeof toolCall>[0][],
  answer: string,
  options: Partial<ConstructorParameters<typeof Agent>[0]>,
) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    description: `The ${id}.`,
    ...options,
    model: scriptedModel([step(calls.flatMap(toolCall)), step(text(`txt-${id}`, answer))], {
      modelId: `${id}-mock`,
    }),
  });
}

function createBoardBriefingAgent() {
  const specialist = agentOf(
    'municipal-transport-infrastructure-specialist-agent',
    [
      {
        id: 'call-timetables-long-1',
        name: 'municipalTransportTimetableLookupTool',
        input: { region: 'Rhine-Ruhr' },
      },
      {
        id: 'call-ridership-long-1',
        name: 'workflow-quarterlyPublicTransportRidershipReport',
        input: { inputData: { region: 'Rhine-Ruhr' } },
      },
    ],
    'Rhine-Ruhr transport: 42 lines, 94% punctual, 1.92 million riders.',
    {
      tools: { municipalTransportTimetableLookupTool },
      workflows: { quarterlyPublicTransportRidershipReport: ridershipReport },
    },
  );
  const aggregator = agentOf(
    'international-newswire-headline-aggregator-agent',
    [
      {
        id: 'call-newswire-long-1',
        name: 'internationalNewswireHeadlinesTool',
        input: { region: 'Rhine-Ruhr' },
      },
      {
        id: 'call-specialist-long-1',
        name: 'agent-municipalTransportInfrastructureSpecialist',
        input: { prompt: 'How is public transport in Rhine-Ruhr doing?' },
      },
    ],
    'Rhine-Ruhr news: the logistics hub expands; transport is punctual.',
    {
      tools: { internationalNewswireHeadlinesTool },
      agents: { municipalTransportInfrastructureSpecialist: specialist },
    },
  );
  const coordinator = agentOf(
    'quarterly-financial-reporting-coordinator-agent',
    [
      {
        id: 'call-sales-long-1',
        name: 'consolidatedRegionalSalesFiguresTool',
        input: { region: 'Rhine-Ruhr' },
      },
      {
        id: 'call-aggregator-long-1',
        name: 'agent-internationalNewswireHeadlineAggregator',
        input: { prompt: 'What is in the news about Rhine-Ruhr?' },
      },
    ],
    'Rhine-Ruhr: revenue 4.18 million EUR; the logistics hub expands.',
    {
      tools: { consolidatedRegionalSalesFiguresTool },
      agents: { internationalNewswireHeadlineAggregator: aggregator },
    },
  );
  return agentOf(
    'board-briefing-agent',
    [
      {
        id: 'call-coordinator-long-1',
        name: 'agent-quarterlyFinancialReportingCoordinator',
        input: { prompt: 'Brief the board on Rhine-Ruhr.' },
      },
    ],
    'Board briefing: Rhine-Ruhr revenue 4.18 million EUR, a growing logistics hub, punctual transport.',
    { agents: { quarterlyFinancialReportingCoordinator: coordinator } },
  );
}

const mastra = new Mastra({
  agents: { boardBriefing: createBoardBriefingAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const longNameScenarios: Record<string, Scenario> = {
  async subagentLongNames() {
    const out = await mastra.getAgent('boardBriefing').stream('Brief the board on Rhine-Ruhr.');
    return [
      {
        file: 'subagent-long-names.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-step-result', 'tool-result', 'finish'],
      },
    ];
  },
};
