/**
 * Scenarios of `pnpm record` for requests for a person made by calls of one step: two calls that
 * both need approval, and a call that suspends beside one that needs approval. An agent asks for
 * one request at a time: the first stream asks for the first call only, the answer to it asks for
 * the second, and the answer to the second carries both results. Two subagents called in one step
 * are two agents: each raises its own request, both in the first stream. A workflow that goes on
 * after a sibling call has asked: beside a tool that suspends without a suspend schema (the calls
 * of the step then run side by side), and inside a subagent beside one that asks for approval.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { reactiveModel, scriptedModel, step, text, toolCall } from './models.ts';
import {
  type Chunk,
  collect,
  continuation,
  endsAwaiting,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bookTableTool, createOpsSubAgent, deleteTool } from './scenarios.ts';
import { num, objectSchema, str } from './schema.ts';

/** Two `deleteTool` calls in one step, then a sentence naming what was deleted. */
function createTwinOpsAgent() {
  return new Agent({
    id: 'twin-ops-agent',
    name: 'Twin ops agent',
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    tools: { deleteTool },
    model: reactiveModel(
      ({ stepIndex, toolResults }) => {
        if (stepIndex === 0) {
          return step([
            ...toolCall({ id: 'call-par-del-a', name: 'deleteTool', input: { id: 'rec-a' } }),
            ...toolCall({ id: 'call-par-del-b', name: 'deleteTool', input: { id: 'rec-b' } }),
          ]);
        }
        const deleted = [...toolResults.values()].filter((result) =>
          JSON.stringify(result).includes('"deleted":true'),
        ).length;
        return step(text('txt-par-ops-1', `Deleted ${deleted} of 2 records.`));
      },
      { modelId: 'twin-ops-mock' },
    ),
  });
}

/** A booking that suspends and a deletion that needs approval, in one step. */
function createTwinDeskAgent() {
  return new Agent({
    id: 'twin-desk-agent',
    name: 'Twin desk agent',
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    tools: { bookTableTool, deleteTool },
    model: reactiveModel(
      ({ stepIndex }) =>
        stepIndex === 0
          ? step([
              ...toolCall({
                id: 'call-par-book-a',
                name: 'bookTableTool',
                input: { restaurant: 'Chez Lou', people: 2, time: '19:30' },
              }),
              ...toolCall({ id: 'call-par-del-c', name: 'deleteTool', input: { id: 'rec-c' } }),
            ])
          : step(text('txt-par-desk-1', 'Booked Chez Lou and deleted rec-c.')),
      { modelId: 'twin-desk-mock' },
    ),
  });
}

/** Two ops subagents (each deleting with approval) called in one step. */
function createTwinAdminAgent() {
  return new Agent({
    id: 'twin-admin-agent',
    name: 'Twin admin agent',
    instructions: 'You are a helpful assistant. Use your agents when they help.',
    agents: { opsA: createOpsSubAgent(), opsB: createOpsSubAgent() },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-par-opsa-1', name: 'agent-opsA', input: { prompt: 'Delete.' } }),
          ...toolCall({ id: 'call-par-opsb-1', name: 'agent-opsB', input: { prompt: 'Delete.' } }),
        ]),
        step(text('txt-par-admin-1', 'Both ops agents deleted their record.')),
      ],
      { modelId: 'twin-admin-mock' },
    ),
  });
}

/**
 * A workflow that scans a ledger page by page (a `dountil` loop of slow steps), then flags odd
 * entries: still running after a sibling call has asked for a person.
 */
function createAuditWorkflow() {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 80));
  const page = objectSchema<{ ledger: string; page: number }>({ ledger: str, page: num }, [
    'ledger',
    'page',
  ]);
  const scan = createStep({
    id: 'scan-page',
    inputSchema: page,
    outputSchema: page,
    execute: async ({ inputData }) => {
      await pause();
      return { ledger: inputData.ledger, page: inputData.page + 1 };
    },
  });
  const flag = createStep({
    id: 'flag-entries',
    inputSchema: page,
    outputSchema: objectSchema<{ flagged: number }>({ flagged: num }, ['flagged']),
    execute: async () => {
      await pause();
      return { flagged: 3 };
    },
  });
  return createWorkflow({
    id: 'audit-ledger-workflow',
    description: 'Scan a ledger page by page and flag odd entries.',
    inputSchema: page,
    outputSchema: objectSchema<{ flagged: number }>({ flagged: num }, ['flagged']),
  })
    .dountil(scan, async ({ inputData }) => inputData.page >= 3)
    .then(flag)
    .commit();
}

