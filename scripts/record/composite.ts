/**
 * Scenarios of `pnpm record` that combine features the other recordings show one at a time:
 * an approval raised inside a subagent and declined; a subagent whose tool throws, plainly and
 * with a display transform whose hidden argument the error quotes; a workflow tool whose step
 * suspends, called by a subagent, then resumed; a workflow whose step is an agent with a
 * display-transformed tool; and two turns of one agent with memory whose model repeats its
 * toolCallIds, the second turn asking for approval.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { oneCallAgent } from './coverage-agents.ts';
import { reactiveModel, scriptedModel, step, text, toolCall } from './models.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  endsAwaiting,
  nested,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bool, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The master key the keysmith passes; its display transform hides it, its error quotes it. */
export const MASTER_KEY_SECRET = 'mk-subagent-error-secret-62';
/** The admin token the provisioning agent (a workflow step) passes; its display transform hides it. */
export const ADMIN_TOKEN_SECRET = 'adm-workflow-step-secret-84';

// ---------------------------------------------------------------------------------------------
// 1. Declined inside a subagent: records desk → agent-shredder → shredTool (requireApproval).

const shredTool = createTool({
  id: 'shred-file',
  description: 'Shred a paper file. Needs approval.',
  inputSchema: objectSchema<{ file: string }>({ file: str }, ['file']),
  requireApproval: true,
  execute: async ({ file }) => ({ shredded: true, file }),
});

function createRecordsDesk() {
  const shredder = new Agent({
    instructions: INSTRUCTIONS,
    id: 'shredder-agent',
    name: 'shredder-agent',
    description: 'Shreds paper files (with approval).',
    tools: { shredTool },
    model: reactiveModel(
      ({ stepIndex, toolResults }) =>
        stepIndex === 0
          ? step(
              toolCall({
                id: 'call-shred-1',
                name: 'shredTool',
                input: { file: 'HR-2019-044' },
                stream: false,
              }),
            )
          : step(
              text(
                'txt-shredder-agent',
                JSON.stringify([...toolResults.values()]).includes('"shredded":true')
                  ? 'HR-2019-044 was shredded.'
                  : 'HR-2019-044 was not shredded: the request was declined.',
              ),
            ),
      { modelId: 'shredder-agent-mock' },
    ),
  });
  return oneCallAgent(
    'records-desk-agent',
    'Keeps the paper records.',
    { id: 'call-shredder-1', name: 'agent-shredder', input: { prompt: 'Shred HR-2019-044.' } },
    'The shredder did not shred HR-2019-044.',
    {},
    { shredder },
  );
}

// ---------------------------------------------------------------------------------------------
// 2a. A subagent's tool throws: courier desk → agent-courier → trackParcelTool.

const trackParcelTool = createTool({
  id: 'track-parcel',
  description: 'Track a parcel.',
  inputSchema: objectSchema<{ parcel: string }>({ parcel: str }, ['parcel']),
  execute: async ({ parcel }) => {
    throw new Error(`Tracking service is down for parcel ${parcel}`);
  },
});

function createCourierDesk() {
  const courier = oneCallAgent(
    'courier-agent',
    'Tracks parcels.',
    { id: 'call-track-1', name: 'trackParcelTool', input: { parcel: 'PX-5521' } },
    'Tracking is down right now; try again later.',
    { trackParcelTool },
  );
  return oneCallAgent(
    'courier-desk-agent',
    'Answers parcel questions.',
    { id: 'call-courier-1', name: 'agent-courier', input: { prompt: 'Where is PX-5521?' } },
    'I could not track PX-5521: the tracking service is down.',
    {},
    { courier },
  );
}

// 2b. The same with a display transform: security desk → agent-keysmith → rotateKeyTool, whose
// display transform hides `masterKey` and shows errors as they are; its error quotes the key.

interface RotateInput {
  vault: string;
  masterKey: string;
}

const rotateKeyTool = createTool({
  id: 'rotate-key',
  description: 'Rotate the key of a vault.',
  inputSchema: objectSchema<RotateInput>({ vault: str, masterKey: str }, ['vault', 'masterKey']),
  execute: async ({ vault, masterKey }) => {
    throw new Error(`Key rotation refused for ${vault}: master key ${masterKey} has expired`);
  },
  transform: {
    display: {
      input: ({ input }) =>
        input ? { vault: (input as RotateInput).vault, masterKey: '••••' } : undefined,
      output: ({ output }) => output,
      error: ({ error }) => error,
    },
  },
});

