import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolCall } from '@toolpane/ui';
import { expect, userEvent, within } from 'storybook/test';
import approvalDecline from '../test/fixtures/approval-decline.jsonl?raw';
import approvalDeclineRequest from '../test/fixtures/approval-decline-request.jsonl?raw';
import approvalRequest from '../test/fixtures/approval-request.jsonl?raw';
import longValues from '../test/fixtures/long-values.jsonl?raw';
import modelMistakes from '../test/fixtures/model-mistakes.jsonl?raw';
import parallelToolsError from '../test/fixtures/parallel-tools-error.jsonl?raw';
import suspendRequest from '../test/fixtures/suspend-request.jsonl?raw';
import toolCallThenText from '../test/fixtures/tool-call-then-text.jsonl?raw';
import toolProgress from '../test/fixtures/tool-progress.jsonl?raw';
import toolThenText from '../test/fixtures/tool-then-text.jsonl?raw';
import transformAgentPolicy from '../test/fixtures/transform-agent-policy.jsonl?raw';
import transformFailed from '../test/fixtures/transform-failed.jsonl?raw';
import transformInputStreamed from '../test/fixtures/transform-input-streamed.jsonl?raw';
import transformInputWhole from '../test/fixtures/transform-input-whole.jsonl?raw';
import { Recorded, type Recording } from './support/recorded';
import { afterChunk } from './support/replay';

const meta = {
  title: 'ToolCall',
  component: ToolCall.Root,
  args: { toolCallId: 'call-1' },
  render: (args) => (
    <Recorded recordings={[toolCallThenText]}>
      <ToolCall.Root {...args} />
    </Recorded>
  ),
} satisfies Meta<typeof ToolCall.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A story showing one call of recorded streams, opened so its details are visible. */
function recorded(
  toolCallId: string,
  recordings: readonly Recording[],
  then: readonly unknown[] = [],
): Pick<Story, 'args' | 'render'> {
  return {
    args: { toolCallId, defaultOpen: true },
    render: (args) => (
      <Recorded recordings={recordings} then={then}>
        <ToolCall.Root {...args} />
      </Recorded>
    ),
  };
}

const card = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('group', { name });

/** The weather tool's call from a recorded run, finished: expand it to see input and output. */
export const OutputAvailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /weatherTool/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const group = card(canvasElement, 'weatherTool');
    await expect(group).toHaveAttribute('data-status', 'output-available');
    const output = group.querySelector('[data-slot="tool-call-output"]');
    await expect(output).toHaveTextContent('"Paris"');
    await expect(output).toHaveTextContent('21');
    await expect(output).toHaveTextContent('"sunny"');
  },
};

/** The model is still writing the arguments: the input is partial and the card is busy. */
export const InputStreaming: Story = {
  ...recorded('call-weather-1', [
    [toolThenText, afterChunk('tool-call-delta', { toolCallId: 'call-weather-1', nth: 2 })],
  ]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'weatherTool');
    await expect(group).toHaveAttribute('data-status', 'input-streaming');
    await expect(group).toHaveAttribute('aria-busy', 'true');
    await expect(group.querySelector('[data-slot="tool-call-input"]')).toHaveTextContent(
      'Input (streaming)',
    );
  },
};

/** The arguments are complete and the tool is running. */
export const InputAvailable: Story = {
  ...recorded('call-weather-1', [
    [toolThenText, afterChunk('tool-call', { toolCallId: 'call-weather-1' })],
  ]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'weatherTool');
    await expect(group).toHaveAttribute('data-status', 'input-available');
    await expect(within(group).getByText('Running')).toBeVisible();
    await expect(group.querySelector('[data-slot="tool-call-input"]')).toHaveTextContent(
      'city: "Paris"',
    );
  },
};

/** Mastra asks whether `deleteTool` may run; the Approve button takes focus. */
export const ApprovalRequested: Story = {
  ...recorded('call-del-1', [approvalRequest]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'deleteTool');
    await expect(group).toHaveAttribute('data-status', 'approval-requested');
    await expect(within(group).getByRole('button', { name: 'Approve deleteTool' })).toHaveFocus();
    await expect(within(group).getByRole('button', { name: 'Decline deleteTool' })).toBeVisible();
  },
};

