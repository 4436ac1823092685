/**
 * Scenarios of `pnpm record` where a display-transformed tool waits for a person inside
 * subagents: an approval two levels down (vault director → agent-keeper → agent-vault →
 * `purgeVaultTool`, which needs approval and hides its `vaultKey`) and a nested suspension
 * (front desk → agent-reserve → `holdRoomTool`, which suspends and hides the card number of its
 * input and the hold code of its suspend payload). Each is recorded with its continuation, and
 * through `toAISdkStream(…, { from: 'agent', includeSubAgentMetadata: true })`.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { jsonSchema } from 'ai';
import { oneCallAgent } from './coverage-agents.ts';
import {
  type Chunk,
  collect,
  continuation,
  endsAwaiting,
  problem,
  type Recording,
  type Scenario,
} from './recording.ts';

/** The key the innermost agent passes to the tool that needs approval. */
export const VAULT_KEY_SECRET = 'vk-nested-approval-secret-73';
/** What the approved tool returns and its display transform hides. */
export const PURGE_RECEIPT_SECRET = 'rcpt-nested-purge-secret-19';
/** The card number the subagent passes to the tool that suspends. */
export const CARD_SECRET = '4111-nested-card-secret-26';
/** The hold code in the suspend payload, hidden by the tool's `suspend` display transform. */
export const HOLD_CODE_SECRET = 'hold-nested-suspend-secret-58';

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

/** An object JSON Schema typed as T. */
const objectSchema = <T>(properties: Record<string, unknown>, required: (keyof T & string)[]) =>
  jsonSchema<T>({ type: 'object', properties, required, additionalProperties: false } as never);

interface PurgeInput {
  vault: string;
  vaultKey: string;
}
interface HoldInput {
  hotel: string;
  card: string;
}
interface HoldSuspend {
  question: string;
  holdCode: string;
}

/** Needs approval; its display transform hides `vaultKey` in the input and approval, and the receipt. */
export const purgeVaultTool = createTool({
  id: 'purge-vault',
  description: 'Purge a vault. Needs approval.',
  inputSchema: objectSchema<PurgeInput>({ vault: str, vaultKey: str }, ['vault', 'vaultKey']),
  requireApproval: true,
  execute: async ({ vault }) => ({ purged: true, vault, receipt: PURGE_RECEIPT_SECRET }),
  transform: {
    display: {
      input: ({ input }) => (input ? { ...(input as PurgeInput), vaultKey: '••••' } : undefined),
      approval: ({ input }) =>
        input ? { vault: (input as PurgeInput).vault, vaultKey: '[hidden key]' } : undefined,
      output: ({ output }) => (output ? { purged: true } : undefined),
    },
  },
});

/** Suspends; its display transform hides `card` in the input and `holdCode` in the payload. */
export const holdRoomTool = createTool({
  id: 'hold-room',
  description: 'Hold a hotel room. Asks the guest to confirm first.',
  inputSchema: objectSchema<HoldInput>({ hotel: str, card: str }, ['hotel', 'card']),
  suspendSchema: objectSchema<HoldSuspend>({ question: str, holdCode: str }, [
    'question',
    'holdCode',
  ]),
  resumeSchema: objectSchema<{ confirmed: boolean }>({ confirmed: bool }, ['confirmed']),
  execute: async ({ hotel }, context) => {
    const resumeData = context.agent?.resumeData as { confirmed: boolean } | undefined;
    if (!resumeData) {
      await context.agent?.suspend?.({
        question: `Hold a room at ${hotel}?`,
        holdCode: HOLD_CODE_SECRET,
      });
      return undefined;
    }
    return { hotel, held: resumeData.confirmed };
  },
  transform: {
    display: {
      input: ({ input }) =>
        input ? { hotel: (input as HoldInput).hotel, card: '•••• 1111' } : undefined,
      suspend: ({ suspendPayload }) =>
        suspendPayload ? { question: (suspendPayload as HoldSuspend).question } : undefined,
    },
  },
});

/** vault director → agent-keeper → agent-vault → purgeVaultTool (approval two levels down). */
function createVaultDirector() {
  const vault = oneCallAgent(
    'vault-agent',
    'Purges vaults (with approval).',
    {
      id: 'call-purge-nested-1',
      name: 'purgeVaultTool',
      input: { vault: 'archive-7', vaultKey: VAULT_KEY_SECRET },
      stream: false,
    },
    'Vault archive-7 was purged.',
    { purgeVaultTool },
  );
  const keeper = oneCallAgent(
    'keeper-agent',
    'Keeps the vaults.',
    { id: 'call-vault-agent-1', name: 'agent-vault', input: { prompt: 'Purge vault archive-7.' } },
    'The vault team purged archive-7.',
    {},
    { vault },
  );
  return oneCallAgent(
    'vault-director-agent',
    'Directs the vault keepers.',
    { id: 'call-keeper-1', name: 'agent-keeper', input: { prompt: 'Have archive-7 purged.' } },
    'Archive-7 is purged.',
    {},
    { keeper },
  );
}