export function createSecurityDesk() {
  const keysmith = oneCallAgent(
    'keysmith-agent',
    'Rotates vault keys.',
    {
      id: 'call-rotate-1',
      name: 'rotateKeyTool',
      input: { vault: 'vault-9', masterKey: MASTER_KEY_SECRET },
    },
    'The key of vault-9 could not be rotated: its master key has expired.',
    { rotateKeyTool },
  );
  return oneCallAgent(
    'security-desk-agent',
    'Looks after the vaults.',
    { id: 'call-keysmith-1', name: 'agent-keysmith', input: { prompt: 'Rotate the vault-9 key.' } },
    'Vault-9 keeps its old key: the master key has expired.',
    {},
    { keysmith },
  );
}

// ---------------------------------------------------------------------------------------------
// 3. A subagent's workflow tool whose step suspends: treasury → agent-accounts →
// workflow-refund (`approve-refund` suspends, then `issue-refund`).

interface Refund {
  order: string;
  amount: number;
}

const approveRefund = createStep({
  id: 'approve-refund',
  description: 'A person approves the refund.',
  inputSchema: objectSchema<Refund>({ order: str, amount: { type: 'number' } }, [
    'order',
    'amount',
  ]),
  outputSchema: objectSchema<Refund & { approved: boolean }>(
    { order: str, amount: { type: 'number' }, approved: bool },
    ['order', 'amount', 'approved'],
  ),
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ approved: boolean }>({ approved: bool }, ['approved']),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({ question: `Refund ${inputData.amount} EUR for ${inputData.order}?` });
    }
    return { ...inputData, approved: resumeData.approved };
  },
});

const issueRefund = createStep({
  id: 'issue-refund',
  description: 'Issue an approved refund.',
  inputSchema: objectSchema<Refund & { approved: boolean }>(
    { order: str, amount: { type: 'number' }, approved: bool },
    ['order', 'amount', 'approved'],
  ),
  outputSchema: objectSchema<{ refunded: boolean; reference: string }>(
    { refunded: bool, reference: str },
    ['refunded', 'reference'],
  ),
  execute: async ({ inputData }) => ({ refunded: inputData.approved, reference: 'RF-3307' }),
});

function createRefundWorkflow() {
  return createWorkflow({
    id: 'refund-workflow',
    description: 'Refund an order once a person approves it.',
    inputSchema: objectSchema<Refund>({ order: str, amount: { type: 'number' } }, [
      'order',
      'amount',
    ]),
    outputSchema: objectSchema<{ refunded: boolean; reference: string }>(
      { refunded: bool, reference: str },
      ['refunded', 'reference'],
    ),
  })
    .then(approveRefund)
    .then(issueRefund)
    .commit();
}

function createTreasury() {
  const accounts = new Agent({
    instructions: INSTRUCTIONS,
    id: 'accounts-agent',
    name: 'accounts-agent',
    description: 'Refunds orders.',
    workflows: { refund: createRefundWorkflow() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-refund-wf-1',
            name: 'workflow-refund',
            input: { inputData: { order: 'ORD-7781', amount: 64 } },
          }),
        ),
        step(text('txt-accounts-agent', 'ORD-7781 was refunded (RF-3307).')),
      ],
      { modelId: 'accounts-agent-mock' },
    ),
  });
  return oneCallAgent(
    'treasury-agent',
    'Runs the treasury.',
    {
      id: 'call-accounts-1',
      name: 'agent-accounts',
      input: { prompt: 'Refund ORD-7781, 64 EUR.' },
    },
    'ORD-7781 is refunded.',
    {},
    { accounts },
  );
}

// ---------------------------------------------------------------------------------------------
// 4. A workflow with an agent step: onboarding agent → workflow-onboard (`draft-request`, the
// `provision-agent` agent as a step, `confirm-access`); the provisioning agent calls
// grantAccessTool, whose display transform hides `adminToken`.

interface GrantInput {
  employee: string;
  system: string;
  adminToken: string;
}

const grantAccessTool = createTool({
  id: 'grant-access',
  description: 'Grant an employee access to a system.',
  inputSchema: objectSchema<GrantInput>({ employee: str, system: str, adminToken: str }, [
    'employee',
    'system',
    'adminToken',
  ]),
  execute: async ({ employee, system }) => ({ granted: true, employee, system }),
  transform: {
    display: {
      input: ({ input }) => (input ? { ...(input as GrantInput), adminToken: '••••' } : undefined),
      output: ({ output }) => output,
    },
  },
});

function createProvisionAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'provision-agent',
    name: 'provision-agent',
    description: 'Grants system access.',
    tools: { grantAccessTool },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-grant-wf-1',
            name: 'grantAccessTool',
            input: { employee: 'E-311', system: 'payroll', adminToken: ADMIN_TOKEN_SECRET },
          }),
        ),
        step(text('txt-provision-agent', 'E-311 can now use payroll.')),
      ],
      { modelId: 'provision-agent-mock' },
    ),
  });
}

const draftRequest = createStep({
  id: 'draft-request',
  description: 'Write the access request.',
  inputSchema: objectSchema<{ employee: string }>({ employee: str }, ['employee']),
  outputSchema: objectSchema<{ prompt: string }>({ prompt: str }, ['prompt']),
  execute: async ({ inputData }) => ({ prompt: `Give ${inputData.employee} access to payroll.` }),
});

const confirmAccess = createStep({
  id: 'confirm-access',
  description: 'Confirm what the provisioning agent did.',
  inputSchema: objectSchema<{ text: string }>({ text: str }, ['text']),
  outputSchema: objectSchema<{ confirmed: boolean; note: string }>({ confirmed: bool, note: str }, [
    'confirmed',
    'note',
  ]),
  execute: async ({ inputData }) => ({ confirmed: true, note: inputData.text }),
});

function createOnboardWorkflow() {
  return createWorkflow({
    id: 'onboard-workflow',
    description: 'Onboard an employee.',
    inputSchema: objectSchema<{ employee: string }>({ employee: str }, ['employee']),
    outputSchema: objectSchema<{ confirmed: boolean; note: string }>(
      { confirmed: bool, note: str },
      ['confirmed', 'note'],
    ),
  })
    .then(draftRequest)
    .then(createStep(createProvisionAgent()))
    .then(confirmAccess)
    .commit();
}

