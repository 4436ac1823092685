/**
 * Real @mastra/core agents, tools and workflows driven by scripted mock models, one set per
 * recorded scenario. `createScenarioMastra()` holds them all; the recorder, a test server and a
 * demo can share it. Every toolCallId is unique across all agents, so a supervisor's ids never
 * collide with its sub-agents' ids.
 *
 * Schemas are plain JSON Schema through `jsonSchema` from 'ai' (zod is not resolvable from the
 * repo root; Mastra accepts any AI SDK schema).
 */

import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import type { ProcessInputArgs, Processor } from '@mastra/core/processors';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool, type ToolPayloadTransformContext } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { jsonSchema } from 'ai';
import {
  delay,
  fail,
  reactiveModel,
  type ScriptPart,
  scriptedModel,
  step,
  text,
  toolCall,
} from './models.ts';

/** Agent ids. Each agent is registered in Mastra under its id. */
export const AGENT_IDS = {
  weather: 'weather-agent',
  travel: 'travel-agent',
  crmStreamed: 'crm-streamed-agent',
  crm: 'crm-agent',
  exporter: 'export-agent',
  audit: 'audit-agent',
  supervisor: 'supervisor-agent',
  research: 'research-agent',
  weatherStation: 'weather-station-agent',
  coordinator: 'coordinator-agent',
  forecast: 'forecast-agent',
  news: 'news-agent',
  ops: 'ops-agent',
  admin: 'admin-agent',
  opsSub: 'ops-subagent',
  booking: 'booking-agent',
  report: 'report-agent',
  indexer: 'indexer-agent',
  flaky: 'flaky-agent',
  slow: 'slow-agent',
  guarded: 'guarded-agent',
  deploy: 'deploy-agent',
  assistant: 'assistant-agent',
  lookup: 'lookup-agent',
} as const;

export type ScenarioAgentId = (typeof AGENT_IDS)[keyof typeof AGENT_IDS];

// ---------------------------------------------------------------------------------------------
// Schemas

type JsonProps = Record<string, Record<string, unknown>>;

/** An object JSON Schema typed as T. */
function objectSchema<T>(properties: JsonProps, required: (keyof T & string)[] = []) {
  return jsonSchema<T>({ type: 'object', properties, required, additionalProperties: false });
}

const str = { type: 'string' };
const num = { type: 'number' };
const bool = { type: 'boolean' };

// ---------------------------------------------------------------------------------------------
// Tools

export const weatherTool = createTool({
  id: 'get-weather',
  description: 'Current weather for a city.',
  inputSchema: objectSchema<{ city: string }>({ city: str }, ['city']),
  execute: async ({ city }) => ({ city, tempC: city === 'Paris' ? 21 : 17, sky: 'sunny' }),
});

export const flightsTool = createTool({
  id: 'search-flights',
  description: 'Search flights between two airports.',
  inputSchema: objectSchema<{ from: string; to: string }>({ from: str, to: str }, ['from', 'to']),
  execute: async ({ from, to }) => {
    throw new Error(`Flight search is unavailable for ${from} → ${to}`);
  },
});

interface CrmInput {
  query: string;
  apiKey: string;
}
interface CrmOutput {
  customer: { name: string; email: string; plan: string };
  sessionToken: string;
}

/** Has a display transform that hides `apiKey` in the input and `sessionToken` in the output. */
export const crmLookupTool = createTool({
  id: 'crm-lookup',
  description: 'Look a customer up in the CRM.',
  inputSchema: objectSchema<CrmInput>({ query: str, apiKey: str }, ['query', 'apiKey']),
  execute: async ({ query }): Promise<CrmOutput> => ({
    customer: { name: query, email: 'ada@example.com', plan: 'enterprise' },
    sessionToken: 'tok-internal-42',
  }),
  transform: {
    display: {
      input: ({ input }) => (input ? { query: input.query, apiKey: '••••' } : undefined),
      output: ({ output }) => (output ? { customer: (output as CrmOutput).customer } : undefined),
    },
  },
});

