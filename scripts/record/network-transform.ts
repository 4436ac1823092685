/**
 * Agent network scenarios of `pnpm record` where a hidden value travels: the router runs the
 * transformed `crmLookupTool` itself (`[lookup]`), or routes to a member agent that calls it
 * (`[agent]`). The tool's display transform hides `apiKey` in its input and `sessionToken` in its
 * output; each scenario is also recorded through `toAISdkStream(…, { from: 'network' })`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { oneCallAgent } from './coverage-agents.ts';
import type { ModelTurn } from './models.ts';
import { networkModel, promptText, type Route } from './network-agents.ts';
import { at, type Chunk, collect, ofType, problem, type Scenario } from './recording.ts';
import { crmLookupTool } from './scenarios.ts';

/** The key the router passes to the tool it runs itself. */
export const NETWORK_TOOL_SECRET = 'sk-net-tool-secret-31';
/** The key the member agent passes to the tool. */
export const NETWORK_AGENT_SECRET = 'sk-net-agent-secret-64';

/** Routes by the marker in the task: the tool itself, or the agent that calls it. */
function routeByMarker(turn: ModelTurn): Route {
  if (promptText(turn).includes('[lookup]')) {
    return {
      primitiveId: 'crmLookupTool',
      primitiveType: 'tool',
      prompt: JSON.stringify({ query: 'Ada Lovelace', apiKey: NETWORK_TOOL_SECRET }),
      selectionReason: 'The CRM lookup tool answers this directly.',
    };
  }
  return {
    primitiveId: 'crm',
    primitiveType: 'agent',
    prompt: 'Which plan is Grace Hopper on?',
    selectionReason: 'The CRM agent looks customers up.',
  };
}

/** A network that runs the transformed CRM tool, directly or through its member agent. */
function createAccountsNetwork(): Agent {
  return new Agent({
    instructions: 'You answer questions about customers with the CRM agent or the CRM tool.',
    id: 'accounts-network',
    name: 'Accounts network',
    agents: {
      crm: oneCallAgent(
        'net-crm-agent',
        'Looks customers up in the CRM.',
        {
          id: 'call-net-crm-1',
          name: 'crmLookupTool',
          input: { query: 'Grace Hopper', apiKey: NETWORK_AGENT_SECRET },
        },
        'Grace Hopper is on the enterprise plan.',
        { crmLookupTool },
      ),
    },
    tools: { crmLookupTool },
    memory: new MockMemory(),
    // The check writes a final result for the agent's answer, none for the tool's: the network
    // then ends with the tool's result as its own.
    model: networkModel('accounts', routeByMarker, (turn) => ({
      isComplete: true,
      completionReason: 'The customer was looked up.',
      ...(promptText(turn).includes('[lookup]')
        ? {}
        : { finalResult: 'The customer is on the enterprise plan.' }),
    })),
  });
}

const mastra = new Mastra({
  agents: { accounts: createAccountsNetwork() },
  storage: new InMemoryStore(),
  logger: false,
});

let threads = 0;
/** Runs the network on `task` with a memory thread of its own; its stream, not yet read. */
async function run(task: string) {
  threads += 1;
  const memory = { thread: `thread-accounts-${threads}`, resource: 'user-1' };
  return mastra.getAgent('accounts').network(task, { memory, maxSteps: 3 });
}

/** What `networkRoute` streams of a network run. */
const ui = (out: unknown) =>
  collect(toAISdkStream(out as never, { from: 'network', version: 'v6' }) as ReadableStream);

/** Whether `secret` rides somewhere in the recording (what the client must keep hidden). */
const carries = (secret: string) => (chunks: Chunk[]) =>
  problem(JSON.stringify(chunks).includes(secret), `${secret} is not in the stream`);

/** Whether no chunk says that a display transform applies (no transform metadata anywhere). */
const unmarked = (chunks: Chunk[]) =>
  problem(
    !JSON.stringify(chunks).includes('toolPayloadTransform'),
    'a chunk now carries transform metadata',
  );

/** The network scenarios with a display-transformed tool, by name (`pnpm record <name>`). */
export const networkTransformScenarios: Record<string, Scenario> = {
  async networkTransformTool() {
    const native = await run('[lookup] Which plan is Ada Lovelace on?');
    const converted = await run('[lookup] Which plan is Ada Lovelace on?');
    return [
      {
        file: 'network-transform-tool.jsonl',
        chunks: await collect(native),
        expect: ['tool-execution-start', 'tool-execution-end', 'network-execution-event-finish'],
        // The tool execution carries the raw input and result, and nothing says they are hidden;
        // with no final result from the check, the network ends with the tool's result.
        check: (chunks) => [
          ...carries(NETWORK_TOOL_SECRET)(chunks),
          ...unmarked(chunks),
          ...problem(
            JSON.stringify(
              at(ofType(chunks, 'network-execution-event-finish')[0], 'payload'),
            ).includes('tok-internal-42'),
            'the network no longer ends with the tool result',
          ),
        ],
      },
      {
        file: 'aisdk-network-transform-tool.jsonl',
        chunks: await ui(converted),
        expect: ['start', 'data-network', 'finish'],
        check: (chunks) => [...carries(NETWORK_TOOL_SECRET)(chunks), ...unmarked(chunks)],
      },
    ];
  },

  async networkTransformAgent() {
    const native = await run('[agent] Which plan is Grace Hopper on?');
    const converted = await run('[agent] Which plan is Grace Hopper on?');
    return [
      {
        file: 'network-transform-agent.jsonl',
        chunks: await collect(native),
        expect: ['agent-execution-start', 'tool-result', 'agent-execution-end'],
        // The member agent's own chunks carry the metadata; its execution ends with its text.
        check: (chunks) => [
          ...carries(NETWORK_AGENT_SECRET)(chunks),
          ...problem(
            chunks.some((c) => at(c, 'payload', 'metadata', 'mastra', 'toolPayloadTransform')),
            'the member agent’s chunks carry no transform metadata',
          ),
          ...problem(
            typeof at(ofType(chunks, 'agent-execution-end')[0], 'payload', 'result') === 'string',
            'agent-execution-end no longer ends with the text alone',
          ),
        ],
      },
      {
        // The snapshots hold the agent's tool calls and results raw (in the step's `task`).
        file: 'aisdk-network-transform-agent.jsonl',
        chunks: await ui(converted),
        expect: ['start', 'data-network', 'finish'],
        check: (chunks) => [...carries(NETWORK_AGENT_SECRET)(chunks), ...unmarked(chunks)],
      },
    ];
  },
};
