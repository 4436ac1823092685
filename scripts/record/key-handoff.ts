/**
 * Scenarios of `pnpm record` where what one call hides comes back in a call beside it. A vault
 * tool with no display transform returns a service's API key; the CRM lookup, whose display
 * transform hides the key it is given, gets that key from the model. Handed on: the vault's
 * result comes in one step and the lookup in the next (its result shown before anything said
 * the key is hidden). Beside: both in one step, the lookup first (Mastra holds a step's results
 * until all are in). Across subagents: a desk agent asks `agent-keeper`, whose vault returns the
 * key, and `agent-clerk`, whose lookup is given it, in two steps (handed on) or in one (side by
 * side, the clerk first): the key comes back in one subagent's run and is hidden in another's.
 * Passphrase: handed on, the key a passphrase with spaces, a slash and an umlaut (which a link, a form
 * body or ASCII-only JSON encode). Natively and through `@mastra/ai-sdk` (v6, with the
 * subagents' metadata).
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { type ScriptPart, scriptedModel, step, text, toolCall } from './models.ts';
import { type Chunk, collect, ofType, problem, type Scenario } from './recording.ts';
import { crmLookupTool } from './scenarios.ts';

/** The key the vault returns and the lookup hides. */
export const HANDOFF_SECRET = 'sk-vault-handoff-6023';

/**
 * A passphrase the vault returns instead: spaces, a slash and an umlaut, which URLs, forms and
 * ASCII-only JSON encode, and an ampersand and an apostrophe, which HTML escapes.
 */
export const PASSPHRASE_SECRET = "lantern & örbit 6023/velvet's";

/** Returns a service's key; no display transform, so its result shows as it is. */
const vaultTool = createTool({
  id: 'vault-read',
  description: "Read a service's API key from the vault.",
  inputSchema: z.object({ service: z.string() }),
  execute: async ({ service }) => ({
    service,
    apiKey: service === 'crm-passphrase' ? PASSPHRASE_SECRET : HANDOFF_SECRET,
    rotates: 'in 30 days',
  }),
});

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

const vaultCall = (id: string, service = 'crm') =>
  toolCall({ id, name: 'vaultTool', input: { service } });
const lookupCall = (id: string, apiKey = HANDOFF_SECRET) =>
  toolCall({
    id,
    name: 'crmLookupTool',
    input: { query: 'Grace Hopper', apiKey },
  });

/** An agent whose model makes `steps`' calls, one step each, then answers. */
function agent(id: string, steps: ScriptPart[][]) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    tools: { vaultTool, crmLookupTool },
    model: scriptedModel(
      [
        ...steps.map((calls) => step(calls)),
        step(text(`txt-${id}`, 'Grace Hopper is on enterprise.')),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

/** An agent with one of the two tools, whose model makes `call`, then answers. */
function subagent(
  id: string,
  description: string,
  tools: Record<string, unknown>,
  call: ScriptPart[],
) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    description,
    tools: tools as { vaultTool: typeof vaultTool },
    model: scriptedModel([step(call), step(text(`txt-${id}`, 'Done.'))], {
      modelId: `${id}-mock`,
    }),
  });
}

const askKeeper = (id: string) =>
  toolCall({ id, name: 'agent-keeper', input: { prompt: 'Read the CRM key from the vault.' } });
const askClerk = (id: string) =>
  toolCall({ id, name: 'agent-clerk', input: { prompt: 'Look Grace Hopper up in the CRM.' } });

/** A desk agent whose model asks its two subagents as `steps` say, then answers. */
function desk(id: string, suffix: string, steps: ScriptPart[][]) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    agents: {
      keeper: subagent(
        `keeper-${suffix}-agent`,
        "Reads a service's key from the vault.",
        { vaultTool },
        vaultCall(`call-${suffix}-vault-1`),
      ),
      clerk: subagent(
        `clerk-${suffix}-agent`,
        'Looks customers up in the CRM.',
        { crmLookupTool },
        lookupCall(`call-${suffix}-crm-1`),
      ),
    },
    model: scriptedModel(
      [
        ...steps.map((calls) => step(calls)),
        step(text(`txt-${id}`, 'Grace Hopper is on enterprise.')),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

const mastra = new Mastra({
  agents: {
    acrossLater: desk('across-later-desk-agent', 'across-later', [
      askKeeper('call-across-later-keeper-1'),
      askClerk('call-across-later-clerk-1'),
    ]),
    acrossBeside: desk('across-beside-desk-agent', 'across-beside', [
      [...askClerk('call-across-beside-clerk-1'), ...askKeeper('call-across-beside-keeper-1')],
    ]),
    handedOn: agent('handoff-later-agent', [
      vaultCall('call-handoff-vault-1'),
      lookupCall('call-handoff-crm-1'),
    ]),
    beside: agent('handoff-beside-agent', [
      [...lookupCall('call-beside-crm-1'), ...vaultCall('call-beside-vault-1')],
    ]),
    passphrase: agent('handoff-passphrase-agent', [
      vaultCall('call-passphrase-vault-1', 'crm-passphrase'),
      lookupCall('call-passphrase-crm-1', PASSPHRASE_SECRET),
    ]),
  },
  storage: new InMemoryStore(),
  logger: false,
});

const PROMPT = 'Get the CRM key from the vault and look up Grace Hopper.';

type Key = 'handedOn' | 'beside' | 'acrossLater' | 'acrossBeside' | 'passphrase';

/** The vault's result and the lookup's arguments both carry the key. */
const carriesKey = (key: Key) => (chunks: Chunk[]) =>
  problem(
    JSON.stringify(chunks).split(key === 'passphrase' ? PASSPHRASE_SECRET : HANDOFF_SECRET).length >
      2,
    'the key is not in both the result and the arguments',
  );

/** One scenario: `key`'s agent natively and through `toAISdkStream`. */
async function record(key: Key, name: string) {
  const native = await mastra.getAgent(key).stream(PROMPT);
  const ui = await mastra.getAgent(key).stream(PROMPT);
  const across = key.startsWith('across');
  return [
    {
      file: `${name}.jsonl`,
      chunks: await collect(native.fullStream),
      expect: ['tool-call', 'tool-result', 'finish'],
      check: (chunks: Chunk[]) => [
        ...carriesKey(key)(chunks),
        ...problem(ofType(chunks, 'tool-result').length === 2, 'not two results'),
      ],
    },
    {
      file: `aisdk-v6-${name}.jsonl`,
      chunks: await collect(
        toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: across }),
      ),
      expect: ['tool-input-available', 'tool-output-available', 'finish'],
      check: carriesKey(key),
    },
  ];
}

/** The scenarios, by name (`pnpm record <name>` runs one). */
export const keyHandoffScenarios: Record<string, Scenario> = {
  keyHandedOn: () => record('handedOn', 'key-handed-on'),
  keyBeside: () => record('beside', 'key-beside'),
  keyAcrossLater: () => record('acrossLater', 'key-across-agents'),
  keyAcrossBeside: () => record('acrossBeside', 'key-across-agents-beside'),
  keyPassphrase: () => record('passphrase', 'key-passphrase'),
};
