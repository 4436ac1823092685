/**
 * `pnpm record` scenarios where a value the display policy hides rides in a `data-*` chunk that a
 * tool or a workflow step writes with `writer.custom`, which no transform phase covers: a top-level
 * tool (the chunk arrives bare, beside the call), a workflow step (the chunk arrives inside the
 * workflow call's `tool-output`), and a subagent's tool (bare, at the top of the supervisor's
 * stream). Real @mastra/core agents on scripted mock models; every toolCallId is unique across
 * `pnpm record`.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool, type ToolPayloadTransformContext } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { workflowAgent } from './composite-workflows.ts';
import { scriptedModel, step, text, toolCall } from './models.ts';
import { at, type Chunk, collect, ofType, problem, type Scenario } from './recording.ts';
import { num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The badge code the badge tool writes in a data chunk and returns; the display policy hides it. */
export const BADGE_DATA_SECRET = 'badge-data-hidden-secret-3307';
/** The vault code a workflow step writes in a data chunk and its progress; hidden likewise. */
export const VAULT_DATA_SECRET = 'vault-data-hidden-secret-7741';
/** The pass code a subagent's tool writes in a data chunk; the subagent's policy hides it. */
export const PASS_DATA_SECRET = 'pass-data-hidden-secret-5150';

/** Replaces `secret` anywhere in a value: inside strings, and as the value of the key `key`. */
function mask(value: unknown, secret: string, key: string): unknown {
  if (typeof value === 'string') return value.split(secret).join('••••');
  if (Array.isArray(value)) return value.map((v) => mask(v, secret, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === key ? '••••' : mask(v, secret, key)]),
    );
  }
  return value;
}

/** A display policy masking `secret` in every tool's input, output and error. */
const hiding = (secret: string, key: string) => ({
  transformToolPayload: (ctx: ToolPayloadTransformContext) => {
    if (ctx.phase === 'input-available') return mask(ctx.input, secret, key);
    if (ctx.phase === 'output-available') return mask(ctx.output, secret, key);
    if (ctx.phase === 'error') return mask(ctx.error, secret, key);
    return undefined;
  },
  targets: ['display' as const],
});

/** Whether `secret` rides somewhere in the recording, in a chunk of type `type`. */
function carriesIn(chunks: Chunk[], secret: string, type: string): string[] {
  const wire = JSON.stringify(chunks);
  return [
    ...problem(wire.includes(secret), `${secret} is not in the stream`),
    ...problem(wire.includes(`"type":"${type}"`), `no ${type} chunk`),
  ];
}

// ---------------------------------------------------------------------------------------------
// 1. A top-level tool writes the hidden value in a data chunk: badge desk → issueBadgeTool
// (call-badge-data-1, input not streamed; call-badge-data-2, input streamed).

const issueBadgeTool = createTool({
  id: 'issue-badge',
  description: 'Issue a door badge.',
  inputSchema: objectSchema<{ employee: string }>({ employee: str }, ['employee']),
  execute: async ({ employee }, context) => {
    await context.writer?.custom({
      type: 'data-badge-printed',
      data: { employee, badge: BADGE_DATA_SECRET, note: `Badge ${BADGE_DATA_SECRET} printed` },
    });
    return { employee, badge: BADGE_DATA_SECRET };
  },
});

