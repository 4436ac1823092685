import { act, renderHook, waitFor } from '@testing-library/react';
import {
  createToolpaneStore,
  type FetchLike,
  selectPendingApprovals,
  type ToolpaneStore,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { createAgentSession } from '@toolpane/client/session';
import { type DecisionResult, ToolpaneProvider, useApproval } from '@toolpane/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures.js';

/*
 * A decision goes where the request the person saw named. When the stream repeats the request
 * naming another run, the card waits for the person again, and only a decision made on the new
 * request is sent there: nothing the person decided before goes to the new target.
 */

interface Chunk {
  readonly type: string;
  readonly runId?: string;
  readonly payload?: Record<string, unknown>;
}

interface Sent {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/** Recorded requests, top-level, nested and in an agent network, with their continuations. */
const SCENARIOS = [
  { request: 'approval-request', continuation: 'approval-approved', kind: 'approval' },
  { request: 'nested-approval-request', continuation: 'nested-approval-approve', kind: 'approval' },
  {
    request: 'approval-two-level-request',
    continuation: 'approval-two-level-approve',
    kind: 'approval',
  },
  {
    request: 'network-approval-request',
    continuation: 'network-approval-approve',
    kind: 'approval',
  },
  { request: 'suspend-request', continuation: 'suspend-resume', kind: 'suspension' },
  { request: 'nested-suspend-request', continuation: 'nested-suspend-resume', kind: 'suspension' },
] as const;

type Scenario = (typeof SCENARIOS)[number];

/** The request chunk the stream asked the person with last: the one that names the target. */
function lastRequest(name: string): Chunk {
  const chunks = loadFixture(name) as Chunk[];
  return [...chunks]
    .reverse()
    .find((chunk) =>
      /^(?:tool-call-(?:approval|suspended)|agent-execution-(?:approval|suspended))$/.test(
        chunk.type,
      ),
    )!;
}

/** What the issue says of a request that names another target than the one shown. */
const MOVED = 'now names another run or call';

/** The same request naming another run. */
const elsewhere = (chunk: Chunk): Chunk => ({ ...chunk, runId: `${chunk.runId}-elsewhere` });

/**
 * A real session over a store that holds `name` as streamed, whose decisions are answered with the
 * `continuation` recording. `hold` keeps each request from going out until it is let go (its
 * headers are not ready), as a slow token provider does.
 */
function sessionAfter(name: string, continuation: string) {
  const store = createToolpaneStore({ families: [network] });
  store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      route: url.slice(url.lastIndexOf('/') + 1),
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    return recordedResponse(continuation);
  };
  const held: (() => void)[] = [];
  let holding = false;
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'ops-agent',
    store,
    fetch,
    headers: () =>
      holding ? new Promise((resolve) => held.push(() => resolve({}))) : Promise.resolve({}),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider session={session}>{children}</ToolpaneProvider>
  );
  const hold = (on: boolean) => {
    holding = on;
  };
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  return { store, sent, wrapper, hold, release };
}

/** The key of the call that shows the request (for a nested one, the inner call). */
function waitingKey(store: ToolpaneStore): string {
  const [pending] = selectPendingApprovals(store.getState());
  return pending!.key;
}

/** The person's decision on a handle: approve, or resume with data the schema takes. */
const decideOn = (
  handle: ReturnType<typeof useApproval>,
  kind: Scenario['kind'],
): Promise<DecisionResult> =>
  kind === 'approval' ? handle.approve() : handle.resume({ confirmed: true, note: 'ok' });

/** Where a sent decision went: the run, and the call when the route names one. */
const whereSent = ({ body }: Sent) => [body.runId, body.toolCallId];

const label = (scenario: Scenario) => scenario.request;

describe('a request repeated naming another run', () => {
  it.each(SCENARIOS.filter((s) => s.kind === 'approval').map((s) => [label(s), s] as const))(
    '%s: a card drawn before the move sends nothing; the person decides again, and it goes there',
    async (_, scenario) => {
      const { store, sent, wrapper } = sessionAfter(scenario.request, scenario.continuation);
      const key = waitingKey(store);
      const { result } = renderHook(() => useApproval(key), { wrapper });
      const drawn = result.current;
      expect(drawn).toMatchObject({ status: 'requested', approval: { revision: 1 } });
      const before = drawn.approval!.target;
      const request = elsewhere(lastRequest(scenario.request));
      act(() => store.dispatch(request));
      // The card waits for the person again, on a new request.
      expect(result.current).toMatchObject({
        status: 'requested',
        canRespond: true,
        approval: { revision: 2, target: { runId: request.runId } },
      });
      expect(result.current.approval!.decision).toBeUndefined();
      expect(store.getState().issues).toContainEqual(
        expect.objectContaining({ kind: 'decision', message: expect.stringContaining(MOVED) }),
      );
      // What the person clicked on the card as it was before: nothing goes anywhere.
      let outcome: DecisionResult | undefined;
      await act(async () => {
        outcome = await drawn.approve();
      });
      expect(outcome).toMatchObject({ ok: false });
      expect(sent).toEqual([]);
      expect(result.current.status).toBe('requested');
      // Decided again, on the request as it is now: it goes to the run it names.
      await act(async () => {
        await result.current.approve();
      });
      expect(sent.map(whereSent)).toEqual([
        [request.runId, before.network ? undefined : before.toolCallId],
      ]);
    },
  );

  it.each(SCENARIOS.map((s) => [label(s), s] as const))(
    '%s: a decision not yet out when the request moves is not sent; the next one goes there',
    async (_, scenario) => {
      const { store, sent, wrapper, hold, release } = sessionAfter(
        scenario.request,
        scenario.continuation,
      );
      const key = waitingKey(store);
      const { result } = renderHook(() => useApproval(key), { wrapper });
      const before = (result.current.approval ?? result.current.suspension)!.target;
      hold(true);
      let first!: Promise<DecisionResult>;
      act(() => {
        first = decideOn(result.current, scenario.kind);
      });
      // Resume data is checked against its schema before the decision is marked sent.
      await waitFor(() => expect(result.current.status).toBe('sending'));
      expect(store.getState().toolCalls.get(key)!.status).toBe('approval-responded');
      const request = elsewhere(lastRequest(scenario.request));
      act(() => store.dispatch(request));
      // Back to waiting for the person, the decision dropped.
      const call = store.getState().toolCalls.get(key)!;
      expect(call.status).toBe(scenario.kind === 'approval' ? 'approval-requested' : 'suspended');
      expect(call.approval?.decision).toBeUndefined();
      expect(call.suspension?.resumeData).toBeUndefined();
      expect(store.getState().issues).toContainEqual(
        expect.objectContaining({ kind: 'decision', message: expect.stringContaining(MOVED) }),
      );
      await act(async () => {
        release();
        await expect(first).resolves.toMatchObject({ ok: false });
      });
      expect(sent).toEqual([]);
      expect(result.current.status).toBe(scenario.kind === 'approval' ? 'requested' : 'suspended');
      if (scenario.kind === 'approval') expect(result.current.approval!.revision).toBe(2);
      hold(false);
      await act(async () => {
        await decideOn(result.current, scenario.kind);
      });
      expect(sent.map(whereSent)).toEqual([
        [request.runId, before.network ? undefined : before.toolCallId],
      ]);
    },
  );
});
