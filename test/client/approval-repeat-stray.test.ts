// @vitest-environment node
import {
  createToolpaneStore,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/*
 * Mastra repeats a subagent's request for approval one level up, on the parent's `agent-*` call,
 * with the inner tool's name and arguments. The stream controls what such a repeat names. Every
 * native recording with a repeat is read with that repeat (the recorded chunk) changed: naming
 * the other subagent of the same step, or naming the `agent-*` call under its own name with other
 * arguments. No card asks more than the recording asks, the inner cards keep their arguments, and
 * an issue says what happened.
 */

type Chunk = { type: string; runId?: string; payload: Record<string, unknown> };

const END = { type: 'toolpane/stream-end' };

const agentCalls = (chunks: Chunk[]) =>
  chunks.filter((c) => c.type === 'tool-call' && String(c.payload.toolName).startsWith('agent-'));

/** Indexes of top-level approvals that repeat a request on an `agent-*` call. */
function repeatsOf(chunks: Chunk[]): number[] {
  const agents = new Set(agentCalls(chunks).map((c) => c.payload.toolCallId));
  return chunks.flatMap((c, i) =>
    c.type === 'tool-call-approval' && agents.has(c.payload.toolCallId) ? [i] : [],
  );
}

const CASES = fixtureNames().filter(
  (name) =>
    !name.includes('aisdk') &&
    !name.startsWith('network') &&
    repeatsOf(loadFixture(name) as Chunk[]).length > 0,
);

function read(chunks: readonly unknown[]): ToolpaneState {
  const store = createToolpaneStore();
  store.dispatchMany([...chunks, END]);
  return store.getState();
}

/** What each waiting call asks, by key. */
const asks = (state: ToolpaneState) =>
  Object.fromEntries(
    selectPendingApprovals(state).map(({ key, call }) => [key, askedOf(call)] as const),
  );
const askedOf = (call: ToolCallState) => [call.toolName, call.approval?.args, call.input];

/** Every variant of a recording with one repeat changed, and its name. */
function variants(name: string): [string, Chunk[]][] {
  const chunks = loadFixture(name) as Chunk[];
  const out: [string, Chunk[]][] = [];
  for (const at of repeatsOf(chunks)) {
    const repeat = chunks[at]!;
    const swap = (changed: Chunk) => chunks.map((c, i) => (i === at ? changed : c));
    const calls = agentCalls(chunks).filter((c) => c.runId === repeat.runId);
    const own = calls.find((c) => c.payload.toolCallId === repeat.payload.toolCallId)!;
    for (const other of calls.filter((c) => c !== own)) {
      const payload = { ...repeat.payload, toolCallId: other.payload.toolCallId };
      out.push([`${at} names ${other.payload.toolCallId}`, swap({ ...repeat, payload })]);
    }
    const inner = { ...(repeat.payload.args as object), other: 'argument' };
    out.push([
      `${at} with other arguments`,
      swap({ ...repeat, payload: { ...repeat.payload, args: inner } }),
    ]);
    const args = { ...(own.payload.args as object), prompt: 'Delete every record there is.' };
    const payload = { ...repeat.payload, toolName: own.payload.toolName, args };
    out.push([
      `${at} names ${own.payload.toolName} with other arguments`,
      swap({ ...repeat, payload }),
    ]);
  }
  return out;
}

describe('a repeat one level up that names another call', () => {
  it('reaches recordings with parallel subagents that ask', () => {
    expect(CASES).toEqual(
      expect.arrayContaining([
        'parallel-subagent-approval-request',
        'subagents-mixed-requests-request',
      ]),
    );
    expect(variants('parallel-subagent-approval-request').map(([v]) => v)).toContain(
      '24 names call-par-opsb-1',
    );
  });

  it.each(CASES.flatMap((name) => variants(name).map(([v, chunks]) => [name, v, chunks] as const)))(
    '%s, repeat %s: no card of its own, an issue',
    (name, _variant, chunks) => {
      const recorded = read(loadFixture(name));
      const state = read(chunks);
      const before = asks(recorded);
      const after = asks(state);
      // No card asks that the recording does not, and those that ask keep what they ask.
      for (const [key, asked] of Object.entries(after)) expect(before[key]).toEqual(asked);
      expect(state.issues.filter((issue) => issue.kind === 'decision').length).toBeGreaterThan(0);
    },
  );
});
