import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChunk as chunk, insideAgent as inside, RUN } from '../utils/chunks';
import { runs } from '../utils/property';

/*
 * A run that ends again looks only at what came and changed in it since its last end (see
 * `reducer/run-ends.ts`): a store and `reduceAll` keep what each run's last end saw, while the
 * pure `reduce`, step by step, starts with no such memory and looks at everything each time. The
 * three must agree on random streams of one run that ends again and again (a `finish`, an `error`,
 * an `abort`, a stream's end or break) between calls of its own, calls asking a person, subagents
 * whose runs stream and ask, results, decisions and their failures, the run's `start` sent again.
 */

const OPTIONS = { now: () => 0 };

type Op =
  | {
      op: 'call' | 'ask' | 'suspend' | 'agent' | 'result' | 'inner-ask' | 'inner-result';
      n: number;
    }
  | { op: 'inner-end' | 'sent' | 'failed' | 'taken' | 'expired'; n: number }
  | { op: 'inner-sent' | 'inner-taken' | 'inner-expired'; n: number }
  | { op: 'answer'; n: number }
  | { op: 'finish' | 'error' | 'abort' | 'stream-end' | 'stream-error' | 'start' }
  | { op: 'finish-for-calls' };

/** The chunks of one operation; `n` picks a call among the first few. */
function chunksOf(o: Op): unknown[] {
  const id = 'n' in o ? `call-${o.n}` : '';
  const agent = 'n' in o ? `call-agent-${o.n}` : '';
  const sub = 'n' in o ? `run-sub-${o.n}` : '';
  switch (o.op) {
    case 'call':
      return [chunk('tool-call', RUN, { toolCallId: id, toolName: 'lookup', args: { n: o.n } })];
    case 'ask':
      return [
        chunk('tool-call', RUN, { toolCallId: id, toolName: 'deleteTool', args: { n: o.n } }),
        chunk('tool-call-approval', RUN, { toolCallId: id, toolName: 'deleteTool', args: {} }),
      ];
    case 'suspend':
      return [
        chunk('tool-call', RUN, { toolCallId: id, toolName: 'askTool', args: { n: o.n } }),
        chunk('tool-call-suspended', RUN, {
          toolCallId: id,
          toolName: 'askTool',
          suspendPayload: { q: o.n },
        }),
      ];
    case 'agent':
      return [
        chunk('tool-call', RUN, { toolCallId: agent, toolName: 'agent-helper', args: {} }),
        inside(agent, chunk('start', sub, { id: 'helper', messageId: `m-${sub}` })),
      ];
    case 'inner-ask':
      return [
        inside(
          agent,
          chunk('tool-call', sub, { toolCallId: `in-${o.n}`, toolName: 'del', args: {} }),
        ),
        inside(
          agent,
          chunk('tool-call-approval', sub, { toolCallId: `in-${o.n}`, toolName: 'del', args: {} }),
        ),
      ];
    case 'inner-result':
      return [
        inside(
          agent,
          chunk('tool-result', sub, { toolCallId: `in-${o.n}`, toolName: 'del', result: o.n }),
        ),
      ];
    case 'inner-end':
      return [inside(agent, chunk('finish', sub, { stepResult: { reason: 'stop' } }))];
    case 'result':
      return [chunk('tool-result', RUN, { toolCallId: id, toolName: 'lookup', result: o.n })];
    case 'sent':
      return [{ type: 'toolpane/decision-sent', toolCallId: id, approved: true }];
    case 'failed':
      return [{ type: 'toolpane/decision-failed', toolCallId: id, error: 'Network down' }];
    case 'taken':
      return [
        { type: 'toolpane/decision-failed', toolCallId: id, error: 'Nothing came', accepted: true },
      ];
    case 'expired':
      return [{ type: 'toolpane/decision-expired', toolCallId: id, message: 'Gone' }];
    case 'inner-sent':
    case 'inner-taken':
    case 'inner-expired': {
      const outer = chunksOf({ op: o.op.slice('inner-'.length) as 'sent', n: o.n });
      return outer.map((event) => ({ ...(event as object), toolCallId: `in-${o.n}` }));
    }
    case 'answer':
      return [{ type: 'toolpane/client-output', toolCallId: id, output: { n: o.n } }];
    case 'finish':
      return [chunk('finish', RUN, { stepResult: { reason: 'stop' } })];
    case 'finish-for-calls':
      // The calls left without a result wait for the app's (client tools).
      return [chunk('finish', RUN, { stepResult: { reason: 'tool-calls' } })];
    case 'error':
      return [chunk('error', RUN, { error: { message: 'The model failed' } })];
    case 'abort':
      return [chunk('abort', RUN, {})];
    case 'stream-end':
      return [{ type: 'toolpane/stream-end' }];
    case 'stream-error':
      return [{ type: 'toolpane/stream-error', message: 'The connection closed' }];
    case 'start':
      return [chunk('start', RUN, { id: 'agent', messageId: 'm-1' })];
  }
}

