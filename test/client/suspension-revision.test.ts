// @vitest-environment node
import {
  createToolpaneStore,
  type DecisionTarget,
  type SuspensionState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';

/*
 * A suspension carries a revision: 1 for a call's first, one more each time a new suspension
 * replaces the one the call waited on (another payload, schema or target), the same one seen again
 * (a replay, Mastra's repeat one level up) keeping it. What a person answers is what they were
 * shown: a suspension never changes what it shows without a new revision. Checked over every
 * recording with a suspension, native, AI SDK and agent network, top-level and nested, chunk by
 * chunk, and over the recorded pairs in which a tool suspends again.
 */

interface Chunk {
  readonly type: string;
  readonly runId?: string;
  readonly payload?: Record<string, unknown>;
  readonly data?: Record<string, unknown>;
}

const options = (name: string) => ({ ...recordingOptions(name), families: [network] });

/** The suspensions a state holds, by call key. */
function suspensions(state: ToolpaneState): Map<string, SuspensionState> {
  const found = new Map<string, SuspensionState>();
  for (const call of state.toolCalls.values()) {
    if (call.suspension !== undefined) found.set(call.key, call.suspension);
  }
  return found;
}

const revisions = (state: ToolpaneState) =>
  Object.fromEntries([...suspensions(state)].map(([key, s]) => [key, s.revision]));

/**
 * What a person is shown of a suspension, and where their answer goes. A call inside an agent
 * network is asked by its own run, then by the network, whose target is where the resume goes:
 * the same request, aimed at the network (`network` set).
 */
const shown = (s: SuspensionState) => ({
  payload: s.payload,
  resumeSchema: s.resumeSchema,
  target: s.target.network === true ? 'network' : s.target,
});

/**
 * Dispatches `chunks` one by one, checking after each that every suspension has a revision, that
 * a call's revision only ever grows by one, and that what a suspension shows changes only with a
 * new revision (a payload may turn hidden in place: a view that hides more is the same request).
 * Gives the revisions that changed, chunk by chunk (`[index, key, revision]`).
 */
function dispatchChecked(store: ToolpaneStore, chunks: readonly unknown[]) {
  const changes: [number, string, number][] = [];
  chunks.forEach((chunk, index) => {
    const before = suspensions(store.getState());
    store.dispatch(chunk as never);
    for (const [key, after] of suspensions(store.getState())) {
      expect(Number.isInteger(after.revision) && after.revision >= 1, key).toBe(true);
      const earlier = before.get(key);
      if (earlier === undefined) {
        expect(after.revision, `${key} at chunk ${index}`).toBe(1);
        changes.push([index, key, 1]);
        continue;
      }
      expect([0, 1], `${key} at chunk ${index}`).toContain(after.revision - earlier.revision);
      if (after.revision !== earlier.revision) {
        changes.push([index, key, after.revision]);
        continue;
      }
      const now = shown(after);
      // Aimed at the network once it asks too: the same request.
      const then = {
        ...shown(earlier),
        ...(now.target === 'network' ? { target: now.target } : {}),
      };
      expect({ ...now, payload: undefined }, `${key} at chunk ${index}`).toEqual({
        ...then,
        payload: undefined,
      });
      if (now.payload.kind !== 'hidden') expect(now.payload).toEqual(then.payload);
    }
  });
  return changes;
}

/** Every recording whose state ends holding a suspension. */
const withSuspension = fixtureNames().filter((name) => {
  const store = createToolpaneStore(options(name));
  store.dispatchMany(loadFixture(name));
  return suspensions(store.getState()).size > 0;
});

// The recordings this runs over: native and AI SDK, top-level and nested, in networks.
for (const name of [
  'suspend-request',
  'reservation-request',
  'aisdk-v6-reservation-request',
  'nested-suspend-request',
  'deep-subagent-suspend-request',
  'aisdk-v6-nested-suspend',
  'aisdk-v7-nested-suspend',
  'nested-transform-suspend-request',
  'workflow-double-suspend-request',
  'suspend-again-request',
  'network-suspend-request',
  'network-tool-suspend-request',
]) {
  if (!withSuspension.includes(name)) throw new Error(`No suspension in the ${name} recording`);
}

describe('every recording with a suspension', () => {
  it.each(withSuspension)('%s: each call suspended once is at revision 1', (name) => {
    const store = createToolpaneStore(options(name));
    const changes = dispatchChecked(store, loadFixture(name));
    expect(changes.every(([, , revision]) => revision === 1)).toBe(true);
    expect(Object.values(revisions(store.getState())).every((r) => r === 1)).toBe(true);
  });

  it.each(withSuspension)('%s: sent again whole, chunk by chunk, keeps every revision', (name) => {
    const chunks = loadFixture(name);
    const store = createToolpaneStore(options(name));
    store.dispatchMany(chunks);
    const before = revisions(store.getState());
    expect(dispatchChecked(store, chunks)).toEqual([]);
    expect(dispatchChecked(store, [...chunks, END, ...chunks])).toEqual([]);
    expect(revisions(store.getState())).toEqual(before);
  });

  it.each(withSuspension)('%s: a snapshot keeps every revision, and reads on', (name) => {
    const chunks = loadFixture(name);
    const store = createToolpaneStore(options(name));
    store.dispatchMany([...chunks, END]);
    const json = JSON.parse(JSON.stringify(serializeState(store.getState()))) as {
      toolCalls: Record<string, unknown>[];
    };
    const restored = createToolpaneStore({
      ...options(name),
      initialState: deserializeState(json),
    });
    expect(revisions(restored.getState())).toEqual(revisions(store.getState()));
    // A snapshot written before suspensions had a revision reads them as the first.
    const older = {
      ...json,
      toolCalls: json.toolCalls.map((call) => {
        const { revision: _, ...suspension } = (call.suspension ?? {}) as Record<string, unknown>;
        return call.suspension === undefined ? call : { ...call, suspension };
      }),
    };
    const fromOlder = deserializeState(older);
    expect(Object.values(revisions(fromOlder)).every((r) => r === 1)).toBe(true);
    // The stream sent again onto the restored state: the same suspensions, the same revisions
    // where the payload shows as it came. A snapshot leaves raw values out: where the payload
    // shows hidden, the same view does not prove the same payload, so it may be a new revision.
    dispatchChecked(restored, chunks);
    for (const [key, s] of suspensions(store.getState())) {
      const now = restored.getState().toolCalls.get(key)!.suspension!.revision;
      if (s.payload.kind === 'raw' || s.payload.kind === 'none') expect(now, key).toBe(s.revision);
      else expect([s.revision, s.revision + 1], key).toContain(now);
    }
  });
});

/** A recorded request, its continuation after the first resume, and the call that suspends again. */
const PAIRS = [
  {
    request: 'suspend-again-request',
    first: 'suspend-again-resume-first',
    second: 'suspend-again-resume-second',
    key: 'call-verify-again-1',
    resumeData: { code: '111111' },
  },
  {
    request: 'workflow-double-suspend-request',
    first: 'workflow-double-suspend-resume-first',
    second: 'workflow-double-suspend-resume-second',
    key: 'call-loan-wf-1',
    resumeData: { verified: true },
  },
] as const;

/** Marks the resume sent for call `key`, as a session does right before it posts it. */
const resumeSent = (key: string, resumeData: unknown) => ({
  type: 'toolpane/decision-sent',
  toolCallId: key,
  resumeData,
});

describe('a tool that suspends again', () => {
  it.each(PAIRS.map((pair) => [pair.request, pair] as const))(
    '%s: the second suspension is revision 2, kept when sent again and after a snapshot',
    (_, pair) => {
      const store = createToolpaneStore(options(pair.request));
      const request = loadFixture(pair.request);
      const first = loadFixture(pair.first);
      expect(dispatchChecked(store, [...request, END])).toContainEqual([
        expect.any(Number),
        pair.key,
        1,
      ]);
      store.dispatch(resumeSent(pair.key, pair.resumeData) as never);
      const changes = dispatchChecked(store, first);
      // Only the chunk that suspends again moves the call on, to its next revision.
      const again = first.map((c) => /suspended$/.test((c as Chunk).type)).lastIndexOf(true);
      expect(changes).toEqual([[again, pair.key, 2]]);
      const call = store.getState().toolCalls.get(pair.key)!;
      expect(call.status).toBe('suspended');
      expect(call.suspension!.resumeData).toBeUndefined();
      // The continuation sent again (a replay): the same suspension, the same revision.
      expect(dispatchChecked(store, first)).toEqual([]);
      const restored = deserializeState(
        JSON.parse(JSON.stringify(serializeState(store.getState()))),
      );
      expect(restored.toolCalls.get(pair.key)!.suspension!.revision).toBe(2);
      // Resumed again: the call ends, its last revision kept.
      store.dispatch(END);
      store.dispatch(resumeSent(pair.key, { again: true }) as never);
      expect(dispatchChecked(store, loadFixture(pair.second))).toEqual([]);
      expect(store.getState().toolCalls.get(pair.key)!.suspension!.revision).toBe(2);
    },
  );

  it.each(PAIRS.map((pair) => [pair.request, pair] as const))(
    '%s: read from a snapshot taken while the first waited, the second is revision 2',
    (_, pair) => {
      const live = createToolpaneStore(options(pair.request));
      live.dispatchMany([...loadFixture(pair.request), END]);
      const store = createToolpaneStore({
        ...options(pair.request),
        initialState: deserializeState(JSON.parse(JSON.stringify(serializeState(live.getState())))),
      });
      store.dispatch(resumeSent(pair.key, pair.resumeData) as never);
      dispatchChecked(store, loadFixture(pair.first));
      expect(store.getState().toolCalls.get(pair.key)!.suspension!.revision).toBe(2);
    },
  );
});

/** Chunks that ask a person, as they come at the top level of a stream. */
const SUSPENDED =
  /^(?:tool-call-suspended|data-tool-call-suspended|(?:agent|workflow|tool)-execution-suspended)$/;

interface Recorded {
  readonly name: string;
  readonly index: number;
  readonly chunks: readonly Chunk[];
}

const recorded: Recorded[] = withSuspension.flatMap((name) => {
  const chunks = loadFixture(name) as Chunk[];
  return chunks.flatMap((chunk, index) =>
    SUSPENDED.test(chunk.type) ? [{ name, index, chunks }] : [],
  );
});

/** Where a suspension chunk sends the resume. */
function targetOf(chunk: Chunk, chunks: readonly Chunk[]): DecisionTarget {
  if (chunk.data !== undefined) {
    return { runId: String(chunk.data.runId), toolCallId: String(chunk.data.toolCallId) };
  }
  return { runId: chunk.runId ?? chunks[0]!.runId!, toolCallId: String(chunk.payload!.toolCallId) };
}

/** The chunk naming another run to resume. */
const elsewhere = (chunk: Chunk): Chunk =>
  chunk.data !== undefined
    ? { ...chunk, data: { ...chunk.data, runId: `${chunk.data.runId}-other` } }
    : { ...chunk, runId: `${chunk.runId}-other` };

/** The chunk with `field` of its suspension (`suspendPayload`, `resumeSchema`) changed. */
function changed(chunk: Chunk, field: 'suspendPayload' | 'resumeSchema'): Chunk {
  const value =
    field === 'suspendPayload'
      ? { question: 'Something else entirely?' }
      : JSON.stringify({ type: 'object', properties: { other: { type: 'string' } } });
  return chunk.data !== undefined
    ? { ...chunk, data: { ...chunk.data, [field]: value } }
    : { ...chunk, payload: { ...chunk.payload, [field]: value } };
}

/** The call waiting on a resume to `target`, with its suspension. */
function waitingOn(state: ToolpaneState, target: DecisionTarget) {
  return [...state.toolCalls.values()].find(
    (call) =>
      call.status === 'suspended' &&
      call.suspension?.target.runId === target.runId &&
      call.suspension.target.toolCallId === target.toolCallId,
  );
}

const label = ({ name, index, chunks }: Recorded) => `${name} #${index} ${chunks[index]!.type}`;

// A request chunk that comes before the call that asks (a network's execution names its run's
// calls by the request chunk) may find no call waiting on its target: skipped below.
describe('every recorded suspension chunk', () => {
  it.each(recorded.map((r) => [label(r), r] as const))(
    '%s: the same again keeps the revision, another run to resume is the next one',
    (_, { name, index, chunks }) => {
      const chunk = chunks[index]!;
      const store = createToolpaneStore(options(name));
      store.dispatchMany(chunks.slice(0, index + 1));
      const call = waitingOn(store.getState(), targetOf(chunk, chunks));
      if (call === undefined) return;
      const revision = call.suspension!.revision;
      expect(dispatchChecked(store, [chunk])).toEqual([]);
      // With the resume sent: the same again keeps it, and the data sent with it.
      store.dispatch(resumeSent(call.key, { sent: 1 }) as never);
      expect(dispatchChecked(store, [chunk])).toEqual([]);
      const moved = elsewhere(chunk);
      dispatchChecked(store, [moved]);
      const after = store.getState().toolCalls.get(call.key)!;
      expect(after.status).toBe('suspended');
      expect(after.suspension).toMatchObject({
        revision: revision + 1,
        target: targetOf(moved, chunks),
      });
      expect(after.suspension!.resumeData).toBeUndefined();
    },
  );

  it.each(recorded.map((r) => [label(r), r] as const))(
    '%s: another payload or schema never shows under the same revision',
    (_, { name, index, chunks }) => {
      for (const field of ['suspendPayload', 'resumeSchema'] as const) {
        const store = createToolpaneStore(options(name));
        store.dispatchMany(chunks.slice(0, index + 1));
        // Checked by dispatchChecked: shown changed means a new revision, or nothing changed.
        dispatchChecked(store, [changed(chunks[index]!, field)]);
      }
    },
  );

  // Where the chunk is the suspension itself (not Mastra's repeat of a nested one one level up),
  // another payload or schema is a new suspension the call waits on.
  const own = recorded.filter(
    ({ name, chunks, index }) =>
      [
        'suspend-request',
        'reservation-request',
        'aisdk-v6-reservation-request',
        'aisdk-v6-nested-suspend',
        'aisdk-v7-nested-suspend',
        'network-tool-suspend-request',
      ].includes(name) && SUSPENDED.test(chunks[index]!.type),
  );
  it.each(own.map((r) => [label(r), r] as const))(
    '%s: another payload or schema, even after the resume was sent, is the next revision',
    (_, { name, index, chunks }) => {
      for (const field of ['suspendPayload', 'resumeSchema'] as const) {
        const store = createToolpaneStore(options(name));
        store.dispatchMany(chunks.slice(0, index + 1));
        const call = waitingOn(store.getState(), targetOf(chunks[index]!, chunks));
        if (call === undefined) continue;
        // A payload shown hidden (raised inside a subagent) shows the same whatever it is: another
        // one is a new request all the same.
        store.dispatch(resumeSent(call.key, { sent: 1 }) as never);
        expect(dispatchChecked(store, [changed(chunks[index]!, field)])).toEqual([
          [0, call.key, 2],
        ]);
        const after = store.getState().toolCalls.get(call.key)!;
        expect(after.status).toBe('suspended');
        expect(after.suspension!.resumeData).toBeUndefined();
      }
    },
  );
  // Native, AI SDK and network suspensions, all of them.
  const kinds = new Set(
    own.map((r) =>
      isAiSdkRecording(r.name) ? 'aisdk' : r.name.startsWith('network') ? 'network' : 'native',
    ),
  );
  if (kinds.size !== 3) throw new Error(`Suspensions of ${[...kinds].join(', ')} only`);
});

describe('several runs in one store', () => {
  it('keeps each call its own revision', () => {
    const store = createToolpaneStore(options('suspend-again-request'));
    dispatchChecked(store, [...loadFixture('suspend-again-request'), END]);
    dispatchChecked(store, [...loadFixture('reservation-request'), END]);
    dispatchChecked(store, [...loadFixture('workflow-double-suspend-request'), END]);
    store.dispatch(resumeSent('call-verify-again-1', { code: '111111' }) as never);
    dispatchChecked(store, loadFixture('suspend-again-resume-first'));
    expect(revisions(store.getState())).toMatchObject({
      'call-verify-again-1': 2,
      'call-reserve-1': 1,
      'call-loan-wf-1': 1,
    });
  });
});
