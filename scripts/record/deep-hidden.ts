/**
 * Scenarios of `pnpm record` where what a tool's display transform hides travels up more than
 * one subagent level: a desk agent asks `agent-branch`, whose model calls in one step
 * `agent-clerk` and the transformed `crmLookupTool`; the clerk's model calls `crmLookupTool`
 * too. Each level's result carries the calls under it raw in `subAgentToolResults` (protocol §14),
 * so the top-level result holds both keys, two and three levels down.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { at, collect, ofType, problem, type Scenario } from './recording.ts';
import { crmLookupTool } from './scenarios.ts';

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** The key the branch's own lookup is given, two levels down. */
export const BRANCH_SECRET = 'sk-branch-secret-411';
/** The key the clerk's lookup is given, three levels down. */
export const CLERK_SECRET = 'sk-clerk-secret-903';

function createDeepDeskAgent() {
  const clerk = new Agent({
    instructions: INSTRUCTIONS,
    id: 'deep-clerk-agent',
    name: 'Clerk',
    description: 'Looks one customer up in the CRM.',
    tools: { crmLookupTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-crm-clerk-1',
            name: 'crmLookupTool',
            input: { query: 'Mary Jackson', apiKey: CLERK_SECRET },
          }),
        ),
        step(text('txt-clerk-1', 'Mary Jackson is on the enterprise plan.')),
      ],
      { modelId: 'clerk-mock' },
    ),
  });
  const branch = new Agent({
    instructions: INSTRUCTIONS,
    id: 'deep-branch-agent',
    name: 'Branch',
    description: 'Looks customers up, with a clerk.',
    tools: { crmLookupTool },
    agents: { clerk },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-clerk-deep-1',
            name: 'agent-clerk',
            input: { prompt: 'Which plan is Mary Jackson on?' },
          }),
          ...toolCall({
            id: 'call-crm-branch-1',
            name: 'crmLookupTool',
            input: { query: 'Dorothy Vaughan', apiKey: BRANCH_SECRET },
          }),
        ]),
        step(text('txt-branch-1', 'Both are on the enterprise plan.')),
      ],
      { modelId: 'branch-mock' },
    ),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'deep-desk-agent',
    name: 'Deep desk',
    agents: { branch },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-branch-deep-1',
            name: 'agent-branch',
            input: { prompt: 'Which plans are Mary Jackson and Dorothy Vaughan on?' },
          }),
        ),
        step(text('txt-desk-deep-1', 'Both are on the enterprise plan.')),
      ],
      { modelId: 'deep-desk-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { deepDesk: createDeepDeskAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

const PROMPT = 'Which plans are Mary Jackson and Dorothy Vaughan on?';

/** Whether the top-level result carries both keys raw (what the client must hide). */
const topCarriesRaw = (chunks: Record<string, unknown>[]) => {
  const results = JSON.stringify(
    ofType(chunks, 'tool-result').map((chunk) =>
      at(chunk, 'payload', 'result', 'subAgentToolResults'),
    ),
  );
  return results.includes(BRANCH_SECRET) && results.includes(CLERK_SECRET);
};

export const deepHiddenScenarios: Record<string, Scenario> = {
  async deepHiddenTransform() {
    const native = await mastra.getAgent('deepDesk').stream(PROMPT);
    const chunks = await collect(native.fullStream);
    const ui = await mastra.getAgent('deepDesk').stream(PROMPT);
    return [
      {
        file: 'subagent-transform-deep.jsonl',
        chunks,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (all) =>
          problem(topCarriesRaw(all), 'the top-level result no longer carries both keys raw'),
      },
      {
        file: 'subagent-transform-deep-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['data-tool-agent', 'tool-output-available'],
        check: (all) =>
          problem(
            JSON.stringify(all).includes(CLERK_SECRET),
            'the stream no longer carries the clerk key',
          ),
      },
    ];
  },
};