/** The decision left this client and the tool has not answered yet. */
export const ApprovalResponded: Story = {
  ...recorded(
    'call-del-1',
    [approvalRequest],
    [{ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true }],
  ),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'deleteTool');
    await expect(group).toHaveAttribute('data-status', 'approval-responded');
    await expect(within(group).getByText('Approved')).toBeVisible();
    const approve = within(group).getByRole('button', { name: 'Approve deleteTool' });
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
    await expect(approve).toHaveAttribute('aria-busy', 'true');
  },
};

/** The tool called `suspend()` and waits for data that matches its resume schema. */
export const Suspended: Story = {
  ...recorded('call-book-1', [suspendRequest]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'bookTableTool');
    await expect(group).toHaveAttribute('data-status', 'suspended');
    await expect(
      within(group).getByText('Confirm a table for 4 at Chez Marie, 19:30?'),
    ).toBeVisible();
    await expect(within(group).getByRole('checkbox', { name: /Confirmed/ })).toBeVisible();
  },
};

/** The flights tool threw; its sibling weather call in the same step succeeded. */
export const OutputError: Story = {
  ...recorded('call-flights-1', [parallelToolsError]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'flightsTool');
    await expect(group).toHaveAttribute('data-status', 'output-error');
    await expect(group.querySelector('[data-slot="tool-call-error"]')).toHaveTextContent(
      'Flight search is unavailable for CDG → LIS',
    );
  },
};

/**
 * The model sent `{ town }` where the tool's schema wants `city`: Mastra did not run the tool and
 * answered with its refusal, which shows as the call's error.
 */
export const ArgumentsRefused: Story = {
  ...recorded('call-mistake-schema-1', [modelMistakes]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'hoursTool');
    await expect(group).toHaveAttribute('data-status', 'output-error');
    const error = group.querySelector('[data-slot="tool-call-error"]');
    await expect(error).toHaveTextContent('Tool input validation failed for hoursTool');
    await expect(error).toHaveTextContent('- city: Required');
    await expect(group.querySelector('[data-slot="tool-call-output"]')).toBeNull();
  },
};

/** A person declined the call, with a reason; the tool never ran. */
export const OutputDenied: Story = {
  ...recorded('call-del-1', [approvalDeclineRequest, approvalDecline]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'deleteTool');
    await expect(group).toHaveAttribute('data-status', 'output-denied');
    await expect(within(group).getByRole('button', { name: /deleteTool/ })).toHaveTextContent(
      'Declined',
    );
  },
};

/**
 * Progress the tool wrote with `writer.write` while it ran (`step` of `of`): a bar and the latest
 * report, the earlier reports collapsed; then its result.
 */
export const Progress: Story = {
  ...recorded('call-deploy-1', [toolProgress]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'deployTool');
    const bar = within(group).getByRole('progressbar', { name: 'Progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '4');
    await expect(bar).toHaveAttribute('aria-valuemax', '4');
    const history = group.querySelector('[data-slot="tool-call-progress-history"]');
    await expect(history).not.toHaveAttribute('open');
    await expect(history).toHaveTextContent('3 earlier reports');
    await expect(group.querySelector('[data-slot="tool-call-progress-latest"]')).toHaveTextContent(
      'switch traffic',
    );
  },
};

/**
 * A result longer than a card shows at once (1,100 orders): the first 50, then how many more,
 * counted the same on every machine.
 */
export const LongOutput: Story = {
  ...recorded('call-orders-1', [longValues]),
  play: async ({ canvasElement }) => {
    const output = card(canvasElement, 'listOrdersTool').querySelector(
      '[data-slot="tool-call-output"]',
    );
    await expect(output).toHaveTextContent('1,100 items');
    await expect(output?.querySelector('[data-slot="json-more"]')).toHaveTextContent(
      '… 1,050 more items',
    );
    await expect(output?.querySelectorAll('[data-slot="json-entry"]').length).toBeGreaterThan(50);
  },
};

/** A display transform replaced the API key in the input: the secret never reaches the page. */
export const Transformed: Story = {
  ...recorded('call-crm-1', [transformInputStreamed]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'crmLookupTool');
    await expect(group.querySelector('[data-slot="tool-call-input"]')).toHaveTextContent('••••');
    await expect(canvasElement).not.toHaveTextContent('sk-secret-123');
    await expect(group.querySelector('[data-slot="tool-call-output"]')).toHaveTextContent(
      'display version',
    );
  },
};

