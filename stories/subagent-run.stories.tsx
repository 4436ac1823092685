import type { Meta, StoryObj } from '@storybook/react-vite';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import {
  MAX_NESTED_SUBAGENTS,
  SubagentRun,
  type SubagentRunRootProps,
  ToolpaneAnnouncer,
} from '@toolpane/ui';
import { type ReactElement, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import nestedApprovalApprove from '../test/fixtures/nested-approval-approve.jsonl?raw';
import nestedApprovalRequest from '../test/fixtures/nested-approval-request.jsonl?raw';
import subagent from '../test/fixtures/subagent.jsonl?raw';
import subagentApprovalApproved from '../test/fixtures/subagent-approval-approved.jsonl?raw';
import subagentApprovalRequest from '../test/fixtures/subagent-approval-request.jsonl?raw';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import subagentsParallel from '../test/fixtures/subagents-parallel.jsonl?raw';
import { deepChain } from '../test/utils/deep-chain';
import { LiveRecording } from './support/live-recording';
import { PHONE } from './support/phone';
import { Recorded, type Recording } from './support/recorded';
import { afterChunk } from './support/replay';
import { recordedSession } from './support/session';

function recorded(recordings: readonly Recording[]): {
  render: (args: SubagentRunRootProps) => ReactElement;
} {
  return {
    render: (args) => (
      <Recorded recordings={recordings}>
        <SubagentRun.Root {...args} />
      </Recorded>
    ),
  };
}

/** A subagent (an `agent-*` tool call) with its own text and tool calls, nested as deep as it went. */
const meta = {
  title: 'SubagentRun',
  component: SubagentRun.Root,
  args: { toolCallId: 'call-agent-1' },
  ...recorded([subagent]),
} satisfies Meta<typeof SubagentRun.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

const group = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('group', { name });

/**
 * One subagent: its answer first, once; its task and weather call; the full result with its
 * thread and resource ids collapsed below.
 */
export const OneLevel: Story = {
  play: async ({ canvasElement }) => {
    const card = group(canvasElement, 'weather');
    await expect(card).toHaveAttribute('data-status', 'output-available');
    const content = card.querySelector('[data-slot="subagent-run-content"]');
    await expect(content?.firstElementChild).toHaveAttribute('data-slot', 'subagent-run-answer');
    await expect(content?.firstElementChild).toHaveTextContent('Paris: 21°C, sunny.');
    await expect(card.textContent?.split('Paris: 21°C, sunny.')).toHaveLength(2);
    await expect(within(card).getByRole('group', { name: 'weatherTool' })).toBeVisible();
    const details = card.querySelector('[data-slot="subagent-run-details"]');
    await expect(details).not.toHaveAttribute('open');
    await userEvent.click(within(card).getByText('Full result'));
    await expect(details).toHaveAttribute('open');
    await expect(details).toHaveTextContent('subAgentThreadId');
  },
};

/** Two levels: research-agent asks weather-station-agent, whose station tool reports progress. */
export const TwoLevel: Story = {
  args: { toolCallId: 'call-research-1' },
  ...recorded([subagentTwoLevel]),
  play: async ({ canvasElement }) => {
    const outer = group(canvasElement, 'research');
    const inner = within(outer).getByRole('group', { name: 'weather' });
    await expect(inner).toHaveAttribute('data-depth', '2');
    await expect(within(inner).getByRole('group', { name: 'stationTool' })).toBeVisible();
    const trigger = within(inner).getByRole('button', { name: /^Subagent\s*weather/ });
    await userEvent.click(trigger);
    await expect(inner).toHaveAttribute('data-state', 'closed');
    await userEvent.click(trigger);
    await expect(inner).toHaveAttribute('data-state', 'open');
  },
};

/** Still running: the nested cards are busy and show what arrived so far. */
export const TwoLevelStreaming: Story = {
  args: { toolCallId: 'call-research-1' },
  ...recorded([[subagentTwoLevel, afterChunk('tool-output', { nth: 12 })]]),
  play: async ({ canvasElement }) => {
    await expect(group(canvasElement, 'research')).toHaveAttribute('aria-busy', 'true');
  },
};

/** Three subagents the coordinator ran in parallel, each with its own calls. */
export const Parallel: Story = {
  render: () => (
    <Recorded recordings={[subagentsParallel]}>
      <div className="story-stack">
        <SubagentRun.Root toolCallId="call-forecast-paris-1" />
        <SubagentRun.Root toolCallId="call-forecast-tokyo-1" />
        <SubagentRun.Root toolCallId="call-news-1" />
      </div>
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    const cards = canvasElement.querySelectorAll('[data-slot="subagent-run"]');
    await expect(cards).toHaveLength(3);
    await expect(cards[0]).toHaveTextContent('Weather for Paris');
    await expect(cards[1]).toHaveTextContent('Weather for Tokyo');
    await expect(cards[2]).toHaveTextContent('headlinesTool');
  },
};

/** An approval inside a subagent shows on the inner card; approving it finishes both. */
export const NestedApproval: Story = {
  args: { toolCallId: 'call-ops-1' },
  render: (args) => (
    <Recorded
      recordings={[nestedApprovalRequest]}
      session={(store) =>
        recordedSession(store, { 'approve-tool-call': nestedApprovalApprove }, { delayMs: 30 })
      }
    >
      <SubagentRun.Root {...args} />
      <ToolpaneAnnouncer />
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    const outer = group(canvasElement, 'ops');
    const inner = within(outer).getByRole('group', { name: 'deleteTool' });
    await expect(inner).toHaveAttribute('data-status', 'approval-requested');
    const approve = within(inner).getByRole('button', { name: 'Approve deleteTool' });
    await expect(approve).toHaveFocus();
    await userEvent.click(approve);
    // The continuation is replayed chunk by chunk: seconds on a busy machine.
    await waitFor(() => expect(outer).toHaveAttribute('data-status', 'output-available'), {
      timeout: 15_000,
    });
    await expect(inner).toHaveAttribute('data-status', 'output-available');
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'deleteTool was approved.',
      ),
    );
  },
};

