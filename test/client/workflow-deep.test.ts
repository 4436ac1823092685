// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
  type WorkflowState,
  type WorkflowStepState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, loadFixture } from '../utils/fixtures';
import { neverShows } from '../utils/shown';

/** The bank account the payout workflow's caller hides (scripts/record/workflow-deep-agents.ts). */
const IBAN_SECRET = 'DE89-deep-payout-iban-secret-31';

/**
 * A workflow tool called by a subagent two levels down (agent → subagent → workflow) and three
 * (agent → subagent → subagent → workflow), from scripts/record/workflow-deep.ts: the call sits
 * under its subagent with its tool name, its steps read as the same workflow's do at the top level
 * (scripts/record/workflow-flow.ts), it ends, a failed step's error shows, a hidden value stays
 * hidden, and several runs in one store that repeat the toolCallIds each keep their own tree.
 */

const END = { type: 'toolpane/stream-end' };
const isAiSdk = (name: string) => name.includes('-aisdk');
const optionsOf = (name: string): ReduceOptions => (isAiSdk(name) ? { formats: [aiSdk] } : {});
const read = (name: string, chunks = loadFixture(name)) =>
  reduceAll([...chunks, END], optionsOf(name));

interface Deep {
  /** The workflow call's toolCallId and tool name. */
  readonly call: string;
  readonly toolName: string;
  /** The `agent-*` calls above it, outermost first. */
  readonly agents: readonly string[];
  /** The same workflow's recording as a top-level tool. */
  readonly top: string;
}

const TWO: Deep = {
  call: 'call-fleet-deep-1',
  toolName: 'workflow-fleet',
  agents: ['call-depot-deep-1'],
  top: 'workflow-parallel',
};
const THREE: Deep = {
  call: 'call-thumbnails-deep-1',
  toolName: 'workflow-thumbnails',
  agents: ['call-editor-deep-1', 'call-darkroom-deep-1'],
  top: 'workflow-foreach',
};
const FAIL: Deep = {
  call: 'call-freight-deep-1',
  toolName: 'workflow-freight',
  agents: ['call-broker-deep-1', 'call-carrier-deep-1'],
  top: 'workflow-parallel-fail',
};
const HIDDEN: Deep = {
  call: 'call-payout-deep-1',
  toolName: 'workflow-payout',
  agents: ['call-payclerk-deep-1'],
  top: '',
};

const RECORDINGS: readonly [string, Deep][] = [
  ['workflow-deep-two', TWO],
  ['workflow-deep-two-aisdk', TWO],
  ['workflow-deep-three', THREE],
  ['workflow-deep-three-aisdk', THREE],
  ['workflow-deep-fail', FAIL],
  ['workflow-deep-fail-aisdk', FAIL],
  ['workflow-deep-hidden', HIDDEN],
  ['workflow-deep-hidden-aisdk', HIDDEN],
];

/** The calls with this toolCallId, in the order they were made. */
const callsOf = (state: ToolpaneState, toolCallId: string): ToolCallState[] =>
  [...state.toolCalls.values()].filter((c) => c.toolCallId === toolCallId);

const callOf = (state: ToolpaneState, toolCallId: string): ToolCallState => {
  const [call, ...more] = callsOf(state, toolCallId);
  if (call === undefined || more.length > 0) throw new Error(`not one call ${toolCallId}`);
  return call;
};

const workflowOf = (call: ToolCallState): WorkflowState => {
  if (call.workflow === undefined) throw new Error(`no workflow on ${call.toolCallId}`);
  return call.workflow;
};

/** The toolCallIds of the `agent-*` calls above a call, outermost first. */
function agentsAbove(state: ToolpaneState, call: ToolCallState): string[] {
  const out: string[] = [];
  let parent = call.parentToolCallId;
  while (parent !== null) {
    const above = state.toolCalls.get(parent);
    if (above === undefined) throw new Error(`no parent ${parent}`);
    expect(above.kind).toBe('agent');
    out.unshift(above.toolCallId);
    parent = above.parentToolCallId;
  }
  return out;
}

/** A step's iterations in index order. */
const runsOf = (s: WorkflowStepState) =>
  s.iterations === undefined ? [] : [...s.iterations.values()].sort((a, b) => a.index - b.index);

/** Every status of a workflow, its steps and their iterations. */
const statuses = (workflow: WorkflowState): string[] => [
  workflow.status,
  ...[...workflow.steps.values()].flatMap((s) => [s.status, ...runsOf(s).map((it) => it.status)]),
];