/** Its display `output` transform throws, so metadata marks that phase as failed. */
export const exportTool = createTool({
  id: 'export-report',
  description: 'Export a report to a file.',
  inputSchema: objectSchema<{ format: string }>({ format: str }, ['format']),
  execute: async ({ format }) => ({ file: `report.${format}`, bytes: 20480 }),
  transform: {
    display: {
      input: ({ input }) => input,
      output: () => {
        throw new Error('display transform exploded');
      },
    },
  },
});

export const loginTool = createTool({
  id: 'login',
  description: 'Sign in to the billing portal.',
  inputSchema: objectSchema<{ username: string; password: string }>(
    { username: str, password: str },
    ['username', 'password'],
  ),
  execute: async ({ username }) => ({
    user: username,
    token: 'eyJhbGciOiJIUzI1NiJ9.secret',
    expiresIn: 3600,
  }),
});

/** Writes progress with `context.writer.write` before answering (used inside a sub-agent). */
export const stationTool = createTool({
  id: 'read-station',
  description: 'Read live sensors of a weather station.',
  inputSchema: objectSchema<{ station: string }>({ station: str }, ['station']),
  execute: async ({ station }, context) => {
    await context.writer?.write({ status: 'connecting', station });
    await context.writer?.write({ status: 'reading', station, sensors: 3 });
    await context.writer?.custom({ type: 'data-station-status', data: { station, online: true } });
    return { station, tempC: 19.5, windKmh: 12, humidity: 0.61 };
  },
});

export const headlinesTool = createTool({
  id: 'headlines',
  description: 'Top headlines for a topic.',
  inputSchema: objectSchema<{ topic: string }>({ topic: str }, ['topic']),
  execute: async ({ topic }) => ({
    topic,
    headlines: [`${topic}: markets steady`, `${topic}: new rail line opens`],
  }),
});

export const deleteTool = createTool({
  id: 'delete-record',
  description: 'Delete a record by id. Needs approval.',
  inputSchema: objectSchema<{ id: string }>({ id: str }, ['id']),
  requireApproval: true,
  execute: async ({ id }) => ({ deleted: true, id }),
});

interface BookingSuspend {
  reason: string;
}
interface BookingResume {
  confirmed: boolean;
  note?: string;
}

/** Suspends with `{ reason }` until resumed with `{ confirmed, note? }`. */
export const bookTableTool = createTool({
  id: 'book-table',
  description: 'Book a restaurant table. Asks the user to confirm first.',
  inputSchema: objectSchema<{ restaurant: string; people: number; time: string }>(
    { restaurant: str, people: num, time: str },
    ['restaurant', 'people', 'time'],
  ),
  suspendSchema: objectSchema<BookingSuspend>({ reason: str }, ['reason']),
  resumeSchema: objectSchema<BookingResume>({ confirmed: bool, note: str }, ['confirmed']),
  execute: async ({ restaurant, people, time }, context) => {
    const resumeData = context.agent?.resumeData ?? context.resumeData;
    const suspend = context.agent?.suspend ?? context.suspend;
    if (!resumeData) {
      await suspend?.({ reason: `Confirm a table for ${people} at ${restaurant}, ${time}?` });
      return undefined;
    }
    return {
      restaurant,
      people,
      time,
      booked: resumeData.confirmed,
      note: resumeData.note ?? null,
    };
  },
});

/** Reports progress with `writer.write` several times and with a `data-progress` custom chunk. */
export const deployTool = createTool({
  id: 'deploy',
  description: 'Deploy a service.',
  inputSchema: objectSchema<{ service: string; env: string }>({ service: str, env: str }, [
    'service',
    'env',
  ]),
  execute: async ({ service, env }, context) => {
    const stages = ['build', 'upload', 'migrate', 'switch traffic'];
    for (const [index, stage] of stages.entries()) {
      await context.writer?.write({
        stage,
        step: index + 1,
        of: stages.length,
        percent: Math.round(((index + 1) / stages.length) * 100),
      });
    }
    await context.writer?.custom({
      type: 'data-progress',
      data: { service, env, percent: 100, label: 'Deployed' },
    });
    return { service, env, version: 'v42', url: `https://${service}.${env}.example.com` };
  },
});