/** A subagent that runs the audit workflow, then answers. */
function createAuditorSubAgent() {
  return new Agent({
    id: 'auditor-sub-agent',
    name: 'Auditor sub-agent',
    description: 'Audits ledgers.',
    instructions: 'You are a helpful assistant. Use your workflows when they help.',
    workflows: { audit: createAuditWorkflow() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-par-audit-wf-1',
            name: 'workflow-audit',
            input: { inputData: { ledger: 'ledger-q3', page: 0 } },
          }),
        ),
        step(text('txt-par-auditor-1', 'Three entries of ledger-q3 look odd.')),
      ],
      { modelId: 'auditor-sub-mock' },
    ),
  });
}

/** A hold that suspends without a suspend schema (so tools of its step run side by side). */
const holdTool = createTool({
  id: 'hold-payment',
  description: 'Hold a payment until a person confirms.',
  inputSchema: objectSchema<{ payment: string }>({ payment: str }, ['payment']),
  execute: async ({ payment }, context) => {
    if (context?.agent?.resumeData !== undefined) return { payment, held: true };
    await context?.agent?.suspend?.({ reason: `Confirm the hold on ${payment}.` });
    return undefined as never;
  },
});

/** A hold that suspends beside the audit workflow, in one top-level step. */
function createHoldDeskAgent() {
  return new Agent({
    id: 'hold-desk-agent',
    name: 'Hold desk agent',
    instructions: 'You are a helpful assistant. Use your tools when they help.',
    tools: { holdTool },
    workflows: { audit: createAuditWorkflow() },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-par-hold-1', name: 'holdTool', input: { payment: 'pay-31' } }),
          ...toolCall({
            id: 'call-par-audit-wf-2',
            name: 'workflow-audit',
            input: { inputData: { ledger: 'ledger-q4', page: 0 } },
          }),
        ]),
        step(text('txt-par-hold-desk-1', 'Held pay-31; the audit flagged three entries.')),
      ],
      { modelId: 'hold-desk-mock' },
    ),
  });
}

/** An ops subagent (deleting with approval) beside an auditor running a workflow, in one step. */
function createAuditDeskAgent() {
  return new Agent({
    id: 'audit-desk-agent',
    name: 'Audit desk agent',
    instructions: 'You are a helpful assistant. Use your agents when they help.',
    agents: { ops: createOpsSubAgent(), auditor: createAuditorSubAgent() },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-par-ops-2', name: 'agent-ops', input: { prompt: 'Delete.' } }),
          ...toolCall({
            id: 'call-par-auditor-1',
            name: 'agent-auditor',
            input: { prompt: 'Audit ledger-q3.' },
          }),
        ]),
        step(text('txt-par-audit-desk-1', 'Deleted the record; the audit flagged three entries.')),
      ],
      { modelId: 'audit-desk-mock' },
    ),
  });
}

const mastra = new Mastra({
  agents: {
    twinOps: createTwinOpsAgent(),
    twinDesk: createTwinDeskAgent(),
    twinAdmin: createTwinAdminAgent(),
    auditDesk: createAuditDeskAgent(),
    holdDesk: createHoldDeskAgent(),
  },
  storage: new InMemoryStore(),
  logger: false,
});

/** The stream that answers the first request: the next request of the run, and nothing else. */
const nextRequest = (type: string) => (chunks: Chunk[]) => [
  ...problem(ofType(chunks, 'start').length === 0, 'has a start chunk'),
  ...problem(chunks.length === 1 && chunks[0]?.type === type, `is not one ${type}`),
];

