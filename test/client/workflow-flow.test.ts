// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  type ToolpaneState,
  type WorkflowState,
  type WorkflowStepState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, loadFixture } from '../utils/fixtures';

/**
 * Workflows with control flow used as an agent's tool (scripts/record/workflow-flow.ts): parallel
 * steps, a branch, a foreach, a do-until loop, nested workflows and a parallel step that throws,
 * read natively and as AI SDK UI streams. Every step shows once with its status and output, runs of
 * a repeated step are all kept, failures carry their text, and nothing stays running.
 */

const END = { type: 'toolpane/stream-end' };
const optionsOf = (name: string): ReduceOptions =>
  name.endsWith('-aisdk') ? { formats: [aiSdk] } : {};
const read = (name: string, chunks = loadFixture(name)) =>
  reduceAll([...chunks, END], optionsOf(name));

const callOf = (state: ToolpaneState, toolCallId: string) => {
  const call = [...state.toolCalls.values()].find((c) => c.toolCallId === toolCallId);
  if (call === undefined) throw new Error(`no call ${toolCallId}`);
  return call;
};
/** The call's workflow in a state published mid-stream, if it has one yet. */
const liveWorkflow = (state: ToolpaneState, toolCallId: string) =>
  [...state.toolCalls.values()].find((c) => c.toolCallId === toolCallId)?.workflow;
const workflowOf = (state: ToolpaneState, toolCallId: string): WorkflowState => {
  const workflow = callOf(state, toolCallId).workflow;
  if (workflow === undefined) throw new Error(`no workflow on ${toolCallId}`);
  return workflow;
};
const step = (workflow: WorkflowState, id: string): WorkflowStepState => {
  const found = workflow.steps.get(id);
  if (found === undefined) throw new Error(`no step ${id}`);
  return found;
};

/** A step's iterations in index order (the client keeps them in the order they reported). */
const runsOf = (s: WorkflowStepState | undefined) =>
  s?.iterations === undefined
    ? undefined
    : [...s.iterations.values()].sort((a, b) => a.index - b.index);

/** Every status of the workflow, its steps and their iterations, for "nothing is running". */
function statuses(workflow: WorkflowState): string[] {
  return [
    workflow.status,
    ...[...workflow.steps.values()].flatMap((s) => [
      s.status,
      ...(runsOf(s) ?? []).map((it) => it.status),
    ]),
  ];
}

/** The states a store publishes while it reads `name` chunk by chunk. */
function published(name: string): ToolpaneState[] {
  const store = createToolpaneStore(optionsOf(name));
  const states: ToolpaneState[] = [];
  for (const chunk of loadFixture(name)) {
    store.dispatch(chunk);
    states.push(store.getState());
  }
  return states;
}

const RECORDINGS = {
  'workflow-parallel': 'call-fleet-1',
  'workflow-parallel-aisdk': 'call-fleet-1',
  'workflow-branch': 'call-triage-1',
  'workflow-branch-aisdk': 'call-triage-1',
  'workflow-foreach': 'call-thumbnails-1',
  'workflow-foreach-aisdk': 'call-thumbnails-1',
  'workflow-loop': 'call-poll-1',
  'workflow-loop-aisdk': 'call-poll-1',
  'workflow-nested': 'call-order-1',
  'workflow-nested-aisdk': 'call-order-1',
  'workflow-nested-deep': 'call-dispatch-1',
  'workflow-nested-deep-aisdk': 'call-dispatch-1',
  'workflow-parallel-fail': 'call-freight-1',
  'workflow-parallel-fail-aisdk': 'call-freight-1',
} as const;