/** Background-eligible tool: runs as a background task, reports progress, answers later. */
export const indexRepoTool = createTool({
  id: 'index-repo',
  description: 'Index a code repository. Slow, so it runs in the background.',
  inputSchema: objectSchema<{ repo: string }>({ repo: str }, ['repo']),
  background: { enabled: true },
  execute: async ({ repo }, context) => {
    await context.writer?.write({ repo, phase: 'scanning', percent: 40 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await context.writer?.write({ repo, phase: 'indexing', percent: 90 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { repo, files: 1284, symbols: 9120 };
  },
});

// ---------------------------------------------------------------------------------------------
// Workflow

const fetchFigures = createStep({
  id: 'fetch-figures',
  description: 'Load the numbers for the report.',
  inputSchema: objectSchema<{ topic: string }>({ topic: str }, ['topic']),
  outputSchema: objectSchema<{ topic: string; revenue: number; growth: number }>(
    { topic: str, revenue: num, growth: num },
    ['topic', 'revenue', 'growth'],
  ),
  execute: async ({ inputData }) => ({ topic: inputData.topic, revenue: 1250000, growth: 0.12 }),
});

const summarize = createStep({
  id: 'summarize',
  description: 'Write the summary line.',
  inputSchema: objectSchema<{ topic: string; revenue: number; growth: number }>(
    { topic: str, revenue: num, growth: num },
    ['topic', 'revenue', 'growth'],
  ),
  outputSchema: objectSchema<{ summary: string }>({ summary: str }, ['summary']),
  execute: async ({ inputData }) => ({
    summary: `${inputData.topic}: revenue ${inputData.revenue}, growth ${Math.round(inputData.growth * 100)}%`,
  }),
});

export function createReportWorkflow() {
  return createWorkflow({
    id: 'report-workflow',
    description: 'Build a short business report.',
    inputSchema: objectSchema<{ topic: string }>({ topic: str }, ['topic']),
    outputSchema: objectSchema<{ summary: string }>({ summary: str }, ['summary']),
  })
    .then(fetchFigures)
    .then(summarize)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Processors and transform policy

/** Input processor that trips on anything that looks like a password. */
export const secretGuard = {
  id: 'secret-guard',
  processInput({ messages, abort }: ProcessInputArgs) {
    const textOf = JSON.stringify(messages).toLowerCase();
    if (textOf.includes('password')) {
      abort('Messages must not contain passwords.', { metadata: { rule: 'no-passwords' } });
    }
    return messages;
  },
} satisfies Processor<'secret-guard'>;

const SECRET_KEYS = new Set(['password', 'token', 'apiKey']);

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/** Agent-level display policy: redacts secret keys in inputs and outputs of every tool. */
export function redactSecretsPolicy(ctx: ToolPayloadTransformContext): unknown {
  if (ctx.phase === 'input-available') return redact(ctx.input);
  if (ctx.phase === 'output-available') return redact(ctx.output);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Agents

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** 1. Streamed tool input, tool-result, text. */
export function createWeatherAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.weather,
    name: 'Weather agent',
    description: 'Answers weather questions.',
    tools: { weatherTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-weather-1', name: 'weatherTool', input: { city: 'Paris' } })),
        step(text('txt-weather-1', 'It is 21°C and sunny in Paris.'), {
          usage: { input: 20, output: 8 },
        }),
      ],
      { modelId: 'weather-mock' },
    ),
  });
}

/** 2. Two tool calls in one step; one throws. */
export function createTravelAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.travel,
    name: 'Travel agent',
    tools: { weatherTool, flightsTool },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-weather-2', name: 'weatherTool', input: { city: 'Lisbon' } }),
          ...toolCall({
            id: 'call-flights-1',
            name: 'flightsTool',
            input: { from: 'CDG', to: 'LIS' },
          }),
        ]),
        step(
          text(
            'txt-travel-1',
            "Lisbon is 17°C and sunny. I couldn't search flights right now: the flight service is unavailable.",
          ),
        ),
      ],
      { modelId: 'travel-mock' },
    ),
  });
}

