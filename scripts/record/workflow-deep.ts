/**
 * Scenarios of `pnpm record` where a workflow tool runs inside subagents: parallel steps two
 * levels down, a foreach three levels down, a parallel step that throws three levels down, and a
 * workflow whose caller's display policy hides a bank account, two levels down. Each is recorded
 * as the top agent's `fullStream` and, from a second run, as an AI SDK v6 UI stream with subagent
 * and workflow metadata.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { at, type Chunk, collect, problem, type Scenario } from './recording.ts';
import { createWorkflowDeepAgents, IBAN_SECRET } from './workflow-deep-agents.ts';

const mastra = new Mastra({
  agents: createWorkflowDeepAgents(),
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'yard');

/** The top agent's run for `prompt` as an AI SDK v6 UI stream, with subagent snapshots or not. */
async function uiOf(key: string, prompt: string, snapshots = true) {
  const out = await agent(key).stream(prompt);
  return collect(
    toAISdkStream(out, { from: 'agent', version: 'v6', includeSubAgentMetadata: snapshots }),
  );
}

/** The top agent's fullStream for `prompt`, and the same run again as an AI SDK v6 UI stream. */
async function both(key: string, prompt: string) {
  const native = await collect((await agent(key).stream(prompt)).fullStream);
  return { native, ui: await uiOf(key, prompt) };
}

/** The chunks inside `depth` levels of `tool-output` wrappers, in stream order. */
function inside(chunks: Chunk[], depth: number): Chunk[] {
  let level = chunks;
  for (let i = 0; i < depth; i++) {
    level = level
      .filter((c) => c.type === 'tool-output')
      .map((c) => at(c, 'payload', 'output') as Chunk)
      .filter((c) => typeof c?.type === 'string');
  }
  return level;
}

/** The workflow's final status, found `depth` wrappers down. */
const finishStatus = (chunks: Chunk[], depth: number) =>
  at(
    inside(chunks, depth).find((c) => c.type === 'workflow-finish'),
    'payload',
    'workflowStatus',
  );

/** Whether the workflow's events sit exactly `depth` wrappers down, under the call `callId`. */
const workflowAt = (chunks: Chunk[], depth: number, callId: string, status: string) => [
  ...problem(
    inside(chunks, depth - 1).some(
      (c) =>
        c.type === 'tool-output' &&
        at(c, 'payload', 'toolCallId') === callId &&
        at(c, 'payload', 'output', 'type') === 'workflow-start',
    ),
    `no workflow-start under ${callId} at depth ${depth}`,
  ),
  ...problem(finishStatus(chunks, depth) === status, `workflow did not end as ${status}`),
];

const NATIVE = ['tool-output', 'workflow-start', 'workflow-step-result', 'workflow-finish'];
const UI = ['tool-input-available', 'data-tool-agent', 'tool-output-available', 'finish'];

/** The deep workflow scenarios, by name (`pnpm record <name>` runs one). */
export const workflowDeepScenarios: Record<string, Scenario> = {
  async workflowDeepTwo() {
    const { native, ui } = await both('yard', 'Is the Lyon depot ready?');
    return [
      {
        file: 'workflow-deep-two.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) => workflowAt(chunks, 2, 'call-fleet-deep-1', 'success'),
      },
      { file: 'workflow-deep-two-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowDeepThree() {
    const { native, ui } = await both('studio', 'Prepare the Lisbon album.');
    return [
      {
        file: 'workflow-deep-three.jsonl',
        chunks: native,
        expect: [...NATIVE, 'workflow-step-progress', 'tool-result', 'finish'],
        check: (chunks) => workflowAt(chunks, 3, 'call-thumbnails-deep-1', 'success'),
      },
      { file: 'workflow-deep-three-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowDeepFail() {
    const { native, ui } = await both('logistics', 'Freight from Lyon to Porto?');
    return [
      {
        file: 'workflow-deep-fail.jsonl',
        chunks: native,
        expect: [...NATIVE, 'finish'],
        check: (chunks) => workflowAt(chunks, 3, 'call-freight-deep-1', 'failed'),
      },
      { file: 'workflow-deep-fail-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowDeepHidden() {
    const { native, ui } = await both('payroll', 'Pay E-204.');
    const carries = (chunks: Chunk[]) =>
      problem(
        JSON.stringify(chunks).includes(IBAN_SECRET),
        'the bank account is not in the stream',
      );
    return [
      {
        file: 'workflow-deep-hidden.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) => [
          ...workflowAt(chunks, 2, 'call-payout-deep-1', 'success'),
          ...carries(chunks),
          ...problem(
            JSON.stringify(chunks).includes('"output-available":{"transformed"'),
            'no transformed output',
          ),
        ],
      },
      { file: 'workflow-deep-hidden-aisdk.jsonl', chunks: ui, expect: UI, check: carries },
      {
        // What `chatRoute` streams: no subagent snapshots.
        file: 'workflow-deep-hidden-aisdk-no-snapshots.jsonl',
        chunks: await uiOf('payroll', 'Pay E-204.', false),
        expect: ['tool-input-available', 'tool-output-available', 'finish'],
      },
    ];
  },
};