/** While a transformed input streams, Mastra suppresses the deltas: the input shows as hidden. */
export const TransformedWhileStreaming: Story = {
  ...recorded('call-crm-1', [
    [transformInputStreamed, afterChunk('tool-call-delta', { toolCallId: 'call-crm-1', nth: 3 })],
  ]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'crmLookupTool');
    await expect(group.querySelector('[data-slot="tool-call-input"]')).toHaveTextContent('Hidden');
    await expect(canvasElement).not.toHaveTextContent('sk-se');
  },
};

/** The same tool with its input sent whole: the transformed input arrives with the call. */
export const TransformedWholeInput: Story = {
  ...recorded('call-crm-2', [transformInputWhole]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'crmLookupTool');
    await expect(group.querySelector('[data-slot="tool-call-input"]')).toHaveTextContent('••••');
    await expect(canvasElement).not.toHaveTextContent('sk-secret-123');
  },
};

/** An agent-level transform redacted the password and the token. */
export const TransformedByAgentPolicy: Story = {
  ...recorded('call-login-1', [transformAgentPolicy]),
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('[redacted]');
    await expect(canvasElement).not.toHaveTextContent('hunter2');
  },
};

/** The output transform threw: a placeholder shows instead of the raw result. */
export const FailedTransform: Story = {
  ...recorded('call-export-1', [transformFailed]),
  play: async ({ canvasElement }) => {
    const group = card(canvasElement, 'exportTool');
    await expect(group.querySelector('[data-slot="tool-call-output"]')).toHaveTextContent(
      'Tool output-available payload unavailable',
    );
  },
};

function AllStates() {
  const rows: ReadonlyArray<
    readonly [label: string, toolCallId: string, recordings: readonly Recording[], then?: unknown[]]
  > = [
    [
      'input-streaming',
      'call-weather-1',
      [[toolThenText, afterChunk('tool-call-delta', { toolCallId: 'call-weather-1', nth: 2 })]],
    ],
    [
      'input-available',
      'call-weather-1',
      [[toolThenText, afterChunk('tool-call', { toolCallId: 'call-weather-1' })]],
    ],
    ['approval-requested', 'call-del-1', [approvalRequest]],
    [
      'approval-responded',
      'call-del-1',
      [approvalRequest],
      [{ type: 'toolpane/decision-sent', toolCallId: 'call-del-1', approved: true }],
    ],
    ['suspended', 'call-book-1', [suspendRequest]],
    ['output-available', 'call-1', [toolCallThenText]],
    ['output-error', 'call-flights-1', [parallelToolsError]],
    ['output-denied', 'call-del-1', [approvalDeclineRequest, approvalDecline]],
    ['transformed', 'call-crm-1', [transformInputStreamed]],
    ['failed transform', 'call-export-1', [transformFailed]],
  ];
  return (
    <div className="story-stack">
      {rows.map(([label, toolCallId, recordings, then]) => (
        <section key={label} aria-label={label} className="story-stack">
          <h2>{label}</h2>
          <Recorded recordings={recordings} then={then}>
            <ToolCall.Root toolCallId={toolCallId} />
          </Recorded>
        </section>
      ))}
    </div>
  );
}

/** Every status side by side, collapsed, as a transcript shows them. */
export const AllStatesLight: Story = {
  render: () => <AllStates />,
  globals: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const statuses = [...canvasElement.querySelectorAll('[data-slot="tool-call"]')].map((el) =>
      el.getAttribute('data-status'),
    );
    await expect(new Set(statuses)).toEqual(
      new Set([
        'input-streaming',
        'input-available',
        'approval-requested',
        'approval-responded',
        'suspended',
        'output-available',
        'output-error',
        'output-denied',
      ]),
    );
  },
};

/** The same states in the dark theme. */
export const AllStatesDark: Story = {
  render: () => <AllStates />,
  globals: { theme: 'dark' },
  play: async () => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  },
};
