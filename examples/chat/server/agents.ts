/**
 * The demo's Mastra instance: a supervisor agent with five tools (plain, approval, suspension,
 * display transform, progress), a research subagent that delegates to a weather-station
 * subagent, and a report workflow. Without a provider key every agent runs on a scripted model
 * that reacts to the user's words; with `OPENAI_API_KEY` set they run on a real model.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { Memory } from '@mastra/memory';
import { jsonSchema } from 'ai';
import {
  type CallOptions,
  delay,
  reactiveModel,
  type ScriptPart,
  type StreamPart,
  step,
  text,
  toolCall,
} from '../../../scripts/record/models.ts';
import {
  bookTableTool,
  createReportWorkflow,
  crmLookupTool,
  deleteTool,
  stationTool,
  weatherTool,
} from '../../../scripts/record/scenarios.ts';
import { SUPERVISOR_ID, TOOL_NAMES } from '../shared.ts';

/** The API key the scripted model passes to the CRM tool; its display transform hides it. */
export const DEMO_SECRET = 'sk-demo-secret-42';

/** The model used when `OPENAI_API_KEY` is set and `DEMO_MODEL` is not. */
export const DEFAULT_REAL_MODEL = 'openai/gpt-4o-mini';

type JsonProps = Record<string, Record<string, unknown>>;

function objectSchema<T>(properties: JsonProps, required: (keyof T & string)[] = []) {
  return jsonSchema<T>({ type: 'object', properties, required, additionalProperties: false });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reports each stage with `writer.write`, pausing between them so the progress can be watched. */
const deployTool = createTool({
  id: 'deploy-service',
  description: 'Deploy a service to an environment, reporting each stage.',
  inputSchema: objectSchema<{ service: string; env: string }>(
    { service: { type: 'string' }, env: { type: 'string' } },
    ['service', 'env'],
  ),
  execute: async ({ service, env }, context) => {
    const stages = ['build', 'upload', 'migrate', 'switch traffic'];
    for (const [index, stage] of stages.entries()) {
      await sleep(350);
      await context.writer?.write({
        stage,
        step: index + 1,
        of: stages.length,
        percent: Math.round(((index + 1) / stages.length) * 100),
      });
    }
    return { service, env, version: 'v42', url: `https://${service}.${env}.example.com` };
  },
});

// ---------------------------------------------------------------------------------------------
// The scripted model

/** Unique ids across every run of this process, so no two tool calls ever share one. */
function idMaker() {
  const prefix = Math.random().toString(36).slice(2, 6);
  let count = 0;
  return (kind: string) => `${kind}-${prefix}-${++count}`;
}

/** Waits before each delta, so text and tool input visibly stream. */
function paced(parts: ScriptPart[], ms = 35): ScriptPart[] {
  return parts.flatMap((part): ScriptPart[] =>
    part.type === 'text-delta' || part.type === 'tool-input-delta' ? [delay(ms), part] : [part],
  );
}

interface PlannedCall {
  readonly name: string;
  readonly input: unknown;
}

interface Intent {
  readonly name: string;
  readonly pattern: RegExp;
  readonly input: (text: string) => unknown;
}

/** The first capture group that matched, or `fallback`. */
function match(text: string, pattern: RegExp, fallback: string): string {
  return (
    pattern
      .exec(text)
      ?.slice(1)
      .find((group) => group !== undefined) ?? fallback
  );
}

/** What each tool is called with, from the user's words. */
const INTENTS: readonly Intent[] = [
  {
    name: TOOL_NAMES.research,
    pattern: /\bresearch/i,
    input: (text) => ({ prompt: text }),
  },
  {
    name: TOOL_NAMES.weather,
    pattern: /\bweather\b/i,
    input: (text) => ({ city: match(text, /\b(?:in|for|at)\s+([A-Z][\w-]*)/, 'Paris') }),
  },
  {
    name: TOOL_NAMES.delete,
    pattern: /\b(?:delete|remove)\b/i,
    input: (text) => ({ id: match(text, /\brecords?\s+([\w-]+)/i, 'rec-1') }),
  },
  {
    name: TOOL_NAMES.book,
    pattern: /\b(?:book|reserve)\b/i,
    input: (text) => ({
      restaurant: match(text, /\bat\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)/, 'Chez Marie'),
      people: Number(match(text, /\b(\d+)\s+(?:people|persons|guests)\b|\bfor\s+(\d+)\b/i, '2')),
      time: match(text, /\b(\d{1,2}:\d{2})\b/, '19:30'),
    }),
  },
  {
    name: TOOL_NAMES.customer,
    pattern: /\b(?:customer|crm)\b/i,
    input: (text) => ({
      query: match(text, /\b(?:customer|crm)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)/i, 'Ada Lovelace'),
      apiKey: DEMO_SECRET,
    }),
  },
  {
    name: TOOL_NAMES.deploy,
    pattern: /\bdeploy/i,
    input: (text) => ({
      service: match(text, /\bdeploy\s+(?:the\s+)?([\w-]+)/i, 'billing'),
      env: match(text, /\bto\s+([\w-]+)/i, 'staging'),
    }),
  },
  {
    name: TOOL_NAMES.report,
    pattern: /\breport\b/i,
    input: (text) => ({
      inputData: { topic: match(text, /\breport\s+(?:on|about|for)\s+(.+?)[.?!]?$/i, 'Q3 sales') },
    }),
  },
];