/** A collapsed subagent opens by itself when a call inside asks for approval. */
export const NestedApprovalOpensCollapsedCard: Story = {
  args: { toolCallId: 'call-ops-1', defaultOpen: false },
  ...recorded([subagentApprovalRequest]),
  play: async ({ canvasElement }) => {
    const outer = group(canvasElement, 'ops');
    await expect(outer).toHaveAttribute('data-state', 'open');
    const approve = within(outer).getByRole('button', { name: 'Approve deleteTool' });
    // The card animates open; wait for it to finish.
    await waitFor(() => expect(approve).toBeVisible());
  },
};

/** The example recordings: an approval inside agent-ops, then the supervisor's stream after it. */
export const NestedApprovalApproved: Story = {
  args: { toolCallId: 'call-ops-1' },
  ...recorded([subagentApprovalRequest, subagentApprovalApproved]),
  play: async ({ canvasElement }) => {
    const inner = within(canvasElement).getByRole('group', { name: 'deleteTool' });
    await expect(inner).toHaveAttribute('data-status', 'output-available');
  },
};

/**
 * On a phone, everything a subagent card shows stacks in one column as wide as the card: the
 * answer, the task, its calls and, opened, the full result, whose keys stay whole.
 */
export const OneColumnOnAPhone: Story = {
  args: { toolCallId: 'call-research-1' },
  ...recorded([subagentTwoLevel]),
  ...PHONE,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(390);
    const outer = group(canvasElement, 'research');
    await userEvent.click(within(outer).getAllByText('Full result').at(-1) as HTMLElement);
    for (const content of outer.querySelectorAll('[data-slot="subagent-run-content"]')) {
      const box = content.getBoundingClientRect();
      const shown = [...content.children].filter((child) => child.getClientRects().length > 0);
      await expect(shown.length).toBeGreaterThan(2);
      for (const [index, child] of shown.entries()) {
        const own = child.getBoundingClientRect();
        // As wide as the card, less its margins, and below the one before.
        await expect(own.width).toBeGreaterThan(box.width - 32);
        if (index > 0)
          await expect(own.top).toBeGreaterThanOrEqual(
            shown[index - 1]!.getBoundingClientRect().bottom,
          );
      }
    }
    // A key on one line: every box of its text at the same height.
    const broken = [...outer.querySelectorAll('[data-slot="json-key"]')].filter(
      (key) => new Set([...key.getClientRects()].map((rect) => Math.round(rect.top))).size > 1,
    );
    await expect(broken.map((key) => key.textContent)).toEqual([]);
  },
};

