/**
 * Protocol-coverage scenarios of `pnpm record`: agent networks, nested and workflow suspensions
 * with their resumes, both kinds of abort, a three-deep subagent chain, an approval two levels
 * down, step result timing, parallel calls of one tool, structured output and AI SDK 7 streams.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import {
  createArchiveAgent,
  createChiefAgent,
  createConciergeAgent,
  createCrawlerAgent,
  createDirectorAgent,
  createDispatcherAgent,
  createExpenseAgent,
  createExtractorAgent,
  createTwinAgent,
  extractorSchema,
} from './coverage-agents.ts';
import { createCleanupNetwork, createPlannerNetwork } from './network-agents.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  endsAwaiting,
  nested,
  ofType,
  problem,
  type Recording,
  type Scenario,
} from './recording.ts';
import { createAssistantAgent } from './scenarios.ts';

const mastra = new Mastra({
  agents: {
    concierge: createConciergeAgent(),
    expense: createExpenseAgent(),
    archive: createArchiveAgent(),
    crawler: createCrawlerAgent(),
    chief: createChiefAgent(),
    director: createDirectorAgent(),
    dispatcher: createDispatcherAgent(),
    twin: createTwinAgent(),
    extractor: createExtractorAgent(),
    planner: createPlannerNetwork(),
    cleanup: createCleanupNetwork(),
    assistant: createAssistantAgent(),
  },
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'concierge');

/** The top-level chunks of `type` whose `payload.toolCallId` is `id`. */
const callChunks = (chunks: Chunk[], type: string, id: string) =>
  ofType(chunks, type).filter((c) => at(c, 'payload', 'toolCallId') === id);

/** Every `tool-call-approval` at any depth of tool-output wrappers. */
const approvalsAtAnyDepth = (chunks: Chunk[]) =>
  ofType(nested(chunks), 'tool-call-approval').length;

/** Aborts the run `delayMs` after the first `tool-call` of `toolCallId` is seen. */
async function abortDuring(key: string, prompt: string, toolCallId: string, delayMs: number) {
  const controller = new AbortController();
  const out = await agent(key).stream(prompt, { abortSignal: controller.signal });
  return collect(out.fullStream, (chunk) => {
    if (chunk.type === 'tool-call' && at(chunk, 'payload', 'toolCallId') === toolCallId) {
      setTimeout(() => controller.abort(), delayMs);
    }
  });
}

