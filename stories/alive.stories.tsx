import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolpaneProvider } from '@toolpane/react';
import { createToolRegistry, type ToolRendererProps } from '@toolpane/react/registry';
import { ToolCall, Transcript } from '@toolpane/ui';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import toolProgress from '../test/fixtures/tool-progress.jsonl?raw';
import { Recorded, type Recording } from './support/recorded';
import { parseRecording, storeFrom } from './support/replay';

function Call({
  recording,
  toolCallId,
}: {
  readonly recording: Recording;
  readonly toolCallId: string;
}) {
  return (
    <Recorded recordings={[recording]}>
      <ToolCall.Root toolCallId={toolCallId} defaultOpen />
    </Recorded>
  );
}

/**
 * The deploy tool after its second progress report: still running. A chunk count, not a stop
 * function, since a stop function counts what it saw and several stories replay this.
 */
const reports = parseRecording(toolProgress).flatMap((chunk, index) =>
  (chunk as { type: string }).type === 'tool-output' ? [index] : [],
);
const deployRunning: Recording = [toolProgress, (reports[1] ?? 0) + 1];

/**
 * A running call looks alive: an activity dot (still under reduced motion) and the time so far,
 * ticking; its progress as a bar when a report has a fraction, else the latest report, the
 * earlier ones collapsed. A registry renderer can draw both its own way.
 */
const meta = {
  title: 'ToolCall/Alive',
  component: Call,
  args: { recording: deployRunning, toolCallId: 'call-deploy-1' },
} satisfies Meta<typeof Call>;

export default meta;
type Story = StoryObj<typeof meta>;

const slot = (root: Element, name: string) => root.querySelector(`[data-slot="${name}"]`);

/** Emulates `prefers-reduced-motion` in the test browser (Chromium, over CDP) while `run` runs. */
async function withReducedMotion(run: () => Promise<void>): Promise<void> {
  const { cdp } = await import('@vitest/browser/context');
  const session = cdp();
  const emulate = (value: string) =>
    session.send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-reduced-motion', value }],
    });
  await emulate('reduce');
  try {
    await run();
  } finally {
    await emulate('');
  }
}

/** Running: the dot pulses beside the status, and the time so far ticks up. */
export const Running: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'deployTool' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    const dot = slot(card, 'tool-call-activity') as HTMLElement;
    await expect(dot).toBeVisible();
    await expect(dot).toHaveAttribute('aria-hidden', 'true');
    await expect(getComputedStyle(dot).animationName).toBe('tp-activity');
    const time = slot(card, 'tool-call-duration') as HTMLElement;
    await expect(time).toHaveAttribute('data-live');
    const first = time.textContent;
    await waitFor(() => expect(time.textContent).not.toBe(first), { timeout: 5000 });
    const bar = within(card).getByRole('progressbar', { name: 'Progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '2');
    await expect(bar).toHaveAttribute('aria-valuemax', '4');
  },
};

/** Under `prefers-reduced-motion: reduce` the dot stands still; it is still there. */
export const RunningReducedMotion: Story = {
  play: async ({ canvasElement }) => {
    const dot = slot(canvasElement, 'tool-call-activity') as HTMLElement;
    await expect(getComputedStyle(dot).animationName).toBe('tp-activity');
    await withReducedMotion(async () => {
      await expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
      await expect(getComputedStyle(dot).animationName).toBe('none');
      await expect(dot).toBeVisible();
    });
  },
};

/**
 * Reports without a fraction (the station tool's `status` updates): no bar, the latest report,
 * the earlier one collapsed, rendered once opened.
 */
export const ProgressWithoutFraction: Story = {
  args: { recording: subagentTwoLevel, toolCallId: 'call-station-1' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'stationTool' });
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(slot(card, 'tool-call-progress-latest')).toHaveTextContent('reading');
    const history = slot(card, 'tool-call-progress-history');
    await expect(history).not.toHaveAttribute('open');
    await expect(history).toHaveTextContent('1 earlier report');
    // Closed, the earlier reports are not rendered at all; opened from the summary, they show.
    await expect(within(history as HTMLElement).queryByText(/connecting/)).toBeNull();
    await userEvent.click((history as HTMLElement).querySelector('summary')!);
    await waitFor(() =>
      expect(within(history as HTMLElement).getByText(/connecting/)).toBeVisible(),
    );
  },
};

/** A registry card for the deploy tool that draws the progress and the time its own way. */
function DeployCard({ toolCallId }: ToolRendererProps) {
  return (
    <ToolCall.Root toolCallId={toolCallId} aria-label="deploy">
      <p>
        <ToolCall.Title />{' '}
        <ToolCall.Activity asChild>
          <span data-testid="own-dot">●</span>
        </ToolCall.Activity>{' '}
        <ToolCall.Duration asChild>
          <time data-testid="own-time" />
        </ToolCall.Duration>
      </p>
      <ToolCall.Progress
        render={({ fraction, history }) => (
          <output>
            {fraction === undefined
              ? `${history.length} reports`
              : `Stage ${fraction.value} of ${fraction.max}`}
          </output>
        )}
      />
    </ToolCall.Root>
  );
}

/** The registry draws the deploy tool's card: its own dot, time and progress words. */
export const RegistryDrawsBoth: Story = {
  render: function Render() {
    const [value] = useState(() => ({
      store: storeFrom(deployRunning),
      registry: createToolRegistry({ deployTool: DeployCard }),
    }));
    return (
      <ToolpaneProvider store={value.store} registry={value.registry}>
        <Transcript.Root />
      </ToolpaneProvider>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'deploy' });
    await expect(within(card).getByRole('status')).toHaveTextContent('Stage 2 of 4');
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(canvas.getByTestId('own-dot')).toHaveAttribute('data-slot', 'tool-call-activity');
    const time = canvas.getByTestId('own-time');
    await expect(time).toHaveAttribute('data-live');
    await expect(time.textContent).toMatch(/\d/);
  },
};
