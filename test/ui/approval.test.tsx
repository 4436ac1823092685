import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AgentSession, createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { Approval, ToolCall, ToolpaneAnnouncer } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures';

interface Server {
  readonly session: AgentSession;
  readonly sent: Array<{ route: string; body: Record<string, unknown> }>;
}

/** A real session on a store fed with `requests`; its server answers each route with a recording. */
function serve(
  requests: readonly string[],
  answers: Readonly<Record<string, string>>,
  { failFirst = false } = {},
): Server {
  const store = createToolpaneStore();
  for (const name of requests) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  const sent: Server['sent'] = [];
  let failures = failFirst ? 1 : 0;
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'ops-agent',
    store,
    fetch: async (url, init) => {
      const route = url.slice(url.lastIndexOf('/') + 1);
      sent.push({ route, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const fixture = answers[route];
      if (failures > 0 || fixture === undefined) {
        failures -= 1;
        return new Response('{"error":"Service unavailable"}', {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      return recordedResponse(fixture);
    },
  });
  return { session, sent };
}

function renderCard(session: AgentSession, toolCallId: string) {
  return render(
    <ToolpaneProvider session={session}>
      <ToolCall.Root toolCallId={toolCallId} />
      <ToolpaneAnnouncer />
    </ToolpaneProvider>,
  );
}

describe('Approval', () => {
  it('labels both buttons with the tool name and focuses Approve when the request appears', () => {
    const { session } = serve(['approval-request'], {});
    renderCard(session, 'call-del-1');
    const group = screen.getByRole('group', { name: 'Approval for deleteTool' });
    expect(group).toHaveAttribute('data-state', 'requested');
    expect(within(group).getByRole('button', { name: 'Approve deleteTool' })).toHaveFocus();
    expect(within(group).getByRole('button', { name: 'Decline deleteTool' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('deleteTool needs your approval.');
  });

  it('approves through the session, then shows the outcome and gives focus to the card header', async () => {
    const user = userEvent.setup();
    const { session, sent } = serve(['approval-request'], {
      'approve-tool-call': 'approval-approve',
    });
    renderCard(session, 'call-del-1');
    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));
    const card = screen.getByRole('group', { name: 'deleteTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'));
    expect(sent).toEqual([
      {
        route: 'approve-tool-call',
        body: expect.objectContaining({
          runId: 'c27e2889-abbf-4218-a6ec-67f6ee1f7ad3',
          toolCallId: 'call-del-1',
        }),
      },
    ]);
    expect(within(card).getByText('Approved:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve deleteTool' })).toBeNull();
    expect(within(card).getByRole('button', { name: /deleteTool/ })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('deleteTool was approved.');
  });

  it('declines with the typed reason', async () => {
    const user = userEvent.setup();
    const { session, sent } = serve(['approval-decline-request'], {
      'decline-tool-call': 'approval-decline',
    });
    renderCard(session, 'call-del-1');
    await user.type(
      screen.getByRole('textbox', { name: 'Reason for declining deleteTool (optional)' }),
      'Not today',
    );
    await user.click(screen.getByRole('button', { name: 'Decline deleteTool' }));
    const card = screen.getByRole('group', { name: 'deleteTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-denied'));
    expect(sent[0]?.body).toEqual(expect.objectContaining({ reason: 'Not today' }));
    expect(within(card).getByText(/Declined:/)).toHaveTextContent('(Not today)');
    expect(screen.getByRole('status')).toHaveTextContent('deleteTool was declined.');
  });

  it('keeps the buttons focusable but inert while the decision is on its way', () => {
    const { session } = serve(['approval-request'], {});
    session.store.dispatch({ type: 'toolpane/decision-sent', toolCallId: 'call-del-1' });
    renderCard(session, 'call-del-1');
    const approve = screen.getByRole('button', { name: 'Approve deleteTool' });
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    expect(approve).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Decline deleteTool' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(screen.getByText(/waiting for/)).toHaveTextContent('Approved; waiting for deleteTool…');
  });

  it('shows why sending failed and sends the same decision again on "Try again"', async () => {
    const user = userEvent.setup();
    const { session, sent } = serve(
      ['approval-request'],
      { 'approve-tool-call': 'approval-approve' },
      { failFirst: true },
    );
    renderCard(session, 'call-del-1');
    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));
    const retry = await screen.findByRole('button', { name: 'Try again: approve deleteTool' });
    const group = screen.getByRole('group', { name: 'Approval for deleteTool' });
    expect(group).toHaveAttribute('data-state', 'failed');
    expect(group.querySelector('[data-slot="approval-error"]')).toHaveTextContent(
      'Service unavailable',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sending the decision for deleteTool failed',
    );
    // The failed attempt was never announced as approved.
    expect(screen.getByRole('status')).not.toHaveTextContent('deleteTool was approved.');
    await user.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'deleteTool' })).toHaveAttribute(
        'data-status',
        'output-available',
      ),
    );
    expect(sent.map((request) => request.route)).toEqual([
      'approve-tool-call',
      'approve-tool-call',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('deleteTool was approved.'),
    );
  });

  it('renders nothing for a call without an approval', () => {
    const store = createToolpaneStore();
    store.dispatchMany(loadFixture('tool-call-then-text'));
    const { container } = render(
      <ToolpaneProvider store={store}>
        <Approval.Root toolCallId="call-1" />
      </ToolpaneProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