export function createOnboardingAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'onboarding-agent',
    name: 'onboarding-agent',
    workflows: { onboard: createOnboardWorkflow() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-onboard-1',
            name: 'workflow-onboard',
            input: { inputData: { employee: 'E-311' } },
          }),
        ),
        step(text('txt-onboarding-agent', 'E-311 is onboarded with payroll access.')),
      ],
      { modelId: 'onboarding-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 5. Two turns on one memory thread; the model numbers its calls per turn (`call-memo-1`,
// `call-memo-2` both times). Archiving for good needs approval, so only the second turn asks.

interface ArchiveInput {
  title: string;
  permanent: boolean;
}

const readNoteTool = createTool({
  id: 'read-note',
  description: 'Read a note.',
  inputSchema: objectSchema<{ title: string }>({ title: str }, ['title']),
  execute: async ({ title }) => ({ title, body: `Notes about ${title}.` }),
});

const archiveNoteTool = createTool({
  id: 'archive-note',
  description: 'Archive a note; archiving for good needs approval.',
  inputSchema: objectSchema<ArchiveInput>({ title: str, permanent: bool }, ['title', 'permanent']),
  requireApproval: (input: ArchiveInput) => input.permanent === true,
  execute: async ({ title, permanent }) => ({ archived: true, title, permanent }),
});

function createNotesAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'notes-agent',
    name: 'notes-agent',
    tools: { readNoteTool, archiveNoteTool },
    memory: new MockMemory(),
    model: reactiveModel(
      ({ stepIndex, lastUserText }) => {
        const second = lastUserText.includes('travel');
        const title = second ? 'travel' : 'shopping';
        if (stepIndex === 0) {
          return step([
            ...toolCall({ id: 'call-memo-1', name: 'readNoteTool', input: { title } }),
            ...toolCall({
              id: 'call-memo-2',
              name: 'archiveNoteTool',
              input: { title, permanent: second },
            }),
          ]);
        }
        return step(
          text(
            second ? 'txt-notes-2' : 'txt-notes-1',
            second
              ? 'The travel note is deleted for good.'
              : 'The shopping note is read and archived.',
          ),
        );
      },
      { modelId: 'notes-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    recordsDesk: createRecordsDesk(),
    courierDesk: createCourierDesk(),
    securityDesk: createSecurityDesk(),
    treasury: createTreasury(),
    onboarding: createOnboardingAgent(),
    notes: createNotesAgent(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'notes');

/** Whether every one of `secrets` rides somewhere in the recording (what must stay hidden). */
const carries =
  (...secrets: string[]) =>
  (chunks: Chunk[]) =>
    secrets.flatMap((s) =>
      problem(JSON.stringify(chunks).includes(s), `${s} is not in the stream`),
    );

/** The composite scenarios, by name (`pnpm record <name>` runs one). */
export const compositeScenarios: Record<string, Scenario> = {
  async subagentDecline() {
    const first = await agent('recordsDesk').stream('Shred HR-2019-044.');
    const request = await collect(first.fullStream);
    const declined = await agent('recordsDesk').declineToolCall({
      runId: first.runId,
      toolCallId: 'call-shredder-1',
      reason: 'Legal hold on this file',
    });
    return [
      {
        file: 'subagent-decline-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(
            at(chunks.at(-1), 'payload', 'toolCallId') === 'call-shredder-1',
            'top-level approval does not name the parent call',
          ),
        ],
      },
      {
        file: 'subagent-decline.jsonl',
        chunks: await collect(declined.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            JSON.stringify(chunks).includes('Legal hold on this file'),
            'decline reason missing',
          ),
        ],
      },
    ];
  },

  async subagentToolError() {
    const plain = await collect(
      (await agent('courierDesk').stream('Where is PX-5521?')).fullStream,
    );
    const hidden = await collect(
      (await agent('securityDesk').stream('Rotate the vault-9 key.')).fullStream,
    );
    const innerError = (chunks: Chunk[], id: string) =>
      problem(
        nested(chunks).some(
          (c) => c.type === 'tool-error' && at(c, 'payload', 'toolCallId') === id,
        ),
        `no nested tool-error for ${id}`,
      );
    return [
      {
        file: 'subagent-tool-error.jsonl',
        chunks: plain,
        expect: ['tool-output', 'tool-error', 'tool-result', 'finish'],
        check: (chunks) => innerError(chunks, 'call-track-1'),
      },
      {
        file: 'subagent-error-echoed.jsonl',
        chunks: hidden,
        expect: ['tool-output', 'tool-error', 'tool-result', 'finish'],
        check: (chunks) => [
          ...innerError(chunks, 'call-rotate-1'),
          ...carries(`master key ${MASTER_KEY_SECRET}`)(chunks),
        ],
      },
    ];
  },

  async subagentWorkflowSuspend() {
    const first = await agent('treasury').stream('Refund ORD-7781, 64 EUR.');
    const request = await collect(first.fullStream);
    const resumed = await agent('treasury').resumeStream(
      { approved: true },
      { runId: first.runId, toolCallId: 'call-accounts-1' },
    );
    return [
      {
        file: 'subagent-workflow-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'workflow-step-suspended', 'tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'subagent-workflow-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'workflow-step-result', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async workflowAgentStep() {
    const out = await agent('onboarding').stream('Onboard E-311.');
    return [
      {
        file: 'workflow-agent-step.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-start', 'workflow-step-result', 'tool-result', 'finish'],
        check: carries(ADMIN_TOKEN_SECRET),
      },
    ];
  },

  async memoryRepeatedIds() {
    const memory = { thread: 'thread-notes-1', resource: 'user-1' };
    const notes = agent('notes');
    const first = await collect(
      (await notes.stream('Read my shopping note, then archive it.', { memory })).fullStream,
    );
    const second = await notes.stream('Read my travel note, then delete it for good.', { memory });
    const request = await collect(second.fullStream);
    const approved = await notes.approveToolCall({
      runId: second.runId,
      toolCallId: 'call-memo-2',
    });
    return [
      {
        file: 'memory-turns-first.jsonl',
        chunks: first,
        expect: ['tool-call', 'tool-result', 'finish'],
        check: (chunks) =>
          problem(ofType(chunks, 'tool-result').length === 2, 'not two tool results'),
      },
      {
        file: 'memory-turns-request.jsonl',
        chunks: request,
        expect: ['tool-call', 'tool-call-approval'],
        check: endsAwaiting('tool-call-approval'),
      },
      {
        file: 'memory-turns-approve.jsonl',
        chunks: await collect(approved.fullStream),
        expect: ['tool-result', 'finish'],
        check: continuation,
      },
    ];
  },
};
