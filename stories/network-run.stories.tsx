import type { Meta, StoryObj } from '@storybook/react-vite';
import { NetworkRun, type NetworkRunRootProps } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, within } from 'storybook/test';
import aisdkNetwork from '../test/fixtures/aisdk-network.jsonl?raw';
import network from '../test/fixtures/network.jsonl?raw';
import networkAbortExecution from '../test/fixtures/network-abort-execution.jsonl?raw';
import networkApprovalRequest from '../test/fixtures/network-approval-request.jsonl?raw';
import networkSuspendRequest from '../test/fixtures/network-suspend-request.jsonl?raw';
import networkToolApprovalRequest from '../test/fixtures/network-tool-approval-request.jsonl?raw';
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

/** A member agent's tool suspends: one resume form, on the inner call, inside the agent's card. */
export const SuspendedInsideAgent: Story = {
  args: { runId: runIdOf(networkSuspendRequest) },
  ...recorded([networkSuspendRequest]),
  play: async ({ canvasElement }) => {
    const forms = canvasElement.querySelectorAll('[data-slot="resume-form"]');
    await expect(forms).toHaveLength(1);
    const inner = [...canvasElement.querySelectorAll('[data-slot="tool-call"]')].find((card) =>
      card.querySelector('[data-slot="tool-call-title"]')?.textContent?.includes('bookTableTool'),
    );
    await expect(inner).toContainElement(forms[0] as HTMLElement);
    await expect(canvasElement).toHaveTextContent('Routed to agent booker');
  },
};

/** The router runs a tool that needs approval: one approval, on that tool's own card. */
export const ToolExecutionApproval: Story = {
  args: { runId: runIdOf(networkToolApprovalRequest) },
  ...recorded([networkToolApprovalRequest]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('button', { name: /approve/i })).toHaveLength(1);
    await expect(canvasElement).toHaveTextContent('Routed to tool deleteTool');
  },
};

/** Stopped while the chosen agent's tool ran: that call reads Stopped, the next routing aborted. */
export const AbortedWhileAgentRan: Story = {
  args: { runId: runIdOf(networkAbortExecution) },
  ...recorded([networkAbortExecution]),
  play: async ({ canvasElement }) => {
    const crawl = [...canvasElement.querySelectorAll('[data-slot="tool-call"]')].find((card) =>
      card.querySelector('[data-slot="tool-call-title"]')?.textContent?.includes('crawlSiteTool'),
    );
    await expect(crawl).toHaveAttribute('data-status', 'output-aborted');
    await expect(crawl?.querySelector('[data-slot="tool-call-status"]')).toHaveTextContent(
      'Stopped',
    );
  },
};

/** The same network through networkRoute (data-network parts): the same steps and result. */
export const FromNetworkRoute: Story = {
  // An AI SDK stream has no runId: its message without a messageId is the store's first run.
  args: { runId: 'ai-sdk-run-1' },
  ...recorded([aisdkNetwork]),
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Routed to agent researcher');
    await expect(canvasElement).toHaveTextContent('Routed to workflow report');
    await expect(
      canvasElement.querySelector('[data-slot="network-result-text"]'),
    ).toHaveTextContent('Rome is 21°C and sunny; the report is ready; Milan is sunny too.');
  },
};
