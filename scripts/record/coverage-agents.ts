/**
 * Agents for the protocol-coverage scenarios: nested and workflow suspensions, aborts, deep
 * subagent chains, two-level approvals, step result timing, parallel calls of one tool and
 * structured output. Real @mastra/core agents driven by scripted mock models; every toolCallId
 * is unique across all agents here and in ./scenarios.ts.
 */

import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { jsonSchema } from 'ai';
import { delay, type ScriptPart, scriptedModel, step, text, toolCall } from './models.ts';
import { bookTableTool, deleteTool, headlinesTool, weatherTool } from './scenarios.ts';
import { bool, num, objectSchema, str } from './schema.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';

/** A subagent of one scripted tool call followed by one text answer. */
export function oneCallAgent(
  id: string,
  description: string,
  call: Parameters<typeof toolCall>[0],
  answer: string,
  tools: ConstructorParameters<typeof Agent>[0]['tools'] = {},
  agents: ConstructorParameters<typeof Agent>[0]['agents'] = {},
) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    description,
    tools,
    agents,
    model: scriptedModel([step(toolCall(call)), step(text(`txt-${id}`, answer))], {
      modelId: `${id}-mock`,
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Nested suspension: concierge -> agent-booking -> bookTableTool suspends.

export function createConciergeAgent() {
  const booking = oneCallAgent(
    'booking-subagent',
    'Books restaurant tables.',
    {
      id: 'call-book-sub-1',
      name: 'bookTableTool',
      input: { restaurant: 'Le Petit Zinc', people: 2, time: '20:00' },
    },
    'Booked Le Petit Zinc for 2 at 20:00.',
    { bookTableTool },
  );
  return oneCallAgent(
    'concierge-agent',
    'Plans evenings.',
    {
      id: 'call-booking-1',
      name: 'agent-booking',
      input: { prompt: 'Book Le Petit Zinc for 2 at 20:00.' },
    },
    'Your table at Le Petit Zinc is booked for 20:00.',
    {},
    { booking },
  );
}

// ---------------------------------------------------------------------------------------------
// Workflow tool whose step suspends.

const review = createStep({
  id: 'review-expense',
  description: 'A manager approves the expense.',
  inputSchema: objectSchema<{ item: string; amount: number }>({ item: str, amount: num }, [
    'item',
    'amount',
  ]),
  outputSchema: objectSchema<{ item: string; amount: number; approved: boolean }>(
    { item: str, amount: num, approved: bool },
    ['item', 'amount', 'approved'],
  ),
  suspendSchema: objectSchema<{ question: string }>({ question: str }, ['question']),
  resumeSchema: objectSchema<{ approved: boolean }>({ approved: bool }, ['approved']),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (resumeData === undefined) {
      return await suspend({ question: `Approve ${inputData.item} for ${inputData.amount} EUR?` });
    }
    return { ...inputData, approved: resumeData.approved };
  },
});

const pay = createStep({
  id: 'pay-expense',
  description: 'Pay an approved expense.',
  inputSchema: objectSchema<{ item: string; amount: number; approved: boolean }>(
    { item: str, amount: num, approved: bool },
    ['item', 'amount', 'approved'],
  ),
  outputSchema: objectSchema<{ paid: boolean; reference: string }>({ paid: bool, reference: str }, [
    'paid',
    'reference',
  ]),
  execute: async ({ inputData }) => ({ paid: inputData.approved, reference: 'EXP-2041' }),
});

export function createExpenseWorkflow() {
  return createWorkflow({
    id: 'expense-workflow',
    description: 'File and pay an expense after a manager approves it.',
    inputSchema: objectSchema<{ item: string; amount: number }>({ item: str, amount: num }, [
      'item',
      'amount',
    ]),
    outputSchema: objectSchema<{ paid: boolean; reference: string }>(
      { paid: bool, reference: str },
      ['paid', 'reference'],
    ),
  })
    .then(review)
    .then(pay)
    .commit();
}

export function createExpenseAgent() {
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'expense-agent',
    name: 'Expense agent',
    workflows: { expense: createExpenseWorkflow() },
    model: scriptedModel(
      [
        step(
          toolCall({
            id: 'call-expense-1',
            name: 'workflow-expense',
            input: { inputData: { item: 'Team dinner', amount: 240 } },
          }),
        ),
        step(text('txt-expense-1', 'The team dinner was approved and paid (EXP-2041).')),
      ],
      { modelId: 'expense-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Aborts while a tool runs.

/** Takes 300 ms and never looks at the abort signal. */
export const exportArchiveTool = createTool({
  id: 'export-archive',
  description: 'Export a mail archive (slow).',
  inputSchema: objectSchema<{ mailbox: string }>({ mailbox: str }, ['mailbox']),
  execute: async ({ mailbox }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { mailbox, messages: 1820 };
  },
});

/** Waits until the run is aborted, then gives up, as a tool honouring `abortSignal` does. */
export const crawlSiteTool = createTool({
  id: 'crawl-site',
  description: 'Crawl a website (slow, stops when aborted).',
  inputSchema: objectSchema<{ url: string }>({ url: str }, ['url']),
  execute: async ({ url }, context) => {
    const signal = context.abortSignal;
    await new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(resolve, 5000);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (signal?.aborted) throw new Error('Crawl stopped: the run was aborted');
    return { url, pages: 12 };
  },
});

export function createArchiveAgent() {
  return oneCallAgent(
    'archive-agent',
    'Exports mail archives.',
    { id: 'call-archive-1', name: 'exportArchiveTool', input: { mailbox: 'ada@example.com' } },
    'The archive has 1820 messages.',
    { exportArchiveTool },
  );
}

export function createCrawlerAgent() {
  return oneCallAgent(
    'crawler-agent',
    'Crawls websites.',
    { id: 'call-crawl-1', name: 'crawlSiteTool', input: { url: 'https://example.com' } },
    'The site has 12 pages.',
    { crawlSiteTool },
  );
}

// ---------------------------------------------------------------------------------------------
// Three-deep subagent chain: chief -> manager -> analyst -> clerk (headlinesTool).

export function createChiefAgent() {
  const clerk = oneCallAgent(
    'clerk-agent',
    'Fetches headlines.',
    { id: 'call-headlines-deep-1', name: 'headlinesTool', input: { topic: 'Berlin' } },
    'Berlin: markets steady; a new rail line opens.',
    { headlinesTool },
  );
  const analyst = oneCallAgent(
    'analyst-agent',
    'Analyses the news.',
    { id: 'call-clerk-1', name: 'agent-clerk', input: { prompt: 'Headlines for Berlin.' } },
    'Berlin news is calm: steady markets, new rail line.',
    {},
    { clerk },
  );
  const manager = oneCallAgent(
    'manager-agent',
    'Delegates research.',
    { id: 'call-analyst-1', name: 'agent-analyst', input: { prompt: 'Analyse Berlin news.' } },
    'The analyst reports calm Berlin news.',
    {},
    { analyst },
  );
  return oneCallAgent(
    'chief-agent',
    'Answers the board.',
    { id: 'call-manager-1', name: 'agent-manager', input: { prompt: 'Brief me on Berlin.' } },
    'Berlin briefing: calm news, steady markets, a new rail line.',
    {},
    { manager },
  );
}

// ---------------------------------------------------------------------------------------------
// Approval two levels down: director -> agent-lead -> agent-ops -> deleteTool (requireApproval).

export function createDirectorAgent() {
  const ops = oneCallAgent(
    'ops-deep-agent',
    'Deletes records (with approval).',
    { id: 'call-del-deep-1', name: 'deleteTool', input: { id: 'rec-991' } },
    'Record rec-991 was deleted.',
    { deleteTool },
  );
  const lead = oneCallAgent(
    'lead-agent',
    'Leads the ops team.',
    { id: 'call-ops-deep-1', name: 'agent-ops', input: { prompt: 'Delete record rec-991.' } },
    'Ops deleted record rec-991.',
    {},
    { ops },
  );
  return oneCallAgent(
    'director-agent',
    'Directs the teams.',
    { id: 'call-lead-1', name: 'agent-lead', input: { prompt: 'Have rec-991 removed.' } },
    'Record rec-991 is gone.',
    {},
    { lead },
  );
}

// ---------------------------------------------------------------------------------------------
// Step result timing: a fast tool and a slow subagent in one step.

export function createDispatcherAgent() {
  const slowWords = 'Checked the depot: all 14 vans are ready.'.split(' ');
  const slowText: ScriptPart[] = [{ type: 'text-start', id: 'txt-depot-1' }];
  for (const word of slowWords) {
    slowText.push(delay(20), { type: 'text-delta', id: 'txt-depot-1', delta: `${word} ` });
  }
  slowText.push({ type: 'text-end', id: 'txt-depot-1' });
  const depot = new Agent({
    instructions: INSTRUCTIONS,
    id: 'depot-agent',
    name: 'Depot agent',
    description: 'Checks the depot (slowly).',
    model: scriptedModel([step(slowText)], { modelId: 'depot-mock' }),
  });
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'dispatcher-agent',
    name: 'Dispatcher',
    tools: { weatherTool },
    agents: { depot },
    model: scriptedModel(
      [
        step([
          ...toolCall({ id: 'call-depot-1', name: 'agent-depot', input: { prompt: 'Vans?' } }),
          ...toolCall({ id: 'call-weather-fast-1', name: 'weatherTool', input: { city: 'Lyon' } }),
        ]),
        step(text('txt-dispatcher-1', 'All 14 vans are ready and Lyon is sunny.')),
      ],
      { modelId: 'dispatcher-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Two calls of one tool, identical input, deltas interleaved.

export function createTwinAgent() {
  const pieces = ['{"city":', '"Paris"', '}'];
  const a = 'call-twin-a';
  const b = 'call-twin-b';
  const parts: ScriptPart[] = [
    { type: 'tool-input-start', id: a, toolName: 'weatherTool' },
    { type: 'tool-input-start', id: b, toolName: 'weatherTool' },
  ];
  for (const delta of pieces) {
    parts.push(
      { type: 'tool-input-delta', id: a, delta },
      { type: 'tool-input-delta', id: b, delta },
    );
  }
  // b ends first; each tool-call follows its own end.
  parts.push(
    { type: 'tool-input-end', id: b },
    { type: 'tool-call', toolCallId: b, toolName: 'weatherTool', input: pieces.join('') },
    { type: 'tool-input-end', id: a },
    { type: 'tool-call', toolCallId: a, toolName: 'weatherTool', input: pieces.join('') },
  );
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'twin-agent',
    name: 'Twin agent',
    tools: { weatherTool },
    model: scriptedModel(
      [step(parts), step(text('txt-twin-1', 'Both lookups say Paris is 21°C.'))],
      { modelId: 'twin-mock' },
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Structured output.

/** The object the extractor's model writes, as JSON text in several deltas. */
export const EXTRACTED = { name: 'Ada Lovelace', born: 1815, fields: ['mathematics', 'computing'] };

export const extractorSchema = jsonSchema<typeof EXTRACTED>({
  type: 'object',
  properties: { name: str, born: num, fields: { type: 'array', items: str } },
  required: ['name', 'born', 'fields'],
  additionalProperties: false,
});

export function createExtractorAgent() {
  const json = JSON.stringify(EXTRACTED);
  const pieces = json.match(/.{1,9}/g) ?? [json];
  return new Agent({
    instructions: INSTRUCTIONS,
    id: 'extractor-agent',
    name: 'Extractor',
    model: scriptedModel([step(text('txt-extract-1', pieces))], { modelId: 'extractor-mock' }),
  });
}