const HELP =
  'I am a scripted model, so I react to a few words: weather, delete, book, customer, deploy, ' +
  'research and report. Try one of the example prompts.';

function toolNamesOf(options: CallOptions): string[] {
  return (options.tools ?? []).map((tool) => tool.name);
}

/** The calls to make for this message, honouring the active tools and the tool choice. */
function planCalls(userText: string, options: CallOptions): { calls: PlannedCall[]; note: string } {
  const available = toolNamesOf(options);
  const choice = options.toolChoice ?? { type: 'auto' };
  if (choice.type === 'none' || available.length === 0) {
    return { calls: [], note: 'Tools are off for this message, so I am answering without them.' };
  }
  const wanted = INTENTS.filter((intent) => intent.pattern.test(userText));
  if (choice.type === 'tool') {
    const intent = INTENTS.find((candidate) => candidate.name === choice.toolName);
    const input = intent?.input(userText) ?? {};
    return { calls: [{ name: choice.toolName, input }], note: '' };
  }
  const calls = wanted
    .filter((intent) => available.includes(intent.name))
    .map((intent) => ({ name: intent.name, input: intent.input(userText) }));
  const off = wanted.filter((intent) => !available.includes(intent.name));
  const note =
    off.length === 0
      ? ''
      : `${off.map((intent) => intent.name).join(', ')} ${off.length === 1 ? 'is' : 'are'} not ` +
        'among the active tools, so I left that out.';
  if (calls.length === 0 && choice.type === 'required') {
    const name = available[0]!;
    const intent = INTENTS.find((candidate) => candidate.name === name);
    return { calls: [{ name, input: intent?.input(userText) ?? {} }], note };
  }
  return { calls, note };
}

interface FinishedCall {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly output: unknown;
}

