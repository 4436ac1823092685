// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentSession } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestMastra, TAGGED_AGENT_ID } from './agents.ts';
import { startMastraServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startMastraServer(createTestMastra());
});

afterEach(() => cleanup());

afterAll(async () => {
  await server.close();
});

/** A session on the tagged agent whose requests the server can tell apart by `cell`. */
function open(cell: string) {
  const session = createAgentSession({
    baseUrl: server.baseUrl,
    agentId: TAGGED_AGENT_ID,
    headers: { 'x-test-cell': cell },
  });
  const requests = (route: string) =>
    server.requestsTo(route).filter((request) => request.headers['x-test-cell'] === cell);
  return { session, requests };
}

function renderTranscript(session: AgentSession) {
  render(
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>,
  );
}

describe('the UI after a failed decision', () => {
  it('shows the server error on the approval, then approves on "Try again"', async () => {
    const user = userEvent.setup();
    const { session, requests } = open('ui approve 500');
    expect((await session.send('delete one')).status).toBe('done');
    renderTranscript(session);
    // One failure only: the fault is gone once it answered.
    server.inject({
      route: 'approve-tool-call',
      action: { kind: 'fail', status: 500, message: 'Database unavailable' },
    });

    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));

    const retry = await screen.findByRole('button', { name: 'Try again: approve deleteTool' });
    const group = screen.getByRole('group', { name: 'Approval for deleteTool' });
    expect(group).toHaveAttribute('data-state', 'failed');
    expect(group).not.toHaveAttribute('aria-busy');
    expect(
      within(group).getByText('HTTP 500 Internal Server Error: Database unavailable'),
    ).toBeInTheDocument();
    expect(requests('approve-tool-call')).toHaveLength(1);

    await user.click(retry);

    expect(await screen.findByText('Record one was deleted.')).toBeInTheDocument();
    expect(screen.getByText('Approved:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(
      screen.queryByText('HTTP 500 Internal Server Error: Database unavailable'),
    ).not.toBeInTheDocument();
    // Screen readers heard of the failure, and last of the approval.
    const heard = [...screen.getByRole('status').querySelectorAll('p')].map((p) => p.textContent);
    expect(heard).toContain(
      'Sending the decision for deleteTool failed: HTTP 500 Internal Server Error: Database unavailable',
    );
    expect(heard.at(-1)).toBe('deleteTool was approved.');
    expect(requests('approve-tool-call')).toHaveLength(2);
  });

  it('never offers an approval the server accepted again, even when its stream was empty', async () => {
    const user = userEvent.setup();
    const { session, requests } = open('ui approve empty');
    expect((await session.send('delete one')).status).toBe('done');
    renderTranscript(session);
    server.inject({ route: 'approve-tool-call', action: { kind: 'empty' } });

    await user.click(screen.getByRole('button', { name: 'Approve deleteTool' }));

    // The decision was taken: the card ends with the error and nothing can send it again.
    await waitFor(() =>
      expect(session.store.getState().toolCalls.get('call-delete-one')?.status).toBe(
        'output-error',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Approve deleteTool' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again: approve deleteTool' })).toBeNull();
    expect(session.store.getState().toolCalls.get('call-delete-one')?.error).toEqual({
      kind: 'raw',
      value: 'The server accepted the decision but its stream did not continue the call',
    });
    expect(screen.getByRole('group', { name: 'deleteTool' })).toHaveAttribute(
      'data-status',
      'output-error',
    );
    expect(requests('approve-tool-call')).toHaveLength(1);
  });

  it('shows a lost connection on the resume form, then resumes on "Try again"', async () => {
    const user = userEvent.setup();
    const { session, requests } = open('ui resume reset');
    expect((await session.send('book one')).status).toBe('done');
    renderTranscript(session);
    server.inject({ route: 'resume-stream', action: { kind: 'reset' } });
    const form = screen.getByRole('form', { name: 'Resume bookTableTool' });

    await user.click(within(form).getByRole('checkbox', { name: 'Confirmed' }));
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));

    const retry = await within(form).findByRole('button', { name: 'Try again bookTableTool' });
    expect(within(form).getByText(/^The request failed: /)).toBeInTheDocument();
    expect(requests('resume-stream')).toHaveLength(1);

    await user.click(retry);

    expect(
      await screen.findByText('Your table for 4 at Chez Marie is booked.'),
    ).toBeInTheDocument();
    expect(form).toHaveAttribute('data-state', 'resumed');
    expect(within(form).queryByRole('button')).not.toBeInTheDocument();
    expect(within(form).queryByText(/^The request failed: /)).not.toBeInTheDocument();
    expect(requests('resume-stream').map((request) => request.body)).toEqual([
      expect.objectContaining({ toolCallId: 'call-book-one', resumeData: { confirmed: true } }),
      expect.objectContaining({ toolCallId: 'call-book-one', resumeData: { confirmed: true } }),
    ]);
  });
});
