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
import { playToEnd, watchText } from './support/replay-play';
import { ReplayPlayer, SPEEDS } from './support/replay-player';

/**
 * Recorded Mastra streams played chunk by chunk through a real store into a transcript, at the
 * speed you pick. Where a recording stops for a person, the next one continues as the server did
 * after the decision. Each story's play switches to Instant and waits for the last chunk, then
 * checks the end state, so axe runs on the whole replayed transcript.
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

/** The text of the top-level run, after its calls. */
function answer(canvasElement: HTMLElement): string {
  const texts = canvasElement.querySelectorAll(
    '[data-slot="transcript-run"] > [data-slot="transcript-text"]',
  );
  return [...texts].map((text) => text.textContent).join(' ');
}

/** A card's group, found by the name it shows. */
function group(canvasElement: HTMLElement, name: string) {
  return within(canvasElement).getByRole('group', { name });
}

export const ToolThenText: Story = {
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    await expect(group(canvasElement, 'weatherTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await expect(answer(canvasElement)).toBe('It is 21°C and sunny in Paris.');
  },
};

export const ParallelToolsWithError: Story = {
  args: { recordings: [parallelToolsError] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    await expect(group(canvasElement, 'weatherTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await expect(group(canvasElement, 'flightsTool')).toHaveAttribute(
      'data-status',
      'output-error',
    );
    await expect(answer(canvasElement)).toContain('the flight service is unavailable');
  },
};

export const ToolProgress: Story = {
  args: { recordings: [toolProgress] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    const deploy = group(canvasElement, 'deployTool');
    await expect(deploy).toHaveAttribute('data-status', 'output-available');
    // A finished call no longer shows it is busy.
    await expect(deploy.querySelector('[data-slot="tool-call-activity"]')).toBeNull();
    await expect(answer(canvasElement)).toBe('billing v42 is live on staging.');
  },
};

/** The API key the CRM tool's display transform hides; the recording carries it. */
const CRM_SECRET = 'sk-secret-123';

export const TransformedInput: Story = {
  args: { recordings: [transformInputStreamed] },
  play: async ({ canvasElement }) => {
    // From the first chunk on: restart the replay under watch.
    const watch = watchText(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Restart' }));
    await playToEnd(canvasElement);
    watch.stop();
    await expect(group(canvasElement, 'crmLookupTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    const opened = watchText(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /crmLookupTool/ }));
    opened.stop();
    await expect(canvasElement).toHaveTextContent('••••');
    await expect(opened.seen()).not.toContain(CRM_SECRET);
    await expect(watch.seen()).not.toContain(CRM_SECRET);
    await expect(canvasElement.innerHTML).not.toContain(CRM_SECRET);
  },
};

export const TwoLevelSubagents: Story = {
  args: { recordings: [subagentTwoLevel] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    const research = group(canvasElement, 'research');
    await expect(research).toHaveAttribute('data-status', 'output-available');
    await expect(within(research).getByRole('group', { name: 'weather' })).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await expect(answer(canvasElement)).toBe(
      'Right now Paris CDG reports 19.5°C and a light wind.',
    );
  },
};

export const ParallelSubagents: Story = {
  args: { recordings: [subagentsParallel] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    const runs = canvasElement.querySelectorAll('[data-slot="subagent-run"]');
    await expect(runs).toHaveLength(3);
    for (const run of runs) await expect(run).toHaveAttribute('data-status', 'output-available');
    await expect(answer(canvasElement)).toContain('Paris and Tokyo are both sunny');
  },
};

export const Workflow: Story = {
  args: { recordings: [workflowTool] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    const report = group(canvasElement, 'workflow-report');
    await expect(report).toHaveAttribute('data-status', 'output-available');
    await userEvent.click(within(report).getByRole('button', { name: /workflow-report/ }));
    const steps = report.querySelectorAll('[data-slot="workflow-step"]');
    await expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) await expect(step).toHaveAttribute('data-status', 'success');
    await expect(answer(canvasElement)).toBe('Q3 sales: revenue 1,250,000 with 12% growth.');
  },
};

export const ApprovalThenApprove: Story = {
  args: { recordings: [approvalRequest, approvalApprove] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    await expect(group(canvasElement, 'deleteTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    // Decided: nothing left to approve.
    await expect(within(canvasElement).queryByRole('button', { name: /^Approve/ })).toBeNull();
    await expect(answer(canvasElement)).toBe('Record abc-123 was deleted.');
  },
};

export const NestedApprovalThenApprove: Story = {
  args: { recordings: [nestedApprovalRequest, nestedApprovalApprove] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    await expect(group(canvasElement, 'ops')).toHaveAttribute('data-status', 'output-available');
    await expect(within(canvasElement).queryByRole('button', { name: /^Approve/ })).toBeNull();
    await expect(answer(canvasElement)).toBe('The ops agent deleted record rec-778.');
  },
};

export const SuspendThenResume: Story = {
  args: { recordings: [suspendRequest, suspendResume] },
  play: async ({ canvasElement }) => {
    await playToEnd(canvasElement);
    await expect(group(canvasElement, 'bookTableTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    // The form stays, answered: it shows what was asked, and offers no second resume.
    await expect(within(canvasElement).getByRole('form')).toHaveAttribute('data-state', 'resumed');
    await expect(within(canvasElement).queryByRole('button', { name: /^Resume/ })).toBeNull();
    await expect(answer(canvasElement)).toBe('Your table for 4 at Chez Marie is booked for 19:30.');
  },
};

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