describe.each(Object.entries(RECORDINGS))('%s', (name, toolCallId) => {
  it('ends with no issue and nothing running', () => {
    const state = read(name);
    expect(state.issues).toEqual([]);
    expect([...state.runs.values()].map((r) => r.status)).toEqual(['finished']);
    const workflow = workflowOf(state, toolCallId);
    expect(statuses(workflow)).not.toContain('running');
    expect(new Set(workflow.stepIds).size).toBe(workflow.stepIds.length);
  });

  it('keeps each run its own workflow when three runs repeat the toolCallId', () => {
    const state = reduceAll(
      [0, 1, 2].flatMap((n) => fixtureAsRun(name, n)),
      optionsOf(name),
    );
    const calls = [...state.toolCalls.values()].filter((c) => c.toolCallId === toolCallId);
    expect(calls.map((c) => c.workflow?.runId?.split('~')[1])).toEqual(['0', '1', '2']);
    const once = workflowOf(read(name), toolCallId).stepIds;
    for (const call of calls) expect(call.workflow!.stepIds).toEqual(once);
  });

  it('leaves nothing running when the stream breaks off after the first step starts', () => {
    const chunks = loadFixture(name);
    const cut = chunks.findIndex((c) =>
      /workflow-step-start|"running","input"/.test(JSON.stringify(c)),
    );
    expect(cut).toBeGreaterThan(0);
    const state = read(name, chunks.slice(0, cut + 1));
    expect(callOf(state, toolCallId).status).toBe('output-error');
    const workflow = workflowOf(state, toolCallId);
    expect(workflow.status).toBe('failed');
    expect(workflow.stepIds.length).toBeGreaterThan(0);
    expect(statuses(workflow)).not.toContain('running');
  });
});

describe.each(['workflow-parallel', 'workflow-parallel-aisdk'])('parallel steps (%s)', (name) => {
  it('shows both parallel steps and the step after them, each with its output', () => {
    const state = read(name);
    expect(callOf(state, 'call-fleet-1').status).toBe('output-available');
    const workflow = workflowOf(state, 'call-fleet-1');
    expect(workflow.workflowId).toBe('fleet-workflow');
    expect(workflow.status).toBe('success');
    expect(workflow.stepIds).toEqual(['check-vans', 'check-drivers', 'fleet-summary']);
    expect(step(workflow, 'check-vans')).toMatchObject({
      status: 'success',
      output: { vans: 14, ready: 12 },
    });
    expect(step(workflow, 'check-drivers')).toMatchObject({
      status: 'success',
      output: { drivers: 9, onShift: 7 },
    });
    expect(step(workflow, 'fleet-summary')).toMatchObject({
      status: 'success',
      output: { summary: '12 vans ready, 7 drivers on shift' },
    });
    expect(workflow.result).toEqual({ summary: '12 vans ready, 7 drivers on shift' });
  });

  it('shows both steps running at once, then the faster one done first', () => {
    const shown = published(name).map((state) => {
      const workflow = liveWorkflow(state, 'call-fleet-1');
      return ['check-vans', 'check-drivers'].map((id) => workflow?.steps.get(id)?.status ?? '-');
    });
    const both = shown.findIndex(([a, b]) => a === 'running' && b === 'running');
    expect(both).toBeGreaterThan(-1);
    expect(shown.slice(both)).toContainEqual(['running', 'success']);
  });
});

describe.each(['workflow-branch', 'workflow-branch-aisdk'])('a branch (%s)', (name) => {
  it('shows the branch taken and not the other', () => {
    const state = read(name);
    const workflow = workflowOf(state, 'call-triage-1');
    expect(workflow.stepIds).toEqual(['auto-approve']);
    expect(workflow.steps.has('manager-review')).toBe(false);
    expect(step(workflow, 'auto-approve')).toMatchObject({
      status: 'success',
      input: { item: 'Printer toner', amount: 180 },
      output: { decision: 'approved Printer toner', by: 'policy' },
    });
    expect(workflow.status).toBe('success');
    expect(callOf(state, 'call-triage-1').status).toBe('output-available');
  });
});

const THUMBS = ['cover', 'beach', 'harbour', 'sunset'].map((n) => ({
  thumbnail: `lisbon-2026/${n}.thumb.jpg`,
}));

