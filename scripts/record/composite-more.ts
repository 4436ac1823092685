/**
 * More scenarios of `pnpm record` that combine features: a subagent that reasons before it
 * answers; one subagent called twice in parallel, each inner call hiding a different secret with a
 * display transform; a suspension two subagents down, resumed from the top; a workflow tool whose
 * step writes its own progress with the step `writer`; and a supervisor aborted while its
 * subagent streams text.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { oneCallAgent } from './coverage-agents.ts';
import { delay, reactiveModel, reasoning, scriptedModel, step, text, toolCall } from './models.ts';
import {
  at,
  collect,
  continuation,
  endsAwaiting,
  nested,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bool, num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The PINs the two parallel locksmith calls pass; the display transform hides them. */
export const SAFE_PIN_SECRETS = ['pin-parallel-secret-4417', 'pin-parallel-secret-9052'] as const;

// ---------------------------------------------------------------------------------------------
// 1. A subagent that reasons: mentor desk → agent-mentor (reasoning, then text).

function createMentorDesk() {
  const mentor = new Agent({
    instructions: INSTRUCTIONS,
    id: 'mentor-agent',
    name: 'mentor-agent',
    description: 'Thinks hard, then advises.',
    model: scriptedModel(
      [
        step([
          ...reasoning('rsn-mentor-1', 'Two offers: one pays more, the other teaches more.'),
          ...text('txt-mentor-agent', 'Take the offer that teaches more.'),
        ]),
      ],
      { modelId: 'mentor-agent-mock' },
    ),
  });
  return oneCallAgent(
    'mentor-desk-agent',
    'Gives career advice.',
    { id: 'call-mentor-1', name: 'agent-mentor', input: { prompt: 'Which offer should I take?' } },
    'The mentor says: take the offer that teaches more.',
    {},
    { mentor },
  );
}

// ---------------------------------------------------------------------------------------------
// 2. One subagent called twice at once: bank desk → agent-locksmith ×2 (call-locksmith-1/2) →
// openSafeTool (call-open-1/2), whose display transform hides `pin`.

interface OpenSafeInput {
  safe: string;
  pin: string;
}

const openSafeTool = createTool({
  id: 'open-safe',
  description: 'Open a safe.',
  inputSchema: objectSchema<OpenSafeInput>({ safe: str, pin: str }, ['safe', 'pin']),
  execute: async ({ safe }) => ({ opened: true, safe }),
  transform: {
    display: {
      input: ({ input }) =>
        input ? { safe: (input as OpenSafeInput).safe, pin: '••••' } : undefined,
      output: ({ output }) => output,
    },
  },
});