/** What a workflow shows, without the times and ids each run makes afresh. */
function shape(workflow: WorkflowState) {
  return {
    workflowId: workflow.workflowId,
    status: workflow.status,
    error: workflow.error,
    result: workflow.result,
    stepIds: workflow.stepIds,
    steps: [...workflow.steps.values()].map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      input: s.input,
      output: s.output,
      error: s.error,
      iterationCount: s.iterationCount,
      iterations: runsOf(s),
    })),
  };
}

describe.each(RECORDINGS)('%s', (name, deep) => {
  it('shows the workflow call under its subagent, at its depth, with its tool name', () => {
    const state = read(name);
    const call = callOf(state, deep.call);
    expect(call.toolName).toBe(deep.toolName);
    expect(call.kind).toBe('workflow');
    expect(agentsAbove(state, call)).toEqual(deep.agents);
    // It runs in the run of the subagent that called it, one of that agent call's child runs.
    const parent = state.toolCalls.get(call.parentToolCallId!)!;
    expect(parent.childRunIds).toContain(call.runId);
    expect(state.runs.get(call.runId)?.parentToolCallId).toBe(parent.key);
    expect(workflowOf(call).stepIds.length).toBeGreaterThanOrEqual(2);
  });

  it('ends with no issue and nothing running', () => {
    const state = read(name);
    expect(state.issues).toEqual([]);
    expect(new Set([...state.runs.values()].map((r) => r.status))).toEqual(new Set(['finished']));
    expect(state.runs.size).toBe(deep.agents.length + 1);
    const workflow = workflowOf(callOf(state, deep.call));
    expect(statuses(workflow)).not.toContain('running');
    expect(new Set(workflow.stepIds).size).toBe(workflow.stepIds.length);
  });

  it('leaves nothing running when the stream breaks off after the first step starts', () => {
    const chunks = loadFixture(name);
    const cut = chunks.findIndex((c) =>
      /workflow-step-start|"status":"running","input"/.test(JSON.stringify(c)),
    );
    expect(cut).toBeGreaterThan(0);
    const state = read(name, chunks.slice(0, cut + 1));
    const call = callOf(state, deep.call);
    expect(call.status).toBe('output-error');
    const workflow = workflowOf(call);
    expect(workflow.status).toBe('failed');
    expect(workflow.stepIds.length).toBeGreaterThan(0);
    expect(statuses(workflow)).not.toContain('running');
  });

  it('keeps each of three runs that repeat the toolCallIds in its own tree, each ended', () => {
    const store = createToolpaneStore(optionsOf(name));
    for (const n of [1, 2, 3]) {
      for (const chunk of fixtureAsRun(name, n)) store.dispatch(chunk);
      store.dispatch(END);
    }
    const state = store.getState();
    expect(state.issues).toEqual([]);
    expect(state.runOrder).toHaveLength(3);
    const calls = callsOf(state, deep.call);
    expect(calls).toHaveLength(3);
    const once = shape(workflowOf(callOf(read(name), deep.call)));
    const tops = new Set<string>();
    for (const call of calls) {
      expect(agentsAbove(state, call)).toEqual(deep.agents);
      let top = call;
      while (top.parentToolCallId !== null) top = state.toolCalls.get(top.parentToolCallId)!;
      tops.add(top.runId);
      expect(shape(workflowOf(call))).toEqual(once);
      expect(call.status).toBe(callOf(read(name), deep.call).status);
    }
    // Each workflow call hangs from the top-level call of its own run.
    expect(tops).toEqual(new Set(state.runOrder));
  });
});

/** The recording's workflow next to the same workflow's at the top level, in the same format. */
function besideTop(name: string, deep: Deep) {
  const suffix = isAiSdk(name) ? '-aisdk' : '';
  const top = read(`${deep.top}${suffix}`);
  const topCall = [...top.toolCalls.values()].find((c) => c.kind === 'workflow')!;
  return {
    deep: callOf(read(name), deep.call),
    top: topCall,
  };
}

describe.each([
  ['workflow-deep-two', TWO],
  ['workflow-deep-three', THREE],
  ['workflow-deep-fail', FAIL],
])('%s, read natively', (name, deep) => {
  it('reads the steps, iterations, status and result as at the top level', () => {
    const { deep: call, top } = besideTop(name, deep);
    expect(shape(workflowOf(call))).toEqual(shape(workflowOf(top)));
    expect(call.status).toBe(top.status);
    expect(call.error).toEqual(top.error);
  });
});

