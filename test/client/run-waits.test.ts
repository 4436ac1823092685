import {
  createToolpaneStore,
  reduce,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChunk as chunk, insideAgent as inside, RUN } from '../utils/chunks';
import { runs } from '../utils/property';

/*
 * Whether a run still waits for a person once one of its calls stops waiting: a decision that
 * expired (as a restore marks each call whose run Mastra no longer holds), or one the server took
 * with nothing after it. The reducer remembers where in the run it last found a call that waits,
 * and searches from there. Checked against the plain answer (is any call of the run, at any
 * depth, asking and not expired?) after every event of random sequences, through a store, a pure
 * `reduce` per event, `reduceAll`, and a state rebuilt from JSON half way, on runs whose calls
 * ask directly and inside subagents, in any order, with decisions failing back to waiting.
 */

const OPTIONS = { now: () => 0 };
const END = { type: 'toolpane/stream-end' };

/** A call that asks for an approval: in the run itself, or inside a subagent of its own. */
function asking(i: number, nested: boolean): { chunks: unknown[]; id: string } {
  const id = `call-${i}`;
  const ask = (runId: string) => [
    chunk('tool-call', runId, { toolCallId: id, toolName: 'deleteTool', args: { i } }),
    chunk('tool-call-approval', runId, { toolCallId: id, toolName: 'deleteTool', args: { i } }),
  ];
  if (!nested) return { chunks: ask(RUN), id };
  const agent = `call-agent-${i}`;
  const sub = `run-sub-${i}`;
  return {
    id,
    chunks: [
      chunk('tool-call', RUN, { toolCallId: agent, toolName: 'agent-helper', args: {} }),
      inside(agent, chunk('start', sub, { id: 'helper', messageId: `m-${sub}` })),
      ...ask(sub).map((value) => inside(agent, value)),
    ],
  };
}

type Step = { kind: 'expire' | 'send' | 'fail' | 'taken'; call: number };

function eventOf(step: Step, id: string): unknown[] {
  switch (step.kind) {
    case 'expire':
      return [{ type: 'toolpane/decision-expired', toolCallId: id, message: 'Run no longer held' }];
    case 'send':
      return [{ type: 'toolpane/decision-sent', toolCallId: id, approved: true }];
    case 'fail':
      return [{ type: 'toolpane/decision-failed', toolCallId: id, error: 'Network down' }];
    case 'taken':
      return [
        { type: 'toolpane/decision-sent', toolCallId: id, approved: true },
        { type: 'toolpane/decision-failed', toolCallId: id, error: 'Nothing came', accepted: true },
      ];
  }
}

/** The plain answer: whether a call under `runId`, at any depth, asks and has not expired. */
function plainlyWaits(state: ToolpaneState, runId: string): boolean {
  const under = (call: ToolCallState): boolean => {
    for (let runOf = call.runId, steps = 0; steps < 100; steps++) {
      if (runOf === runId) return true;
      const parent = state.runs.get(runOf)?.parentToolCallId;
      const parentCall = parent == null ? undefined : state.toolCalls.get(parent);
      if (parentCall === undefined) return false;
      runOf = parentCall.runId;
    }
    return false;
  };
  return [...state.toolCalls.values()].some(
    (call) =>
      (call.status === 'approval-requested' || call.status === 'suspended') &&
      call.approval?.expired === undefined &&
      call.suspension?.expired === undefined &&
      under(call),
  );
}

const scenario = fc.record({
  nested: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  steps: fc.array(
    fc.record({
      kind: fc.constantFrom<Step['kind']>('expire', 'send', 'fail', 'taken'),
      call: fc.oneof(fc.nat(3), fc.nat(11)),
    }),
    { maxLength: 40 },
  ),
});

type Scenario = { nested: boolean[]; steps: Step[] };

function build({ nested, steps }: Scenario) {
  const calls = nested.map((n, i) => asking(i, n));
  const stream = [
    chunk('start', RUN, { id: 'agent', messageId: 'm-1' }),
    ...calls.flatMap((c) => c.chunks),
    END,
  ];
  const events = steps.map((step) => {
    const id = calls[step.call % calls.length]!.id;
    return { id, group: eventOf(step, id) };
  });
  return { stream, events };
}

