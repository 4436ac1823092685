// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * Counterexamples of the differential property (test/client/property.test.ts): a store, the pure
 * `reduce` step by step and `reduceAll` must give the same state, and a chunk must leave the runs
 * and calls it does not change as they were (the same objects).
 */

const OPTIONS = { formats: [aiSdk], now: () => 0 };
const END = { type: 'toolpane/stream-end' };
const V5 = loadFixture('aisdk-v5') as Record<string, unknown>[];

/** The state after each chunk of the pure reducer. */
function steps(chunks: readonly unknown[]): ToolpaneState[] {
  const out: ToolpaneState[] = [];
  let state = initialState;
  for (const chunk of chunks) {
    state = reduce(state, chunk, OPTIONS);
    out.push(state);
  }
  return out;
}

/** The three paths agree on the final state. */
function expectPathsAgree(chunks: readonly unknown[]): ToolpaneState {
  const state = steps(chunks).at(-1)!;
  const store = createToolpaneStore(OPTIONS);
  for (const chunk of chunks) store.dispatch(chunk);
  expect(JSON.stringify(store.getState())).toBe(JSON.stringify(state));
  expect(JSON.stringify(reduceAll(chunks, OPTIONS))).toBe(JSON.stringify(state));
  return state;
}

/** The last chunk leaves the run it does not change as the same object. */
function expectRunKept(chunks: readonly unknown[], runId: string): void {
  const all = steps(chunks);
  const [before, after] = all.slice(-2);
  expect(before!.runs.get(runId)).toBeDefined();
  expect(after!.runs.get(runId)).toBe(before!.runs.get(runId));
}

describe('store, reduce and reduceAll agree', () => {
  it.each(
    fixtureNames().filter(
      (name) => name.startsWith('workflow-') && fixtureNames().includes(`${name}-aisdk`),
    ),
  )('on %s and its AI SDK recording (another run of it), chunk by chunk interleaved', (name) => {
    // A native chunk may bind a workflow call to a run an AI SDK snapshot named otherwise.
    const native = loadFixture(name);
    const ai = loadFixture(`${name}-aisdk`);
    const mixed: unknown[] = [];
    for (let i = 0; i < Math.max(native.length, ai.length); i++) {
      if (i < native.length) mixed.push(native[i]);
      if (i < ai.length) mixed.push(ai[i]);
    }
    expectPathsAgree([...mixed, END]);
  });

  it('keeps one AI SDK run when a Mastra chunk came first (seed 1942439796)', () => {
    // The pure reducer lost the run of the current message where the store kept it in memory.
    const odd = { ...V5[2], type: 'toString' };
    const state = expectPathsAgree([odd, V5[0], V5[1], END]);
    expect(state.runOrder).toEqual(['1599d6e5-d2db-44de-aa54-c6514d424d95']);
    expect(state.runs.get('1599d6e5-d2db-44de-aa54-c6514d424d95')?.steps).toEqual([{ index: 0 }]);
  });

  it('puts a bare data chunk into the subagent run the latest nested chunk came from', () => {
    const chunks = loadFixture('subagent') as { type: string; payload?: { type?: string } }[];
    const nested = chunks.findIndex((chunk) => chunk.type === 'tool-output');
    expect(nested).toBeGreaterThan(0);
    const data = { type: 'data-note', data: { text: 'from inside' } };
    const state = expectPathsAgree([...chunks.slice(0, nested + 1), data]);
    const holder = [...state.runs.values()].find((run) =>
      run.parts.some((part) => part.type === 'data' && part.name === 'note'),
    );
    expect(holder?.parentToolCallId).not.toBeNull();
  });
});

describe('a chunk that does not change a run keeps it', () => {
  const RUN = '1599d6e5-d2db-44de-aa54-c6514d424d95';

  it('tool-input-delta', () => {
    expectRunKept(V5.slice(0, 4), RUN);
  });

  it('finish-step', () => {
    const at = V5.findIndex((chunk) => chunk.type === 'finish-step');
    expectRunKept(V5.slice(0, at + 1), RUN);
  });

  it('text-start of a text part that exists', () => {
    const at = V5.findIndex((chunk) => chunk.type === 'text-start');
    expectRunKept([...V5.slice(0, at + 1), V5[at]], RUN);
  });

  it('start with an empty messageId while the run streams', () => {
    const chunks = [V5[0], { type: 'start', messageId: '' }];
    const open = steps([{ type: 'start-step' }, { type: 'start', messageId: '' }]);
    expect(open[1]!.runs.get('ai-sdk-run-1')).toBe(open[0]!.runs.get('ai-sdk-run-1'));
    expectRunKept(chunks, RUN);
  });

  it('finish and abort of a run that already ended that way', () => {
    const finish = { type: 'finish', finishReason: 'stop' };
    expectRunKept([V5[0], finish, finish], RUN);
    expectRunKept([V5[0], { type: 'abort' }, { type: 'abort' }], RUN);
  });
});

describe('a repeated approval part changes nothing', () => {
  it('keeps the nested call it names as the same object (FC_SEED=44)', () => {
    const chunks = loadFixture('aisdk-v6-approval-two-level') as Record<string, unknown>[];
    const at = chunks.findIndex((chunk) => chunk.type === 'data-tool-call-approval');
    const all = steps([...chunks.slice(0, at + 1), chunks[at]]);
    const [before, after] = all.slice(-2);
    const waiting = [...before!.toolCalls.values()].filter(
      (c) => c.status === 'approval-requested',
    );
    expect(waiting.map((call) => call.toolName)).toEqual(['deleteTool']);
    const key = waiting[0]!.key;
    expect(after!.toolCalls.get(key)).toBe(before!.toolCalls.get(key));
    expect(after).toBe(before);
    expectPathsAgree([...chunks.slice(0, at + 1), chunks[at], END]);
  });
});

