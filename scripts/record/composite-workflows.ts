/**
 * Scenarios of `pnpm record` that combine workflow features in a workflow tool
 * (`workflows: { key: wf }` on an agent, tool `workflow-<key>`): two steps that suspend one after
 * the other, resumed twice; a parallel block where one branch suspends and the other completes;
 * a `.sleep()` and a `.sleepUntil()` between two steps; a nested workflow whose inner step
 * suspends, resumed from the top (which Mastra fails to resume); and a step that throws an
 * error quoting a card number the agent's display policy hides.
 * Real @mastra/core agents and workflows on scripted mock models; every toolCallId is unique
 * across `pnpm record`.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import type { ToolPayloadTransformContext } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { scriptedModel, step, text, toolCall } from './models.ts';
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
import { bool, num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** The card number the failing step quotes in its error; the agent's display policy hides it. */
export const CARD_ERROR_SECRET = '4111-wf-error-secret-0042';

type Workflow = ReturnType<typeof createWorkflow>;
type Transform = ConstructorParameters<typeof Agent>[0]['transform'];

/** An agent whose model calls `workflow-<key>` (`callId`) with `inputData`, then says `answer`. */
export function workflowAgent(
  id: string,
  key: string,
  workflow: Workflow,
  call: { id: string; inputData: unknown },
  answer: string,
  transform?: Transform,
  stream = true,
) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    workflows: { [key]: workflow },
    ...(transform === undefined ? {} : { transform }),
    model: scriptedModel(
      [
        step(
          toolCall({
            id: call.id,
            name: `workflow-${key}`,
            input: { inputData: call.inputData },
            stream,
          }),
        ),
        step(text(`txt-${id}`, answer)),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Two suspensions in a row: loan desk → workflow-loan (call-loan-wf-1): `verify-identity`
// suspends, then `approve-loan` suspends, then `open-loan` runs.

interface Applicant {
  applicant: string;
  amount: number;
}
const applicant = objectSchema<Applicant>({ applicant: str, amount: num }, ['applicant', 'amount']);
interface Verified extends Applicant {
  verified: boolean;
}
const verified = objectSchema<Verified>({ applicant: str, amount: num, verified: bool }, [
  'applicant',
  'amount',
  'verified',
]);
interface Approved extends Applicant {
  approved: boolean;
  limit: number;
}
const approved = objectSchema<Approved>(
  { applicant: str, amount: num, approved: bool, limit: num },
  ['applicant', 'amount', 'approved', 'limit'],
);

const verifyIdentity = createStep({
  id: 'verify-identity',
  description: 'A clerk checks the applicant’s ID.',
  inputSchema: applicant,
  outputSchema: verified,
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ verified: boolean }>({ verified: bool }, ['verified']),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({ question: `Is the ID of ${inputData.applicant} genuine?` });
    }
    return { ...inputData, verified: resumeData.verified };
  },
});

const approveLoan = createStep({
  id: 'approve-loan',
  description: 'A manager approves the loan and sets a limit.',
  inputSchema: verified,
  outputSchema: approved,
  suspendSchema: objectSchema<{ question: string; verified: boolean }>(
    { question: str, verified: bool },
    ['question', 'verified'],
  ),
  resumeSchema: objectSchema<{ approved: boolean; limit: number }>({ approved: bool, limit: num }, [
    'approved',
    'limit',
  ]),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({
        question: `Lend ${inputData.amount} EUR to ${inputData.applicant}?`,
        verified: inputData.verified,
      });
    }
    const { applicant: name, amount } = inputData;
    return { applicant: name, amount, approved: resumeData.approved, limit: resumeData.limit };
  },
});

const openLoan = createStep({
  id: 'open-loan',
  description: 'Open the loan account.',
  inputSchema: approved,
  outputSchema: objectSchema<{ account: string; limit: number }>({ account: str, limit: num }, [
    'account',
    'limit',
  ]),
  execute: async ({ inputData }) => ({ account: 'LN-6620', limit: inputData.limit }),
});

