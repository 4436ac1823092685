/**
 * `pnpm record`: runs every scenario of ./scenarios.ts against real @mastra/core agents with
 * scripted mock models and writes one JSON-lines file per stream to test/fixtures/.
 * Each line is one chunk exactly as `JSON.stringify` renders it (what the SSE route carries).
 */
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toAISdkStream } from '@mastra/ai-sdk';
import { boundaryScenarios } from './boundaries.ts';
import { clientToolScenarios } from './client-tools.ts';
import { compositeScenarios } from './composite.ts';
import { compositeAgentScenarios } from './composite-agents.ts';
import { compositeMoreScenarios } from './composite-more.ts';
import { compositeThirdScenarios } from './composite-third.ts';
import { compositeWorkflowScenarios } from './composite-workflows.ts';
import { coverageScenarios } from './coverage.ts';
import { customDataScenarios } from './custom-data.ts';
import { deepHiddenScenarios } from './deep-hidden.ts';
import { echoScenarios } from './echoes.ts';
import { innerParallelScenarios } from './inner-parallel.ts';
import { keyHandoffScenarios } from './key-handoff.ts';
import { longNameScenarios } from './long-names.ts';
import { longValueScenarios } from './long-values.ts';
import { modelMistakeScenarios } from './model-mistakes.ts';
import { modelOutputScenarios } from './model-output.ts';
import { nestedTransformScenarios } from './nested-transform.ts';
import { networkScenarios } from './network-scenarios.ts';
import { networkTransformScenarios } from './network-transform.ts';
import { parallelRequestScenarios } from './parallel-requests.ts';
import { pipedAgentScenarios } from './piped-agent.ts';
import { reasoningScenarios } from './reasoning.ts';
import {
  at,
  type Chunk,
  collect,
  continuation,
  displayOf,
  endsAwaiting,
  ofType,
  problem,
  type Recording,
  type Scenario,
} from './recording.ts';
import { resumeFormScenarios } from './resume-form.ts';
import { AGENT_IDS, createScenarioMastra } from './scenarios.ts';
import { sourceScenarios } from './sources.ts';
import { workflowDeepScenarios } from './workflow-deep.ts';
import { workflowFlowScenarios } from './workflow-flow.ts';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const SCENARIO_TIMEOUT_MS = 20_000;
/** runId of the example approval-request.jsonl / approval-approved.jsonl pair. */
const EXAMPLE_APPROVAL_RUN_ID = 'c27e2889-abbf-4218-a6ec-67f6ee1f7ad3';

const mastra = createScenarioMastra();
const agentOf = (id: (typeof AGENT_IDS)[keyof typeof AGENT_IDS]) => mastra.getAgent(id);

