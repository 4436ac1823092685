import { act, render, screen, within } from '@testing-library/react';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall, ToolCallCard } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

const EXPIRED = 'Mastra no longer holds this run, so this decision can no longer be sent.';

function recorded(name: string): ToolpaneStore {
  const store = createToolpaneStore();
  store.dispatchMany(loadFixture(name));
  store.dispatch({ type: 'toolpane/stream-end' });
  return store;
}

function renderWithSession(store: ToolpaneStore, toolCallId: string) {
  const requests: string[] = [];
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'ops-agent',
    store,
    fetch: async (url) => {
      requests.push(url);
      return new Response(null, { status: 500 });
    },
  });
  render(
    <ToolpaneProvider session={session}>
      <ToolCall.Root toolCallId={toolCallId} />
    </ToolpaneProvider>,
  );
  return requests;
}

describe('a call the store does not have', () => {
  it.each([
    ['ToolCall.Root', (id: string) => <ToolCall.Root toolCallId={id} />],
    ['ToolCallCard', (id: string) => <ToolCallCard toolCallId={id} />],
  ])('%s shows a note that says so, not nothing', (_, card) => {
    const store = recorded('tool-then-text');
    render(<ToolpaneProvider store={store}>{card('call-from-elsewhere')}</ToolpaneProvider>);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Tool call call-from-elsewhere is not in this conversation.');
    expect(note).toHaveAttribute('data-slot', 'tool-call-missing');
  });

  it('takes a note of the app instead, and shows the card once the call arrives', () => {
    const store = createToolpaneStore();
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId="call-1" missing={<p>Loading the call…</p>} />
      </ToolpaneProvider>,
    );
    expect(screen.getByText('Loading the call…')).toBeInTheDocument();
    act(() => store.dispatchMany(loadFixture('tool-call-then-text')));
    expect(screen.queryByText('Loading the call…')).toBeNull();
    expect(screen.getByRole('group', { name: 'weatherTool' })).toBeInTheDocument();
  });
});

describe('a decision Mastra no longer holds', () => {
  it('an approval says so instead of offering buttons, and sends nothing', () => {
    const store = recorded('approval-request');
    const requests = renderWithSession(store, 'call-del-1');
    expect(screen.getByRole('button', { name: /Approve/ })).toBeInTheDocument();
    act(() =>
      store.dispatch({
        type: 'toolpane/decision-expired',
        toolCallId: 'call-del-1',
        message: EXPIRED,
      }),
    );
    const card = screen.getByRole('group', { name: 'deleteTool' });
    expect(within(card).queryAllByRole('button', { name: /Approve|Decline/ })).toEqual([]);
    expect(card.querySelector('[data-slot="decision-expired"]')).toHaveTextContent(EXPIRED);
    expect(card.querySelector('[data-slot="tool-call-status"]')).toHaveTextContent('Expired');
    expect(requests).toEqual([]);
  });

  it('a suspension says so instead of offering its form', () => {
    const store = recorded('suspend-request');
    renderWithSession(store, 'call-book-1');
    expect(screen.getByRole('button', { name: /Resume|Confirm|Send/ })).toBeInTheDocument();
    act(() =>
      store.dispatch({
        type: 'toolpane/decision-expired',
        toolCallId: 'call-book-1',
        message: EXPIRED,
      }),
    );
    expect(screen.queryByRole('button', { name: /Resume|Confirm|Send/ })).toBeNull();
    expect(document.querySelector('[data-slot="decision-expired"]')).toHaveTextContent(EXPIRED);
    // What the tool asked stays readable.
    expect(document.querySelector('[data-slot="resume-form-payload"]')).not.toBeNull();
  });
});
