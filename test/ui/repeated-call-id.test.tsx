import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { version } from 'react';
import { describe, expect, it } from 'vitest';
import { byteStream, loadFixture, toSse } from '../utils/fixtures';

/*
 * Two runs whose model numbers its calls per run, so both hold a call `call-del-1`: each run shows
 * a card of its own, and approving the second run's card answers the second run. Runs under
 * React 19 (unit) and React 18 (react18).
 */

type Chunk = { runId?: string; payload?: { args?: unknown } & Record<string, unknown> };

/** A recording replayed as another run: same toolCallIds, another runId and other arguments. */
function asRun(name: string, runId: string, args?: unknown): unknown[] {
  return (loadFixture(name) as Chunk[]).map((chunk) => {
    const payload =
      args !== undefined && chunk.payload?.args !== undefined
        ? { ...chunk.payload, args }
        : chunk.payload;
    return { ...chunk, ...(chunk.runId === undefined ? {} : { runId }), payload };
  });
}

const END = { type: 'toolpane/stream-end' };

function twoRuns() {
  const store = createToolpaneStore();
  store.dispatchMany([...asRun('approval-request', 'run-a', { id: 'first-record' }), END]);
  store.dispatchMany([...asRun('approval-approved', 'run-a'), END]);
  store.dispatchMany([...asRun('approval-request', 'run-b', { id: 'second-record' }), END]);
  const sent: Record<string, unknown>[] = [];
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'ops-agent',
    store,
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      // The server continues the run the decision names.
      const chunks = asRun('approval-approved', String(body.runId));
      return new Response(byteStream(toSse(chunks)), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    },
  });
  return { session, store, sent };
}

describe('a toolCallId that two runs reuse', () => {
  it('runs on the React version its project names', ({ task }) => {
    const major = task.file.projectName === 'react18' ? '18' : '19';
    expect(version.split('.')[0]).toBe(major);
  });

  it('renders a card per run, and approving the second card answers the second run', async () => {
    const user = userEvent.setup();
    const { session, store, sent } = twoRuns();
    const { container } = render(
      <ToolpaneProvider session={session}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    const runs = container.querySelectorAll('[data-slot="transcript-run"]');
    expect(runs).toHaveLength(2);
    const [first, second] = [...runs].map((run) =>
      within(run as HTMLElement).getByRole('group', { name: 'deleteTool' }),
    );
    expect(first).toHaveAttribute('data-status', 'output-available');
    expect(second).toHaveAttribute('data-status', 'approval-requested');
    // The approval shows the second run's arguments, not the first run's.
    expect(second).toHaveTextContent('second-record');
    expect(second).not.toHaveTextContent('first-record');
    // Only the second run's card asks for a decision.
    expect(screen.getAllByRole('button', { name: 'Approve deleteTool' })).toHaveLength(1);

    await user.click(within(second!).getByRole('button', { name: 'Approve deleteTool' }));
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'output-available'));
    expect(sent).toEqual([expect.objectContaining({ runId: 'run-b', toolCallId: 'call-del-1' })]);
    expect(first).toHaveAttribute('data-status', 'output-available');
    const state = store.getState();
    expect(state.toolCalls.get('call-del-1')?.runId).toBe('run-a');
    expect(state.toolCalls.get('call-del-1#2')).toMatchObject({
      runId: 'run-b',
      status: 'output-available',
    });
    expect(state.runs.get('run-b')?.status).toBe('finished');
  });
});
