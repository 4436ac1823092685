/**
 * `pnpm record` scenario: a tool with a display transform that runs an agent of its own and pipes
 * that agent's `fullStream` into its writer, the way a tool streams what a subagent does. The
 * piped chunks arrive as the tool's `tool-output`, carrying the agent's run raw (its prompt's key
 * in its tool call and its text); the transform hides the key from the tool's own values. Also
 * through `toAISdkStream`, where the piped run comes as `data-tool-agent` snapshots. Real
 * @mastra/core agents on scripted mock models; every toolCallId is unique across `pnpm record`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { at, collect, ofType, problem, type Scenario } from './recording.ts';

/** The key the model passes; the transform of the piping tool replaces it. */
export const PIPED_SECRET = 'sk-piped-vault-secret-6624';

/** Seals a vault with a key; the clerk agent calls it. */
const sealTool = createTool({
  id: 'seal-vault',
  description: 'Seal a vault with a key.',
  inputSchema: z.object({ vault: z.string(), key: z.string() }),
  execute: async ({ vault }) => ({ vault, sealed: true }),
});

/** The agent the piping tool runs: it seals the vault with the key it was given. */
const clerk = new Agent({
  instructions: 'You seal vaults.',
  id: 'piped-clerk-agent',
  name: 'piped-clerk-agent',
  tools: { sealTool },
  model: scriptedModel(
    [
      step(
        toolCall({
          id: 'call-piped-seal-1',
          name: 'sealTool',
          input: { vault: 'vault-7', key: PIPED_SECRET },
        }),
      ),
      step(text('txt-piped-clerk', `Vault-7 is sealed with ${PIPED_SECRET}.`)),
    ],
    { modelId: 'piped-clerk-mock' },
  ),
});

/** Runs the clerk and pipes its stream into the writer; shows the vault, never the key. */
const sealViaClerkTool = createTool({
  id: 'seal-via-clerk',
  description: 'Have the clerk seal a vault.',
  inputSchema: z.object({ vault: z.string(), key: z.string() }),
  execute: async ({ vault, key }, context) => {
    const stream = await clerk.stream(`Seal ${vault} with ${key}.`);
    if (context.writer !== undefined) await stream.fullStream.pipeTo(context.writer);
    return { vault, sealed: true };
  },
  transform: {
    display: {
      input: ({ input }) => ({
        vault: (input as { vault?: string } | undefined)?.vault,
        key: '••••',
      }),
      output: ({ output }) => output,
    },
  },
});

const mastra = new Mastra({
  agents: {
    vaultDesk: new Agent({
      instructions: 'You are a helpful assistant.',
      id: 'piped-vault-desk-agent',
      name: 'piped-vault-desk-agent',
      tools: { sealViaClerkTool },
      model: scriptedModel(
        [
          step(
            toolCall({
              id: 'call-piped-desk-1',
              name: 'sealViaClerkTool',
              input: { vault: 'vault-7', key: PIPED_SECRET },
            }),
          ),
          step(text('txt-piped-desk', 'The clerk sealed vault-7.')),
        ],
        { modelId: 'piped-vault-desk-mock' },
      ),
    }),
  },
  logger: false,
});

/** The piped-agent scenario, by name. */
export const pipedAgentScenarios: Record<string, Scenario> = {
  async pipedAgentHidden() {
    const out = await mastra.getAgent('vaultDesk').stream('Seal vault-7.', { maxSteps: 3 });
    const ui = await mastra.getAgent('vaultDesk').stream('Seal vault-7.', { maxSteps: 3 });
    return [
      {
        file: 'piped-agent-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-output', 'tool-result', 'finish'],
        check: (all) => [
          ...problem(
            ofType(all, 'tool-output').some(
              (chunk) => at(chunk, 'payload', 'output', 'type') === 'tool-call',
            ),
            "the clerk's tool call was not piped into the tool's output",
          ),
          ...problem(
            JSON.stringify(all).includes(PIPED_SECRET),
            'the key never reached the stream',
          ),
        ],
      },
      {
        file: 'piped-agent-hidden-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['tool-input-available', 'data-tool-agent', 'tool-output-available'],
      },
    ];
  },
};
