import { act, render, screen, within } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall, ToolCallCard, Transcript } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { openEverything } from '../utils/dom';
import { loadFixture } from '../utils/fixtures';

/** The admin token the provisioning agent's tool hides (scripts/record/composite.ts). */
const SECRET = 'adm-workflow-step-secret-84';
const END = { type: 'toolpane/stream-end' };

/*
 * A workflow whose step runs an agent (scripts/record/composite.ts, `workflow-agent-step`): the
 * workflow's card shows the agent's run under its steps, the agent's tool call a card of its own
 * with its arguments as the tool's display transform shows them, after any chunk.
 */

function show(ui: ReactNode, chunks: readonly unknown[]) {
  const store = createToolpaneStore();
  const view = render(<ToolpaneProvider store={store}>{ui}</ToolpaneProvider>);
  return { store, view, chunks };
}

describe('an agent that runs as a workflow step', () => {
  it.each([
    ['in the transcript', <Transcript.Root key="t" />],
    ['in a tool-call card', <ToolCallCard key="c" toolCallId="call-onboard-1" />],
  ])('shows its run and tool call inside the workflow card %s', (_, ui) => {
    const { store, view } = show(ui, []);
    const chunks = [...loadFixture('workflow-agent-step'), END];
    for (const chunk of chunks) {
      act(() => store.dispatch(chunk));
      openEverything();
      expect(view.container.textContent).not.toContain(SECRET);
    }
    const workflow = screen.getByRole('group', { name: 'workflow-onboard' });
    const runs = workflow.querySelector('[data-slot="tool-call-runs"]') as HTMLElement;
    expect(runs).toHaveTextContent('Agents in its steps');
    const grant = within(runs).getByRole('group', { name: 'grantAccessTool' });
    expect(grant).toHaveAttribute('data-status', 'output-available');
    expect(grant).toHaveTextContent('E-311');
    expect(grant).toHaveTextContent('••••');
    expect(runs).toHaveTextContent('payroll');
  });

  it('shows no runs inside a bare ToolCall.Root, which has no thread to draw them', () => {
    const { store, view } = show(<ToolCall.Root toolCallId="call-onboard-1" defaultOpen />, []);
    act(() => store.dispatchMany([...loadFixture('workflow-agent-step'), END]));
    expect(view.container.querySelector('[data-slot="tool-call-runs"]')).toBeNull();
    expect(view.container.textContent).not.toContain(SECRET);
  });
});
