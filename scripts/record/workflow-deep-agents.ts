/**
 * Agents whose workflow tool runs inside subagents: two levels down (agent → subagent →
 * `workflow-<key>`) and three (agent → subagent → subagent → `workflow-<key>`). The workflows are
 * the parallel, foreach and failing ones of ./workflow-flow-agents.ts, and a payout workflow whose
 * caller has a display policy hiding the bank account it passes and gets back. Real @mastra/core
 * agents and workflows on scripted mock models; every toolCallId is unique across `pnpm record`.
 */
import { Agent } from '@mastra/core/agent';
import type { ToolPayloadTransformContext } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';
import { oneCallAgent } from './coverage-agents.ts';
import { scriptedModel, step, text, toolCall } from './models.ts';
import {
  createFleetWorkflow,
  createFreightWorkflow,
  createThumbnailsWorkflow,
} from './workflow-flow-agents.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The bank account the payout workflow gets and returns; its caller's display policy hides it. */
export const IBAN_SECRET = 'DE89-deep-payout-iban-secret-31';

type Workflow = ReturnType<typeof createWorkflow>;
type Transform = ConstructorParameters<typeof Agent>[0]['transform'];

/** A subagent that calls its workflow tool `workflow-<key>` once, then answers. */
function workflowCaller(
  id: string,
  description: string,
  call: { id: string; key: string; inputData: unknown },
  answer: string,
  workflow: Workflow,
  transform?: Transform,
) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    description,
    workflows: { [call.key]: workflow },
    ...(transform === undefined ? {} : { transform }),
    model: scriptedModel(
      [
        step(
          toolCall({
            id: call.id,
            name: `workflow-${call.key}`,
            input: { inputData: call.inputData },
          }),
        ),
        step(text(`txt-${id}`, answer)),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

/** A subagent (or top agent) that hands one prompt to its subagent `agent-<key>`, then answers. */
function delegate(
  id: string,
  description: string,
  call: { id: string; key: string; prompt: string },
  answer: string,
  sub: Agent,
) {
  return oneCallAgent(
    id,
    description,
    { id: call.id, name: `agent-${call.key}`, input: { prompt: call.prompt } },
    answer,
    {},
    { [call.key]: sub },
  );
}

// ---------------------------------------------------------------------------------------------
// Two levels: yard → agent-depot → workflow-fleet (two parallel steps, then a summary).

function createYardAgent() {
  const depot = workflowCaller(
    'depot-deep-agent',
    'Checks a depot.',
    { id: 'call-fleet-deep-1', key: 'fleet', inputData: { depot: 'Lyon' } },
    '12 vans are ready and 7 drivers are on shift.',
    createFleetWorkflow(),
  );
  return delegate(
    'yard-deep-agent',
    'Runs the yard.',
    { id: 'call-depot-deep-1', key: 'depot', prompt: 'Is the Lyon depot ready?' },
    'Lyon is ready: 12 vans, 7 drivers.',
    depot,
  );
}

// ---------------------------------------------------------------------------------------------
// Three levels: studio → agent-editor → agent-darkroom → workflow-thumbnails (a foreach).

function createStudioAgent() {
  const darkroom = workflowCaller(
    'darkroom-deep-agent',
    'Makes thumbnails.',
    { id: 'call-thumbnails-deep-1', key: 'thumbnails', inputData: { album: 'lisbon-2026' } },
    'Four thumbnails are ready.',
    createThumbnailsWorkflow(),
  );
  const editor = delegate(
    'editor-deep-agent',
    'Edits albums.',
    { id: 'call-darkroom-deep-1', key: 'darkroom', prompt: 'Thumbnails of lisbon-2026.' },
    'The darkroom made four thumbnails.',
    darkroom,
  );
  return delegate(
    'studio-deep-agent',
    'Runs the photo studio.',
    { id: 'call-editor-deep-1', key: 'editor', prompt: 'Prepare the Lisbon album.' },
    'The Lisbon album has its four thumbnails.',
    editor,
  );
}

// ---------------------------------------------------------------------------------------------
// Three levels, failing: logistics → agent-broker → agent-carrier → workflow-freight, where the
// air quote step throws.

function createLogisticsAgent() {
  const carrier = workflowCaller(
    'carrier-deep-agent',
    'Quotes freight.',
    { id: 'call-freight-deep-1', key: 'freight', inputData: { route: 'LYS-OPO' } },
    'The air quote failed.',
    createFreightWorkflow(),
  );
  const broker = delegate(
    'broker-deep-agent',
    'Brokers freight.',
    { id: 'call-carrier-deep-1', key: 'carrier', prompt: 'Quote Lyon to Porto.' },
    'The carrier could not quote air freight.',
    carrier,
  );
  return delegate(
    'logistics-deep-agent',
    'Plans shipments.',
    { id: 'call-broker-deep-1', key: 'broker', prompt: 'Freight from Lyon to Porto?' },
    'No air freight quote today; try road.',
    broker,
  );
}

// ---------------------------------------------------------------------------------------------
// Hidden, two levels: payroll → agent-payclerk → workflow-payout. The clerk's display policy
// hides `iban` in the workflow call's input and output; the steps carry it too.

const payee = z.object({ employee: z.string(), iban: z.string() });

const checkAccount = createStep({
  id: 'check-account',
  description: 'Check the bank account.',
  inputSchema: payee,
  outputSchema: z.object({ iban: z.string(), valid: z.boolean() }),
  execute: async ({ inputData }) => ({ iban: inputData.iban, valid: true }),
});

const computePay = createStep({
  id: 'compute-pay',
  description: 'Compute the net pay.',
  inputSchema: payee,
  outputSchema: z.object({ net: z.number() }),
  execute: async () => ({ net: 3150 }),
});

const sendPayout = createStep({
  id: 'send-payout',
  description: 'Send the payout.',
  inputSchema: z.object({
    'check-account': z.object({ iban: z.string(), valid: z.boolean() }),
    'compute-pay': z.object({ net: z.number() }),
  }),
  outputSchema: z.object({ reference: z.string(), iban: z.string(), net: z.number() }),
  execute: async ({ inputData }) => ({
    reference: 'PAY-8812',
    iban: inputData['check-account'].iban,
    net: inputData['compute-pay'].net,
  }),
});

/** `payout-workflow`: `.parallel([check-account, compute-pay]).then(send-payout)`. */
function createPayoutWorkflow() {
  return createWorkflow({
    id: 'payout-workflow',
    description: 'Pay an employee.',
    inputSchema: payee,
    outputSchema: z.object({ reference: z.string(), iban: z.string(), net: z.number() }),
  })
    .parallel([checkAccount, computePay])
    .then(sendPayout)
    .commit();
}

/** Replaces every `iban` in a value. */
function maskIban(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskIban);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'iban' ? '•••• 31' : maskIban(v)]),
    );
  }
  return value;
}

/** The clerk's display policy: no bank account in what its tools show. */
function hideIban(ctx: ToolPayloadTransformContext): unknown {
  if (ctx.phase === 'input-available') return maskIban(ctx.input);
  if (ctx.phase === 'output-available') return maskIban(ctx.output);
  return undefined;
}

function createPayrollAgent() {
  const clerk = workflowCaller(
    'payclerk-deep-agent',
    'Pays employees.',
    {
      id: 'call-payout-deep-1',
      key: 'payout',
      inputData: { employee: 'E-204', iban: IBAN_SECRET },
    },
    'E-204 was paid 3150 EUR.',
    createPayoutWorkflow(),
    { transformToolPayload: hideIban, targets: ['display'] },
  );
  return delegate(
    'payroll-deep-agent',
    'Runs payroll.',
    { id: 'call-payclerk-deep-1', key: 'payclerk', prompt: 'Pay E-204.' },
    'E-204 is paid.',
    clerk,
  );
}

/** The top agents of the deep workflow scenarios, by Mastra key. */
export function createWorkflowDeepAgents() {
  return {
    yard: createYardAgent(),
    studio: createStudioAgent(),
    logistics: createLogisticsAgent(),
    payroll: createPayrollAgent(),
  };
}
