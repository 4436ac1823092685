import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolCall, ToolCallCard, WorkflowRun, type WorkflowRunRootProps } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import workflowAgentStep from '../test/fixtures/workflow-agent-step.jsonl?raw';
import workflowErrorHidden from '../test/fixtures/workflow-error-hidden.jsonl?raw';
import workflowNestedDeep from '../test/fixtures/workflow-nested-deep.jsonl?raw';
import workflowParallelSuspend from '../test/fixtures/workflow-parallel-suspend-request.jsonl?raw';
import workflowTool from '../test/fixtures/workflow-tool.jsonl?raw';
import { Recorded, type Recording } from './support/recorded';
import { afterChunk } from './support/replay';

function recorded(recordings: readonly Recording[]): {
  render: (args: WorkflowRunRootProps) => ReactElement;
} {
  return {
    render: (args) => (
      <Recorded recordings={recordings}>
        <ToolCall.Root toolCallId={args.toolCallId} defaultOpen>
          <ToolCall.Trigger />
          <ToolCall.Content>
            <ToolCall.Input />
            <WorkflowRun.Root {...args} />
            <ToolCall.Results />
          </ToolCall.Content>
        </ToolCall.Root>
      </Recorded>
    ),
  };
}

/** The steps of a workflow the agent ran as a `workflow-*` tool, with their status. */
const meta = {
  title: 'WorkflowRun',
  component: WorkflowRun.Root,
  args: { toolCallId: 'call-report-1' },
  ...recorded([workflowTool]),
} satisfies Meta<typeof WorkflowRun.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both steps succeeded; open a step to see its output. */
export const Finished: Story = {
  play: async ({ canvasElement }) => {
    const run = canvasElement.querySelector('[data-slot="workflow-run"]');
    await expect(run).toHaveAttribute('data-status', 'success');
    const steps = within(canvasElement).getByRole('list', { name: 'Steps' });
    const items = within(steps).getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'success',
      'success',
    ]);
    const summarize = within(steps).getByRole('button', { name: /summarize/ });
    await userEvent.click(summarize);
    await expect(summarize).toHaveAttribute('aria-expanded', 'true');
    await expect(items[1]).toHaveTextContent('Q3 sales: revenue 1250000, growth 12%');
  },
};

/** The first step finished and the second is running. */
export const Running: Story = {
  ...recorded([[workflowTool, afterChunk('tool-output', { nth: 4 })]]),
  play: async ({ canvasElement }) => {
    const run = canvasElement.querySelector('[data-slot="workflow-run"]');
    await expect(run).toHaveAttribute('data-status', 'running');
    await expect(run).toHaveAttribute('aria-busy', 'true');
  },
};

/** Dark theme. */
export const FinishedDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="workflow-run"]')).not.toBeNull();
  },
};

/**
 * A workflow that ran two nested workflows side by side, one of them running a third: each nested
 * workflow's steps show in a list inside the step that ran it.
 */
export const Nested: Story = {
  args: { toolCallId: 'call-dispatch-1' },
  ...recorded([workflowNestedDeep]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const names = (list: HTMLElement) =>
      [...list.children].map(
        (item) => item.querySelector('[data-slot="workflow-step-name"]')?.textContent,
      );
    await expect(names(canvas.getByRole('list', { name: 'Steps' }))).toEqual([
      'export-workflow',
      'shipping-workflow',
      'confirm.dispatch',
    ]);
    await expect(names(canvas.getByRole('list', { name: 'Steps of export-workflow' }))).toEqual([
      'book-carrier',
      'customs-workflow',
    ]);
    const customs = canvas.getByRole('list', {
      name: 'Steps of customs-workflow',
    });
    await expect(names(customs)).toEqual(['declare-goods', 'pay-duties']);
    const duties = within(customs).getByRole('button', { name: /pay-duties/ });
    await userEvent.click(duties);
    await expect(duties).toHaveAttribute('aria-expanded', 'true');
    await expect(duties.closest('li')).toHaveTextContent('EX-2291');
  },
};

/**
 * A workflow whose middle step runs an agent (`createStep(agent)`): the card shows the agent's run
 * under the steps, with its tool call as a card of its own, whose arguments show as the tool's
 * display transform shows them (the admin token masked).
 */
export const AgentStep: Story = {
  args: { toolCallId: 'call-onboard-1' },
  render: (args) => (
    <Recorded recordings={[workflowAgentStep]}>
      <ToolCallCard toolCallId={args.toolCallId} />
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const workflow = canvas.getByRole('group', { name: 'workflow-onboard' });
    await userEvent.click(within(workflow).getAllByRole('button')[0] as HTMLElement);
    const runs = workflow.querySelector('[data-slot="tool-call-runs"]') as HTMLElement;
    await expect(runs).toHaveTextContent('Agents in its steps');
    const grant = within(runs).getByRole('group', { name: 'grantAccessTool' });
    await expect(grant).toHaveAttribute('data-status', 'output-available');
    await userEvent.click(within(grant).getAllByRole('button')[0] as HTMLElement);
    await expect(grant).toHaveTextContent('••••');
    await expect(canvasElement).not.toHaveTextContent('adm-workflow-step-secret-84');
  },
};

/**
 * A workflow whose step failed with an error that quotes a card number the agent's display
 * transform hides: the card shows the transform's error, and no step shows the number.
 */
export const FailedUnderTransform: Story = {
  args: { toolCallId: 'call-charge-wf-1' },
  ...recorded([workflowErrorHidden]),
  play: async ({ canvasElement }) => {
    const run = canvasElement.querySelector('[data-slot="workflow-run"]');
    await expect(run).toHaveAttribute('data-status', 'failed');
    const steps = within(canvasElement).getByRole('list', { name: 'Steps' });
    // Under the transform no step has a value to open: each shows its name and status.
    await expect(within(steps).queryAllByRole('button')).toEqual([]);
    const items = within(steps).getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'success',
      'failed',
    ]);
    await expect(canvasElement).toHaveTextContent('Card •••• 0042 was declined for 89 EUR');
    await expect(canvasElement).not.toHaveTextContent('4111-wf-error-secret-0042');
  },
};

/** Two steps run side by side: one booked a train, the other waits for a person to resume it. */
export const BranchSuspended: Story = {
  args: { toolCallId: 'call-trip-wf-1' },
  ...recorded([workflowParallelSuspend]),
  play: async ({ canvasElement }) => {
    const steps = within(canvasElement).getByRole('list', { name: 'Steps' });
    const status = (name: RegExp) =>
      within(steps).getByRole('button', { name }).closest('li')?.getAttribute('data-status');
    await expect(status(/book-train/)).toBe('success');
    await expect(status(/hold-room/)).toBe('suspended');
  },
};
