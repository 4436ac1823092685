/**
 * Scenarios of `pnpm record` where a subagent runs several tool calls at once and one or two of
 * them wait for a person. A desk agent calls one subagent (`agent-<key>`) whose model calls, in one
 * step, three tools: `weatherTool` (plain), `crmLookupTool` (plain, its display transform hides
 * the key it is given) and `deleteTool` (`requireApproval`); or `bookTableTool` (suspends with a
 * resume schema) in place of `deleteTool`; or two `bookTableTool` calls beside the lookup; or two
 * `deleteTool` calls beside both; or a deletion beside two lookups (two calls that hide, with
 * different keys). Mastra asks one request at a time: a second one comes in the
 * stream that answers the first. Each request is recorded natively and through `toAISdkStream`
 * (v6, `includeSubAgentMetadata`), with the streams that answer it (approve, resume; the deletion
 * beside two lookups only as asked), all sent to the top-level runId and `agent-*` call.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { reactiveModel, type ScriptPart, scriptedModel, step, text, toolCall } from './models.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  nested,
  ofType,
  problem,
  type Scenario,
} from './recording.ts';
import { bookTableTool, crmLookupTool, deleteTool, weatherTool } from './scenarios.ts';

const INSTRUCTIONS = 'You are a helpful assistant. Use your tools when they help.';

/** The key each subagent's CRM lookup is given; the tool's display transform hides it. */
export const INNER_PARALLEL_SECRET = 'sk-inner-parallel-secret-7310';
/** The key of a second lookup beside the first (two calls that hide, one waiting beside them). */
export const INNER_PARALLEL_SECOND_SECRET = 'sk-inner-parallel-second-2206';

/** The three calls of one subagent step: a plain lookup of the weather and the CRM, and `third`. */
const threeCalls = (prefix: string, third: ScriptPart[]): ScriptPart[] => [
  ...toolCall({
    id: `call-inpar-${prefix}-weather-1`,
    name: 'weatherTool',
    input: { city: 'Oslo' },
  }),
  ...third,
  ...toolCall({
    id: `call-inpar-${prefix}-crm-1`,
    name: 'crmLookupTool',
    input: { query: 'Grace Hopper', apiKey: INNER_PARALLEL_SECRET },
  }),
];

/** A subagent that makes `calls` in its first step and answers once their results are in. */
function innerAgent(id: string, calls: ScriptPart[], answer: string) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    description: 'Runs several errands at once.',
    tools: { weatherTool, crmLookupTool, deleteTool, bookTableTool },
    model: reactiveModel(
      ({ stepIndex }) => (stepIndex === 0 ? step(calls) : step(text(`txt-${id}`, answer))),
      { modelId: `${id}-mock` },
    ),
  });
}

/** A desk agent that calls its one subagent (key `errands`) once, then answers. */
function deskAgent(id: string, sub: Agent, callId: string) {
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    agents: { errands: sub },
    model: scriptedModel(
      [
        step(
          toolCall({ id: callId, name: 'agent-errands', input: { prompt: 'Run the errands.' } }),
        ),
        step(text(`txt-${id}`, 'The errands are done.')),
      ],
      { modelId: `${id}-mock` },
    ),
  });
}

const APPROVE_CALL = 'call-inpar-approve-errands-1';
const SUSPEND_CALL = 'call-inpar-suspend-errands-1';
const TWO_CALL = 'call-inpar-two-errands-1';
const TWIN_CALL = 'call-inpar-twin-errands-1';
const KEYS_CALL = 'call-inpar-keys-errands-1';

