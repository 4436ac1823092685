/**
 * Adversarial shapes of calls that await the client (tools Mastra does not run: the run or the
 * message finishes on `tool-calls` with the call open, and the app answers it): many calls that
 * start awaiting in one batch, answers that stop them one by one, a chat whose every turn leaves
 * one awaiting. Starting or stopping to await must cost the same however many other calls await.
 * And names the reducer makes up (`<runId>@top` for a top-level run whose id a subagent run
 * holds, `ai-sdk-run-<n>` for an AI SDK message without a messageId), in streams that hold many
 * names of the same kind: finding the next free one must not walk those taken. Part of the
 * bench's `SHAPES`.
 */
import { chunk, END, type Shape, start } from './conversation-shapes.ts';

/** Fills `out` with `make(i)` until it holds `count` chunks. */
function fill(out: unknown[], count: number, make: (i: number) => unknown[]): unknown[] {
  for (let i = 0; out.length < count; i++) {
    for (const value of make(i)) if (out.length < count) out.push(value);
  }
  return out;
}

const RUN = 'run-shape';
/** A call of a tool the app runs itself. */
const clientCall = (toolCallId: string, runId = RUN) =>
  chunk('tool-call', runId, { toolCallId, toolName: 'askUser', args: {} });
const toolCalls = (runId = RUN) => chunk('finish', runId, { stepResult: { reason: 'tool-calls' } });
/** An AI SDK call of a tool the app runs itself. */
const aiCall = (toolCallId: string) => ({
  type: 'tool-input-available',
  toolCallId,
  toolName: 'askUser',
  input: {},
});

/** `count` client calls of one run, then its finish on `tool-calls`, then `then(i)` per call. */
function awaitingThen(n: number, count: number, then: (toolCallId: string) => unknown[]) {
  const out: unknown[] = [start(RUN)];
  for (let i = 0; i < count; i++) out.push(clientCall(`c${i}`));
  out.push(toolCalls());
  return fill(out, n, (i) => then(`c${i % count}`)).slice(0, n);
}

/** The awaiting shapes. */
export const AWAITING: readonly Shape[] = [
  {
    name: 'awaiting: one run, many client calls, then it finishes on tool-calls',
    chunks: (n) => awaitingThen(n, n - 2, () => []),
  },
  {
    name: 'awaiting: many client calls, then the app answers each',
    chunks: (n) =>
      awaitingThen(n, Math.floor(n / 3), (toolCallId) => [
        { type: 'toolpane/client-output', toolCallId, output: { ok: true } },
      ]),
  },
  {
    name: 'awaiting: many client calls, then Mastra gives each a result',
    chunks: (n) =>
      awaitingThen(n, Math.floor(n / 3), (toolCallId) => [
        chunk('tool-result', RUN, { toolCallId, toolName: 'askUser', result: { ok: true } }),
      ]),
  },
  {
    name: 'awaiting: a chat whose every turn leaves a client call awaiting',
    chunks: (n) =>
      fill([], n, (i) => [start(`r${i}`), clientCall('c', `r${i}`), toolCalls(`r${i}`), END]),
  },
  {
    name: 'ai: awaiting: a chat whose every message leaves a client call awaiting',
    format: 'ai-sdk',
    chunks: (n) =>
      fill([], n, (i) => [
        { type: 'start', messageId: `m${i}` },
        aiCall('c'),
        { type: 'finish', finishReason: 'tool-calls' },
        END,
      ]),
  },
  {
    name: 'names: subagent runs X, X@top, X@top2, …, then top-level chunks of run X',
    chunks: (n) => {
      const agent = 'call-agent';
      const inside = (value: unknown) => ({
        type: 'tool-output',
        runId: RUN,
        from: 'USER',
        payload: { output: value, toolCallId: agent, toolName: 'agent-helper' },
      });
      const out: unknown[] = [
        start(RUN),
        chunk('tool-call', RUN, { toolCallId: agent, toolName: 'agent-helper', args: {} }),
      ];
      for (let j = 0; j < n / 2; j++)
        out.push(inside(start(j === 0 ? 'X' : `X@top${j === 1 ? '' : j}`)));
      return fill(out, n, (i) => [chunk('text-delta', 'X', { id: 't', text: `w${i} ` })]);
    },
  },
  {
    name: 'ai: names: messages named ai-sdk-run-<k…>, then messages without a messageId',
    format: 'ai-sdk',
    chunks: (n) => {
      const k = Math.floor(n / 4);
      const out: unknown[] = [];
      for (let j = 0; j < k; j++) {
        out.push({ type: 'start', messageId: `ai-sdk-run-${k + 1 + j}` }, { type: 'finish' });
      }
      return fill(out, n, () => [{ type: 'start' }, { type: 'finish' }]);
    },
  },
];