describe('a workflow snapshot without a name keeps the name the call has', () => {
  it('leaves the call as the same object when nothing else changed (FC_SEED=44444)', () => {
    const chunks = loadFixture('workflow-parallel-aisdk') as Record<string, unknown>[];
    const at = chunks.findIndex((chunk) => chunk.type === 'data-tool-workflow');
    expect(at).toBeGreaterThan(0);
    const snapshot = chunks[at] as { data: Record<string, unknown> };
    const unnamed = { ...snapshot, data: { ...snapshot.data, name: null } };
    const all = steps([...chunks.slice(0, at + 1), unnamed]);
    const [before, after] = all.slice(-2);
    const call = [...before!.toolCalls.values()].find((c) => c.workflow !== undefined)!;
    expect(call.workflow?.workflowId).toBeDefined();
    expect(after!.toolCalls.get(call.key)).toBe(call);
    expectPathsAgree([...chunks.slice(0, at + 1), unnamed, END]);
  });
});

describe('a background task finds its call on every path', () => {
  it('applies a task chunk to the call that started the task, not a later call with its id (FC_SEED=2468)', () => {
    // The recording with its tool-call chunk moved after the task started, into another run: two
    // calls share the id, and only the first holds the task.
    const chunks = loadFixture('background-task').slice(0, 20) as { type: string }[];
    const call = chunks.find((chunk) => chunk.type === 'tool-call')!;
    const rest = chunks.filter((chunk) => chunk !== call);
    const after = rest.findIndex((chunk) => chunk.type === 'background-task-running') + 1;
    expect(after).toBeGreaterThan(0);
    const moved = [...rest.slice(0, after), { ...call, runId: 'start' }, ...rest.slice(after)];
    const options = { ...OPTIONS, families: [network] };
    const store = createToolpaneStore(options);
    let state = initialState;
    for (const chunk of [...moved, END]) {
      store.dispatch(chunk);
      state = reduce(state, chunk, options);
      expect(JSON.stringify(state)).toBe(JSON.stringify(store.getState()));
    }
    expect(JSON.stringify(reduceAll([...moved, END], options))).toBe(JSON.stringify(state));
    expect(state.toolCalls.get('call-index-1')?.background?.status).toBe('running');
  });
});

describe('a background task chunk copies only the call it changes', () => {
  const chunks = loadFixture('background-task') as {
    type: string;
    payload: Record<string, unknown>;
  }[];
  const started = chunks.findIndex((chunk) => chunk.type === 'background-task-started');

  it('leaves a call that claimed the task under another toolCallId as it was (FC_SEED=1618)', () => {
    // The task's start names another call (" "), so that call holds the task; the next chunk of
    // the task names the real call, which gets it, and the other must stay the same object.
    const claimed = {
      ...chunks[started]!,
      payload: { ...chunks[started]!.payload, toolCallId: ' ' },
    };
    const running = chunks[started + 1]!;
    expect(running.type).toBe('background-task-running');
    const sequence = [...chunks.slice(0, started), claimed, running];
    const [before, after] = steps(sequence).slice(-2);
    expect(before!.toolCalls.get(' ')).toBeDefined();
    expect(after!.toolCalls.get(' ')).toBe(before!.toolCalls.get(' '));
    expect(after!.toolCalls.get('call-index-1')?.background?.status).toBe('running');
    expectPathsAgree([...sequence, END]);
  });

  it('leaves the call as it was when a progress report changes nothing in it', () => {
    // No recording has a progress report (Mastra sends one every 3 s while a step waits for its
    // tasks): this one is the task's start retyped, in the envelope Mastra gives it (runId, from),
    // with the payload of `background-task-progress` (protocol §3.7).
    const start = chunks[started]!;
    const progress = {
      ...start,
      type: 'background-task-progress',
      payload: { taskIds: [start.payload.taskId], runningCount: 1, elapsedMs: 1200 },
    };
    const all = steps([...chunks.slice(0, started + 2), progress, progress]);
    const [first, second] = all.slice(-2);
    expect(first!.toolCalls.get('call-index-1')?.background?.elapsedMs).toBe(1200);
    expect(second!.toolCalls.get('call-index-1')).toBe(first!.toolCalls.get('call-index-1'));
  });
});

describe('a workflow run that a step part binds to its call first (seed 32749)', () => {
  // The foreach workflow's first step part moved before the run's first snapshot, and the stream
  // ended right after it: the call ends, and the run's later parts arrive for it.
  const recording = loadFixture('workflow-foreach-aisdk') as Record<string, unknown>[];
  const step = recording.findIndex((chunk) => chunk.type === 'data-tool-workflow-step');
  const start = recording.findIndex((chunk) => chunk.type === 'tool-input-start');
  const rest = recording.filter((_, i) => i !== step);
  const chunks = [...rest.slice(0, start + 1), recording[step], END, ...rest.slice(start + 1), END];

  it('records the binding in the state, so every path finds the call for the later parts', () => {
    const afterStep = steps(chunks)[start + 1]!;
    const runId = String(recording[step]!.id).split(':')[0];
    expect(afterStep.toolCalls.get('call-thumbnails-1')?.workflow?.runId).toBe(runId);
    const state = expectPathsAgree(chunks);
    const workflow = state.toolCalls.get('call-thumbnails-1')?.workflow;
    expect(workflow?.runId).toBe(runId);
    expect(workflow?.stepIds).toEqual(['list-images', 'resize-image']);
  });
});
