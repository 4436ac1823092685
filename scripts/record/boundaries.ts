/**
 * Scenarios of `pnpm record` where a hidden value crosses from one call to another: a subagent
 * whose tool has a display transform (its parent's result carries the inner call raw), the same
 * through `@mastra/ai-sdk` (snapshots without transform metadata), and streamed input of a
 * transformed tool on the AI SDK path (protocol §6.4, §14), and a subagent whose own call repeats
 * the toolCallId of a call nested deeper that came before it.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { at, collect, ofType, problem, type Scenario } from './recording.ts';
import { createCrmStreamedAgent, crmLookupTool, headlinesTool } from './scenarios.ts';

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** A subagent that looks a customer up with the transformed `crmLookupTool`. */
function createCrmDeskAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'crm-desk-agent',
    name: 'CRM desk',
    description: 'Looks customers up in the CRM.',
    tools: { crmLookupTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-crm-desk-1',
            name: 'crmLookupTool',
            input: { query: 'Grace Hopper', apiKey: 'sk-desk-secret-77' },
          }),
        ),
        step(text('txt-crm-desk-1', 'Grace Hopper is on the enterprise plan.')),
      ],
      { modelId: 'crm-desk-mock' },
    ),
  });
}

/** Supervisor -> agent-crm (crm-desk-agent) -> crmLookupTool with a display transform. */
function createAccountManagerAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'account-manager-agent',
    name: 'Account manager',
    agents: { crm: createCrmDeskAgent() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-crm-sub-1',
            name: 'agent-crm',
            input: { prompt: 'Which plan is Grace Hopper on?' },
          }),
        ),
        step(text('txt-account-1', 'Grace Hopper is on the enterprise plan.')),
      ],
      { modelId: 'account-mock' },
    ),
  });
}

/** The toolCallId both the newsroom's plain call and the ledger's own transformed call carry. */
const REPEATED_ID = 'call-1';

/**
 * Registrar -> agent-ledger, whose model first calls agent-newsroom (whose model calls the plain
 * `headlinesTool` as `call-1`), then itself calls the transformed `crmLookupTool`, also as
 * `call-1`: models that number calls per run repeat ids at different depths, and here the deeper
 * call comes first in the stream.
 */
function createRegistrarAgent() {
  const newsroom = new Agent({
    instructions: INSTRUCTIONS,
    id: 'newsroom-agent',
    name: 'Newsroom',
    description: 'Fetches headlines.',
    tools: { headlinesTool },
    model: scriptedModel(
      [
        step(toolCall({ id: REPEATED_ID, name: 'headlinesTool', input: { topic: 'Lisbon' } })),
        step(text('txt-newsroom-1', 'Lisbon news is calm.')),
      ],
      { modelId: 'newsroom-mock' },
    ),
  });
  const ledger = new Agent({
    instructions: INSTRUCTIONS,
    id: 'ledger-agent',
    name: 'Ledger',
    description: 'Checks the news, then the customer in the CRM.',
    tools: { crmLookupTool },
    agents: { newsroom },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-news-1',
            name: 'agent-newsroom',
            input: { prompt: 'Headlines for Lisbon.' },
          }),
        ),
        step(
          toolCall({
            id: REPEATED_ID,
            name: 'crmLookupTool',
            input: { query: 'Katherine Johnson', apiKey: 'sk-ledger-secret-58' },
          }),
        ),
        step(text('txt-ledger-1', 'Katherine Johnson is on the enterprise plan.')),
      ],
      { modelId: 'ledger-mock' },
    ),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'registrar-agent',
    name: 'Registrar',
    agents: { ledger },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-ledger-1',
            name: 'agent-ledger',
            input: { prompt: 'Which plan is Katherine Johnson on?' },
          }),
        ),
        step(text('txt-registrar-1', 'Katherine Johnson is on the enterprise plan.')),
      ],
      { modelId: 'registrar-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: {
    accountManager: createAccountManagerAgent(),
    crmStreamed: createCrmStreamedAgent(),
    registrar: createRegistrarAgent(),
  },
  storage: new InMemoryStore(),
  logger: false,
});

const agent = (key: 'accountManager' | 'crmStreamed' | 'registrar') => mastra.getAgent(key);

/** Whether the parent's result carries the inner call's raw secret (what the client must hide). */
const parentCarriesRaw = (chunks: Record<string, unknown>[]) =>
  ofType(chunks, 'tool-result').some((chunk) =>
    JSON.stringify(at(chunk, 'payload', 'result', 'subAgentToolResults')).includes('sk-desk'),
  );

export const boundaryScenarios: Record<string, Scenario> = {
  async subagentTransform() {
    const native = await agent('accountManager').stream('Which plan is Grace Hopper on?');
    const chunks = await collect(native.fullStream);
    const ui = await agent('accountManager').stream('Which plan is Grace Hopper on?');
    return [
      {
        file: 'subagent-transform.jsonl',
        chunks,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (all) =>
          problem(parentCarriesRaw(all), 'parent result no longer carries the inner call raw'),
      },
      {
        file: 'subagent-transform-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['data-tool-agent', 'tool-output-available'],
      },
    ];
  },

  async subagentRepeatedId() {
    const native = await agent('registrar').stream('Which plan is Katherine Johnson on?');
    const ui = await agent('registrar').stream('Which plan is Katherine Johnson on?');
    /** The ledger's entries in the registrar's result, in order. */
    const ledgerEntries = (all: Record<string, unknown>[]) =>
      at(ofType(all, 'tool-result').at(-1), 'payload', 'result', 'subAgentToolResults');
    return [
      {
        file: 'subagent-repeated-id.jsonl',
        chunks: await collect(native.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (all) => {
          const entries = JSON.stringify(ledgerEntries(all) ?? null);
          return [
            ...problem(
              entries.includes('sk-ledger-secret-58'),
              'result does not carry the raw key',
            ),
            ...problem(entries.includes('Lisbon: new rail line opens'), 'no nested headlines'),
          ];
        },
      },
      {
        file: 'subagent-repeated-id-aisdk.jsonl',
        chunks: await collect(
          toAISdkStream(ui, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
        ),
        expect: ['data-tool-agent', 'tool-output-available'],
      },
    ];
  },

  async transformInputStreamedAiSdk() {
    const out = await agent('crmStreamed').stream('Look up Ada Lovelace in the CRM.');
    return [
      {
        file: 'transform-input-streamed-aisdk.jsonl',
        chunks: await collect(toAISdkStream(out, { from: 'agent', version: 'v6' })),
        expect: ['tool-input-start', 'tool-input-available', 'tool-output-available'],
        check: (all) =>
          problem(
            JSON.stringify(ofType(all, 'tool-input-available')).includes('sk-secret-123'),
            'tool-input-available no longer carries the raw input (§6.4 fixed upstream?)',
          ),
      },
    ];
  },
};