const mastra = new Mastra({
  agents: {
    approveDesk: deskAgent(
      'inpar-approve-desk-agent',
      innerAgent(
        'inpar-approve-errands-agent',
        threeCalls(
          'approve',
          toolCall({
            id: 'call-inpar-approve-del-1',
            name: 'deleteTool',
            input: { id: 'rec-314' },
          }),
        ),
        'Oslo is sunny, Grace Hopper is on the enterprise plan and rec-314 is gone.',
      ),
      APPROVE_CALL,
    ),
    suspendDesk: deskAgent(
      'inpar-suspend-desk-agent',
      innerAgent(
        'inpar-suspend-errands-agent',
        threeCalls(
          'suspend',
          toolCall({
            id: 'call-inpar-suspend-book-1',
            name: 'bookTableTool',
            input: { restaurant: 'Chez Ada', people: 3, time: '20:15' },
          }),
        ),
        'Oslo is sunny, Grace Hopper is on the enterprise plan and the table is booked.',
      ),
      SUSPEND_CALL,
    ),
    twoDesk: deskAgent(
      'inpar-two-desk-agent',
      innerAgent(
        'inpar-two-errands-agent',
        [
          ...toolCall({
            id: 'call-inpar-two-book-a',
            name: 'bookTableTool',
            input: { restaurant: 'Chez Ada', people: 3, time: '20:15' },
          }),
          ...toolCall({
            id: 'call-inpar-two-crm-1',
            name: 'crmLookupTool',
            input: { query: 'Grace Hopper', apiKey: INNER_PARALLEL_SECRET },
          }),
          ...toolCall({
            id: 'call-inpar-two-book-b',
            name: 'bookTableTool',
            input: { restaurant: 'Le Hopper', people: 2, time: '21:00' },
          }),
        ],
        'Both tables are booked and Grace Hopper is on the enterprise plan.',
      ),
      TWO_CALL,
    ),
    twinDesk: deskAgent(
      'inpar-twin-desk-agent',
      innerAgent(
        'inpar-twin-errands-agent',
        threeCalls('twin', [
          ...toolCall({ id: 'call-inpar-twin-del-a', name: 'deleteTool', input: { id: 'rec-a7' } }),
          ...toolCall({ id: 'call-inpar-twin-del-b', name: 'deleteTool', input: { id: 'rec-b7' } }),
        ]),
        'Oslo is sunny, Grace Hopper is on the enterprise plan and both records are gone.',
      ),
      TWIN_CALL,
    ),
    keysDesk: deskAgent(
      'inpar-keys-desk-agent',
      innerAgent(
        'inpar-keys-errands-agent',
        threeCalls('keys', [
          ...toolCall({ id: 'call-inpar-keys-del-1', name: 'deleteTool', input: { id: 'rec-k7' } }),
          ...toolCall({
            id: 'call-inpar-keys-crm-2',
            name: 'crmLookupTool',
            input: { query: 'Ada Lovelace', apiKey: INNER_PARALLEL_SECOND_SECRET },
          }),
        ]),
        'Oslo is sunny, both customers are on the enterprise plan and rec-k7 is gone.',
      ),
      KEYS_CALL,
    ),
  },
  storage: new InMemoryStore(),
  logger: false,
});

type Desk = 'approveDesk' | 'suspendDesk' | 'twoDesk' | 'twinDesk' | 'keysDesk';
const desk = (key: Desk): Agent => mastra.getAgent(key);
/** What a route built on `@mastra/ai-sdk` streams for `out`. */
const ui = (out: Parameters<typeof toAISdkStream>[0]) =>
  collect(toAISdkStream(out, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }));

/** The stream stops for a person: no `finish` at the top. */
const waits = (chunks: Chunk[]) => problem(ofType(chunks, 'finish').length === 0, 'has a finish');
/** Whether the stream carries the lookup's key (what must stay hidden). */
const carriesKey = (chunks: Chunk[]) =>
  problem(JSON.stringify(chunks).includes(INNER_PARALLEL_SECRET), 'the key is not in the stream');
/** Top-level requests of `type` for `callId` in the stream. */
const topRequests = (chunks: Chunk[], type: string, callId: string) =>
  ofType(chunks, type).filter((c) => at(c, 'payload', 'toolCallId') === callId).length;
