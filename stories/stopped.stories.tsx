import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAgent } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import { Recorded } from './support/recorded';
import { recordedSession } from './support/session';

function Controls() {
  const { status, send, abort } = useAgent();
  return (
    <p>
      <button type="button" onClick={() => void send('Research the conditions at Paris CDG')}>
        Send
      </button>{' '}
      <button type="button" onClick={abort} disabled={status !== 'streaming'}>
        Stop
      </button>
    </p>
  );
}

/** A conversation whose server streams the recorded two-level subagent run, slowly. */
function StopDuringRun() {
  return (
    <Recorded
      recordings={[]}
      session={(store) => recordedSession(store, { stream: subagentTwoLevel }, { delayMs: 25 })}
    >
      <Controls />
      <Transcript.Root />
    </Recorded>
  );
}

/**
 * A stop the person chose is not a failure: pressing Stop while a tool runs two subagents deep
 * leaves every card reading "Stopped", in the neutral colours, and the run ends "Stopped.".
 */
const meta = {
  title: 'Transcript/Stopped',
  component: StopDuringRun,
} satisfies Meta<typeof StopDuringRun>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Send, wait until the station tool two subagents down runs, press Stop. */
export const StopWhileNestedToolRuns: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const station = await canvas.findByRole('group', { name: 'stationTool' }, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    const end = await waitFor(() => {
      const found = canvasElement.querySelector('[data-slot="transcript-run-end"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await expect(end).toHaveTextContent('Stopped.');
    await expect(end).toHaveAttribute('data-status', 'aborted');
    for (const name of ['research', 'weather', 'stationTool']) {
      const card = canvas.getByRole('group', { name });
      await expect(card).not.toHaveAttribute('aria-busy');
      const badge = card.querySelector('[data-slot$="-status"]') as HTMLElement;
      await expect(badge).toHaveTextContent('Stopped');
      await expect(badge).toHaveAttribute('data-status', 'output-aborted');
      // The neutral colours, not the failure's.
      const style = getComputedStyle(document.documentElement);
      await expect(getComputedStyle(badge).backgroundColor).toBe(
        colour(style.getPropertyValue('--tp-neutral-bg')),
      );
    }
    await expect(station).toHaveAttribute('data-status', 'output-aborted');
    await expect(canvasElement).not.toHaveTextContent(/Failed|was aborted/);
  },
};

/** A CSS colour as the browser computes it (`rgb(…)`). */
function colour(value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value.trim();
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
}