function createLoanWorkflow() {
  return createWorkflow({
    id: 'loan-workflow',
    description: 'Verify an applicant, have a manager approve, open the loan.',
    inputSchema: applicant,
    outputSchema: objectSchema<{ account: string; limit: number }>({ account: str, limit: num }, [
      'account',
      'limit',
    ]),
  })
    .then(verifyIdentity)
    .then(approveLoan)
    .then(openLoan)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// 2. A parallel block where one branch suspends: trip desk → workflow-trip (call-trip-wf-1):
// `.parallel([hold-room (suspends), book-train (completes)]).then(trip-summary)`.

const city = objectSchema<{ city: string }>({ city: str }, ['city']);
const room = objectSchema<{ hotel: string; nights: number }>({ hotel: str, nights: num }, [
  'hotel',
  'nights',
]);
const train = objectSchema<{ train: string; seat: string }>({ train: str, seat: str }, [
  'train',
  'seat',
]);

const holdRoom = createStep({
  id: 'hold-room',
  description: 'Hold a room once the traveller picks the number of nights.',
  inputSchema: city,
  outputSchema: room,
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ nights: number }>({ nights: num }, ['nights']),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({ question: `How many nights in ${inputData.city}?` });
    }
    return { hotel: `Hotel du Port, ${inputData.city}`, nights: resumeData.nights };
  },
});

const bookTrain = createStep({
  id: 'book-train',
  description: 'Book the train.',
  inputSchema: city,
  outputSchema: train,
  execute: async ({ inputData }) => ({ train: `TGV to ${inputData.city}`, seat: '12A' }),
});

const tripSummary = createStep({
  id: 'trip-summary',
  description: 'Sum up the trip.',
  inputSchema: objectSchema<{ 'hold-room': unknown; 'book-train': unknown }>(
    { 'hold-room': { type: 'object' }, 'book-train': { type: 'object' } },
    ['hold-room', 'book-train'],
  ),
  outputSchema: objectSchema<{ summary: string }>({ summary: str }, ['summary']),
  execute: async ({ inputData }) => {
    const r = inputData['hold-room'] as { hotel: string; nights: number };
    const t = inputData['book-train'] as { train: string; seat: string };
    return { summary: `${t.train} seat ${t.seat}; ${r.nights} nights at ${r.hotel}` };
  },
});

function createTripWorkflow() {
  return createWorkflow({
    id: 'trip-workflow',
    description: 'Hold a room and book a train at the same time.',
    inputSchema: city,
    outputSchema: objectSchema<{ summary: string }>({ summary: str }, ['summary']),
  })
    .parallel([holdRoom, bookTrain])
    .then(tripSummary)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// 3. Sleeps between two steps: bakery → workflow-proof (call-proof-wf-1):
// `mix-dough`, `.sleep(30)`, `.sleepUntil(<20 ms from then>)`, `bake-bread`.

const dough = objectSchema<{ batch: string; kg: number }>({ batch: str, kg: num }, ['batch', 'kg']);

const mixDough = createStep({
  id: 'mix-dough',
  description: 'Mix the dough.',
  inputSchema: objectSchema<{ batch: string }>({ batch: str }, ['batch']),
  outputSchema: dough,
  execute: async ({ inputData }) => ({ batch: inputData.batch, kg: 12 }),
});

const bakeBread = createStep({
  id: 'bake-bread',
  description: 'Bake the proofed dough.',
  inputSchema: dough,
  outputSchema: objectSchema<{ loaves: number }>({ loaves: num }, ['loaves']),
  execute: async ({ inputData }) => ({ loaves: inputData.kg * 2 }),
});

function createProofWorkflow() {
  return createWorkflow({
    id: 'proof-workflow',
    description: 'Mix, let the dough rest, bake.',
    inputSchema: objectSchema<{ batch: string }>({ batch: str }, ['batch']),
    outputSchema: objectSchema<{ loaves: number }>({ loaves: num }, ['loaves']),
  })
    .then(mixDough)
    .sleep(30)
    .sleepUntil(async () => new Date(Date.now() + 20))
    .then(bakeBread)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// 4. A nested workflow whose inner step suspends: permits desk → workflow-permit
// (call-permit-wf-1, `permit-workflow`: `file-permit`, the nested `inspection-workflow`
// (`inspect-site` suspends, then `sign-off`), then `issue-permit`). Resumed through the agent,
// @mastra/core 1.71.0 fails to resume the nested workflow: the call ends with an error result.

const site = objectSchema<{ site: string }>({ site: str }, ['site']);
const inspection = objectSchema<{ site: string; passed: boolean }>({ site: str, passed: bool }, [
  'site',
  'passed',
]);

const filePermit = createStep({
  id: 'file-permit',
  description: 'File the permit application.',
  inputSchema: site,
  outputSchema: site,
  execute: async ({ inputData }) => inputData,
});

const inspectSite = createStep({
  id: 'inspect-site',
  description: 'An inspector visits the site.',
  inputSchema: site,
  outputSchema: inspection,
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ passed: boolean }>({ passed: bool }, ['passed']),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({ question: `Did ${inputData.site} pass the inspection?` });
    }
    return { site: inputData.site, passed: resumeData.passed };
  },
});