/** Nested requests of `type` for `innerId`, at any depth. */
const innerRequests = (chunks: Chunk[], type: string, innerId: string) =>
  ofType(nested(chunks), type).filter((c) => at(c, 'payload', 'toolCallId') === innerId).length;

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const innerParallelScenarios: Record<string, Scenario> = {
  // Two lookups that hide their keys, and a deletion waiting for approval beside them.
  async innerParallelKeys() {
    const agent = desk('keysDesk');
    const prompt = 'Check Oslo, look up Grace Hopper and Ada Lovelace, and delete rec-k7.';
    const request = await collect((await agent.stream(prompt)).fullStream);
    const uiRequest = await ui(await agent.stream(prompt));
    const both = (chunks: Chunk[]) => [
      ...carriesKey(chunks),
      ...problem(
        JSON.stringify(chunks).includes(INNER_PARALLEL_SECOND_SECRET),
        'the second key is not in the stream',
      ),
    ];
    return [
      {
        file: 'subagent-inner-parallel-keys-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...waits(chunks),
          ...both(chunks),
          ...problem(
            innerRequests(chunks, 'tool-call-approval', 'call-inpar-keys-del-1') === 1,
            'not one nested approval',
          ),
        ],
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-keys-request.jsonl',
        chunks: uiRequest,
        expect: ['data-tool-agent', 'data-tool-call-approval'],
        check: both,
      },
    ];
  },

  async innerParallelApproval() {
    const agent = desk('approveDesk');
    const prompt = 'Check Oslo, look up Grace Hopper and delete rec-314.';
    const first = await agent.stream(prompt);
    const request = await collect(first.fullStream);
    const target = { runId: first.runId, toolCallId: APPROVE_CALL };
    const approve = await collect((await agent.approveToolCall(target)).fullStream);
    const again = await agent.stream(prompt);
    const uiRequest = await ui(again);
    const uiApprove = await ui(
      await agent.approveToolCall({ runId: again.runId, toolCallId: APPROVE_CALL }),
    );
    return [
      {
        file: 'subagent-inner-parallel-approval-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...waits(chunks),
          ...carriesKey(chunks),
          ...problem(
            topRequests(chunks, 'tool-call-approval', APPROVE_CALL) === 1,
            'not one top-level approval',
          ),
          ...problem(
            innerRequests(chunks, 'tool-call-approval', 'call-inpar-approve-del-1') === 1,
            'not one nested approval',
          ),
        ],
      },
      {
        file: 'subagent-inner-parallel-approval-approve.jsonl',
        chunks: approve,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-approval-request.jsonl',
        chunks: uiRequest,
        expect: ['data-tool-agent', 'data-tool-call-approval'],
        check: carriesKey,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-approval-approve.jsonl',
        chunks: uiApprove,
        expect: ['data-tool-agent', 'tool-output-available', 'finish'],
      },
    ];
  },

  async innerParallelSuspend() {
    const agent = desk('suspendDesk');
    const prompt = 'Check Oslo, look up Grace Hopper and book Chez Ada.';
    const first = await agent.stream(prompt);
    const request = await collect(first.fullStream);
    const target = { runId: first.runId, toolCallId: SUSPEND_CALL };
    const resume = await collect(
      (await agent.resumeStream({ confirmed: true }, target)).fullStream,
    );
    const again = await agent.stream(prompt);
    const uiRequest = await ui(again);
    const uiResume = await ui(
      await agent.resumeStream(
        { confirmed: true },
        { runId: again.runId, toolCallId: SUSPEND_CALL },
      ),
    );
    return [
      {
        file: 'subagent-inner-parallel-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call', 'tool-call-suspended'],
        check: (chunks) => [
          ...waits(chunks),
          ...carriesKey(chunks),
          ...problem(
            topRequests(chunks, 'tool-call-suspended', SUSPEND_CALL) === 1,
            'not one top-level suspension',
          ),
          ...problem(
            innerRequests(chunks, 'tool-call-suspended', 'call-inpar-suspend-book-1') === 1,
            'not one nested suspension',
          ),
        ],
      },
      {
        file: 'subagent-inner-parallel-suspend-resume.jsonl',
        chunks: resume,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-suspend-request.jsonl',
        chunks: uiRequest,
        expect: ['data-tool-agent', 'data-tool-call-suspended'],
        check: carriesKey,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-suspend-resume.jsonl',
        chunks: uiResume,
        expect: ['data-tool-agent', 'tool-output-available', 'finish'],
      },
    ];
  },

  async innerParallelTwoSuspend() {
    const agent = desk('twoDesk');
    const prompt = 'Book Chez Ada and Le Hopper, and look up Grace Hopper.';
    const first = await agent.stream(prompt);
    const request = await collect(first.fullStream);
    const target = { runId: first.runId, toolCallId: TWO_CALL };
    const next = await collect((await agent.resumeStream({ confirmed: true }, target)).fullStream);
    const last = await collect((await agent.resumeStream({ confirmed: true }, target)).fullStream);
    const again = await agent.stream(prompt);
    const uiRequest = await ui(again);
    const uiTarget = { runId: again.runId, toolCallId: TWO_CALL };
    const uiNext = await ui(await agent.resumeStream({ confirmed: true }, uiTarget));
    const uiLast = await ui(await agent.resumeStream({ confirmed: true }, uiTarget));
    return [
      {
        file: 'subagent-inner-parallel-two-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call', 'tool-call-suspended'],
        check: (chunks) => [...waits(chunks), ...carriesKey(chunks)],
      },
      {
        file: 'subagent-inner-parallel-two-suspend-next.jsonl',
        chunks: next,
        expect: ['tool-output'],
      },
      {
        file: 'subagent-inner-parallel-two-suspend-resume.jsonl',
        chunks: last,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-suspend-request.jsonl',
        chunks: uiRequest,
        expect: ['data-tool-agent', 'data-tool-call-suspended'],
        check: carriesKey,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-suspend-next.jsonl',
        chunks: uiNext,
        expect: ['data-tool-call-suspended'],
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-suspend-resume.jsonl',
        chunks: uiLast,
        expect: ['data-tool-agent', 'tool-output-available', 'finish'],
      },
    ];
  },

  async innerParallelTwoApprovals() {
    const agent = desk('twinDesk');
    const prompt = 'Check Oslo, look up Grace Hopper and delete rec-a7 and rec-b7.';
    const first = await agent.stream(prompt);
    const request = await collect(first.fullStream);
    const target = { runId: first.runId, toolCallId: TWIN_CALL };
    const next = await collect((await agent.approveToolCall(target)).fullStream);
    const last = await collect((await agent.approveToolCall(target)).fullStream);
    const again = await agent.stream(prompt);
    const uiRequest = await ui(again);
    const uiTarget = { runId: again.runId, toolCallId: TWIN_CALL };
    const uiNext = await ui(await agent.approveToolCall(uiTarget));
    const uiLast = await ui(await agent.approveToolCall(uiTarget));
    return [
      {
        file: 'subagent-inner-parallel-two-approvals-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call', 'tool-call-approval'],
        check: (chunks) => [
          ...waits(chunks),
          ...carriesKey(chunks),
          ...problem(
            innerRequests(chunks, 'tool-call-approval', 'call-inpar-twin-del-a') === 1,
            'not one nested approval for call-inpar-twin-del-a',
          ),
        ],
      },
      {
        file: 'subagent-inner-parallel-two-approvals-next.jsonl',
        chunks: next,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) =>
          problem(
            innerRequests(chunks, 'tool-call-approval', 'call-inpar-twin-del-b') === 1,
            'not one nested approval for call-inpar-twin-del-b',
          ),
      },
      {
        file: 'subagent-inner-parallel-two-approvals-approve.jsonl',
        chunks: last,
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-approvals-request.jsonl',
        chunks: uiRequest,
        expect: ['data-tool-agent', 'data-tool-call-approval'],
        check: carriesKey,
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-approvals-next.jsonl',
        chunks: uiNext,
        expect: ['data-tool-call-approval'],
      },
      {
        file: 'aisdk-v6-subagent-inner-parallel-two-approvals-approve.jsonl',
        chunks: uiLast,
        expect: ['data-tool-agent', 'tool-output-available', 'finish'],
      },
    ];
  },
};
