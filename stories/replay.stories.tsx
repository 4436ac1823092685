import type { Meta, StoryObj } from '@storybook/react-vite';
import { Transcript } from '@toolpane/ui';
import { expect, userEvent, within } from 'storybook/test';
import approvalApprove from '../test/fixtures/approval-approve.jsonl?raw';
import approvalRequest from '../test/fixtures/approval-request.jsonl?raw';
import nestedApprovalApprove from '../test/fixtures/nested-approval-approve.jsonl?raw';
import nestedApprovalRequest from '../test/fixtures/nested-approval-request.jsonl?raw';
import parallelToolsError from '../test/fixtures/parallel-tools-error.jsonl?raw';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import subagentsParallel from '../test/fixtures/subagents-parallel.jsonl?raw';
import suspendRequest from '../test/fixtures/suspend-request.jsonl?raw';
import suspendResume from '../test/fixtures/suspend-resume.jsonl?raw';
import toolProgress from '../test/fixtures/tool-progress.jsonl?raw';
import toolThenText from '../test/fixtures/tool-then-text.jsonl?raw';
import transformInputStreamed from '../test/fixtures/transform-input-streamed.jsonl?raw';
import workflowTool from '../test/fixtures/workflow-tool.jsonl?raw';
import { ReplayPlayer, SPEEDS } from './support/replay-player';

/**
 * Recorded Mastra streams played chunk by chunk through a real store into a transcript, at the
 * speed you pick. Where a recording stops for a person, the next one continues as the server did
 * after the decision.
 */
const meta = {
  title: 'Replay',
  component: ReplayPlayer,
  args: { recordings: [toolThenText], speed: 1, children: null },
  argTypes: {
    speed: { control: 'select', options: SPEEDS },
    recordings: { table: { disable: true } },
    children: { table: { disable: true } },
  },
  render: (args) => (
    <ReplayPlayer recordings={args.recordings} speed={args.speed}>
      <Transcript.Root />
    </ReplayPlayer>
  ),
} satisfies Meta<typeof ReplayPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ToolThenText: Story = {};

export const ParallelToolsWithError: Story = { args: { recordings: [parallelToolsError] } };

export const ToolProgress: Story = { args: { recordings: [toolProgress] } };

export const TransformedInput: Story = { args: { recordings: [transformInputStreamed] } };

export const TwoLevelSubagents: Story = { args: { recordings: [subagentTwoLevel] } };

export const ParallelSubagents: Story = { args: { recordings: [subagentsParallel] } };

export const Workflow: Story = { args: { recordings: [workflowTool] } };

export const ApprovalThenApprove: Story = {
  args: { recordings: [approvalRequest, approvalApprove] },
};

export const NestedApprovalThenApprove: Story = {
  args: { recordings: [nestedApprovalRequest, nestedApprovalApprove] },
};

export const SuspendThenResume: Story = { args: { recordings: [suspendRequest, suspendResume] } };

/** The speed control: switch to Instant and the rest of the recording arrives at once. */
export const SpeedControl: Story = {
  args: { recordings: [subagentTwoLevel], speed: 0.25 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Playing/)).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Speed' }), 'Instant');
    await expect(await canvas.findByText(/^Done/, {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'weather' })).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Restart' }));
    await expect(await canvas.findByText(/^Done/, {}, { timeout: 5000 })).toBeVisible();
  },
};