describe('a foreach with concurrency 2', () => {
  it('keeps every item by its index, each with its output, under one step', () => {
    const workflow = workflowOf(read('workflow-foreach'), 'call-thumbnails-1');
    expect(workflow.stepIds).toEqual(['list-images', 'resize-image']);
    const resize = step(workflow, 'resize-image');
    expect(resize.status).toBe('success');
    expect(resize.output).toEqual(THUMBS);
    expect(resize.iterationCount).toBe(4);
    expect(runsOf(resize)).toEqual(
      THUMBS.map((output, index) => ({ index, status: 'success', output })),
    );
    expect(workflow.status).toBe('success');
  });

  it('shows items as they finish, out of order, without losing earlier ones', () => {
    const seen = published('workflow-foreach')
      .map((state) => liveWorkflow(state, 'call-thumbnails-1')?.steps.get('resize-image'))
      .filter((s) => s?.iterations !== undefined)
      .map(
        (s) =>
          `${s!.status}:${runsOf(s)!
            .map((it) => it.index)
            .join(',')}`,
      );
    // Beach (1) ends first, then cover (0), sunset (3), harbour (2): each report adds one item.
    expect([...new Set(seen)]).toEqual([
      'running:1',
      'running:0,1',
      'running:0,1,3',
      'running:0,1,2,3',
      'success:0,1,2,3',
    ]);
  });

  it('shows the foreach step with all outputs from an AI SDK stream', () => {
    const state = read('workflow-foreach-aisdk');
    const workflow = workflowOf(state, 'call-thumbnails-1');
    expect(workflow.stepIds).toEqual(['list-images', 'resize-image']);
    // The AI SDK snapshots carry no per-item progress: the step and its outputs only.
    expect(step(workflow, 'resize-image')).toMatchObject({ status: 'success', output: THUMBS });
    expect(workflow.status).toBe('success');
    expect(callOf(state, 'call-thumbnails-1').status).toBe('output-available');
  });
});

describe('a do-until loop', () => {
  it('keeps each repetition of the step, with its input and output', () => {
    const workflow = workflowOf(read('workflow-loop'), 'call-poll-1');
    expect(workflow.stepIds).toEqual(['poll-job']);
    const poll = step(workflow, 'poll-job');
    expect(poll.status).toBe('success');
    expect(poll.output).toEqual({ job: 'export-77', polls: 3, done: true });
    expect(runsOf(poll)).toEqual(
      [0, 1, 2].map((index) => ({
        index,
        status: 'success',
        input: { job: 'export-77', polls: index, done: false },
        output: { job: 'export-77', polls: index + 1, done: index === 2 },
      })),
    );
    expect(workflow.result).toEqual({ job: 'export-77', polls: 3, done: true });
  });

  it('shows the latest repetition from an AI SDK stream, its values as they came', () => {
    // Snapshots show the step once: its latest input and output. Its first step running again
    // with other input is no sign of a display transform.
    const state = read('workflow-loop-aisdk');
    const call = callOf(state, 'call-poll-1');
    expect(call.displayTransform).not.toBe('display');
    expect(call.input.kind).toBe('raw');
    const workflow = workflowOf(state, 'call-poll-1');
    expect(workflow.stepIds).toEqual(['poll-job']);
    expect(step(workflow, 'poll-job')).toMatchObject({
      status: 'success',
      input: { job: 'export-77', polls: 2, done: false },
      output: { job: 'export-77', polls: 3, done: true },
    });
    expect(workflow.result).toEqual({ job: 'export-77', polls: 3, done: true });
    // Each snapshot or step part of a repetition shows that repetition's values.
    const inputs = published('workflow-loop-aisdk')
      .map((state) => liveWorkflow(state, 'call-poll-1')?.steps.get('poll-job')?.input)
      .filter((input) => input !== undefined)
      .map((input) => (input as { polls: number }).polls);
    expect([...new Set(inputs)]).toEqual([0, 1, 2]);
  });

  it('shows the running repetition after the finished ones', () => {
    const seen = published('workflow-loop')
      .map((state) => runsOf(liveWorkflow(state, 'call-poll-1')?.steps.get('poll-job')))
      .filter((it) => it !== undefined)
      .map((it) => it!.map((i) => i.status).join(','));
    expect([...new Set(seen)]).toEqual([
      'success,running',
      'success,success',
      'success,success,running',
      'success,success,success',
    ]);
  });
});

/** `[step id, parentStepId]` of every step, in the order they reported. */
const parents = (workflow: WorkflowState) =>
  workflow.stepIds.map((id) => [id, step(workflow, id).parentStepId] as const);

const NESTED = [
  ['validate-order', undefined],
  ['shipping-workflow', undefined],
  ['shipping-workflow.pack-order', 'shipping-workflow'],
  ['shipping-workflow.print-label', 'shipping-workflow'],
  ['notify-customer', undefined],
] as const;

const NESTED_DEEP = [
  ['export-workflow', undefined],
  ['shipping-workflow', undefined],
  ['export-workflow.book-carrier', 'export-workflow'],
  ['shipping-workflow.pack-order', 'shipping-workflow'],
  ['shipping-workflow.print-label', 'shipping-workflow'],
  ['export-workflow.customs-workflow', 'export-workflow'],
  ['export-workflow.customs-workflow.declare-goods', 'export-workflow.customs-workflow'],
  ['export-workflow.customs-workflow.pay-duties', 'export-workflow.customs-workflow'],
  // A step of the outer workflow whose own id has a dot: no step `confirm` ran it.
  ['confirm.dispatch', undefined],
] as const;

