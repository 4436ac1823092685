/**
 * Adversarial shapes of a conversation: many streams into one state, each ended by the
 * `toolpane/stream-end` (or `stream-error`) the session dispatches, with decisions sent between
 * them. What a stream's end does must depend on what that stream left open, not on how many runs
 * and calls the conversation already holds. Part of the bench's `SHAPES`.
 */

/** A shape as `shapes.ts` takes it (declared here, so the two files do not import each other). */
export interface Shape {
  readonly name: string;
  readonly chunks: (count: number) => unknown[];
  readonly format?: 'ai-sdk';
}

/** A native chunk of run `runId`. */
export const chunk = (type: string, runId: string, payload: unknown) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
});
/** The `start` of run `runId`. */
export const start = (runId: string) =>
  chunk('start', runId, { id: 'agent', messageId: `m-${runId}` });
/** The end of a stream, as the session dispatches it. */
export const END = { type: 'toolpane/stream-end' };
const BROKE = { type: 'toolpane/stream-error', message: 'The connection closed' };
/** A person's approval of a call, as the session dispatches it. */
export const approve = (toolCallId: string) => ({
  type: 'toolpane/decision-sent',
  toolCallId,
  approved: true,
});
/** A call of run `runId` that asks for an approval. */
export const asks = (runId: string, toolCallId: string, i: number) => [
  chunk('tool-call', runId, { toolCallId, toolName: 'deleteTool', args: { id: `r-${i}` } }),
  chunk('tool-call-approval', runId, {
    toolCallId,
    toolName: 'deleteTool',
    args: { id: `r-${i}` },
  }),
];
const result = (runId: string, toolCallId: string, i: number) =>
  chunk('tool-result', runId, {
    toolCallId,
    toolName: 'deleteTool',
    result: { deleted: true, id: `r-${i}` },
  });
const answer = (runId: string, i: number) => [
  chunk('text-start', runId, { id: `t-${i}` }),
  chunk('text-delta', runId, { id: `t-${i}`, text: `Record r-${i} was deleted.` }),
  chunk('text-end', runId, { id: `t-${i}` }),
  chunk('finish', runId, { stepResult: { reason: 'stop' } }),
];

/** Fills `out` with `make(i)` until it holds `count` chunks. */
function fill(out: unknown[], count: number, make: (i: number) => unknown[]): unknown[] {
  for (let i = 0; out.length < count; i++) {
    for (const value of make(i)) if (out.length < count) out.push(value);
  }
  return out;
}

/** Each turn a run of its own whose subagent call runs a subagent that answers. */
function subagentTurn(i: number): unknown[] {
  const runId = `run-${i}`;
  const sub = `run-${i}-sub`;
  const inside = (value: unknown) => ({
    type: 'tool-output',
    runId,
    from: 'USER',
    payload: { output: value, toolCallId: 'call-agent', toolName: 'agent-helper' },
  });
  return [
    start(runId),
    chunk('tool-call', runId, { toolCallId: 'call-agent', toolName: 'agent-helper', args: {} }),
    inside(start(sub)),
    inside(chunk('tool-call', sub, { toolCallId: 'call-1', toolName: 'lookup', args: { i } })),
    inside(chunk('tool-result', sub, { toolCallId: 'call-1', toolName: 'lookup', result: i })),
    inside(chunk('finish', sub, { stepResult: { reason: 'stop' } })),
    chunk('tool-result', runId, {
      toolCallId: 'call-agent',
      toolName: 'agent-helper',
      result: { text: 'done' },
    }),
    ...answer(runId, i),
    END,
  ];
}

/** An AI SDK turn: a message with a tool call and an answer, its stream ended. */
const aiSdkTurn = (i: number) => [
  { type: 'start', messageId: `m-${i}` },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'call-1', toolName: 'lookup', input: { i } },
  { type: 'tool-output-available', toolCallId: 'call-1', output: { ok: i } },
  { type: 'text-start', id: `t-${i}` },
  { type: 'text-delta', id: `t-${i}`, delta: `Answer ${i}.` },
  { type: 'text-end', id: `t-${i}` },
  { type: 'finish-step' },
  { type: 'finish' },
  END,
];

/** The conversation shapes. */
export const CONVERSATION: readonly Shape[] = [
  {
    name: 'chat: approval turns, each continuation sent twice',
    chunks: (n) =>
      fill([], n, (i) => {
        const runId = `run-${i}`;
        const continuation = [result(runId, 'call-1', i), ...answer(runId, i), END];
        return [
          start(runId),
          ...asks(runId, 'call-1', i),
          END,
          approve('call-1'),
          ...continuation,
          ...continuation,
        ];
      }),
  },
  {
    name: 'chat: one run asking again after each decision',
    chunks: (n) =>
      fill([start('run-1')], n, (i) => [
        ...asks('run-1', `call-${i}`, i),
        END,
        approve(`call-${i}`),
        result('run-1', `call-${i}`, i),
      ]),
  },
  {
    name: 'chat: each turn broken off and sent again from its start',
    chunks: (n) =>
      fill([], n, (i) => {
        const runId = `run-${i}`;
        const first = [
          start(runId),
          chunk('tool-call', runId, { toolCallId: 'call-1', toolName: 'lookup', args: { i } }),
        ];
        return [...first, BROKE, ...first, result(runId, 'call-1', i), ...answer(runId, i), END];
      }),
  },
  {
    name: 'chat: one run sent again stream after stream, each broken off with a new call open',
    chunks: (n) =>
      fill([], n, (i) => [
        start('run-1'),
        chunk('tool-call', 'run-1', { toolCallId: `call-${i}`, toolName: 'lookup', args: { i } }),
        BROKE,
      ]),
  },
  {
    name: 'chat: one run sent again stream after stream, each ended without its finish',
    chunks: (n) =>
      fill([], n, (i) => [
        start('run-1'),
        chunk('tool-call', 'run-1', { toolCallId: `call-${i}`, toolName: 'lookup', args: { i } }),
        result('run-1', `call-${i}`, i),
        END,
      ]),
  },
  {
    name: 'chat: turns with a subagent, each stream ended',
    chunks: (n) => fill([], n, subagentTurn),
  },
  {
    name: 'ai: chat of turns, each stream ended',
    format: 'ai-sdk',
    chunks: (n) => fill([], n, aiSdkTurn),
  },
];