const crmInput = { query: 'Ada Lovelace', apiKey: 'sk-secret-123' };

/** 3. Tool with a display transform; the model streams the input. */
export function createCrmStreamedAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.crmStreamed,
    name: 'CRM agent (streamed input)',
    tools: { crmLookupTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-crm-1', name: 'crmLookupTool', input: crmInput, stream: 4 })),
        step(text('txt-crm-1', 'Ada Lovelace is on the enterprise plan.')),
      ],
      { modelId: 'crm-mock' },
    ),
  });
}

/** 4. Same tool; the model sends the whole input in one tool-call. */
export function createCrmAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.crm,
    name: 'CRM agent',
    tools: { crmLookupTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-crm-2', name: 'crmLookupTool', input: crmInput, stream: false })),
        step(text('txt-crm-2', 'Ada Lovelace is on the enterprise plan.')),
      ],
      { modelId: 'crm-mock' },
    ),
  });
}

/** 5. Display output transform throws. */
export function createExportAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.exporter,
    name: 'Export agent',
    tools: { exportTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-export-1', name: 'exportTool', input: { format: 'pdf' } })),
        step(text('txt-export-1', 'Your report is ready as report.pdf.')),
      ],
      { modelId: 'export-mock' },
    ),
  });
}

/** 6. Agent-level transform policy (display target) redacting secrets of every tool. */
export function createAuditAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.audit,
    name: 'Audit agent',
    tools: { loginTool },
    transform: { transformToolPayload: redactSecretsPolicy, targets: ['display'] },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-login-1',
            name: 'loginTool',
            input: { username: 'ada', password: 'hunter2' },
          }),
        ),
        step(text('txt-audit-1', 'Signed in to the billing portal as ada.')),
      ],
      { modelId: 'audit-mock' },
    ),
  });
}

/** 7. Innermost agent: a tool that writes progress. */
export function createWeatherStationAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.weatherStation,
    name: 'Weather station agent',
    description: 'Reads live weather station sensors.',
    tools: { stationTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-station-1', name: 'stationTool', input: { station: 'LFPG' } })),
        step(text('txt-station-1', 'Station LFPG reads 19.5°C, wind 12 km/h.')),
      ],
      { modelId: 'station-mock' },
    ),
  });
}

/** 7. Middle agent: delegates to the weather station agent as `agent-weather`. */
export function createResearchAgent(weatherStation = createWeatherStationAgent()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.research,
    name: 'Research agent',
    description: 'Researches questions, delegating weather lookups.',
    agents: { weather: weatherStation },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-weather-sub-1',
            name: 'agent-weather',
            input: { prompt: 'Read the live conditions at Paris CDG (LFPG).' },
          }),
        ),
        step(text('txt-research-1', 'At Paris CDG it is 19.5°C with a light wind.')),
      ],
      { modelId: 'research-mock' },
    ),
  });
}

/** 7. Supervisor -> agent-research -> agent-weather. */
export function createSupervisorAgent(research = createResearchAgent()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.supervisor,
    name: 'Supervisor',
    agents: { research },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-research-1',
            name: 'agent-research',
            input: { prompt: 'What are the conditions at Paris CDG right now?' },
          }),
        ),
        step(text('txt-supervisor-1', 'Right now Paris CDG reports 19.5°C and a light wind.')),
      ],
      { modelId: 'supervisor-mock' },
    ),
  });
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * 8. A sub-agent that can run twice at once: its toolCallIds come from the city in the prompt,
 * so two runs never share an id.
 */
export function createForecastAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.forecast,
    name: 'Forecast agent',
    description: 'Gives the weather for one city.',
    tools: { weatherTool },
    model: reactiveModel(
      ({ lastUserText, stepIndex }) => {
        const city = /for ([A-Z][\w -]*?)[.?!]?$/.exec(lastUserText)?.[1] ?? 'Paris';
        const id = slug(city);
        if (stepIndex === 0) {
          return step(
            toolCall({ id: `call-city-weather-${id}`, name: 'weatherTool', input: { city } }),
          );
        }
        return step(text(`txt-forecast-${id}`, `${city}: sunny, around 20°C.`));
      },
      { modelId: 'forecast-mock' },
    ),
  });
}