/** The badge desk; with `stream`, its model streams the tool's input (the deltas suppressed). */
function createBadgeDesk(stream: boolean) {
  const id = stream ? 'badge-data-stream-desk' : 'badge-data-desk';
  const n = stream ? 2 : 1;
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    tools: { issueBadgeTool },
    transform: hiding(BADGE_DATA_SECRET, 'badge'),
    model: scriptedModel(
      [
        step(
          toolCall({
            id: `call-badge-data-${n}`,
            name: 'issueBadgeTool',
            input: { employee: 'Ada' },
            stream,
          }),
        ),
        step(text(`txt-badge-data-${n}`, 'The badge for Ada is printed.')),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 2. A workflow step writes the hidden value in a data chunk and in its progress: vault desk →
// workflow-vault (call-vault-data-wf-1, `vault-workflow`: `open-vault`).

const openVault = createStep({
  id: 'open-vault',
  description: 'Open a vault.',
  inputSchema: objectSchema<{ vault: string }>({ vault: str }, ['vault']),
  outputSchema: objectSchema<{ vault: string; code: string; drawers: number }>(
    { vault: str, code: str, drawers: num },
    ['vault', 'code', 'drawers'],
  ),
  execute: async ({ inputData, writer }) => {
    await writer.write({ stage: 'dialling', code: VAULT_DATA_SECRET });
    await writer.custom({
      type: 'data-vault-dial',
      data: { vault: inputData.vault, code: VAULT_DATA_SECRET },
    });
    return { vault: inputData.vault, code: VAULT_DATA_SECRET, drawers: 3 };
  },
});

function createVaultWorkflow() {
  return createWorkflow({
    id: 'vault-workflow',
    description: 'Open a vault.',
    inputSchema: objectSchema<{ vault: string }>({ vault: str }, ['vault']),
    outputSchema: objectSchema<{ vault: string; code: string; drawers: number }>(
      { vault: str, code: str, drawers: num },
      ['vault', 'code', 'drawers'],
    ),
  })
    .then(openVault)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// 3. A subagent's tool writes the hidden value in a data chunk: front desk → agent-gatekeeper
// (call-gate-data-1) → issuePassTool (call-pass-data-1); the gatekeeper's policy hides the code.

const issuePassTool = createTool({
  id: 'issue-pass',
  description: 'Issue a visitor pass.',
  inputSchema: objectSchema<{ visitor: string }>({ visitor: str }, ['visitor']),
  execute: async ({ visitor }, context) => {
    await context.writer?.custom({
      type: 'data-pass-issued',
      data: { visitor, pass: PASS_DATA_SECRET },
    });
    return { visitor, pass: PASS_DATA_SECRET };
  },
});

function createGatekeeper() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'gatekeeper-data-agent',
    name: 'gatekeeper-data-agent',
    description: 'Issues visitor passes.',
    tools: { issuePassTool },
    transform: hiding(PASS_DATA_SECRET, 'pass'),
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-pass-data-1',
            name: 'issuePassTool',
            input: { visitor: 'Linus' },
            stream: false,
          }),
        ),
        step(text('txt-gatekeeper-data-1', 'A pass for Linus is issued.')),
      ],
      { modelId: 'gatekeeper-data-mock' },
    ),
  });
}

function createFrontDesk() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'front-desk-data-agent',
    name: 'front-desk-data-agent',
    agents: { gatekeeper: createGatekeeper() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-gate-data-1',
            name: 'agent-gatekeeper',
            input: { prompt: 'Issue a pass for Linus.' },
            stream: false,
          }),
        ),
        step(text('txt-front-desk-data-1', 'Linus has a visitor pass.')),
      ],
      { modelId: 'front-desk-data-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    badgeDesk: createBadgeDesk(false),
    badgeStreamDesk: createBadgeDesk(true),
    vaultDesk: workflowAgent(
      'vault-data-desk',
      'vault',
      createVaultWorkflow(),
      { id: 'call-vault-data-wf-1', inputData: { vault: 'north-3' } },
      'Vault north-3 is open.',
      hiding(VAULT_DATA_SECRET, 'code'),
      false,
    ),
    frontDesk: createFrontDesk(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'badgeDesk');

/** Scenarios whose data chunks carry hidden values, by name (`pnpm record <name>` runs one). */
export const customDataScenarios: Record<string, Scenario> = {
  async transformDataHidden() {
    const out = await agent('badgeDesk').stream('Issue a badge for Ada.');
    return [
      {
        file: 'transform-data-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'data-badge-printed', 'tool-result', 'finish'],
        check: (chunks) => [
          ...carriesIn(chunks, BADGE_DATA_SECRET, 'data-badge-printed'),
          ...problem(
            at(ofType(chunks, 'data-badge-printed')[0], 'data', 'badge') === BADGE_DATA_SECRET,
            'the data chunk does not carry the badge code raw',
          ),
        ],
      },
    ];
  },

  async transformDataStreamedHidden() {
    const out = await agent('badgeStreamDesk').stream('Issue a badge for Ada.');
    return [
      {
        file: 'transform-data-streamed-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call-delta', 'tool-call', 'data-badge-printed', 'tool-result', 'finish'],
        check: (chunks) => [
          ...carriesIn(chunks, BADGE_DATA_SECRET, 'data-badge-printed'),
          ...problem(
            ofType(chunks, 'tool-call-delta').every(
              (c) =>
                at(c, 'metadata', 'mastra', 'toolPayloadTransform', 'display', 'input-delta') !==
                undefined,
            ),
            'a delta carries no display metadata',
          ),
        ],
      },
    ];
  },

  async workflowDataHidden() {
    const out = await agent('vaultDesk').stream('Open vault north-3.');
    return [
      {
        file: 'workflow-data-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-output', 'workflow-step-result', 'tool-result', 'finish'],
        check: (chunks) => [
          ...carriesIn(chunks, VAULT_DATA_SECRET, 'data-vault-dial'),
          ...problem(JSON.stringify(chunks).includes('••••'), 'nothing was transformed'),
        ],
      },
    ];
  },

  async subagentDataHidden() {
    const out = await agent('frontDesk').stream('Issue a pass for Linus.');
    return [
      {
        file: 'subagent-data-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-output', 'data-pass-issued', 'tool-result', 'finish'],
        check: (chunks) => carriesIn(chunks, PASS_DATA_SECRET, 'data-pass-issued'),
      },
    ];
  },
};