/**
 * A data part the station tool wrote (`data-station-status`) arrives at the top level; it shows
 * inside the subagent that wrote it, labelled, not as a box at the top.
 */
export const NestedDataPart: Story = {
  args: { toolCallId: 'call-research-1' },
  ...recorded([subagentTwoLevel]),
  play: async ({ canvasElement }) => {
    const outer = group(canvasElement, 'research');
    const inner = within(outer).getByRole('group', { name: 'weather' });
    const data = canvasElement.querySelectorAll('[data-slot="transcript-data"]');
    await expect(data).toHaveLength(1);
    await expect(inner).toContainElement(data[0] as HTMLElement);
    await expect(data[0]).toHaveTextContent('station-status');
  },
};

/**
 * Live, the parallel forecast subagents keep the title they were called under from their first
 * chunk to their last (not the agent's own id, which comes later).
 */
export const StableTitle: Story = {
  args: { toolCallId: 'call-forecast-paris-1' },
  render: (args) => (
    <LiveRecording
      recording={subagentsParallel}
      startAfter="tool-call-input-streaming-start"
      routes={{}}
      delayMs={10}
    >
      <SubagentRun.Root {...args} />
    </LiveRecording>
  ),
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('group', { name: 'forecast' });
    const title = card.querySelector('[data-slot="subagent-run-title"]');
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(title?.textContent ?? ''));
    observer.observe(card, { subtree: true, childList: true, characterData: true });
    seen.add(title?.textContent ?? '');
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'), {
      timeout: 10_000,
    });
    observer.disconnect();
    await expect([...seen]).toEqual(['forecast']);
    await expect(card).toHaveAccessibleName('forecast');
  },
};

/** Two levels in the dark theme. */
export const TwoLevelDark: Story = {
  ...TwoLevel,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(group(canvasElement, 'research')).toBeVisible();
  },
};

/**
 * A chain of 200 subagents with an approval at the bottom: the page nests at most
 * MAX_NESTED_SUBAGENTS cards, says that a call below waits, and opens the rest view by view.
 */
export const DeepChain: Story = {
  args: { toolCallId: 'agent-0' },
  render: (args) => <DeepChainStore {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = () => canvasElement.querySelectorAll('[data-slot="subagent-run"]').length;
    await expect(cards()).toBe(MAX_NESTED_SUBAGENTS);
    await expect(canvas.getByRole('note')).toHaveTextContent('A call below it waits for you.');
    while (canvas.queryByRole('button', { name: /^Approve/ }) === null) {
      await userEvent.click(canvas.getByRole('button', { name: 'Open what it did' }));
      await expect(cards()).toBeLessThanOrEqual(MAX_NESTED_SUBAGENTS);
    }
    await expect(canvas.getByRole('group', { name: 'deleteTool' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to the outermost subagent' }));
    await expect(cards()).toBe(MAX_NESTED_SUBAGENTS);
  },
};

function DeepChainStore(args: SubagentRunRootProps) {
  const [store] = useState(() => {
    const created = createToolpaneStore({ formats: [aiSdk] });
    created.dispatchMany(deepChain(200));
    return created;
  });
  return (
    <ToolpaneProvider store={store}>
      <SubagentRun.Root {...args} />
    </ToolpaneProvider>
  );
}
