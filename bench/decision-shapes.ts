/**
 * Adversarial shapes of decisions between streams: the calls of one run stop waiting one after
 * another (their decisions expire, as a restore marks every call whose run Mastra no longer holds,
 * or the server takes them and nothing follows), and each time the reducer asks whether anything
 * else in the run still waits. Part of the bench's `SHAPES`.
 */
import { approve, asks, chunk, END, type Shape, start } from './conversation-shapes.ts';

/**
 * One run whose calls each ask for an approval (inside a subagent of their own with `nested`),
 * its stream ended, then `then(toolCallId)` for its calls oldest first: each ends one call's wait.
 */
function askedThen(n: number, nested: boolean, then: (toolCallId: string) => unknown[]) {
  const per = (nested ? 4 : 2) + then('call-0').length;
  const calls = Math.max(1, Math.floor((n - 2) / per));
  const out: unknown[] = [start('run-1')];
  for (let i = 0; i < calls; i++) {
    if (!nested) {
      out.push(...asks('run-1', `call-${i}`, i));
      continue;
    }
    const agent = `call-agent-${i}`;
    const sub = `run-1-sub-${i}`;
    const inside = (value: unknown) => ({
      type: 'tool-output',
      runId: 'run-1',
      from: 'USER',
      payload: { output: value, toolCallId: agent, toolName: 'agent-helper' },
    });
    out.push(
      chunk('tool-call', 'run-1', { toolCallId: agent, toolName: 'agent-helper', args: {} }),
      inside(start(sub)),
      ...asks(sub, `call-${i}`, i).map(inside),
    );
  }
  out.push(END);
  for (let i = 0; out.length < n; i++) out.push(...then(`call-${i % calls}`));
  return out.slice(0, n);
}

const expire = (toolCallId: string) => [
  { type: 'toolpane/decision-expired', toolCallId, message: 'Mastra no longer holds the run' },
];
const takenWithNothingAfter = (toolCallId: string) => [
  approve(toolCallId),
  { type: 'toolpane/decision-failed', toolCallId, error: 'The stream ended', accepted: true },
];

/** The decision shapes. */
export const DECISIONS: readonly Shape[] = [
  {
    name: "decisions: a run's approvals expiring oldest first, as a restore marks them",
    chunks: (n) => askedThen(n, false, expire),
  },
  {
    name: "decisions: a run's approvals inside subagents expiring oldest first",
    chunks: (n) => askedThen(n, true, expire),
  },
  {
    name: "decisions: a run's decisions taken with nothing after them, oldest first",
    chunks: (n) => askedThen(n, false, takenWithNothingAfter),
  },
];
