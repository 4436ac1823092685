import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolCall, WorkflowRun, type WorkflowRunRootProps } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, userEvent, within } from 'storybook/test';
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
