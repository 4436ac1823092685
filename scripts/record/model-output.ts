/**
 * Scenarios of `pnpm record` where what the model saw of a hidden result (`toModelOutput`, made
 * from the raw result) travels beside it: a subagent's tool with a display transform and a
 * `toModelOutput` that quotes the hidden value, natively and through `@mastra/ai-sdk` with
 * subagent snapshots.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { jsonSchema } from 'ai';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { collect, ofType, problem, type Scenario } from './recording.ts';

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** The token the tool returns, hidden by its display transform, quoted by its model output. */
const TOKEN = 'tok-model-secret-88';

/** Issues a badge; shows only the holder, and tells the model the badge token. */
const badgeTool = createTool({
  id: 'issue-badge',
  description: 'Issue a visitor badge.',
  inputSchema: jsonSchema<{ visitor: string }>({
    type: 'object',
    properties: { visitor: { type: 'string' } },
    required: ['visitor'],
  }),
  execute: async ({ visitor }) => ({ holder: visitor, token: TOKEN }),
  toModelOutput: (output) => ({
    type: 'text',
    value: `Badge ${(output as { token: string }).token} issued.`,
  }),
  transform: {
    display: {
      input: ({ input }) => input,
      output: ({ output }) =>
        output ? { holder: (output as { holder: string }).holder } : undefined,
    },
  },
});

/** Supervisor -> agent-frontDesk (its model calls `badgeTool`). */
function createLobbyAgent() {
  const frontDesk = new Agent({
    instructions: INSTRUCTIONS,
    id: 'badge-desk-agent',
    name: 'Badge desk',
    description: 'Issues visitor badges.',
    tools: { badgeTool },
    model: scriptedModel(
      [
        step(toolCall({ id: 'call-badge-1', name: 'badgeTool', input: { visitor: 'Ada' } })),
        step(text('txt-badge-desk-1', 'The badge for Ada is ready.')),
      ],
      { modelId: 'badge-desk-mock' },
    ),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'lobby-agent',
    name: 'Lobby',
    agents: { frontDesk },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-desk-sub-1',
            name: 'agent-frontDesk',
            input: { prompt: 'A badge for Ada, please.' },
          }),
        ),
        step(text('txt-lobby-1', 'Ada has a badge.')),
      ],
      { modelId: 'lobby-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: { lobby: createLobbyAgent() },
  storage: new InMemoryStore(),
  logger: false,
});

export const modelOutputScenarios: Record<string, Scenario> = {
  async subagentModelOutput() {
    const native = await mastra.getAgent('lobby').stream('A badge for Ada, please.');
    const ui = await mastra.getAgent('lobby').stream('A badge for Ada, please.');
    return [
      {
        file: 'subagent-model-output.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (all) => problem(JSON.stringify(all).includes(`Badge ${TOKEN}`), 'no model output'),
      },
      {
        file: 'subagent-model-output-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['data-tool-agent', 'tool-output-available'],
        check: (all) =>
          problem(
            JSON.stringify(ofType(all, 'data-tool-agent')).includes(`Badge ${TOKEN}`),
            'snapshots no longer carry the inner model output',
          ),
      },
    ];
  },
};
