import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AgentSession, createToolpaneStore, type FetchLike } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import {
  type DecisionResult,
  ToolpaneProvider,
  useAgent,
  useApproval,
  usePendingApprovals,
} from '@toolpane/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures.js';

interface Gate {
  readonly promise: Promise<Response>;
  open(response: Response): void;
}

function gate(): Gate {
  let open!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

interface Sent {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/**
 * A real session over a store that already holds `fixtures` (as it would after streaming them),
 * whose requests are answered by `respond` instead of a server.
 */
function sessionAfter(
  fixtures: readonly string[],
  respond: (route: string, signal: AbortSignal | undefined) => Promise<Response>,
) {
  const store = createToolpaneStore();
  for (const name of fixtures) store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: Sent[] = [];
  const fetch: FetchLike = (url, init) => {
    const route = url.slice(url.lastIndexOf('/') + 1);
    sent.push({ route, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return respond(route, init.signal ?? undefined);
  };
  const session = createAgentSession({
    baseUrl: 'http://localhost:4111',
    agentId: 'ops-agent',
    store,
    fetch,
  });
  return { session, store, sent };
}

function withSession(session: AgentSession) {
  return ({ children }: { children: ReactNode }) => (
    <ToolpaneProvider session={session}>{children}</ToolpaneProvider>
  );
}

describe('useApproval', () => {
  it('approves: requested, then sending while in flight, then approved', async () => {
    const reply = gate();
    const { session, sent } = sessionAfter(['approval-request'], () => reply.promise);
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: withSession(session),
    });
    expect(result.current).toMatchObject({
      status: 'requested',
      kind: 'approval',
      canRespond: true,
      error: undefined,
    });
    expect(result.current.approval?.toolName).toBe('deleteTool');

    let decided!: Promise<DecisionResult>;
    act(() => {
      decided = result.current.approve();
    });
    expect(result.current.status).toBe('sending');
    expect(result.current.canRespond).toBe(false);

    await act(async () => {
      reply.open(recordedResponse('approval-approved'));
      await expect(decided).resolves.toEqual({ ok: true });
    });
    expect(result.current.status).toBe('approved');
    expect(sent).toEqual([
      {
        route: 'approve-tool-call',
        body: expect.objectContaining({ toolCallId: 'call-del-1', runId: expect.any(String) }),
      },
    ]);
  });

  it('goes back to requested with the error when sending fails', async () => {
    const { session } = sessionAfter(['approval-request'], () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: withSession(session),
    });
    let outcome: DecisionResult | undefined;
    await act(async () => {
      outcome = await result.current.approve();
    });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('fetch failed') });
    expect(result.current.status).toBe('requested');
    expect(result.current.canRespond).toBe(true);
    expect(result.current.error).toContain('fetch failed');
    expect(result.current.approval?.error).toContain('fetch failed');
  });

  it('drops an old error once the call is answered', async () => {
    const { session, store } = sessionAfter(['approval-request'], () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: withSession(session),
    });
    await act(async () => {
      await result.current.approve();
    });
    expect(result.current.error).toContain('fetch failed');

    act(() => store.dispatchMany(loadFixture('approval-approved')));
    expect(result.current).toMatchObject({ status: 'approved', error: undefined });
  });

  it('declines with a reason', async () => {
    const { session, sent } = sessionAfter(['approval-request'], async () =>
      recordedResponse('approval-declined'),
    );
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: withSession(session),
    });
    await act(async () => {
      await result.current.decline('Keep the file');
    });
    expect(sent[0]).toMatchObject({
      route: 'decline-tool-call',
      body: { toolCallId: 'call-del-1', reason: 'Keep the file' },
    });
    expect(result.current.status).toBe('declined');
  });

  it('checks resume data against the schema before sending, then resumes', async () => {
    const { session, sent } = sessionAfter(['suspend-request'], async () =>
      recordedResponse('suspend-resume'),
    );
    const { result } = renderHook(() => useApproval('call-book-1'), {
      wrapper: withSession(session),
    });
    expect(result.current).toMatchObject({ status: 'suspended', kind: 'suspension' });

    let outcome: DecisionResult | undefined;
    await act(async () => {
      outcome = await result.current.resume({ note: 'window seat' });
    });
    expect(outcome?.ok).toBe(false);
    expect(result.current.fieldErrors).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/confirmed|^$/) }),
    ]);
    expect(result.current.status).toBe('suspended');
    expect(sent).toEqual([]);

    await act(async () => {
      outcome = await result.current.resume({ confirmed: true });
    });
    expect(outcome).toEqual({ ok: true });
    expect(result.current.fieldErrors).toEqual([]);
    expect(result.current.status).toBe('resumed');
    expect(sent[0]).toMatchObject({
      route: 'resume-stream',
      body: { toolCallId: 'call-book-1', resumeData: { confirmed: true } },
    });
  });

  it('routes an approval raised inside a subagent through the parent call', async () => {
    const { session, sent } = sessionAfter(['subagent-approval-request'], async () =>
      recordedResponse('subagent-approval-approved'),
    );
    const { result } = renderHook(
      () => ({ approval: useApproval('sub-del-1'), pending: usePendingApprovals() }),
      { wrapper: withSession(session) },
    );
    expect(result.current.pending.map((p) => p.toolCallId)).toEqual(['sub-del-1']);
    expect(result.current.approval.status).toBe('requested');

    await act(async () => {
      await result.current.approval.approve();
    });
    expect(sent[0]).toMatchObject({
      route: 'approve-tool-call',
      body: { toolCallId: 'call-ops-1' },
    });
    expect(result.current.approval.status).toBe('approved');
    expect(result.current.pending).toEqual([]);
  });

  it('says a session is needed when the provider has only a store', async () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('approval-request'));
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: ({ children }) => <ToolpaneProvider store={store}>{children}</ToolpaneProvider>,
    });
    expect(result.current).toMatchObject({ status: 'requested', canRespond: false });
    let outcome: DecisionResult | undefined;
    await act(async () => {
      outcome = await result.current.approve();
    });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('session') });
    expect(result.current.error).toContain('session');
    expect(result.current.status).toBe('requested');
  });

  it('reports `none` for a call that needs no decision', () => {
    const { session } = sessionAfter(['tool-then-text'], async () =>
      recordedResponse('tool-then-text'),
    );
    const { result } = renderHook(() => useApproval('call-weather-1'), {
      wrapper: withSession(session),
    });
    expect(result.current).toMatchObject({ status: 'none', kind: undefined, canRespond: false });
  });
});