export function createNewsAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.news,
    name: 'News agent',
    description: 'Summarises headlines.',
    tools: { headlinesTool },
    model: scriptedModel(
      [
        step(
          toolCall({ id: 'call-headlines-1', name: 'headlinesTool', input: { topic: 'Tokyo' } }),
        ),
        step(text('txt-news-1', 'Tokyo: markets are steady and a new rail line opened.')),
      ],
      { modelId: 'news-mock' },
    ),
  });
}

/** 8. Three sub-agent calls in one step: forecast twice, news once. */
export function createCoordinatorAgent(forecast = createForecastAgent(), news = createNewsAgent()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.coordinator,
    name: 'Coordinator',
    agents: { forecast, news },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-forecast-paris-1',
            name: 'agent-forecast',
            input: { prompt: 'Weather for Paris' },
          }),
          ...toolCall({
            id: 'call-forecast-tokyo-1',
            name: 'agent-forecast',
            input: { prompt: 'Weather for Tokyo' },
          }),
          ...toolCall({
            id: 'call-news-1',
            name: 'agent-news',
            input: { prompt: 'Top news in Tokyo' },
          }),
        ]),
        step(
          text(
            'txt-coordinator-1',
            'Paris and Tokyo are both sunny around 20°C; in Tokyo the markets are steady.',
          ),
        ),
      ],
      { modelId: 'coordinator-mock' },
    ),
  });
}

/** Answers after an approval-gated delete: different text when the call was declined. */
function deleteFollowUp(textId: string, recordId: string) {
  return (toolResults: Map<string, unknown>): ScriptPart[] => {
    // A declined call reaches the model as a text output holding the reason, not the tool result.
    const deleted = [...toolResults.values()].some((output) =>
      JSON.stringify(output).includes('"deleted":true'),
    );
    return step(
      text(
        textId,
        deleted ? `Record ${recordId} was deleted.` : `OK, I did not delete ${recordId}.`,
      ),
    );
  };
}

/** 9. `requireApproval` tool (same names as the copied example recordings). */
export function createOpsAgent() {
  const followUp = deleteFollowUp('t-final', 'abc-123');
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.ops,
    name: 'Ops agent',
    description: 'Deletes records (with approval).',
    tools: { deleteTool },
    model: reactiveModel(
      ({ stepIndex, toolResults }) =>
        stepIndex === 0
          ? step(toolCall({ id: 'call-del-1', name: 'deleteTool', input: { id: 'abc-123' } }))
          : followUp(toolResults),
      { modelId: 'ops-mock' },
    ),
  });
}

/** 10. Sub-agent whose tool needs approval. */
export function createOpsSubAgent() {
  const followUp = deleteFollowUp('txt-ops-sub-1', 'rec-778');
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.opsSub,
    name: 'Ops sub-agent',
    description: 'Deletes records (with approval).',
    tools: { deleteTool },
    model: reactiveModel(
      ({ stepIndex, toolResults }) =>
        stepIndex === 0
          ? step(toolCall({ id: 'call-del-sub-1', name: 'deleteTool', input: { id: 'rec-778' } }))
          : followUp(toolResults),
      { modelId: 'ops-sub-mock' },
    ),
  });
}

/** 10. Supervisor delegating to the ops sub-agent as `agent-ops`. */
export function createAdminAgent(ops = createOpsSubAgent()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.admin,
    name: 'Admin',
    agents: { ops },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-ops-1',
            name: 'agent-ops',
            input: { prompt: 'Delete record rec-778.' },
          }),
        ),
        step(text('txt-admin-1', 'The ops agent deleted record rec-778.')),
      ],
      { modelId: 'admin-mock' },
    ),
  });
}

