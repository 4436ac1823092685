// @vitest-environment node
import {
  createToolpaneStore,
  type DecisionTarget,
  selectPendingApprovals,
  type ToolCallState,
  type ToolpaneStore,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { isAiSdkRecording, recordingOptions } from '../utils/replays';

/*
 * What a person decides on goes where the request they saw named (`DecisionTarget`). The same
 * request repeated naming another run or call is a new request, never a silent move: every
 * recorded request, native and AI SDK, top-level and nested, inside agent networks, is repeated
 * as it came (nothing changes), and with another target (a new request that waits for a person).
 */

interface Chunk {
  readonly type: string;
  readonly runId?: string;
  readonly approvalId?: string;
  readonly payload?: Record<string, unknown>;
  readonly data?: Record<string, unknown>;
}

/** Chunks that ask a person, as they come at the top level of a stream. */
const REQUEST =
  /^(?:tool-call-(?:approval|suspended)|tool-approval-request|data-tool-call-(?:approval|suspended)|(?:agent|workflow|tool)-execution-(?:approval|suspended))$/;

/** A recorded request: the chunk at `index` of recording `name`. */
interface Recorded {
  readonly name: string;
  readonly index: number;
  readonly chunks: readonly Chunk[];
}

const recorded: Recorded[] = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  return chunks.flatMap((chunk, index) =>
    REQUEST.test(chunk.type) ? [{ name, index, chunks }] : [],
  );
});

/** The chunk a session adds when a stream ends. */
const END = { type: 'toolpane/stream-end' };

const options = (name: string) => ({ ...recordingOptions(name), families: [network] });

/**
 * Where a request chunk sends the decision. A network's tool execution names no run: it is the
 * network's, the recording's first chunk's.
 */
function targetOf(chunk: Chunk, chunks: readonly Chunk[]): DecisionTarget {
  if (chunk.type === 'tool-approval-request') {
    const at = chunk.approvalId!.lastIndexOf('::');
    return { runId: chunk.approvalId!.slice(0, at), toolCallId: chunk.approvalId!.slice(at + 2) };
  }
  if (chunk.data !== undefined) {
    return { runId: String(chunk.data.runId), toolCallId: String(chunk.data.toolCallId) };
  }
  const runId = chunk.runId ?? chunks[0]!.runId!;
  const toolCallId = String(chunk.payload!.toolCallId);
  return chunk.type.includes('-execution-')
    ? { runId, toolCallId, network: true }
    : { runId, toolCallId };
}

/** The chunk naming `target` instead of its own. */
function withTarget(chunk: Chunk, target: DecisionTarget): Chunk {
  if (chunk.type === 'tool-approval-request') {
    return { ...chunk, approvalId: `${target.runId}::${target.toolCallId}` };
  }
  if (chunk.data !== undefined) {
    return { ...chunk, data: { ...chunk.data, runId: target.runId } };
  }
  return {
    ...chunk,
    runId: target.runId,
    payload: { ...chunk.payload, toolCallId: target.toolCallId },
  };
}

/**
 * Whether the chunk names the target's toolCallId apart from the call it asks for (elsewhere the
 * toolCallId names the call: another one is another call's request).
 */
const namesTargetCall = (chunk: Chunk) =>
  chunk.type === 'tool-approval-request' || /^(?:agent|workflow)-execution-/.test(chunk.type);

const sameTarget = (a: DecisionTarget | undefined, b: DecisionTarget) =>
  a?.runId === b.runId && a.toolCallId === b.toolCallId;

/** The call that waits on the request to `target`. */
function waitingOn(store: ToolpaneStore, target: DecisionTarget): ToolCallState {
  const waiting = selectPendingApprovals(store.getState()).filter((p) =>
    sameTarget(p.resumeWith, target),
  );
  expect(waiting).toHaveLength(1);
  return waiting[0]!.call;
}

const callOf = (store: ToolpaneStore, key: string) => store.getState().toolCalls.get(key)!;
const requestOf = (call: ToolCallState) =>
  call.status === 'suspended' || call.approval === undefined ? call.suspension : call.approval;

/** Marks a decision sent for the call, as a session does right before it posts one. */
function decide(store: ToolpaneStore, call: ToolCallState): void {
  const approval = call.status === 'approval-requested';
  store.dispatch({
    type: 'toolpane/decision-sent',
    toolCallId: call.key,
    ...(approval ? { approved: true } : { resumeData: { confirmed: true } }),
  });
  expect(callOf(store, call.key).status).toBe('approval-responded');
}

const movedIssues = (store: ToolpaneStore) =>
  store.getState().issues.filter((issue) => /another run or call/.test(issue.message));

/** What a call holds of a request with a decision sent, which a repeat must leave as it is. */
const decided = (call: ToolCallState) => ({
  status: call.status,
  request: requestOf(call),
});

/**
 * Asserts that call `key`, which held `before` with a decision sent, now waits on a new request
 * to `target`: the next revision (an approval), no decision, and one issue that says so.
 */