/** Checks the run's status after each group of events against the plain answer. */
function checkEach(
  start: ToolpaneState,
  events: { id: string; group: unknown[] }[],
  apply: (state: ToolpaneState, group: unknown[]) => ToolpaneState,
) {
  let state = start;
  for (const { id, group } of events) {
    const before = state.runs.get(RUN)!.status;
    const call = state.toolCalls.get(id);
    state = apply(state, group);
    // A run that waited, once a decision of a call in it expired or ended with nothing after it,
    // waits on exactly while something in it does.
    const ends = group.some(
      (e) =>
        (e as { type: string }).type === 'toolpane/decision-expired' ||
        (e as { accepted?: boolean }).accepted === true,
    );
    if (before === 'waiting' && ends && state.toolCalls.get(id) !== call) {
      const expected = plainlyWaits(state, RUN) ? 'waiting' : 'interrupted';
      expect(state.runs.get(RUN)!.status, JSON.stringify(group)).toBe(expected);
    }
  }
  return state;
}

describe('a run still waits while, and only while, a call in it does', () => {
  it('after every event, through a store, a pure reduce and reduceAll', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { stream, events } = build(s);
        const asked = reduceAll(stream, OPTIONS);
        expect(asked.runs.get(RUN)!.status).toBe('waiting');

        const store = createToolpaneStore(OPTIONS);
        store.dispatchMany(stream);
        const viaStore = checkEach(store.getState(), events, (_, group) => {
          for (const e of group) store.dispatch(e);
          return store.getState();
        });
        const viaReduce = checkEach(asked, events, (state, group) =>
          group.reduce<ToolpaneState>((acc, e) => reduce(acc, e, OPTIONS), state),
        );
        const all = reduceAll([...stream, ...events.flatMap((e) => e.group)], OPTIONS);
        const plain = (state: ToolpaneState) => JSON.parse(JSON.stringify(state));
        expect(plain(viaStore)).toEqual(plain(viaReduce));
        expect(plain(all)).toEqual(plain(viaReduce));
      }),
      runs(600),
    );
  });

  it('from a state rebuilt from JSON half way', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { stream, events } = build(s);
        const half = Math.floor(events.length / 2);
        const first = reduceAll(
          [...stream, ...events.slice(0, half).flatMap((e) => e.group)],
          OPTIONS,
        );
        const rebuilt = deserializeState(
          JSON.parse(JSON.stringify(serializeState(first, { raw: true }))),
        );
        const end = checkEach(rebuilt, events.slice(half), (state, group) =>
          group.reduce<ToolpaneState>((acc, e) => reduce(acc, e, OPTIONS), state),
        );
        const straight = reduceAll([...stream, ...events.flatMap((e) => e.group)], OPTIONS);
        expect(JSON.parse(JSON.stringify(end))).toEqual(JSON.parse(JSON.stringify(straight)));
      }),
      runs(200),
    );
  });

  it('finds a call that waits again before the one found last', () => {
    // Found last: call-1 (call-0 had a decision in flight). Then call-0's decision fails back to
    // waiting, and call-1 and call-2 stop: call-0 still waits, so the run does.
    const steps: Step[] = [
      { kind: 'send', call: 0 },
      { kind: 'expire', call: 2 },
      { kind: 'fail', call: 0 },
      { kind: 'expire', call: 1 },
    ];
    for (const nested of [
      [false, false, false],
      [true, false, true],
      [true, true, true],
    ]) {
      const { stream, events } = build({ nested, steps });
      const state = checkEach(reduceAll(stream, OPTIONS), events, (at, group) =>
        group.reduce<ToolpaneState>((acc, e) => reduce(acc, e, OPTIONS), at),
      );
      expect(state.runs.get(RUN)!.status).toBe('waiting');
    }
  });

  it('ends the run once the last call stops waiting, in either order', () => {
    for (const order of ['oldest first', 'newest first'] as const) {
      const calls = Array.from({ length: 50 }, (_, i) => asking(i, i % 3 === 0));
      const ids = calls.map((c) => c.id);
      if (order === 'newest first') ids.reverse();
      let state = reduceAll(
        [
          chunk('start', RUN, { id: 'agent', messageId: 'm-1' }),
          ...calls.flatMap((c) => c.chunks),
          END,
        ],
        OPTIONS,
      );
      ids.forEach((id, n) => {
        const expire = { type: 'toolpane/decision-expired', toolCallId: id, message: 'Gone' };
        state = reduce(state, expire, OPTIONS);
        const expected = n === ids.length - 1 ? 'interrupted' : 'waiting';
        expect(state.runs.get(RUN)!.status, `${order}, after ${n + 1}`).toBe(expected);
      });
    }
  });
});