const n = fc.nat(2);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constantFrom(
      'call',
      'ask',
      'suspend',
      'agent',
      'result',
      'inner-ask',
      'inner-result',
      'inner-end',
      'sent',
      'failed',
      'taken',
      'expired',
      'inner-sent',
      'inner-taken',
      'inner-expired',
      'answer',
    ),
    n,
  }) as fc.Arbitrary<Op>,
  fc.record({
    op: fc.constantFrom(
      'finish',
      'finish-for-calls',
      'error',
      'abort',
      'stream-end',
      'stream-error',
      'start',
    ),
  }) as fc.Arbitrary<Op>,
);

/** Subagents only: calls inside them that ask, answer and are decided, between ends. */
const nestedOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constantFrom(
      'agent',
      'inner-ask',
      'inner-result',
      'inner-end',
      'inner-sent',
      'inner-taken',
      'inner-expired',
      'call',
    ),
    n: fc.nat(1),
  }) as fc.Arbitrary<Op>,
  fc.record({ op: fc.constantFrom('finish', 'error', 'stream-end') }) as fc.Arbitrary<Op>,
);

/** A stream that starts the run, then the operations. */
const streamOf = (ops: readonly Op[]) => [
  ...chunksOf({ op: 'start' }),
  ...ops.flatMap((o) => chunksOf(o)),
];

/** The pure `reduce`, chunk by chunk: a fresh reducer each time, which remembers no end. */
function stepwise(chunks: readonly unknown[]): ToolpaneState {
  let state = initialState;
  for (const value of chunks) state = reduce(state, value, OPTIONS);
  return state;
}

const json = (state: ToolpaneState) => JSON.stringify(state);

describe('a run that ends again looks at what changed since its last end', () => {
  it('reads as a reducer that looks at everything each time', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const chunks = streamOf(ops);
        const expected = json(stepwise(chunks));
        const store = createToolpaneStore(OPTIONS);
        for (const value of chunks) store.dispatch(value);
        expect(json(store.getState())).toBe(expected);
        expect(json(reduceAll(chunks, OPTIONS))).toBe(expected);
      }),
      runs(500),
    );
  });

  it('reads so when what changed is a call inside a subagent', () => {
    fc.assert(
      fc.property(fc.array(nestedOp, { maxLength: 30 }), (ops) => {
        const chunks = streamOf(ops);
        expect(json(reduceAll(chunks, OPTIONS))).toBe(json(stepwise(chunks)));
      }),
      runs(500),
    );
  });

  it('aborts a call that waits for the app, left open by the end before', () => {
    const chunks = streamOf([
      { op: 'call', n: 0 },
      { op: 'finish-for-calls' },
      { op: 'call', n: 1 },
      { op: 'abort' },
    ]);
    const state = reduceAll(chunks, OPTIONS);
    expect(json(state)).toBe(json(stepwise(chunks)));
    expect(state.toolCalls.get('call-0')?.status).toBe('output-aborted');
  });

  it('ends a call written after the last end, and a subagent run that streams again', () => {
    const chunks = streamOf([
      { op: 'agent', n: 0 },
      { op: 'inner-ask', n: 0 },
      { op: 'ask', n: 1 },
      { op: 'finish' },
      // Both wait: the run's next end leaves them. Then the inner request is taken with nothing
      // after it, and the outer approval is answered: at the next end neither holds the run.
      { op: 'sent', n: 1 },
      { op: 'call', n: 2 },
      { op: 'inner-result', n: 0 },
      { op: 'error' },
    ]);
    const state = reduceAll(chunks, OPTIONS);
    expect(json(state)).toBe(json(stepwise(chunks)));
    expect(state.toolCalls.get('call-2')?.status).toBe('output-error');
    expect(state.runs.get('run-sub-0')?.status).not.toBe('streaming');
  });
});
