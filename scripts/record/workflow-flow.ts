/**
 * Workflow control-flow scenarios of `pnpm record`: a workflow tool whose body runs parallel
 * steps, a branch, a foreach with concurrency 2, a do-until loop, nested workflows (one deep, and
 * two deep beside another), and a parallel block where one step throws. Each is recorded as the
 * agent's `fullStream`, and also as AI SDK UI streams with subagent/workflow metadata.
 */
import { toAISdkStream } from '@mastra/ai-sdk';
import type { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { at, type Chunk, collect, ofType, problem, type Scenario } from './recording.ts';
import { createWorkflowFlowAgents } from './workflow-flow-agents.ts';

const mastra = new Mastra({
  agents: createWorkflowFlowAgents(),
  storage: new InMemoryStore(),
  logger: false,
});
const agent = (key: string): Agent => mastra.getAgent(key as 'fleet');

/** The workflow events nested in `tool-output` wrappers, in stream order. */
function workflowEvents(chunks: Chunk[]): Chunk[] {
  return ofType(chunks, 'tool-output')
    .map((c) => at(c, 'payload', 'output') as Chunk | undefined)
    .filter((c): c is Chunk => typeof c?.type === 'string' && c.type.startsWith('workflow-'));
}

/** `[type, step id]` of every nested step event. */
const stepEvents = (chunks: Chunk[]) =>
  workflowEvents(chunks)
    .filter((c) => (c.type as string).startsWith('workflow-step-'))
    .map((c) => [c.type as string, String(at(c, 'payload', 'id'))] as const);

const finishStatus = (chunks: Chunk[]) =>
  at(ofType(workflowEvents(chunks), 'workflow-finish')[0], 'payload', 'workflowStatus');

/** The agent's fullStream for `prompt`, and the same run again as an AI SDK v6 UI stream. */
async function both(key: string, prompt: string) {
  const native = await collect((await agent(key).stream(prompt)).fullStream);
  const out = await agent(key).stream(prompt);
  const ui = await collect(
    toAISdkStream(out, { from: 'agent', version: 'v6', includeSubAgentMetadata: true }),
  );
  return { native, ui };
}

const NATIVE = ['tool-output', 'workflow-start', 'workflow-step-result', 'workflow-finish'];
const UI = ['tool-input-available', 'data-tool-workflow', 'tool-output-available', 'finish'];

/** The recorded scenarios, by name (`pnpm record <name>` runs one). */
export const workflowFlowScenarios: Record<string, Scenario> = {
  async workflowParallel() {
    const { native, ui } = await both('fleet', 'Are the Lyon vans and drivers ready?');
    return [
      {
        file: 'workflow-parallel.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) => {
          const events = stepEvents(chunks).map(([type, id]) => `${type}:${id}`);
          const firstResult = events.findIndex((e) => e.startsWith('workflow-step-result'));
          return [
            // Both parallel steps start before either ends: their events interleave.
            ...problem(
              events.indexOf('workflow-step-start:check-vans') < firstResult &&
                events.indexOf('workflow-step-start:check-drivers') < firstResult,
              'parallel steps do not interleave',
            ),
            ...problem(finishStatus(chunks) === 'success', 'workflow did not succeed'),
          ];
        },
      },
      { file: 'workflow-parallel-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowBranch() {
    const { native, ui } = await both('triage', 'File the printer toner, 180 EUR.');
    return [
      { file: 'workflow-branch-aisdk.jsonl', chunks: ui, expect: UI },
      {
        file: 'workflow-branch.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) => {
          const ids = new Set(stepEvents(chunks).map(([, id]) => id));
          return [
            ...problem(ids.has('auto-approve'), 'the branch taken has no events'),
            ...problem(!ids.has('manager-review'), 'the branch not taken has events'),
          ];
        },
      },
    ];
  },

  async workflowForeach() {
    const { native, ui } = await both('thumbnails', 'Make thumbnails of the Lisbon album.');
    return [
      {
        file: 'workflow-foreach.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) =>
          problem(finishStatus(chunks) === 'success', 'foreach workflow did not succeed'),
      },
      { file: 'workflow-foreach-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowLoop() {
    const { native, ui } = await both('poll', 'Wait for export job export-77.');
    return [
      { file: 'workflow-loop-aisdk.jsonl', chunks: ui, expect: UI },
      {
        file: 'workflow-loop.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            stepEvents(chunks).filter(([t, id]) => t === 'workflow-step-start' && id === 'poll-job')
              .length === 3,
            'poll-job did not start three times',
          ),
      },
    ];
  },

  async workflowNested() {
    const { native, ui } = await both('order', 'Ship order ord-4411.');
    return [
      {
        file: 'workflow-nested.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) =>
          problem(
            stepEvents(chunks).some(([, id]) => id === 'shipping-workflow'),
            'the nested workflow is not a step',
          ),
      },
      { file: 'workflow-nested-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowNestedDeep() {
    const { native, ui } = await both('dispatch', 'Dispatch order ord-5120.');
    return [
      {
        file: 'workflow-nested-deep.jsonl',
        chunks: native,
        expect: [...NATIVE, 'tool-result', 'finish'],
        check: (chunks) => {
          const ids = new Set(stepEvents(chunks).map(([, id]) => id));
          return [
            ...problem(
              ids.has('export-workflow.customs-workflow.pay-duties'),
              'the workflow two deep has no steps',
            ),
            ...problem(ids.has('confirm.dispatch'), 'the dotted top-level step has no events'),
            ...problem(finishStatus(chunks) === 'success', 'workflow did not succeed'),
          ];
        },
      },
      { file: 'workflow-nested-deep-aisdk.jsonl', chunks: ui, expect: UI },
    ];
  },

  async workflowParallelFail() {
    const { native, ui } = await both('freight', 'Quote freight from Lyon to Porto.');
    return [
      {
        file: 'workflow-parallel-fail.jsonl',
        chunks: native,
        expect: [...NATIVE, 'finish'],
        check: (chunks) => problem(finishStatus(chunks) === 'failed', 'workflow did not fail'),
      },
      { file: 'workflow-parallel-fail-aisdk.jsonl', chunks: ui, expect: UI.slice(0, 2) },
    ];
  },
};