const scenarios: Record<string, Scenario> = {
  async toolThenText() {
    const out = await agentOf(AGENT_IDS.weather).stream("What's the weather in Paris?");
    return [
      {
        file: 'tool-then-text.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call-delta', 'tool-call', 'tool-result', 'text-delta', 'finish'],
      },
    ];
  },

  async parallelToolsError() {
    const out = await agentOf(AGENT_IDS.travel).stream('Weather in Lisbon and flights CDG→LIS?');
    return [
      {
        file: 'parallel-tools-error.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-result', 'tool-error', 'text-delta', 'finish'],
      },
    ];
  },

  async transformInputStreamed() {
    const out = await agentOf(AGENT_IDS.crmStreamed).stream('Look up Ada Lovelace in the CRM.');
    return [
      {
        file: 'transform-input-streamed.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call-delta', 'tool-call', 'tool-result', 'finish'],
        check: (chunks) => [
          // Protocol §6.4: the synthetic tool-call after streamed input carries no metadata.
          ...problem(
            at(ofType(chunks, 'tool-call')[0], 'metadata') === undefined,
            'tool-call has metadata',
          ),
          ...problem(
            at(displayOf(ofType(chunks, 'tool-call-delta')[0], 'input-delta'), 'suppress') === true,
            'deltas not suppressed',
          ),
          ...problem(
            at(
              displayOf(ofType(chunks, 'tool-result')[0], 'input-available'),
              'transformed',
              'apiKey',
            ) === '••••',
            'tool-result input not transformed',
          ),
        ],
      },
    ];
  },

  async transformInputWhole() {
    const out = await agentOf(AGENT_IDS.crm).stream('Look up Ada Lovelace in the CRM.');
    return [
      {
        file: 'transform-input-whole.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            at(
              displayOf(ofType(chunks, 'tool-call')[0], 'input-available'),
              'transformed',
              'apiKey',
            ) === '••••',
            'tool-call input not transformed',
          ),
      },
    ];
  },

  async transformFailed() {
    const out = await agentOf(AGENT_IDS.exporter).stream('Export the report as PDF.');
    return [
      {
        file: 'transform-failed.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call', 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            at(displayOf(ofType(chunks, 'tool-result')[0], 'output-available'), 'failed') === true,
            'output transform not marked failed',
          ),
      },
    ];
  },

  async transformAgentPolicy() {
    const out = await agentOf(AGENT_IDS.audit).stream('Sign in to billing as ada.');
    return [
      {
        file: 'transform-agent-policy.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-call-delta', 'tool-call', 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            at(
              displayOf(ofType(chunks, 'tool-result')[0], 'output-available'),
              'transformed',
              'token',
            ) === '[redacted]',
            'policy did not redact the output',
          ),
      },
    ];
  },

  async subagentTwoLevel() {
    const out = await agentOf(AGENT_IDS.supervisor).stream('How is the weather at Paris CDG?');
    return [
      {
        file: 'subagent-two-level.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'start', 'tool-result', 'text-delta', 'finish'],
        check: (chunks) => {
          const inner = (c: unknown) => at(c, 'payload', 'output');
          // supervisor tool-output > research tool-output > station tool-output > writer payload
          const depth3 = chunks.filter(
            (c) =>
              at(inner(inner(c)), 'type') === 'tool-output' && at(inner(inner(inner(c))), 'status'),
          );
          return [
            ...problem(
              chunks.some(
                (c) => at(inner(c), 'type') === 'start' && at(inner(c), 'from') === 'AGENT',
              ),
              'no nested start from AGENT',
            ),
            ...problem(depth3.length > 0, 'no triple-wrapped writer output'),
          ];
        },
      },
    ];
  },

  async subagentsParallel() {
    const out = await agentOf(AGENT_IDS.coordinator).stream(
      'Weather in Paris and Tokyo, and Tokyo news?',
    );
    return [
      {
        file: 'subagents-parallel.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'tool-result', 'text-delta', 'finish'],
      },
    ];
  },

  async approval() {
    const ops = agentOf(AGENT_IDS.ops);
    // approval-request.jsonl replaces the example recording of the same name; reuse its runId
    // (and the ops agent reuses its ids) so the example approval-approved.jsonl still pairs with it.
    const first = await ops.stream('Delete record abc-123.', { runId: EXAMPLE_APPROVAL_RUN_ID });
    const request = await collect(first.fullStream);
    const approved = await ops.approveToolCall({ runId: first.runId, toolCallId: 'call-del-1' });
    const approve = await collect(approved.fullStream);

    const second = await ops.stream('Delete record abc-123.');
    const request2 = await collect(second.fullStream);
    if (!request2.some((c) => c.type === 'tool-call-approval')) {
      throw new Error('second approval run did not ask for approval');
    }
    const declined = await ops.declineToolCall({
      runId: second.runId,
      toolCallId: 'call-del-1',
      reason: 'Not today',
    });
    return [
      {
        file: 'approval-request.jsonl',
        chunks: request,
        expect: ['tool-call-approval'],
        check: endsAwaiting('tool-call-approval'),
      },
      {
        file: 'approval-approve.jsonl',
        chunks: approve,
        expect: ['tool-result', 'finish'],
        check: continuation,
      },
      {
        file: 'approval-decline-request.jsonl',
        chunks: request2,
        expect: ['tool-call-approval'],
        check: endsAwaiting('tool-call-approval'),
      },
      {
        file: 'approval-decline.jsonl',
        chunks: await collect(declined.fullStream),
        expect: ['tool-output-denied', 'finish'],
        check: (chunks) => [
          ...continuation(chunks),
          ...problem(
            at(ofType(chunks, 'tool-output-denied')[0], 'payload', 'approval', 'reason') ===
              'Not today',
            'decline reason missing',
          ),
        ],
      },
    ];
  },

  async nestedApproval() {
    const admin = agentOf(AGENT_IDS.admin);
    const first = await admin.stream('Please remove record rec-778.');
    const request = await collect(first.fullStream);
    const approved = await admin.approveToolCall({ runId: first.runId, toolCallId: 'call-ops-1' });
    return [
      {
        file: 'nested-approval-request.jsonl',
        chunks: request,
        expect: ['tool-output', 'tool-call-approval'],
        check: (chunks) => {
          const last = chunks.at(-1);
          return [
            ...endsAwaiting('tool-call-approval')(chunks),
            // Protocol §5: the parent's delegation call id with the inner tool's name.
            ...problem(at(last, 'payload', 'toolCallId') === 'call-ops-1', 'wrong toolCallId'),
            ...problem(at(last, 'payload', 'toolName') === 'deleteTool', 'wrong toolName'),
          ];
        },
      },
      {
        file: 'nested-approval-approve.jsonl',
        chunks: await collect(approved.fullStream),
        expect: ['tool-output', 'tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async suspend() {
    const booking = agentOf(AGENT_IDS.booking);
    const first = await booking.stream('Book a table for 4 at Chez Marie at 19:30.');
    const request = await collect(first.fullStream);
    const resumed = await booking.resumeStream(
      { confirmed: true, note: 'ok' },
      { runId: first.runId, toolCallId: 'call-book-1' },
    );
    return [
      {
        file: 'suspend-request.jsonl',
        chunks: request,
        expect: ['tool-call-suspended'],
        check: endsAwaiting('tool-call-suspended'),
      },
      {
        file: 'suspend-resume.jsonl',
        chunks: await collect(resumed.fullStream),
        expect: ['tool-result', 'finish'],
        check: continuation,
      },
    ];
  },

  async workflowTool() {
    const out = await agentOf(AGENT_IDS.report).stream('Build the Q3 sales report.');
    return [
      {
        file: 'workflow-tool.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'workflow-start', 'workflow-step-result', 'tool-result', 'finish'],
      },
    ];
  },

  async backgroundTask() {
    const out = await agentOf(AGENT_IDS.indexer).stream('Index the acme/api repository.', {
      untilIdle: true,
      memory: { thread: 'thread-indexer-1', resource: 'user-1' },
    });
    return [
      {
        file: 'background-task.jsonl',
        chunks: await collect(out.fullStream),
        expect: [
          'background-task-started',
          'background-task-running',
          'background-task-output',
          'background-task-completed',
          'finish',
        ],
      },
    ];
  },

  async modelError() {
    const out = await agentOf(AGENT_IDS.flaky).stream('Tell me something.');
    return [
      {
        file: 'model-error.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['text-delta', 'error'],
      },
    ];
  },

  async abort() {
    const controller = new AbortController();
    const out = await agentOf(AGENT_IDS.slow).stream('Tell me a long story.', {
      abortSignal: controller.signal,
    });
    let deltas = 0;
    const chunks = await collect(out.fullStream, (chunk) => {
      if (chunk.type === 'text-delta' && ++deltas === 3) controller.abort();
    });
    return [
      {
        file: 'abort.jsonl',
        chunks,
        expect: ['text-delta', 'abort'],
        check: (all) =>
          problem(
            at(all.at(-1), 'payload', 'stepResult', 'reason') === 'tripwire',
            'abort did not finish with reason tripwire',
          ),
      },
    ];
  },

  async tripwire() {
    const out = await agentOf(AGENT_IDS.guarded).stream('My password is hunter2, remember it.');
    return [
      {
        file: 'tripwire.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tripwire'],
        check: (chunks) => problem(chunks.length === 1, 'tripwire stream has more than one chunk'),
      },
    ];
  },

  async toolProgress() {
    const out = await agentOf(AGENT_IDS.deploy).stream('Deploy billing to staging.');
    return [
      {
        file: 'tool-progress.jsonl',
        chunks: await collect(out.fullStream),
        expect: ['tool-output', 'data-progress', 'tool-result', 'finish'],
      },
    ];
  },

  async aisdk() {
    const assistant = agentOf(AGENT_IDS.assistant);
    const recordings: Recording[] = [];
    for (const version of ['v5', 'v6'] as const) {
      const out = await assistant.stream('Weather in Paris and Oslo, then delete trip-2019.');
      const ui =
        version === 'v5'
          ? toAISdkStream(out, { from: 'agent', version, includeSubAgentMetadata: true })
          : toAISdkStream(out, { from: 'agent', version, includeSubAgentMetadata: true });
      const expect = ['tool-input-available', 'tool-output-available', 'data-tool-agent'];
      expect.push(version === 'v6' ? 'tool-approval-request' : 'data-tool-call-approval');
      recordings.push({ file: `aisdk-${version}.jsonl`, chunks: await collect(ui), expect });
    }
    return recordings;
  },
};

/** Every chunk type in the stream, looking inside tool-output wrappers. */
function typesIn(chunks: Chunk[]): Set<string> {
  const types = new Set<string>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const chunk = value as Chunk;
    if (typeof chunk.type === 'string') types.add(chunk.type);
    const payload = chunk.payload as Chunk | undefined;
    if (payload && typeof payload === 'object' && 'output' in payload) visit(payload.output);
    // A network wraps a primitive's chunks whole: `agent-execution-event-<type>` { ...chunk }.
    if (/^(agent|workflow)-execution-event-/.test(chunk.type as string)) visit(payload);
  };
  for (const chunk of chunks) visit(chunk);
  return types;
}