/** 11. Tool that suspends for confirmation. */
export function createBookingAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.booking,
    name: 'Booking agent',
    tools: { bookTableTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-book-1',
            name: 'bookTableTool',
            input: { restaurant: 'Chez Marie', people: 4, time: '19:30' },
          }),
        ),
        step(text('txt-booking-1', 'Your table for 4 at Chez Marie is booked for 19:30.')),
      ],
      { modelId: 'booking-mock' },
    ),
  });
}

/** 12. Agent with a workflow tool (`workflow-report`). */
export function createReportAgent(report = createReportWorkflow()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.report,
    name: 'Report agent',
    workflows: { report },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-report-1',
            name: 'workflow-report',
            input: { inputData: { topic: 'Q3 sales' } },
          }),
        ),
        step(text('txt-report-1', 'Q3 sales: revenue 1,250,000 with 12% growth.')),
      ],
      { modelId: 'report-mock' },
    ),
  });
}

/**
 * 18. Background task. Needs `backgroundTasks: { enabled: true }` on Mastra, memory on the agent,
 * and `stream(..., { untilIdle: true, memory: { thread, resource } })` so the stream stays open
 * until the task completes and the agent answers in a continuation run.
 */
export function createIndexerAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.indexer,
    name: 'Indexer agent',
    tools: { indexRepoTool },
    memory: new MockMemory(),
    model: reactiveModel(
      ({ stepIndex, prompt }) => {
        // The continuation turn sees the finished task's result in place of the placeholder.
        if (JSON.stringify(prompt).includes('"symbols":')) {
          return step(text('txt-indexer-2', 'acme/api is indexed: 1284 files, 9120 symbols.'));
        }
        if (stepIndex === 0) {
          return step(
            toolCall({ id: 'call-index-1', name: 'indexRepoTool', input: { repo: 'acme/api' } }),
          );
        }
        return step(text('txt-indexer-1', "I'm indexing acme/api in the background."));
      },
      { modelId: 'indexer-mock' },
    ),
  });
}

/** A model error with a fixed, machine-independent stack (the wire carries `stack`). */
function upstreamError(): Error {
  const error = new Error('Upstream model connection reset');
  error.stack =
    'Error: Upstream model connection reset\n    at MockProvider.doStream (mock-provider.js:1:1)';
  return error;
}

/** 13. The model stream fails mid-text. */
export function createFlakyAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.flaky,
    name: 'Flaky agent',
    model: scriptedModel(
      [
        [
          { type: 'stream-start', warnings: [] },
          {
            type: 'response-metadata',
            id: 'resp-flaky-1',
            modelId: 'mock-model',
            timestamp: new Date(0),
          },
          ...text('txt-flaky-1', ['Let me ', 'look ', 'that ']).slice(0, -1),
          fail(upstreamError()),
        ],
      ],
      { modelId: 'flaky-mock' },
    ),
  });
}

/** 14. A slow text answer (80 ms between deltas) to abort mid-way. */
export function createSlowAgent() {
  const words = 'Here is a long answer that takes a while to stream word by word.'.split(' ');
  const parts: ScriptPart[] = [{ type: 'text-start', id: 'txt-slow-1' }];
  for (const word of words) {
    parts.push(delay(80), { type: 'text-delta', id: 'txt-slow-1', delta: `${word} ` });
  }
  parts.push({ type: 'text-end', id: 'txt-slow-1' });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.slow,
    name: 'Slow agent',
    model: scriptedModel([step(parts)], { modelId: 'slow-mock' }),
  });
}

/** 15. Input processor that aborts (tripwire). */
export function createGuardedAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.guarded,
    name: 'Guarded agent',
    inputProcessors: [secretGuard],
    model: scriptedModel([step(text('txt-guarded-1', 'This should never be sent.'))], {
      modelId: 'guarded-mock',
    }),
  });
}

/** 16. Plain tool writing progress. */
export function createDeployAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.deploy,
    name: 'Deploy agent',
    tools: { deployTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-deploy-1',
            name: 'deployTool',
            input: { service: 'billing', env: 'staging' },
          }),
        ),
        step(text('txt-deploy-1', 'billing v42 is live on staging.')),
      ],
      { modelId: 'deploy-mock' },
    ),
  });
}

