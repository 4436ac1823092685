import type { Meta, StoryObj } from '@storybook/react-vite';
import { NetworkRun, type NetworkRunRootProps } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, within } from 'storybook/test';
import network from '../test/fixtures/network.jsonl?raw';
import networkApprovalRequest from '../test/fixtures/network-approval-request.jsonl?raw';
import { Recorded, type Recording } from './support/recorded';
import { afterChunk, parseRecording } from './support/replay';

/** The network run's id: the runId of the recording's first chunk. */
const runIdOf = (raw: string) => (parseRecording(raw)[0] as { runId: string }).runId;

function recorded(recordings: readonly Recording[]): {
  render: (args: NetworkRunRootProps) => ReactElement;
} {
  return {
    render: (args) => (
      <Recorded recordings={recordings}>
        <NetworkRun.Root {...args} />
      </Recorded>
    ),
  };
}

/**
 * An agent network (`agent.network()`): the router's decisions, each execution as its own card
 * (the chosen agent's run nested inside), the completion checks and the final result.
 */
const meta = {
  title: 'NetworkRun',
  component: NetworkRun.Root,
  args: { runId: runIdOf(network) },
  ...recorded([network]),
} satisfies Meta<typeof NetworkRun.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three iterations: an agent, a workflow and a tool, then a passing check and the result. */
export const Finished: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const steps = canvas.getByRole('list', { name: 'Network steps' });
    const items = within(steps).getAllByRole('listitem', { hidden: false });
    const own = items.filter((item) => item.parentElement === steps);
    await expect(own.map((item) => item.getAttribute('data-kind'))).toEqual([
      'routing',
      'execution',
      'validation',
      'routing',
      'execution',
      'validation',
      'routing',
      'execution',
      'validation',
    ]);
    await expect(own[0]).toHaveTextContent('Routed to agent researcher');
    await expect(own[0]).toHaveTextContent('The researcher can look the weather up.');
    await expect(own[2]).toHaveTextContent('The report is still missing.');
    await expect(own[8]).toHaveAttribute('data-status', 'passed');
    await expect(
      canvasElement.querySelector('[data-slot="network-result-text"]'),
    ).toHaveTextContent('Rome is 21°C and sunny; the report is ready; Milan is sunny too.');
    await expect(
      canvas.getByRole('region', { name: 'Network planner-network' }),
    ).not.toHaveAttribute('aria-busy');
  },
};

/** While the chosen agent still runs: its card is open and the network is busy. */
export const Running: Story = {
  ...recorded([[network, afterChunk('agent-execution-event-tool-result')]]),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Network planner-network' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
    const steps = within(canvasElement).getByRole('list', { name: 'Network steps' });
    const own = within(steps)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === steps);
    await expect(own.map((item) => item.getAttribute('data-kind'))).toEqual([
      'routing',
      'execution',
    ]);
    await expect(canvasElement.querySelector('[data-slot="network-result"]')).toBeNull();
  },
};

/** The chosen agent's tool needs approval: one approval, on the inner call. */
export const WaitingForApproval: Story = {
  args: { runId: runIdOf(networkApprovalRequest) },
  ...recorded([networkApprovalRequest]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('button', { name: /approve/i })).toHaveLength(1);
    await expect(canvasElement).toHaveTextContent('Routed to agent ops');
  },
};