function withTimeout<T>(name: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} timed out after ${SCENARIO_TIMEOUT_MS} ms`)),
      SCENARIO_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main() {
  const only = process.argv.slice(2);
  let failures = 0;
  for (const [name, run] of Object.entries({
    ...scenarios,
    ...coverageScenarios,
    ...networkScenarios,
    ...networkTransformScenarios,
    ...nestedTransformScenarios,
    ...clientToolScenarios,
    ...boundaryScenarios,
    ...deepHiddenScenarios,
    ...modelOutputScenarios,
    ...resumeFormScenarios,
    ...parallelRequestScenarios,
    ...innerParallelScenarios,
    ...keyHandoffScenarios,
    ...longNameScenarios,
    ...longValueScenarios,
    ...reasoningScenarios,
    ...sourceScenarios,
    ...echoScenarios,
    ...workflowFlowScenarios,
    ...workflowDeepScenarios,
    ...compositeScenarios,
    ...compositeMoreScenarios,
    ...compositeWorkflowScenarios,
    ...compositeAgentScenarios,
    ...compositeThirdScenarios,
    ...customDataScenarios,
    ...modelMistakeScenarios,
    ...pipedAgentScenarios,
  })) {
    if (only.length > 0 && !only.includes(name)) continue;
    try {
      const recordings = await withTimeout(name, run());
      for (const { file, chunks, expect, check } of recordings) {
        const lines = chunks.map((chunk) => JSON.stringify(chunk)).join('\n');
        await writeFile(resolve(FIXTURES, file), `${lines}\n`);
        const types = typesIn(chunks);
        const problems = [
          ...expect.filter((type) => !types.has(type)).map((type) => `missing ${type}`),
          ...(check?.(chunks) ?? []),
        ];
        const note = problems.length > 0 ? `  PROBLEMS: ${problems.join('; ')}` : '';
        if (problems.length > 0) failures++;
        console.log(`${file.padEnd(34)} ${String(chunks.length).padStart(4)} chunks${note}`);
      }
    } catch (error) {
      failures++;
      console.error(`${name}: FAILED`, error);
    }
  }
  if (failures > 0) {
    console.error(`${failures} problem(s)`);
    process.exitCode = 1;
  }
}

await main();
// Mastra may keep timers alive (storage, background workers); the recordings are written.
process.exit();
