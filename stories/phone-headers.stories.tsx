import type { Meta, StoryObj } from '@storybook/react-vite';
import { NetworkRun, SubagentRun } from '@toolpane/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import aisdkApprovalTwoLevel from '../test/fixtures/aisdk-v6-approval-two-level.jsonl?raw';
import approvalTwoLevel from '../test/fixtures/approval-two-level-request.jsonl?raw';
import network from '../test/fixtures/network.jsonl?raw';
import longNames from '../test/fixtures/subagent-long-names.jsonl?raw';
import { headerProblems, measureHeaders, overflowsPage } from './support/header-boxes';
import { PHONE } from './support/phone';
import { Recorded, type Recording } from './support/recorded';
import { afterChunk, parseRecording } from './support/replay';

function NestedSubagents({
  recording,
  toolCallId = 'call-coordinator-long-1',
}: {
  readonly recording: Recording;
  readonly toolCallId?: string;
}) {
  return (
    <Recorded recordings={[recording]}>
      <SubagentRun.Root toolCallId={toolCallId} />
    </Recorded>
  );
}

/**
 * Card headers on a phone: a subagent inside a subagent inside a subagent, each registered under
 * a long name and each calling a tool with a long name, the deepest also a workflow. Every
 * header keeps its status and duration on its name's line, shows the whole name, and nothing
 * passes its card's edge.
 */
const meta = {
  title: 'PhoneHeaders',
  component: NestedSubagents,
  args: { recording: longNames },
  ...PHONE,
} satisfies Meta<typeof NestedSubagents>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Measures every header shown, and checks the kinds and depths that were among them. */
async function expectHeadersFit(
  canvasElement: HTMLElement,
  expected: { readonly slot: string; readonly depths: readonly number[] }[],
) {
  await expect(window.innerWidth).toBe(390);
  const headers = measureHeaders(canvasElement);
  for (const { slot, depths } of expected) {
    const found = new Set(headers.filter((h) => h.slot === slot).map((h) => h.depth));
    await expect({ slot, depths: depths.filter((depth) => found.has(depth)) }).toEqual({
      slot,
      depths,
    });
  }
  await expect(headerProblems(headers)).toEqual([]);
  await expect(overflowsPage()).toBe(false);
}

/** Finished: three subagents deep, with their tool calls and the deepest one's workflow open. */
export const ThreeDeepLongNames: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /workflow-quarterlyPublicTransportRidershipReport/ }),
    );
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="workflow-run-header"]')).toBeVisible(),
    );
    await expectHeadersFit(canvasElement, [
      { slot: 'subagent-run-trigger', depths: [1, 2, 3] },
      { slot: 'tool-call-trigger', depths: [2, 3, 4] },
      { slot: 'workflow-run-header', depths: [4] },
    ]);
  },
};

/** Still running at every depth: activity and elapsed time beside each name. */
export const ThreeDeepLongNamesRunning: Story = {
  args: {
    recording: [
      longNames,
      afterChunk('tool-output', { toolCallId: 'call-coordinator-long-1', nth: 44 }),
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        canvasElement.querySelectorAll('[data-slot="tool-call-duration"][data-live]').length,
      ).toBeGreaterThanOrEqual(3),
    );
    await expectHeadersFit(canvasElement, [{ slot: 'subagent-run-trigger', depths: [1, 2, 3] }]);
  },
};

/** An agent network on a phone: its header, and its executions' cards with what they nest. */
export const Network: Story = {
  render: () => (
    <Recorded recordings={[network]}>
      <NetworkRun.Root runId={(parseRecording(network)[0] as { runId: string }).runId} />
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    await expectHeadersFit(canvasElement, [
      { slot: 'network-run-header', depths: [1] },
      { slot: 'subagent-run-trigger', depths: [2] },
      { slot: 'tool-call-trigger', depths: [2, 3] },
    ]);
  },
};

/** An approval two subagents down: the longest status words ("Needs approval") at depth 3. */
export const ApprovalThreeDeep: Story = {
  args: { recording: approvalTwoLevel, toolCallId: 'call-lead-1' },
  play: async ({ canvasElement }) => {
    await expectHeadersFit(canvasElement, [
      { slot: 'subagent-run-trigger', depths: [1, 2] },
      { slot: 'tool-call-trigger', depths: [3] },
    ]);
  },
};

/** The same approval from an AI SDK stream (`toAISdkStream`, v6): the same headers, the same fit. */
export const ApprovalThreeDeepAiSdk: Story = {
  args: { recording: aisdkApprovalTwoLevel, toolCallId: 'call-lead-1' },
  play: ApprovalThreeDeep.play,
};