/** 17. Sub-agent for the AI SDK recordings. */
export function createLookupAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.lookup,
    name: 'Lookup agent',
    description: 'Looks facts up with its own tools.',
    tools: { weatherTool },
    model: scriptedModel(
      [
        step(
          toolCall({ id: 'call-lookup-weather-1', name: 'weatherTool', input: { city: 'Oslo' } }),
        ),
        step(text('txt-lookup-1', 'Oslo is 17°C and sunny.')),
      ],
      { modelId: 'lookup-mock' },
    ),
  });
}

/** 17. Tool call + sub-agent in one step, then an approval-gated tool. */
export function createAssistantAgent(lookup = createLookupAgent()) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: AGENT_IDS.assistant,
    name: 'Assistant',
    tools: { weatherTool, deleteTool },
    agents: { lookup },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-weather-ai-1', name: 'weatherTool', input: { city: 'Paris' } }),
          ...toolCall({
            id: 'call-lookup-1',
            name: 'agent-lookup',
            input: { prompt: 'Weather in Oslo?' },
          }),
        ]),
        step([
          ...text('txt-assistant-1', 'Paris is 21°C, Oslo 17°C. Now deleting the old trip. '),
          ...toolCall({ id: 'call-del-ai-1', name: 'deleteTool', input: { id: 'trip-2019' } }),
        ]),
        step(text('txt-assistant-2', 'Old trip trip-2019 deleted.')),
      ],
      { modelId: 'assistant-mock' },
    ),
  });
}

/** Every scenario agent, keyed by id (sub-agents included, so they can be called directly). */
export function createScenarioAgents(): Record<ScenarioAgentId, Agent> {
  const weatherStation = createWeatherStationAgent();
  const research = createResearchAgent(weatherStation);
  const forecast = createForecastAgent();
  const news = createNewsAgent();
  const opsSub = createOpsSubAgent();
  const lookup = createLookupAgent();
  return {
    [AGENT_IDS.weather]: createWeatherAgent(),
    [AGENT_IDS.travel]: createTravelAgent(),
    [AGENT_IDS.crmStreamed]: createCrmStreamedAgent(),
    [AGENT_IDS.crm]: createCrmAgent(),
    [AGENT_IDS.exporter]: createExportAgent(),
    [AGENT_IDS.audit]: createAuditAgent(),
    [AGENT_IDS.weatherStation]: weatherStation,
    [AGENT_IDS.research]: research,
    [AGENT_IDS.supervisor]: createSupervisorAgent(research),
    [AGENT_IDS.forecast]: forecast,
    [AGENT_IDS.news]: news,
    [AGENT_IDS.coordinator]: createCoordinatorAgent(forecast, news),
    [AGENT_IDS.ops]: createOpsAgent(),
    [AGENT_IDS.opsSub]: opsSub,
    [AGENT_IDS.admin]: createAdminAgent(opsSub),
    [AGENT_IDS.booking]: createBookingAgent(),
    [AGENT_IDS.report]: createReportAgent(),
    [AGENT_IDS.indexer]: createIndexerAgent(),
    [AGENT_IDS.flaky]: createFlakyAgent(),
    [AGENT_IDS.slow]: createSlowAgent(),
    [AGENT_IDS.guarded]: createGuardedAgent(),
    [AGENT_IDS.deploy]: createDeployAgent(),
    [AGENT_IDS.lookup]: lookup,
    [AGENT_IDS.assistant]: createAssistantAgent(lookup),
  };
}

/**
 * A Mastra instance with every scenario agent, in-memory storage (needed to resume approvals and
 * suspensions) and background tasks enabled (only tools with `background` config use them).
 */
export function createScenarioMastra() {
  return new Mastra({
    agents: createScenarioAgents(),
    storage: new InMemoryStore(),
    backgroundTasks: { enabled: true },
    logger: false,
  });
}