/** The stream that answers the last request: a continuation with the results of both calls. */
const bothResults = (chunks: Chunk[]) => [
  ...continuation(chunks),
  ...problem(ofType(chunks, 'tool-result').length === 2, 'has not both results'),
];

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const parallelRequestScenarios: Record<string, Scenario> = {
  async parallelRequestBesideWorkflow() {
    const desk = mastra.getAgent('auditDesk');
    const first = await desk.stream('Delete the record and audit ledger-q3.');
    const request = await collect(first.fullStream);
    const hold = mastra.getAgent('holdDesk');
    const held = await hold.stream('Hold pay-31 and audit ledger-q4.');
    const holdRequest = await collect(held.fullStream);
    const heldUi = await hold.stream('Hold pay-31 and audit ledger-q4.');
    const holdUiRequest = await collect(toAISdkStream(heldUi, { from: 'agent', version: 'v6' }));
    return [
      {
        file: 'aisdk-v6-parallel-workflow-suspend-request.jsonl',
        chunks: holdUiRequest,
        expect: ['data-tool-call-suspended', 'data-tool-workflow'],
      },
      {
        file: 'parallel-workflow-suspend-request.jsonl',
        chunks: holdRequest,
        expect: ['tool-call-suspended', 'tool-output'],
      },
      {
        file: 'parallel-workflow-approval-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval'],
      },
    ];
  },

  async parallelRequests() {
    const ops = mastra.getAgent('twinOps');
    const first = await ops.stream('Delete rec-a and rec-b.');
    const request = await collect(first.fullStream);
    const a = await ops.approveToolCall({ runId: first.runId, toolCallId: 'call-par-del-a' });
    const next = await collect(a.fullStream);
    const b = await ops.approveToolCall({ runId: first.runId, toolCallId: 'call-par-del-b' });
    const approve = await collect(b.fullStream);

    const desk = mastra.getAgent('twinDesk');
    const mixed = await desk.stream('Book Chez Lou and delete rec-c.');
    const mixedRequest = await collect(mixed.fullStream);
    const resumed = await desk.resumeStream(
      { confirmed: true },
      { runId: mixed.runId, toolCallId: 'call-par-book-a' },
    );
    const mixedNext = await collect(resumed.fullStream);
    const c = await desk.approveToolCall({ runId: mixed.runId, toolCallId: 'call-par-del-c' });
    const mixedApprove = await collect(c.fullStream);

    const admin = mastra.getAgent('twinAdmin');
    const subs = await admin.stream('Have both ops agents delete their record.');
    const subsRequest = await collect(subs.fullStream);
    const opsA = await admin.approveToolCall({ runId: subs.runId, toolCallId: 'call-par-opsa-1' });
    const subsNext = await collect(opsA.fullStream);
    const opsB = await admin.approveToolCall({ runId: subs.runId, toolCallId: 'call-par-opsb-1' });
    const subsApprove = await collect(opsB.fullStream);

    // The same two approvals through @mastra/ai-sdk (v6), as a route built on it streams them.
    const ui = await ops.stream('Delete rec-a and rec-b.');
    const uiRequest = await collect(toAISdkStream(ui, { from: 'agent', version: 'v6' }));
    const uiA = await ops.approveToolCall({ runId: ui.runId, toolCallId: 'call-par-del-a' });
    const uiNext = await collect(toAISdkStream(uiA, { from: 'agent', version: 'v6' }));
    const uiB = await ops.approveToolCall({ runId: ui.runId, toolCallId: 'call-par-del-b' });
    const uiApprove = await collect(toAISdkStream(uiB, { from: 'agent', version: 'v6' }));
    return [
      {
        file: 'parallel-approval-request.jsonl',
        chunks: request,
        expect: ['tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(ofType(chunks, 'tool-call').length === 2, 'has not two tool calls'),
          ...problem(ofType(chunks, 'tool-call-approval').length === 1, 'asks more than once'),
        ],
      },
      {
        file: 'parallel-approval-next.jsonl',
        chunks: next,
        expect: ['tool-call-approval'],
        check: nextRequest('tool-call-approval'),
      },
      {
        file: 'parallel-approval-approve.jsonl',
        chunks: approve,
        expect: ['tool-result', 'finish'],
        check: bothResults,
      },
      {
        file: 'parallel-mixed-request.jsonl',
        chunks: mixedRequest,
        expect: ['tool-call', 'tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'parallel-mixed-next.jsonl',
        chunks: mixedNext,
        expect: ['tool-call-approval'],
        check: nextRequest('tool-call-approval'),
      },
      {
        file: 'parallel-mixed-approve.jsonl',
        chunks: mixedApprove,
        expect: ['tool-result', 'finish'],
        check: bothResults,
      },
      {
        file: 'parallel-subagent-approval-request.jsonl',
        chunks: subsRequest,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(ofType(chunks, 'tool-call-approval').length === 2, 'has not two requests'),
        ],
      },
      {
        file: 'parallel-subagent-approval-next.jsonl',
        chunks: subsNext,
        expect: ['tool-output'],
        check: (chunks) => [
          ...problem(ofType(chunks, 'start').length === 0, 'has a start chunk'),
          ...problem(ofType(chunks, 'finish').length === 0, 'has a finish chunk'),
        ],
      },
      {
        file: 'parallel-subagent-approval-approve.jsonl',
        chunks: subsApprove,
        expect: ['tool-result', 'finish'],
        check: bothResults,
      },
      {
        file: 'aisdk-v6-parallel-approval-request.jsonl',
        chunks: uiRequest,
        expect: ['tool-input-available', 'tool-approval-request'],
      },
      {
        file: 'aisdk-v6-parallel-approval-next.jsonl',
        chunks: uiNext,
        expect: ['tool-approval-request'],
      },
      {
        file: 'aisdk-v6-parallel-approval-approve.jsonl',
        chunks: uiApprove,
        expect: ['tool-output-available', 'finish'],
      },
    ];
  },
};