describe.each([
  ['workflow-deep-two-aisdk', TWO],
  ['workflow-deep-three-aisdk', THREE],
  ['workflow-deep-fail-aisdk', FAIL],
])('%s, read from AI SDK snapshots', (name, deep) => {
  it('reads the steps and statuses as at the top level, their values hidden', () => {
    const { deep: call, top } = besideTop(name, deep);
    const nested = shape(workflowOf(call));
    const topShape = shape(workflowOf(top));
    const ids = (s: ReturnType<typeof shape>) => ({
      workflowId: s.workflowId,
      status: s.status,
      stepIds: s.stepIds,
      steps: s.steps.map(({ id, name, status }) => ({ id, name, status })),
    });
    expect(ids(nested)).toEqual(ids(topShape));
    expect(call.status).toBe(top.status);
    // Subagent snapshots carry no transform metadata (protocol §14): nothing says whether a
    // display transform hides the steps' values, so none of them shows.
    const values = JSON.stringify(
      nested.steps.map((s) => [s.input, s.output, s.error]).concat([nested.result]),
    );
    for (const step of workflowOf(top).steps.values()) {
      for (const value of [step.input, step.output]) {
        if (value !== undefined) expect(values).not.toContain(JSON.stringify(value));
      }
    }
    expect(nested.result === undefined).toBe(topShape.result === undefined);
  });
});

describe('a step that throws three subagents down', () => {
  it('fails the step, the workflow and the call with the error text (native)', () => {
    const call = callOf(read('workflow-deep-fail'), FAIL.call);
    expect(call.status).toBe('output-error');
    expect(call.error).toEqual({ kind: 'raw', value: 'Air carrier API timed out' });
    const workflow = workflowOf(call);
    expect(workflow.status).toBe('failed');
    expect(workflow.error).toBe('Air carrier API timed out');
    expect(workflow.steps.get('quote-air')).toMatchObject({
      status: 'failed',
      error: 'Air carrier API timed out',
    });
    expect(workflow.steps.get('quote-road')).toMatchObject({ status: 'success' });
  });

  it('fails the step, the workflow and the call from AI SDK snapshots', () => {
    const call = callOf(read('workflow-deep-fail-aisdk'), FAIL.call);
    expect(call.status).toBe('output-error');
    expect(call.error.kind).toBe('hidden');
    const workflow = workflowOf(call);
    expect(workflow.status).toBe('failed');
    expect(workflow.error).toBeDefined();
    expect(workflow.steps.get('quote-air')).toMatchObject({ status: 'failed' });
    expect(workflow.steps.get('quote-air')?.error).toBeDefined();
    expect(workflow.steps.get('quote-road')).toMatchObject({ status: 'success' });
  });

  it('shows the error text through a client transform that shows errors (AI SDK)', () => {
    const state = reduceAll([...loadFixture('workflow-deep-fail-aisdk'), END], {
      formats: [aiSdk],
      transforms: { 'workflow-freight': { error: (e) => `Quote failed: ${String(e)}` } },
    });
    const call = callOf(state, FAIL.call);
    expect(call.status).toBe('output-error');
    expect(call.error).toEqual({
      kind: 'transformed',
      value: 'Quote failed: Air carrier API timed out',
    });
  });
});

describe.each([
  'workflow-deep-hidden',
  'workflow-deep-hidden-aisdk',
  'workflow-deep-hidden-aisdk-no-snapshots',
])('%s: a workflow whose caller hides a bank account', (name) => {
  it('carries the bank account (the test can fail)', () => {
    expect(JSON.stringify(loadFixture(name))).toContain(IBAN_SECRET);
  });

  it('never shows it, at any chunk, in one run or three that repeat the toolCallIds', () => {
    neverShows(loadFixture(name), [IBAN_SECRET], optionsOf(name));
    const runs = [1, 2, 3].flatMap((n) => [...fixtureAsRun(name, n), END]);
    const state = neverShows(runs, [IBAN_SECRET], optionsOf(name));
    expect(state.issues).toEqual([]);
  });
});

describe('the hidden workflow, read natively', () => {
  it('shows its steps and statuses, every value hidden', () => {
    const workflow = workflowOf(callOf(read('workflow-deep-hidden'), HIDDEN.call));
    expect(workflow.status).toBe('success');
    expect(workflow.stepIds).toEqual(['check-account', 'compute-pay', 'send-payout']);
    for (const step of workflow.steps.values()) {
      expect(step.status).toBe('success');
      expect(JSON.stringify([step.input, step.output])).not.toContain('iban');
    }
  });
});