describe.each(['workflow-nested', 'workflow-nested-aisdk'])('a nested workflow (%s)', (name) => {
  it('shows the nested workflow as a step, its own steps after it under its id', () => {
    const state = read(name);
    const workflow = workflowOf(state, 'call-order-1');
    expect(workflow.stepIds).toEqual(NESTED.map(([id]) => id));
    for (const id of workflow.stepIds) expect(step(workflow, id).status).toBe('success');
    expect(step(workflow, 'shipping-workflow').output).toEqual({
      orderId: 'ord-4411',
      label: 'DHL-55012',
    });
    expect(step(workflow, 'shipping-workflow.pack-order').output).toEqual({
      orderId: 'ord-4411',
      parcel: 'box-M',
    });
    expect(workflow.result).toEqual({ message: 'Order ord-4411 ships with DHL-55012' });
    expect(callOf(state, 'call-order-1').status).toBe('output-available');
  });

  it('links each step of the nested workflow to the step that ran it', () => {
    expect(parents(workflowOf(read(name), 'call-order-1'))).toEqual(NESTED);
  });

  it('links a nested step from the first state it shows in', () => {
    for (const state of published(name)) {
      const workflow = liveWorkflow(state, 'call-order-1');
      if (workflow === undefined) continue;
      for (const [id, parent] of parents(workflow)) {
        expect(parent).toBe(NESTED.find(([known]) => known === id)![1]);
      }
    }
  });
});

describe.each(['workflow-nested-deep', 'workflow-nested-deep-aisdk'])(
  'workflows nested two deep beside another (%s)',
  (name) => {
    it('links each step to the step that ran its workflow, at every level', () => {
      const workflow = workflowOf(read(name), 'call-dispatch-1');
      expect(workflow.status).toBe('success');
      expect(parents(workflow)).toEqual(NESTED_DEEP);
      expect(step(workflow, 'export-workflow.customs-workflow.pay-duties').output).toEqual({
        declaration: 'EX-2291',
        eur: 38,
      });
    });

    it('keeps the links through several runs that repeat the toolCallIds, and through JSON', () => {
      const store = createToolpaneStore(optionsOf(name));
      const other = name.replace('-deep', '');
      for (let n = 0; n < 3; n++) {
        store.dispatchMany(fixtureAsRun(name, n));
        store.dispatchMany(fixtureAsRun(other, n));
      }
      store.dispatch(END);
      const check = (state: ToolpaneState) => {
        const calls = [...state.toolCalls.values()].filter((c) => c.workflow !== undefined);
        expect(calls.map((c) => c.toolCallId)).toEqual(
          Array.from({ length: 3 }, () => ['call-dispatch-1', 'call-order-1']).flat(),
        );
        for (const call of calls) {
          expect(parents(call.workflow!)).toEqual(
            call.toolCallId === 'call-order-1' ? NESTED : NESTED_DEEP,
          );
        }
      };
      check(store.getState());
      check(deserializeState(JSON.parse(JSON.stringify(serializeState(store.getState())))));
    });
  },
);

describe.each(['workflow-parallel-fail', 'workflow-parallel-fail-aisdk'])(
  'a parallel step that throws (%s)',
  (name) => {
    it('fails the step, the workflow and the call with the error text', () => {
      const state = read(name);
      const call = callOf(state, 'call-freight-1');
      expect(call.status).toBe('output-error');
      expect(call.error).toEqual({ kind: 'raw', value: 'Air carrier API timed out' });
      const workflow = workflowOf(state, 'call-freight-1');
      expect(workflow.status).toBe('failed');
      expect(workflow.error).toBe('Air carrier API timed out');
      expect(workflow.stepIds).toEqual(['quote-road', 'quote-air']);
      expect(step(workflow, 'quote-road')).toMatchObject({
        status: 'success',
        output: { eur: 420 },
      });
      expect(step(workflow, 'quote-air')).toMatchObject({
        status: 'failed',
        error: 'Air carrier API timed out',
      });
      expect(step(workflow, 'quote-air').output).toBeUndefined();
    });
  },
);