function ApprovalButtons({ toolCallId }: { toolCallId: string }) {
  const { status, approve, decline, canRespond, error } = useApproval(toolCallId);
  return (
    <fieldset aria-label="Approval" aria-busy={status === 'sending'} data-status={status}>
      <button type="button" disabled={!canRespond} onClick={() => void approve()}>
        Approve
      </button>
      <button type="button" disabled={!canRespond} onClick={() => void decline()}>
        Decline
      </button>
      {error === undefined ? null : <p role="alert">{error}</p>}
    </fieldset>
  );
}

describe('a decision on what the person saw', () => {
  it('sends nothing for a request that changed after the card was drawn', async () => {
    const { session, store, sent } = sessionAfter(['approval-request'], () =>
      Promise.resolve(recordedResponse('approval-approved')),
    );
    const { result } = renderHook(() => useApproval('call-del-1'), {
      wrapper: withSession(session),
    });
    // What the person clicks: the handle of the render they saw.
    const drawn = result.current;
    expect(drawn.approval?.revision).toBe(1);
    const request = loadFixture('approval-request').find(
      (chunk) => (chunk as { type: string }).type === 'tool-call-approval',
    ) as { payload: object };
    // Mastra asks again with other arguments: a new request (revision 2).
    act(() => {
      store.dispatch({
        ...request,
        payload: { ...request.payload, args: { id: 'ALL-RECORDS' } },
      });
    });
    expect(result.current.approval?.revision).toBe(2);
    for (const decide of [() => drawn.approve(), () => drawn.decline('no')]) {
      let outcome: DecisionResult | undefined;
      await act(async () => {
        outcome = await decide();
      });
      expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('changed') });
    }
    expect(sent).toEqual([]);
    // The card drawn with the new request decides on it.
    await act(async () => {
      await expect(result.current.approve()).resolves.toEqual({ ok: true });
    });
    expect(sent.map((request) => request.route)).toEqual(['approve-tool-call']);
  });
});

describe('an approval card on useApproval', () => {
  it('disables its buttons while the decision is in flight', async () => {
    const user = userEvent.setup();
    const reply = gate();
    const { session } = sessionAfter(['approval-request'], () => reply.promise);
    render(
      <ToolpaneProvider session={session}>
        <ApprovalButtons toolCallId="call-del-1" />
      </ToolpaneProvider>,
    );
    const group = screen.getByRole('group', { name: 'Approval' });

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();

    reply.open(recordedResponse('approval-approved'));
    await waitFor(() => expect(group).toHaveAttribute('data-status', 'approved'));
    expect(group).toHaveAttribute('aria-busy', 'false');
  });
});

describe('useAgent with a session', () => {
  it('streams on send, then goes idle; waits while an approval is pending', async () => {
    const reply = gate();
    const { session, sent } = sessionAfter(['approval-request'], () => reply.promise);
    const { result } = renderHook(() => useAgent(), { wrapper: withSession(session) });
    expect(result.current).toMatchObject({ status: 'waiting', hasSession: true });

    let done!: Promise<unknown>;
    act(() => {
      done = result.current.send('What is the weather in Paris?');
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.status).toBe('streaming');

    await act(async () => {
      reply.open(recordedResponse('tool-then-text'));
      await done;
    });
    expect(sent[0]).toMatchObject({
      route: 'stream',
      body: { messages: 'What is the weather in Paris?' },
    });
    expect(result.current.status).toBe('waiting');
  });

  it('aborts the open stream', async () => {
    // Like fetch, the pending request fails once its signal aborts.
    const { session } = sessionAfter(
      [],
      (_, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const { result } = renderHook(() => useAgent(), { wrapper: withSession(session) });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.send('hello');
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.status).toBe('streaming');
    await act(async () => {
      result.current.abort();
      await expect(done).resolves.toMatchObject({ status: 'aborted' });
    });
    expect(result.current.status).toBe('idle');
  });
});
