import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { SubagentRun, WorkflowRun } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function storeOf(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) {
    store.dispatchMany(loadFixture(name));
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  return store;
}

function renderWith(store: ToolpaneStore, ui: ReactNode) {
  return render(<ToolpaneProvider store={store}>{ui}</ToolpaneProvider>);
}

describe('SubagentRun', () => {
  it('shows the answer first, then the task and its own tool call; the rest collapsed', () => {
    const { container } = renderWith(
      storeOf('subagent'),
      <SubagentRun.Root toolCallId="call-agent-1" />,
    );
    const card = screen.getByRole('group', { name: 'weather' });
    expect(card).toHaveAttribute('data-status', 'output-available');
    expect(within(card).getByRole('button', { name: /^Subagent\s*weather/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const content = card.querySelector('[data-slot="subagent-run-content"]')!;
    expect([...content.children].map((child) => child.getAttribute('data-slot'))).toEqual([
      'subagent-run-answer',
      'subagent-run-task',
      'subagent-run-thread',
      'subagent-run-details',
    ]);
    expect(content.firstElementChild).toHaveTextContent('Paris: 21°C, sunny.');
    expect(within(card).getByText('What is the weather in Paris?')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'weatherTool' })).toBeInTheDocument();
    // The answer once: not again as a text part, nor as the result's text, nor as what the
    // model saw (which is the same text).
    expect(container.textContent?.split('Paris: 21°C, sunny.')).toHaveLength(2);
    expect(card.querySelector('[data-slot="tool-call-model-output"]')).toBeNull();
    // The full result with the thread and resource ids is there, collapsed.
    const details = card.querySelector('details[data-slot="subagent-run-details"]')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('8e713267-7778-40bb-86ea-3a356d1ffe9c');
  });

  it('keeps its title from the first chunk to the last', () => {
    const store = createToolpaneStore();
    const chunks = loadFixture('subagents-parallel');
    const agentCall = chunks.findIndex((chunk) => JSON.stringify(chunk).includes('agent-forecast'));
    store.dispatchMany(chunks.slice(0, agentCall + 1));
    renderWith(store, <SubagentRun.Root toolCallId="call-forecast-paris-1" />);
    const card = screen.getByRole('group', { name: 'forecast' });
    const title = () => card.querySelector('[data-slot="subagent-run-title"]')?.textContent;
    expect(title()).toBe('forecast');
    act(() => {
      store.dispatchMany(chunks.slice(agentCall + 1));
      store.dispatch({ type: 'toolpane/stream-end' });
    });
    expect(card).toHaveAttribute('data-status', 'output-available');
    expect(title()).toBe('forecast');
    expect(card).toHaveAccessibleName('forecast');
  });

  it('nests a subagent of a subagent, one level deeper, with its data part inside', async () => {
    const user = userEvent.setup();
    renderWith(storeOf('subagent-two-level'), <SubagentRun.Root toolCallId="call-research-1" />);
    const outer = screen.getByRole('group', { name: 'research' });
    const inner = within(outer).getByRole('group', { name: 'weather' });
    expect(outer).toHaveAttribute('data-depth', '1');
    expect(inner).toHaveAttribute('data-depth', '2');
    expect(within(inner).getByRole('group', { name: 'stationTool' })).toBeInTheDocument();
    expect(inner.querySelector('[data-slot="transcript-data"]')).toHaveTextContent(
      'station-status',
    );
    await user.click(within(outer).getByRole('button', { name: /^Subagent\s*research/ }));
    expect(outer).toHaveAttribute('data-state', 'closed');
  });

  it('attributes parallel subagents to their own calls', () => {
    renderWith(
      storeOf('subagents-parallel'),
      <>
        <SubagentRun.Root toolCallId="call-forecast-paris-1" />
        <SubagentRun.Root toolCallId="call-forecast-tokyo-1" />
      </>,
    );
    const [paris, tokyo] = screen.getAllByRole('group', { name: 'forecast' });
    expect(paris).toHaveTextContent('Weather for Paris');
    expect(paris).not.toHaveTextContent('Tokyo');
    expect(tokyo).toHaveTextContent('Weather for Tokyo');
  });

  it('shows a nested approval on the inner card and opens a collapsed subagent for it', () => {
    renderWith(
      storeOf('nested-approval-request'),
      <SubagentRun.Root toolCallId="call-ops-1" defaultOpen={false} />,
    );
    const outer = screen.getByRole('group', { name: 'ops' });
    expect(outer).toHaveAttribute('data-state', 'open');
    const inner = within(outer).getByRole('group', { name: 'deleteTool' });
    expect(inner).toHaveAttribute('data-status', 'approval-requested');
    expect(within(inner).getByRole('button', { name: 'Approve deleteTool' })).toHaveFocus();
  });
});

describe('WorkflowRun', () => {
  it('lists the steps with their status, and opens a step to its output', async () => {
    const user = userEvent.setup();
    renderWith(storeOf('workflow-tool'), <WorkflowRun.Root toolCallId="call-report-1" />);
    const steps = screen.getByRole('list', { name: 'Steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('data-status')])).toEqual([
      [expect.stringContaining('fetch-figures'), 'success'],
      [expect.stringContaining('summarize'), 'success'],
    ]);
    await user.click(within(steps).getByRole('button', { name: /summarize/ }));
    expect(items[1]).toHaveTextContent('Q3 sales: revenue 1250000, growth 12%');
  });
});