/** The calls of the current turn and what came back, read from the prompt. */
function finishedCalls(prompt: CallOptions['prompt']): FinishedCall[] {
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const inputs = new Map<string, Record<string, unknown>>();
  const calls: FinishedCall[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    for (const part of message.content) {
      if (typeof part === 'string') continue;
      if (part.type === 'tool-call') {
        const input = typeof part.input === 'string' ? safeParse(part.input) : part.input;
        inputs.set(part.toolCallId, (input ?? {}) as Record<string, unknown>);
      }
      if (part.type === 'tool-result') {
        const output = part.output as { type: string; value?: unknown; reason?: string };
        calls.push({
          toolName: part.toolName,
          input: inputs.get(part.toolCallId) ?? {},
          output: output.type === 'json' || output.type === 'text' ? output.value : output,
        });
      }
    }
  }
  return calls;
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A subagent's answer: Mastra gives the model its text, or an object holding it. */
function answerOf(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  const said = field(output, 'text');
  return typeof said === 'string' ? said : undefined;
}

/** One sentence per finished call, as a model would sum the results up. */
function summarize({ toolName, input, output }: FinishedCall): string {
  switch (toolName) {
    case TOOL_NAMES.weather:
      return `It is ${field(output, 'tempC')}°C and ${field(output, 'sky')} in ${field(output, 'city')}.`;
    case TOOL_NAMES.delete:
      return field(output, 'deleted') === true
        ? `Record ${input.id} was deleted.`
        : `OK, I did not delete record ${input.id}.`;
    case TOOL_NAMES.book:
      return field(output, 'booked') === true
        ? `Your table for ${input.people} at ${input.restaurant} is booked for ${input.time}.`
        : `I did not book the table at ${input.restaurant}.`;
    case TOOL_NAMES.customer: {
      const customer = field(output, 'customer');
      return `${field(customer, 'name')} is on the ${field(customer, 'plan')} plan.`;
    }
    case TOOL_NAMES.deploy:
      return `${field(output, 'service')} ${field(output, 'version')} is live on ${field(output, 'env')}.`;
    case TOOL_NAMES.research:
      return `The research agent reports: ${answerOf(output) ?? 'nothing'}`;
    case TOOL_NAMES.report:
      return `Report ready. ${field(field(output, 'result'), 'summary') ?? ''}`.trim();
    default:
      return typeof output === 'string' ? output : `${toolName} finished.`;
  }
}

function createSupervisorModel(nextId: (kind: string) => string) {
  return reactiveModel(
    ({ lastUserText, stepIndex, prompt, options }) => {
      if (stepIndex > 0) {
        const sentences = finishedCalls(prompt).map(summarize);
        return paced(step(text(nextId('txt'), sentences.join(' ') || 'Done.')));
      }
      const { calls, note } = planCalls(lastUserText, options);
      if (calls.length === 0) return paced(step(text(nextId('txt'), note || HELP)));
      const parts: StreamPart[] = [];
      if (note) parts.push(...text(nextId('txt'), `${note} `));
      for (const call of calls) {
        parts.push(...toolCall({ id: nextId('call'), name: call.name, input: call.input }));
      }
      return paced(step(parts));
    },
    { modelId: 'demo-scripted', provider: 'scripted' },
  );
}

function createResearchModel(nextId: (kind: string) => string) {
  return reactiveModel(
    ({ stepIndex, prompt }) => {
      if (stepIndex === 0) {
        return paced(
          step([
            ...text(nextId('txt'), 'Let me ask the weather station. '),
            ...toolCall({
              id: nextId('call'),
              name: 'agent-station',
              input: { prompt: 'Read the live conditions at Paris CDG (LFPG).' },
            }),
          ]),
        );
      }
      const said = answerOf(finishedCalls(prompt)[0]?.output);
      const answer = said === undefined ? 'The station did not answer.' : `At Paris CDG: ${said}`;
      return paced(step(text(nextId('txt'), answer)));
    },
    { modelId: 'demo-scripted', provider: 'scripted' },
  );
}

function createStationModel(nextId: (kind: string) => string) {
  return reactiveModel(
    ({ stepIndex }) =>
      stepIndex === 0
        ? paced(
            step(toolCall({ id: nextId('call'), name: 'readStation', input: { station: 'LFPG' } })),
          )
        : paced(step(text(nextId('txt'), 'Station LFPG reads 19.5°C, wind 12 km/h.'))),
    { modelId: 'demo-scripted', provider: 'scripted' },
  );
}

const SUPERVISOR_INSTRUCTIONS = [
  'You are the assistant of the Toolpane demo. Keep answers short.',
  'Use getWeather for weather, deleteRecord to delete records, bookTable to book restaurant',
  'tables, lookupCustomer to look customers up in the CRM (always pass the apiKey',
  `"${DEMO_SECRET}"), deployService to deploy services, the research agent for research`,
  'questions and the report workflow for business reports.',
].join(' ');

/** Which model the agents run on. */
export type DemoModel =
  | { readonly kind: 'scripted' }
  | { readonly kind: 'real'; readonly id: string };

/**
 * The model the demo uses: a real one when `OPENAI_API_KEY` is set (`DEMO_MODEL` picks another
 * Mastra model string), else the scripted one.
 *
 * @example
 * const model = modelFromEnv(process.env); // { kind: 'scripted' } without a key
 */
export function modelFromEnv(env: Readonly<Record<string, string | undefined>>): DemoModel {
  if (env.DEMO_MODEL) return { kind: 'real', id: env.DEMO_MODEL };
  if (env.OPENAI_API_KEY) return { kind: 'real', id: DEFAULT_REAL_MODEL };
  return { kind: 'scripted' };
}

/**
 * A Mastra instance with the demo's agents and in-memory storage: approvals and suspensions are
 * resumed from it, and the supervisor's memory keeps each conversation thread there (the page
 * restores a thread on reload). `server` adds server options, such as custom API routes.
 *
 * @example
 * const mastra = createDemoMastra({ kind: 'scripted' });
 * const stream = await mastra.getAgent(SUPERVISOR_ID).stream('What is the weather in Paris?');
 */
export function createDemoMastra(
  model: DemoModel = { kind: 'scripted' },
  server?: NonNullable<ConstructorParameters<typeof Mastra>[0]>['server'],
): Mastra {
  const nextId = idMaker();
  // One store for the runs Mastra resumes and for the conversation memory keeps, so a reload
  // restores the thread and a waiting approval or suspension can still be answered.
  const storage = new InMemoryStore();
  const memory = new Memory({ storage, options: { lastMessages: 20 } });
  const pick = <T>(scripted: () => T) => (model.kind === 'real' ? model.id : scripted());
  const station = new Agent({
    id: 'station-agent',
    name: 'Weather station',
    description: 'Reads the live sensors of a weather station.',
    instructions: 'Read the station the user names with readStation and report the values.',
    tools: { readStation: stationTool },
    model: pick(() => createStationModel(nextId)),
  });
  const research = new Agent({
    id: 'research-agent',
    name: 'Research agent',
    description: 'Researches questions; asks the weather station for live conditions.',
    instructions: 'Answer research questions. Ask the station agent for live weather readings.',
    agents: { station },
    model: pick(() => createResearchModel(nextId)),
  });
  const supervisor = new Agent({
    id: SUPERVISOR_ID,
    name: 'Demo supervisor',
    description: 'Answers with tools, a research subagent and a report workflow.',
    instructions: SUPERVISOR_INSTRUCTIONS,
    tools: {
      [TOOL_NAMES.weather]: weatherTool,
      [TOOL_NAMES.delete]: deleteTool,
      [TOOL_NAMES.book]: bookTableTool,
      [TOOL_NAMES.customer]: crmLookupTool,
      [TOOL_NAMES.deploy]: deployTool,
    },
    agents: { research },
    workflows: { report: createReportWorkflow() },
    model: pick(() => createSupervisorModel(nextId)),
    memory,
  });
  return new Mastra({
    agents: { [SUPERVISOR_ID]: supervisor, 'research-agent': research, 'station-agent': station },
    storage,
    logger: false,
    ...(server === undefined ? {} : { server }),
  });
}