const signOff = createStep({
  id: 'sign-off',
  description: 'The inspector signs off.',
  inputSchema: inspection,
  outputSchema: objectSchema<{ site: string; signedBy: string }>({ site: str, signedBy: str }, [
    'site',
    'signedBy',
  ]),
  execute: async ({ inputData }) => ({ site: inputData.site, signedBy: 'inspector-17' }),
});

const inspectionWorkflow = () =>
  createWorkflow({
    id: 'inspection-workflow',
    description: 'Inspect the site and sign off.',
    inputSchema: site,
    outputSchema: objectSchema<{ site: string; signedBy: string }>({ site: str, signedBy: str }, [
      'site',
      'signedBy',
    ]),
  })
    .then(inspectSite)
    .then(signOff)
    .commit();

const issuePermit = createStep({
  id: 'issue-permit',
  description: 'Issue the permit.',
  inputSchema: objectSchema<{ site: string; signedBy: string }>({ site: str, signedBy: str }, [
    'site',
    'signedBy',
  ]),
  outputSchema: objectSchema<{ permit: string }>({ permit: str }, ['permit']),
  execute: async () => ({ permit: 'BP-3390' }),
});

function createPermitWorkflow() {
  return createWorkflow({
    id: 'permit-workflow',
    description: 'File, inspect and issue a building permit.',
    inputSchema: site,
    outputSchema: objectSchema<{ permit: string }>({ permit: str }, ['permit']),
  })
    .then(filePermit)
    .then(inspectionWorkflow())
    .then(issuePermit)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// 5. A step that throws an error quoting a hidden value: checkout desk → workflow-charge
// (call-charge-wf-1, `charge-workflow`: `price-cart`, then `charge-card` throws quoting the card
// number). The desk's display policy hides `card` in the call's input, and the card number in
// its output and error.

const cart = objectSchema<{ cart: string; card: string }>({ cart: str, card: str }, [
  'cart',
  'card',
]);
const priced = objectSchema<{ cart: string; card: string; eur: number }>(
  { cart: str, card: str, eur: num },
  ['cart', 'card', 'eur'],
);

const priceCart = createStep({
  id: 'price-cart',
  description: 'Price the cart.',
  inputSchema: cart,
  outputSchema: priced,
  execute: async ({ inputData }) => ({ ...inputData, eur: 89 }),
});

const chargeCard = createStep({
  id: 'charge-card',
  description: 'Charge the card.',
  inputSchema: priced,
  outputSchema: objectSchema<{ receipt: string }>({ receipt: str }, ['receipt']),
  execute: async ({ inputData }) => {
    throw new Error(`Card ${inputData.card} was declined for ${inputData.eur} EUR`);
  },
});

export function createChargeWorkflow() {
  return createWorkflow({
    id: 'charge-workflow',
    description: 'Price a cart and charge the card.',
    inputSchema: cart,
    outputSchema: objectSchema<{ receipt: string }>({ receipt: str }, ['receipt']),
    retryConfig: { attempts: 0 },
  })
    .then(priceCart)
    .then(chargeCard)
    .commit();
}

export function createQuoteWorkflow() {
  return createWorkflow({
    id: 'quote-workflow',
    description: 'Price a cart.',
    inputSchema: cart,
    outputSchema: priced,
  })
    .then(priceCart)
    .commit();
}

/** Replaces the card number anywhere in a value (keys `card`, and inside strings). */
function maskCard(value: unknown): unknown {
  if (typeof value === 'string') return value.split(CARD_ERROR_SECRET).join('•••• 0042');
  if (Array.isArray(value)) return value.map(maskCard);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'card' ? '•••• 0042' : maskCard(v)]),
    );
  }
  return value;
}

/** The checkout desk's display policy: no card number in what its tools show. */
export function hideCard(ctx: ToolPayloadTransformContext): unknown {
  if (ctx.phase === 'input-available') return maskCard(ctx.input);
  if (ctx.phase === 'output-available') return maskCard(ctx.output);
  if (ctx.phase === 'error') return maskCard(ctx.error);
  return undefined;
}