/** An agent stream as an AI SDK UI message stream of `version`, with subagent snapshots. */
function uiStream(out: Awaited<ReturnType<Agent['stream']>>, version: 'v6' | 'v7') {
  return version === 'v6'
    ? toAISdkStream(out, { from: 'agent', version, includeSubAgentMetadata: true })
    : toAISdkStream(out, { from: 'agent', version, includeSubAgentMetadata: true });
}

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const coverageScenarios: Record<string, Scenario> = {
  async nestedSuspend() {
    const first = await agent('concierge').stream('Book Le Petit Zinc for two at eight.');
    const request = await collect(first.fullStream);
    const resumed = await agent('concierge').resumeStream(
      { confirmed: true, note: 'Window seat' },
      { runId: first.runId, toolCallId: 'call-booking-1' },
    );
    return [
      {
        file: 'nested-suspend-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-suspended'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-suspended')(chunks),
          ...problem(
            at(chunks.at(-1), 'payload', 'toolName') === 'agent-booking',
            'top-level suspension does not name the parent call',
          ),
        ],
      },
      {
        file: 'nested-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async workflowSuspend() {
    const first = await agent('expense').stream('File the team dinner, 240 EUR.');
    const request = await collect(first.fullStream);
    const resumed = await agent('expense').resumeStream(
      { approved: true },
      { runId: first.runId, toolCallId: 'call-expense-1' },
    );
    return [
      {
        file: 'workflow-suspend-request.jsonl',
        chunks: request,
        expect: ['workflow-step-suspended', 'workflow-finish', 'tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'workflow-suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['workflow-start', 'workflow-step-result', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async abortToolIgnores() {
    const chunks = await abortDuring('archive', 'Export my mailbox.', 'call-archive-1', 50);
    return [
      {
        file: 'abort-tool-ignores.jsonl',
        chunks,
        expect: ['tool-call', 'tool-result', 'abort'],
        check: (all) => [
          ...problem(
            callChunks(all, 'tool-result', 'call-archive-1').length === 2,
            'no duplicate tool-result',
          ),
          ...problem(
            at(all.at(-1), 'payload', 'stepResult', 'reason') === 'tripwire',
            'did not finish with reason tripwire',
          ),
        ],
      },
    ];
  },

  async abortToolHonours() {
    const chunks = await abortDuring('crawler', 'Crawl example.com.', 'call-crawl-1', 50);
    return [
      {
        file: 'abort-tool-honours.jsonl',
        chunks,
        expect: ['tool-call', 'finish'],
        check: (all) => [
          ...problem(ofType(all, 'abort').length === 0, 'has an abort chunk'),
          ...problem(
            callChunks(all, 'tool-result', 'call-crawl-1').length === 0 &&
              callChunks(all, 'tool-error', 'call-crawl-1').length === 0,
            'the call completed',
          ),
          ...problem(
            at(all.at(-1), 'payload', 'stepResult', 'reason') === 'tool-calls',
            'did not finish with reason tool-calls',
          ),
        ],
      },
    ];
  },

  async subagentThreeDeep() {
    const out = await agent('chief').stream('Brief me on Berlin.');
    return [
      {
        file: 'subagent-three-deep.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
      },
    ];
  },

  async approvalTwoLevel() {
    const first = await agent('director').stream('Have rec-991 removed.');
    const request = await collect(first.fullStream);
    const approved = await agent('director').approveToolCall({
      runId: first.runId,
      toolCallId: 'call-lead-1',
    });
    return [
      {
        file: 'approval-two-level-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) => [
          ...endsAwaiting('tool-call-approval')(chunks),
          ...problem(approvalsAtAnyDepth(chunks) === 3, 'not three tool-call-approval chunks'),
        ],
      },
      {
        file: 'approval-two-level-approve.jsonl',
        chunks: await collect(approved.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async stepResultTiming() {
    const out = await agent('dispatcher').stream('Are the vans ready, and the weather in Lyon?');
    return [
      {
        file: 'step-result-timing.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: (chunks) => {
          const fast = chunks.indexOf(callChunks(chunks, 'tool-result', 'call-weather-fast-1')[0]!);
          const lastNested = chunks.map((c) => c.type).lastIndexOf('tool-output');
          return problem(fast > lastNested, 'the fast result came before the slow subagent ended');
        },
      },
    ];
  },

  async parallelSameTool() {
    const out = await agent('twin').stream('Weather in Paris, twice.');
    return [
      {
        file: 'parallel-same-tool.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call-delta', 'tool-call', 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            callChunks(chunks, 'tool-result', 'call-twin-a').length === 1 &&
              callChunks(chunks, 'tool-result', 'call-twin-b').length === 1,
            'not one result per call',
          ),
      },
    ];
  },

  async structuredOutput() {
    const out = await agent('extractor').stream('Who was Ada Lovelace?', {
      structuredOutput: { schema: extractorSchema },
    });
    return [
      {
        file: 'structured-output.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['text-delta', 'object', 'object-result', 'finish'],
      },
    ];
  },

  async network() {
    const out = await agent('planner').network('Weather in Rome, a trip report, and Milan.', {
      memory: { thread: 'thread-planner-1', resource: 'user-1' },
      maxSteps: 6,
    });
    return [
      {
        file: 'network.jsonl',
        chunks: await collect(out),
        expect: [
          'routing-agent-start',
          'routing-agent-end',
          'agent-execution-start',
          'agent-execution-event-tool-call',
          'agent-execution-end',
          'workflow-execution-start',
          'workflow-execution-end',
          'tool-execution-start',
          'tool-execution-end',
          'network-validation-start',
          'network-validation-end',
          'routing-agent-text-delta',
          'network-execution-event-finish',
        ],
      },
    ];
  },

  async networkApproval() {
    const memory = { thread: 'thread-cleanup-1', resource: 'user-1' };
    const first = await agent('cleanup').network('Delete record rec-314.', {
      memory,
      maxSteps: 4,
    });
    const request = await collect(first);
    const approved = await agent('cleanup').approveNetworkToolCall({ runId: first.runId, memory });
    return [
      {
        file: 'network-approval-request.jsonl',
        chunks: request,
        expect: ['agent-execution-event-tool-call-approval', 'agent-execution-approval'],
      },
      {
        file: 'network-approval-approve.jsonl',
        chunks: await collect(approved),
        expect: ['network-execution-event-finish'],
      },
    ];
  },

  async aisdkNested() {
    const recordings: Recording[] = [];
    for (const version of ['v6', 'v7'] as const) {
      const suspended = await agent('concierge').stream('Book Le Petit Zinc for two at eight.');
      recordings.push({
        file: `aisdk-${version}-nested-suspend.jsonl`,
        chunks: await collect(uiStream(suspended, version)),
        expect: ['data-tool-agent', 'data-tool-call-suspended'],
      });
      const approval = await agent('director').stream('Have rec-991 removed.');
      recordings.push({
        file: `aisdk-${version}-approval-two-level.jsonl`,
        chunks: await collect(uiStream(approval, version)),
        expect: ['data-tool-agent', 'tool-approval-request'],
      });
    }
    return recordings;
  },

  async aisdkV7() {
    const out = await agent('assistant').stream(
      'Weather in Paris and Oslo, then delete trip-2019.',
    );
    const ui = toAISdkStream(out, { from: 'agent', version: 'v7', includeSubAgentMetadata: true });
    return [
      {
        file: 'aisdk-v7.jsonl',
        chunks: await collect(ui),
        expect: [
          'tool-input-available',
          'tool-output-available',
          'data-tool-agent',
          'tool-approval-request',
        ],
      },
    ];
  },
};