/** front desk → agent-reserve → holdRoomTool (suspends). */
function createFrontDesk() {
  const reserve = oneCallAgent(
    'reserve-agent',
    'Holds hotel rooms.',
    {
      id: 'call-hold-nested-1',
      name: 'holdRoomTool',
      input: { hotel: 'Hotel Lumen', card: CARD_SECRET },
      stream: false,
    },
    'The room at Hotel Lumen is held.',
    { holdRoomTool },
  );
  return oneCallAgent(
    'front-desk-agent',
    'Arranges stays.',
    {
      id: 'call-reserve-1',
      name: 'agent-reserve',
      input: { prompt: 'Hold a room at Hotel Lumen.' },
    },
    'Your room at Hotel Lumen is held.',
    {},
    { reserve },
  );
}

const mastra = new Mastra({
  agents: { vaultDirector: createVaultDirector(), frontDesk: createFrontDesk() },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: 'vaultDirector' | 'frontDesk'): Agent => mastra.getAgent(key);

/** Whether every one of `secrets` rides somewhere in the recording (what must stay hidden). */
const carries =
  (...secrets: string[]) =>
  (chunks: Chunk[]) =>
    secrets.flatMap((s) =>
      problem(JSON.stringify(chunks).includes(s), `${s} is not in the stream`),
    );

/** Whether some chunk, at any depth, carries a display transform's value for `phase`. */
const marks = (phase: string) => (chunks: Chunk[]) =>
  problem(
    JSON.stringify(chunks).includes(`"${phase}":{"transformed"`),
    `no transformed value for ${phase}`,
  );

/** The nested scenarios with a display-transformed tool, by name (`pnpm record <name>`). */
export const nestedTransformScenarios: Record<string, Scenario> = {
  async nestedTransformApproval() {
    const first = await agent('vaultDirector').stream('Have archive-7 purged.');
    const request = await collect(first.fullStream);
    const approved = await agent('vaultDirector').approveToolCall({
      runId: first.runId,
      toolCallId: 'call-keeper-1',
    });
    return [
      {
        file: 'nested-transform-approval-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...carries(VAULT_KEY_SECRET)(chunks),
          ...marks('approval')(chunks),
        ],
      },
      {
        file: 'nested-transform-approval-approve.jsonl',
        chunks: await collect(approved.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (chunks) => [...continuation(chunks), ...carries(PURGE_RECEIPT_SECRET)(chunks)],
      },
    ];
  },

  async nestedTransformSuspend() {
    const first = await agent('frontDesk').stream('Hold a room at Hotel Lumen.');
    const request = await collect(first.fullStream);
    const resumed = await agent('frontDesk').resumeStream(
      { confirmed: true },
      { runId: first.runId, toolCallId: 'call-reserve-1' },
    );
    return [
      {
        file: 'nested-transform-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-suspended'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...carries(CARD_SECRET, HOLD_CODE_SECRET)(chunks),
          ...marks('suspend')(chunks),
        ],
      },
      {
        file: 'nested-transform-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async aisdkNestedTransform() {
    const recordings: Recording[] = [];
    // With subagent snapshots (a route of its own) and without (what `chatRoute` streams).
    for (const snapshots of [true, false]) {
      const ui = (out: Awaited<ReturnType<Agent['stream']>>) =>
        collect(
          toAISdkStream(out, {
            from: 'agent',
            version: 'v6',
            includeSubAgentMetadata: snapshots,
          }),
        );
      const tail = snapshots ? '' : '-no-snapshots';
      const expect = snapshots ? ['data-tool-agent'] : [];
      const approval = await agent('vaultDirector').stream('Have archive-7 purged.');
      recordings.push({
        file: `aisdk-v6-nested-transform-approval${tail}.jsonl`,
        chunks: await ui(approval),
        expect: [...expect, 'tool-approval-request', 'data-tool-call-approval'],
        check: carries(VAULT_KEY_SECRET),
      });
      const suspended = await agent('frontDesk').stream('Hold a room at Hotel Lumen.');
      recordings.push({
        file: `aisdk-v6-nested-transform-suspend${tail}.jsonl`,
        chunks: await ui(suspended),
        expect: [...expect, 'data-tool-call-suspended'],
        check: carries(HOLD_CODE_SECRET),
      });
    }
    return recordings;
  },
};