export function createBankDesk() {
  const locksmith = new Agent({
    instructions: INSTRUCTIONS,
    id: 'locksmith-agent',
    name: 'locksmith-agent',
    description: 'Opens safes.',
    tools: { openSafeTool },
    model: reactiveModel(
      ({ stepIndex, lastUserText }) => {
        const n = lastUserText.includes('S-2') ? 2 : 1;
        return stepIndex === 0
          ? step(
              toolCall({
                id: `call-open-${n}`,
                name: 'openSafeTool',
                input: { safe: `S-${n}`, pin: SAFE_PIN_SECRETS[n - 1] },
                stream: n === 1 ? 3 : false,
              }),
            )
          : step(text(`txt-locksmith-${n}`, `Safe S-${n} is open.`));
      },
      { modelId: 'locksmith-agent-mock' },
    ),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'bank-desk-agent',
    name: 'bank-desk-agent',
    agents: { locksmith },
    model: scriptedModel(
      [
        step([
          ...toolCall({
            id: 'call-locksmith-1',
            name: 'agent-locksmith',
            input: { prompt: 'Open safe S-1.' },
          }),
          ...toolCall({
            id: 'call-locksmith-2',
            name: 'agent-locksmith',
            input: { prompt: 'Open safe S-2.' },
          }),
        ]),
        step(text('txt-bank-desk-agent', 'Both safes are open.')),
      ],
      { modelId: 'bank-desk-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 3. A suspension two subagents down: embassy → agent-consulate (call-consulate-1) → agent-visa
// (call-visa-1) → stampVisaTool (call-stamp-1) suspends with a resume schema.

const stampVisaTool = createTool({
  id: 'stamp-visa',
  description: 'Stamp a visa once an officer confirms.',
  inputSchema: objectSchema<{ passport: string }>({ passport: str }, ['passport']),
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ granted: boolean; days: number }>({ granted: bool, days: num }, [
    'granted',
    'days',
  ]),
  execute: async ({ passport }, context) => {
    const resumeData = (context.agent?.resumeData ?? context.resumeData) as
      | { granted: boolean; days: number }
      | undefined;
    const suspend = context.agent?.suspend ?? context.suspend;
    if (!resumeData) {
      await suspend?.({ question: `Grant a visa to passport ${passport}?` });
      return undefined;
    }
    return { passport, granted: resumeData.granted, days: resumeData.days };
  },
});

export function createEmbassy() {
  const visa = oneCallAgent(
    'visa-agent',
    'Stamps visas.',
    { id: 'call-stamp-1', name: 'stampVisaTool', input: { passport: 'P-88231' } },
    'The visa for P-88231 is stamped.',
    { stampVisaTool },
  );
  const consulate = oneCallAgent(
    'consulate-agent',
    'Handles visa requests.',
    { id: 'call-visa-1', name: 'agent-visa', input: { prompt: 'Stamp a visa for P-88231.' } },
    'The visa office stamped P-88231.',
    {},
    { visa },
  );
  return oneCallAgent(
    'embassy-agent',
    'Runs the embassy.',
    {
      id: 'call-consulate-1',
      name: 'agent-consulate',
      input: { prompt: 'Get P-88231 a visa.' },
    },
    'P-88231 has its visa.',
    {},
    { consulate },
  );
}

// ---------------------------------------------------------------------------------------------
// 4. A workflow tool whose step writes progress with the step `writer`: warehouse agent →
// workflow-restock (call-restock-1, `count-stock` writes `writer.write` and `writer.custom`).

const countStock = createStep({
  id: 'count-stock',
  description: 'Count the stock of an item, reporting progress.',
  inputSchema: objectSchema<{ item: string }>({ item: str }, ['item']),
  outputSchema: objectSchema<{ item: string; count: number }>({ item: str, count: num }, [
    'item',
    'count',
  ]),
  execute: async ({ inputData, writer }) => {
    await writer.write({ stage: 'counting', done: 1, total: 2 });
    await writer.custom({ type: 'data-stock-progress', data: { item: inputData.item, pct: 50 } });
    await writer.write({ stage: 'counted', done: 2, total: 2 });
    return { item: inputData.item, count: 17 };
  },
});

const orderStock = createStep({
  id: 'order-stock',
  description: 'Order more of an item.',
  inputSchema: objectSchema<{ item: string; count: number }>({ item: str, count: num }, [
    'item',
    'count',
  ]),
  outputSchema: objectSchema<{ ordered: number }>({ ordered: num }, ['ordered']),
  execute: async ({ inputData }) => ({ ordered: Math.max(0, 50 - inputData.count) }),
});

function createWarehouse() {
  const restock = createWorkflow({
    id: 'restock-workflow',
    description: 'Count an item and order what is missing.',
    inputSchema: objectSchema<{ item: string }>({ item: str }, ['item']),
    outputSchema: objectSchema<{ ordered: number }>({ ordered: num }, ['ordered']),
  })
    .then(countStock)
    .then(orderStock)
    .commit();
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'warehouse-agent',
    name: 'warehouse-agent',
    workflows: { restock },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-restock-1',
            name: 'workflow-restock',
            input: { inputData: { item: 'bolts-m6' } },
          }),
        ),
        step(text('txt-warehouse-agent', 'Ordered 33 boxes of M6 bolts.')),
      ],
      { modelId: 'warehouse-agent-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 5. Abort while a subagent streams text: newsroom → agent-storyteller (call-storyteller-1).

function createNewsroom() {
  const storyteller = new Agent({
    instructions: INSTRUCTIONS,
    id: 'storyteller-agent',
    name: 'storyteller-agent',
    description: 'Tells long stories.',
    model: scriptedModel(
      [
        step([
          { type: 'text-start', id: 'txt-storyteller-agent' },
          ...['Once ', 'upon ', 'a ', 'time ', 'there ', 'was ', 'a ', 'long ', 'story.'].flatMap(
            (delta) => [
              delay(40),
              { type: 'text-delta' as const, id: 'txt-storyteller-agent', delta },
            ],
          ),
          { type: 'text-end', id: 'txt-storyteller-agent' },
        ]),
      ],
      { modelId: 'storyteller-agent-mock' },
    ),
  });
  return oneCallAgent(
    'newsroom-agent',
    'Publishes stories.',
    {
      id: 'call-storyteller-1',
      name: 'agent-storyteller',
      input: { prompt: 'Tell me a long story.' },
    },
    'Here is the story.',
    {},
    { storyteller },
  );
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    mentorDesk: createMentorDesk(),
    bankDesk: createBankDesk(),
    embassy: createEmbassy(),
    warehouse: createWarehouse(),
    newsroom: createNewsroom(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'embassy');

/** The composite scenarios (second set), by name (`pnpm record <name>` runs one). */
export const compositeMoreScenarios: Record<string, Scenario> = {
  async subagentReasoning() {
    const out = await agent('mentorDesk').stream('Which offer should I take?');
    return [
      {
        file: 'subagent-reasoning.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'reasoning-start', 'reasoning-delta', 'reasoning-end', 'finish'],
      },
    ];
  },

  async subagentParallelHidden() {
    const out = await agent('bankDesk').stream('Open safes S-1 and S-2.');
    return [
      {
        file: 'subagent-parallel-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tool-call', 'tool-result', 'finish'],
        check: (chunks) => [
          ...SAFE_PIN_SECRETS.flatMap((s) =>
            problem(JSON.stringify(chunks).includes(s), `${s} is not in the stream`),
          ),
          ...problem(
            ofType(chunks, 'tool-result').filter(
              (c) => at(c, 'payload', 'toolName') === 'agent-locksmith',
            ).length === 2,
            'not two agent-locksmith results',
          ),
        ],
      },
    ];
  },

  async deepSubagentSuspend() {
    const first = await agent('embassy').stream('Get P-88231 a visa.');
    const request = await collect(first.fullStream);
    const resumed = await agent('embassy').resumeStream(
      { granted: true, days: 90 },
      { runId: first.runId, toolCallId: 'call-consulate-1' },
    );
    return [
      {
        file: 'deep-subagent-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'deep-subagent-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            nested(chunks).some(
              (c) => c.type === 'tool-result' && at(c, 'payload', 'toolCallId') === 'call-stamp-1',
            ),
            'no nested tool-result for call-stamp-1',
          ),
        ],
      },
    ];
  },

  async workflowStepWriter() {
    const out = await agent('warehouse').stream('Restock M6 bolts.');
    return [
      {
        file: 'workflow-step-writer.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-start', 'workflow-step-result', 'tool-result', 'finish'],
      },
    ];
  },

  async subagentAbort() {
    const controller = new AbortController();
    const out = await agent('newsroom').stream('Tell me a long story.', {
      abortSignal: controller.signal,
    });
    let deltas = 0;
    const chunks = await collect(out.fullStream, (chunk) => {
      if (at(chunk, 'payload', 'output', 'type') === 'text-delta' && ++deltas === 3) {
        controller.abort();
      }
    });
    return [
      {
        file: 'subagent-abort.jsonl',
        chunks,
        expect: ['tool-output', 'text-delta'],
      },
    ];
  },
};
