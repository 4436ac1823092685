// @vitest-environment node
import { reduceAll, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * A workflow step that runs an agent (`createStep(agent)`) streams the agent's own chunks inside
 * `workflow-step-output`, which Mastra sends `from: 'USER'` inside the workflow call's
 * `tool-output`. They are a run of the workflow call, read as a subagent's are: its calls are
 * calls, and their display transforms apply. Read as the workflow call's progress, the agent's
 * tool-call showed its raw arguments, the admin token its transform hides included.
 */

const SECRET = 'adm-workflow-step-secret-84';
const WORKFLOW = 'call-onboard-1';
const INNER = 'call-grant-wf-1';

const shown = (state: ToolpaneState) =>
  JSON.stringify(
    [...state.toolCalls.values()].map(
      ({ input, output, error, progress, approval, suspension }) => ({
        input,
        output,
        error,
        progress,
        approval,
        suspension,
      }),
    ),
  ) + JSON.stringify([...state.runs.values()].map((run) => run.parts));

describe('an agent that runs as a workflow step', () => {
  const chunks = loadFixture('workflow-agent-step');
  const state = reduceAll([...chunks, { type: 'toolpane/stream-end' }]);

  it('is a run of the workflow call, with its tool call and answer', () => {
    const workflow = state.toolCalls.get(WORKFLOW)!;
    expect(workflow.progress).toEqual([]);
    expect(workflow.childRunIds).toHaveLength(1);
    const run = state.runs.get(workflow.childRunIds[0]!)!;
    expect(run.parentToolCallId).toBe(WORKFLOW);
    expect(run.status).toBe('finished');
    expect(run.parts.map((part) => part.type)).toEqual(['tool-call', 'text']);
    const inner = state.toolCalls.get(INNER)!;
    expect(inner.toolName).toBe('grantAccessTool');
    expect(inner.status).toBe('output-available');
    expect(inner.input).toEqual({
      kind: 'transformed',
      value: { employee: 'E-311', system: 'payroll', adminToken: '••••' },
    });
    expect(state.issues).toEqual([]);
    expect(state.unknownChunks).toEqual([]);
  });

  it('never shows what its tool hides, after any chunk', () => {
    for (let end = 1; end <= chunks.length; end++) {
      expect(shown(reduceAll(chunks.slice(0, end))), `after chunk ${end - 1}`).not.toContain(
        SECRET,
      );
    }
  });

  it("keeps a step's output that is not a chunk as the workflow call's progress", () => {
    // The recording with each agent chunk a step wrote replaced by a value of the step's own.
    type Wrapper = { payload: { output: { type: string; payload: object } } };
    const own = chunks.map((chunk) => {
      const wrapped = (chunk as Wrapper).payload?.output;
      if (wrapped?.type !== 'workflow-step-output') return chunk;
      const step = { ...wrapped, payload: { ...wrapped.payload, output: { percent: 50 } } };
      return { ...(chunk as Wrapper), payload: { ...(chunk as Wrapper).payload, output: step } };
    });
    const read = reduceAll(own);
    const workflow = read.toolCalls.get(WORKFLOW)!;
    expect(workflow.childRunIds).toEqual([]);
    expect(workflow.progress).toHaveLength(20);
    expect(JSON.stringify(workflow.progress)).toContain('"percent":50');
    expect(read.issues).toEqual([]);
  });

  it('keeps a wrapper it does not know, around a chunk, as an unknown chunk, not as progress', () => {
    // The recording with the step wrapper renamed, as a later Mastra might name it.
    const renamed = JSON.parse(
      JSON.stringify(chunks).replaceAll('"workflow-step-output"', '"workflow-step-relay"'),
    ) as unknown[];
    const read = reduceAll(renamed);
    expect(read.toolCalls.get(WORKFLOW)!.progress).toEqual([]);
    expect(read.unknownChunks).toHaveLength(20);
    expect(read.issues.map((issue) => issue.message)).toContain(
      'Unknown chunk type "workflow-step-relay" kept as received',
    );
    expect(shown(read)).not.toContain(SECRET);
  });
});

describe('wrappers from USER, however deep', () => {
  it('are followed without running out of stack', () => {
    const [start, , , , , , , callChunk] = loadFixture('workflow-agent-step') as Record<
      string,
      unknown
    >[];
    let output: unknown = { percent: 50 };
    for (let i = 0; i < 200_000; i++) {
      output = { type: 'workflow-step-output', runId: 'w', from: 'USER', payload: { output } };
    }
    const wrapper = {
      type: 'tool-output',
      runId: start!.runId,
      from: 'USER',
      payload: { output, toolCallId: WORKFLOW, toolName: 'workflow-onboard' },
    };
    const read = reduceAll([start, callChunk, wrapper]);
    expect(read.toolCalls.get(WORKFLOW)!.progress).toHaveLength(1);
    expect(read.toolCalls.get(WORKFLOW)!.childRunIds).toEqual([]);
  });
});

describe("a workflow step's writer", () => {
  it("shows what the step wrote as the workflow call's progress, not the chunk around it", () => {
    const state = reduceAll([
      ...loadFixture('workflow-step-writer'),
      { type: 'toolpane/stream-end' },
    ]);
    const call = state.toolCalls.get('call-restock-1')!;
    expect(call.progress).toEqual([
      { kind: 'raw', value: { stage: 'counting', done: 1, total: 2 } },
      { kind: 'raw', value: { stage: 'counted', done: 2, total: 2 } },
    ]);
    expect(state.issues).toEqual([]);
  });
});