// ---------------------------------------------------------------------------------------------

const mastra = new Mastra({
  agents: {
    loanDesk: workflowAgent(
      'loan-desk-agent',
      'loan',
      createLoanWorkflow(),
      { id: 'call-loan-wf-1', inputData: { applicant: 'Grace Hopper', amount: 5000 } },
      'Loan LN-6620 is open with a 5000 EUR limit.',
    ),
    tripDesk: workflowAgent(
      'trip-desk-agent',
      'trip',
      createTripWorkflow(),
      { id: 'call-trip-wf-1', inputData: { city: 'Marseille' } },
      'Your train and three nights in Marseille are booked.',
    ),
    bakery: workflowAgent(
      'bakery-agent',
      'proof',
      createProofWorkflow(),
      { id: 'call-proof-wf-1', inputData: { batch: 'rye-0611' } },
      'Batch rye-0611 made 24 loaves.',
    ),
    permitDesk: workflowAgent(
      'permit-desk-agent',
      'permit',
      createPermitWorkflow(),
      { id: 'call-permit-wf-1', inputData: { site: 'Rue Oberkampf 12' } },
      'The permit workflow has ended.',
    ),
    checkoutDesk: workflowAgent(
      'checkout-desk-agent',
      'charge',
      createChargeWorkflow(),
      { id: 'call-charge-wf-1', inputData: { cart: 'cart-881', card: CARD_ERROR_SECRET } },
      'The card was declined.',
      { transformToolPayload: hideCard, targets: ['display'] },
    ),
    quoteDesk: workflowAgent(
      'quote-desk-agent',
      'quote',
      createQuoteWorkflow(),
      { id: 'call-quote-wf-1', inputData: { cart: 'cart-882', card: CARD_ERROR_SECRET } },
      'The cart costs 89 EUR.',
      { transformToolPayload: hideCard, targets: ['display'] },
      false,
    ),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'loanDesk');

/** The workflow events nested in `tool-output` wrappers at any depth, in stream order. */
const workflowEvents = (chunks: Chunk[]) =>
  nested(chunks).filter(
    (c) => typeof c.type === 'string' && c.type.startsWith('workflow-') && c.from === 'WORKFLOW',
  );

/** `type:step id` of every nested step event. */
const stepEvents = (chunks: Chunk[]) =>
  workflowEvents(chunks)
    .filter((c) => (c.type as string).startsWith('workflow-step-'))
    .map((c) => `${c.type as string}:${String(at(c, 'payload', 'id'))}`);

/** The `workflowStatus` of every nested `workflow-finish`, in stream order. */
const finishStatuses = (chunks: Chunk[]) =>
  ofType(workflowEvents(chunks), 'workflow-finish').map((c) => at(c, 'payload', 'workflowStatus'));

/** A continuation that stops again for a human: no `start`, ends on `tool-call-suspended`. */
const suspendsAgain = (chunks: Chunk[]) => [
  ...problem(ofType(chunks, 'start').length === 0, 'continuation has a start chunk'),
  ...endsAwaiting('tool-call-suspended')(chunks),
];

const suspendedPayload = (chunks: Chunk[]) =>
  at(ofType(chunks, 'tool-call-suspended').at(-1), 'payload', 'suspendPayload');

/** Mastra's error when the agent resumes a workflow tool whose nested workflow suspended. */
const NESTED_RESUME_ERROR = 'This workflow run was not suspended';

const SUSPENDED = ['tool-output', 'workflow-step-suspended', 'tool-call-suspended'];

/** The combined workflow scenarios, by name (`pnpm record <name>` runs one). */
export const compositeWorkflowScenarios: Record<string, Scenario> = {
  async workflowDoubleSuspend() {
    const first = await agent('loanDesk').stream('Open a 5000 EUR loan for Grace Hopper.');
    const request = await collect(first.fullStream);
    const target = { runId: first.runId, toolCallId: 'call-loan-wf-1' };
    const second = await agent('loanDesk').resumeStream({ verified: true }, target);
    const resumeFirst = await collect(second.fullStream);
    const third = await agent('loanDesk').resumeStream({ approved: true, limit: 5000 }, target);
    return [
      {
        file: 'workflow-double-suspend-request.jsonl',
        chunks: request,
        expect: SUSPENDED,
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...problem(
            stepEvents(chunks).includes('workflow-step-suspended:verify-identity'),
            'verify-identity did not suspend',
          ),
          ...problem(
            !stepEvents(chunks).some((e) => e.endsWith(':approve-loan')),
            'approve-loan ran before the first resume',
          ),
          ...problem(
            at(suspendedPayload(chunks), 'question') === 'Is the ID of Grace Hopper genuine?',
            'wrong first suspend payload',
          ),
        ],
      },
      {
        file: 'workflow-double-suspend-resume-first.jsonl',
        chunks: resumeFirst,
        expect: ['tool-output', 'workflow-step-result', ...SUSPENDED],
        check: (chunks) => [
          ...suspendsAgain(chunks),
          ...problem(
            stepEvents(chunks).includes('workflow-step-result:verify-identity'),
            'verify-identity has no result',
          ),
          ...problem(
            stepEvents(chunks).includes('workflow-step-suspended:approve-loan'),
            'approve-loan did not suspend',
          ),
          ...problem(
            at(suspendedPayload(chunks), 'question') === 'Lend 5000 EUR to Grace Hopper?',
            'wrong second suspend payload',
          ),
          ...problem(
            at(ofType(chunks, 'tool-call-suspended').at(-1), 'payload', 'toolCallId') ===
              'call-loan-wf-1',
            'second suspension is not for call-loan-wf-1',
          ),
        ],
      },
      {
        file: 'workflow-double-suspend-resume-second.jsonl',
        chunks: await collect(third.fullStream),
        expect: ['tool-output', 'workflow-step-result', 'workflow-finish', 'tool-result', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            stepEvents(chunks).includes('workflow-step-result:open-loan'),
            'open-loan has no result',
          ),
          ...problem(finishStatuses(chunks).at(-1) === 'success', 'workflow did not succeed'),
          ...problem(
            at(ofType(chunks, 'tool-result')[0], 'payload', 'result', 'result', 'account') ===
              'LN-6620',
            'tool-result has no account',
          ),
        ],
      },
    ];
  },

  async workflowParallelSuspend() {
    const first = await agent('tripDesk').stream('Book me a trip to Marseille.');
    const request = await collect(first.fullStream);
    const resumed = await agent('tripDesk').resumeStream(
      { nights: 3 },
      { runId: first.runId, toolCallId: 'call-trip-wf-1' },
    );
    return [
      {
        file: 'workflow-parallel-suspend-request.jsonl',
        chunks: request,
        expect: [...SUSPENDED, 'workflow-step-result', 'workflow-finish'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...problem(
            stepEvents(chunks).includes('workflow-step-result:book-train'),
            'book-train has no result',
          ),
          ...problem(
            stepEvents(chunks).includes('workflow-step-suspended:hold-room'),
            'hold-room did not suspend',
          ),
          ...problem(
            !stepEvents(chunks).some((e) => e.endsWith(':trip-summary')),
            'trip-summary ran before the resume',
          ),
          ...problem(finishStatuses(chunks).at(-1) === 'suspended', 'workflow not suspended'),
        ],
      },
      {
        file: 'workflow-parallel-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'workflow-step-result', 'workflow-finish', 'tool-result', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            stepEvents(chunks).includes('workflow-step-result:hold-room'),
            'hold-room has no result',
          ),
          ...problem(
            stepEvents(chunks).includes('workflow-step-result:trip-summary'),
            'trip-summary has no result',
          ),
          ...problem(finishStatuses(chunks).at(-1) === 'success', 'workflow did not succeed'),
        ],
      },
    ];
  },

  async workflowSleep() {
    const out = await agent('bakery').stream('Bake batch rye-0611.');
    return [
      {
        file: 'workflow-sleep.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-start', 'workflow-step-result', 'tool-result', 'finish'],
        check: (chunks) => {
          const events = stepEvents(chunks);
          const mixed = events.indexOf('workflow-step-result:mix-dough');
          const baked = events.indexOf('workflow-step-start:bake-bread');
          const waits = events.filter((e) => e.startsWith('workflow-step-waiting:'));
          return [
            ...problem(mixed >= 0 && baked > mixed, 'bake-bread did not start after mix-dough'),
            // `.sleep()` and `.sleepUntil()` both show as a step `sleep_<uuid>`: waiting, then a
            // result passing the previous output on; neither has a `workflow-step-start`.
            ...problem(
              waits.length === 2 &&
                waits.every((e) => e.startsWith('workflow-step-waiting:sleep_')) &&
                waits.every((e) =>
                  events.includes(e.replace('workflow-step-waiting:', 'workflow-step-result:')),
                ),
              'the sleeps are not two waiting steps with results',
            ),
            ...problem(
              !events.some((e) => e.startsWith('workflow-step-start:sleep')),
              'a sleep has a workflow-step-start',
            ),
            ...problem(finishStatuses(chunks).at(-1) === 'success', 'workflow did not succeed'),
            ...problem(
              at(ofType(chunks, 'tool-result')[0], 'payload', 'result', 'result', 'loaves') === 24,
              'tool-result has no loaves',
            ),
          ];
        },
      },
    ];
  },

  async workflowNestedSuspend() {
    const first = await agent('permitDesk').stream('Get a building permit for Rue Oberkampf 12.');
    const request = await collect(first.fullStream);
    const resumed = await agent('permitDesk').resumeStream(
      { passed: true },
      { runId: first.runId, toolCallId: 'call-permit-wf-1' },
    );
    return [
      {
        file: 'workflow-nested-suspend-request.jsonl',
        chunks: request,
        expect: SUSPENDED,
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...problem(
            stepEvents(chunks).some((e) => e.startsWith('workflow-step-suspended:')),
            'no step suspended',
          ),
          ...problem(
            stepEvents(chunks).includes('workflow-step-suspended:inspection-workflow.inspect-site'),
            'the inner step did not suspend under its dotted id',
          ),
          ...problem(
            at(suspendedPayload(chunks), 'question') ===
              'Did Rue Oberkampf 12 pass the inspection?',
            'wrong suspend payload',
          ),
        ],
      },
      {
        file: 'workflow-nested-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'workflow-step-result', 'workflow-finish', 'tool-result', 'finish'],
        // What @mastra/core 1.71.0 does: the agent resumes the outer run, which fails to resume
        // the nested workflow ("This workflow run was not suspended"); the call ends with an
        // `{ error }` result. A nested workflow run directly (`run.resume`) resumes fine.
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            workflowEvents(chunks).some(
              (c) =>
                c.type === 'workflow-step-result' &&
                at(c, 'payload', 'id') === 'inspection-workflow' &&
                at(c, 'payload', 'status') === 'failed' &&
                at(c, 'payload', 'error', 'message') === NESTED_RESUME_ERROR,
            ),
            'inspection-workflow did not fail to resume',
          ),
          ...problem(
            !stepEvents(chunks).some((e) => e.endsWith(':issue-permit')),
            'issue-permit ran',
          ),
          ...problem(finishStatuses(chunks).at(-1) === 'failed', 'workflow did not fail'),
          ...problem(
            at(ofType(chunks, 'tool-result')[0], 'payload', 'result', 'error') ===
              NESTED_RESUME_ERROR,
            'tool-result has no error',
          ),
        ],
      },
    ];
  },

  async workflowErrorHidden() {
    const out = await agent('checkoutDesk').stream('Pay for cart-881.');
    return [
      {
        file: 'workflow-error-hidden.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-start', 'workflow-step-result', 'workflow-finish'],
        check: (chunks) => {
          const wire = JSON.stringify(chunks);
          return [
            ...problem(finishStatuses(chunks).at(-1) === 'failed', 'workflow did not fail'),
            ...problem(
              wire.includes(`Card ${CARD_ERROR_SECRET} was declined`),
              'the error does not quote the card number',
            ),
            ...problem(wire.includes('•••• 0042'), 'nothing was transformed'),
          ];
        },
      },
    ];
  },

  async workflowHiddenWholeInput() {
    const out = await agent('quoteDesk').stream('Price cart-882.');
    return [
      {
        file: 'workflow-hidden-whole-input.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-output', 'workflow-step-result', 'tool-result'],
        check: (chunks) => [
          ...problem(
            ofType(chunks, 'tool-call-input-streaming-start').length === 0,
            'the input was streamed',
          ),
          ...problem(finishStatuses(chunks).at(-1) === 'success', 'workflow did not succeed'),
          ...problem(
            JSON.stringify(at(ofType(chunks, 'tool-result')[0], 'payload', 'result')).includes(
              CARD_ERROR_SECRET,
            ),
            'the result does not carry the card number',
          ),
          ...problem(JSON.stringify(chunks).includes('•••• 0042'), 'nothing was transformed'),
        ],
      },
    ];
  },
};