function expectNewRequest(
  store: ToolpaneStore,
  before: ToolCallState,
  target: DecisionTarget,
  issuesBefore: number,
): void {
  const call = callOf(store, before.key);
  const { issues } = store.getState();
  if (before.approval !== undefined && before.suspension === undefined) {
    expect(call.status).toBe('approval-requested');
    expect(call.approval!.revision).toBe(before.approval.revision + 1);
    expect(call.approval!.decision).toBeUndefined();
    expect(call.approval!.target).toMatchObject(target);
    expect(call.approval!.args).toEqual(before.approval.args);
  } else {
    expect(call.status).toBe('suspended');
    expect(call.suspension!.resumeData).toBeUndefined();
    expect(call.suspension!.target).toMatchObject(target);
  }
  expect(issues.slice(issuesBefore)).toEqual([
    expect.objectContaining({
      kind: 'decision',
      toolCallId: call.toolCallId,
      message: expect.stringMatching(/now names another run or call.*does not count/),
    }),
  ]);
  expect(selectPendingApprovals(store.getState()).map((p) => p.key)).toContain(call.key);
}

const label = ({ name, index, chunks }: Recorded) => `${name} #${index} ${chunks[index]!.type}`;

const cases = recorded.flatMap((request) => {
  const chunk = request.chunks[request.index]!;
  const kinds = namesTargetCall(chunk) ? (['run', 'call'] as const) : (['run'] as const);
  return kinds.map((kind) => [label(request), kind, request] as const);
});

// The recordings this runs over: requests top-level and nested, native and AI SDK, in networks.
const names = new Set(recorded.map((r) => r.name));
for (const name of [
  'approval-request',
  'nested-approval-request',
  'approval-two-level-request',
  'nested-suspend-request',
  'aisdk-v6-approval-two-level',
  'aisdk-v7-nested-suspend',
  'network-approval-request',
  'network-suspend-request',
]) {
  if (!names.has(name)) throw new Error(`No request found in the ${name} recording`);
}

describe('a request repeated naming another run or call', () => {
  it.each(cases)('%s, another %s: a new request, the decision dropped', (_, kind, request) => {
    const { name, index, chunks } = request;
    const chunk = chunks[index]!;
    const target = targetOf(chunk, chunks);
    const store = createToolpaneStore(options(name));
    store.dispatchMany(chunks.slice(0, index + 1));
    const asked = waitingOn(store, target);
    decide(store, asked);
    const before = callOf(store, asked.key);
    const issuesBefore = store.getState().issues.length;
    // Sent again as it came, alone and with the whole stream before it (a replay): nothing
    // changes, and the decision sent stands.
    store.dispatch(chunk);
    store.dispatchMany(chunks.slice(0, index + 1));
    expect(decided(callOf(store, asked.key))).toEqual(decided(before));
    expect(store.getState().issues.slice(issuesBefore)).toEqual([]);
    const others = selectPendingApprovals(store.getState()).filter((p) => p.key !== asked.key);
    const other =
      kind === 'run'
        ? { ...target, runId: `${target.runId}-other` }
        : { ...target, toolCallId: `${target.toolCallId}-other` };
    const issues = store.getState().issues.length;
    store.dispatch(withTarget(chunk, other));
    expectNewRequest(store, before, other, issues);
    // Other requests stay as they were.
    for (const p of others) expect(callOf(store, p.key)).toBe(p.call);
  });
});

/** The family a recording's chunks belong to: AI SDK, agent network, or plain native. */
const family = (name: string) =>
  isAiSdkRecording(name) ? 'aisdk' : name.startsWith('network') ? 'network' : 'native';

/** The toolCallIds a recording names. */
const callIds = (chunks: readonly Chunk[]) =>
  new Set([...JSON.stringify(chunks).matchAll(/"toolCallId":"([^"]+)"/g)].map((m) => m[1]!));

/**
 * A recorded request of another scenario of the same family, whose calls share no toolCallId with
 * `request`'s: its run waits beside the first in one store.
 */
function besideOf(request: Recorded): Recorded {
  const ids = callIds(request.chunks);
  const other = [...recorded]
    .reverse()
    .find(
      (r) =>
        r.name !== request.name &&
        family(r.name) === family(request.name) &&
        ![...callIds(r.chunks)].some((id) => ids.has(id)),
    );
  expect(other).toBeDefined();
  return other!;
}

describe('several runs in one store', () => {
  it.each(recorded.map((request) => [label(request), request] as const))(
    '%s aimed at the request another run waits on: a new request there, the other left as it is',
    (_, request) => {
      const { name, index, chunks } = request;
      const chunk = chunks[index]!;
      const beside = besideOf(request);
      const store = createToolpaneStore(options(name));
      store.dispatchMany([...chunks.slice(0, index + 1), END]);
      store.dispatchMany([...beside.chunks.slice(0, beside.index + 1), END]);
      const target = targetOf(chunk, chunks);
      const besideTarget = targetOf(beside.chunks[beside.index]!, beside.chunks);
      const asked = waitingOn(store, target);
      const waitingBeside = waitingOn(store, besideTarget);
      decide(store, asked);
      const before = callOf(store, asked.key);
      const issues = store.getState().issues.length;
      // Each run's request again, as it came: nothing changes.
      store.dispatch(chunk);
      store.dispatch(beside.chunks[beside.index]!);
      expect(store.getState().issues.length).toBe(issues);
      expect(decided(callOf(store, asked.key))).toEqual(decided(before));
      // The request names the other run (and its call, where the chunk names one apart).
      const other = namesTargetCall(chunk)
        ? besideTarget
        : { ...target, runId: besideTarget.runId };
      store.dispatch(withTarget(chunk, { ...other, network: target.network }));
      expectNewRequest(store, before, other, issues);
      expect(callOf(store, waitingBeside.key)).toEqual(waitingBeside);
      expect(movedIssues(store)).toHaveLength(1);
    },
  );
});
