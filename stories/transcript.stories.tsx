import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolpaneProvider } from '@toolpane/react';
import { createToolRegistry, type ToolRendererProps } from '@toolpane/react/registry';
import { Transcript } from '@toolpane/ui';
import { type ReactElement, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import abort from '../test/fixtures/abort.jsonl?raw';
import aisdkV6 from '../test/fixtures/aisdk-v6.jsonl?raw';
import backgroundTask from '../test/fixtures/background-task.jsonl?raw';
import hiddenArgumentEchoed from '../test/fixtures/hidden-argument-echoed.jsonl?raw';
import modelError from '../test/fixtures/model-error.jsonl?raw';
import nestedApprovalApprove from '../test/fixtures/nested-approval-approve.jsonl?raw';
import nestedApprovalRequest from '../test/fixtures/nested-approval-request.jsonl?raw';
import parallelToolsError from '../test/fixtures/parallel-tools-error.jsonl?raw';
import sourcesAndFile from '../test/fixtures/sources-and-file.jsonl?raw';
import subagentAisdkV6 from '../test/fixtures/subagent-aisdk-ui-v6.jsonl?raw';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import subagentsParallel from '../test/fixtures/subagents-parallel.jsonl?raw';
import toolProgress from '../test/fixtures/tool-progress.jsonl?raw';
import toolThenText from '../test/fixtures/tool-then-text.jsonl?raw';
import tripwire from '../test/fixtures/tripwire.jsonl?raw';
import workflowTool from '../test/fixtures/workflow-tool.jsonl?raw';
import { Recorded } from './support/recorded';
import { storeFrom } from './support/replay';
import { recordedSession } from './support/session';

function recorded(...recordings: string[]): { render: () => ReactElement } {
  return {
    render: () => (
      <Recorded recordings={recordings}>
        <div className="story-stack">
          <Transcript.Root />
        </div>
      </Recorded>
    ),
  };
}

/** A whole conversation: every run's text and tool calls, in the order they streamed. */
const meta = {
  title: 'Transcript',
  component: Transcript.Root,
  ...recorded(toolThenText),
} satisfies Meta<typeof Transcript.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A tool call, then the model's answer. */
export const ToolThenText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'weatherTool' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="transcript-text"]')).toHaveTextContent(
      /Paris/,
    );
    const parts = [...canvasElement.querySelectorAll('[data-slot="transcript-run"] > *')];
    await expect(parts.map((part) => part.getAttribute('data-slot'))).toEqual([
      'tool-call',
      'transcript-text',
    ]);
  },
};

/** Two calls in one step; one failed. */
export const ParallelToolsWithError: Story = {
  ...recorded(parallelToolsError),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'weatherTool' })).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await expect(canvas.getByRole('group', { name: 'flightsTool' })).toHaveAttribute(
      'data-status',
      'output-error',
    );
  },
};

/** A tool that reports progress, and a custom data part it wrote. */
export const ToolProgress: Story = {
  ...recorded(toolProgress),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="transcript-data"]')).not.toBeNull();
  },
};

/** The model cites a web page and a document, and hands back a file, before it answers. */
export const SourcesAndFile: Story = {
  ...recorded(sourcesAndFile),
  play: async ({ canvasElement }) => {
    const sources = [...canvasElement.querySelectorAll('[data-slot="transcript-source"]')];
    await expect(sources.map((source) => source.textContent)).toEqual([
      'Source Paris forecast https://weather.example.com/paris',
      'Source June climate report',
    ]);
    await expect(canvasElement.querySelector('[data-slot="transcript-file"]')).toHaveTextContent(
      'File unnamed (text/csv)',
    );
  },
};

/**
 * A tool whose display transform hides the password it is given: Mastra's validation failure and
 * the tool's own error quote the password back, and show `[hidden]` in its place.
 */
export const HiddenArgumentQuotedBack: Story = {
  ...recorded(hiddenArgumentEchoed),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const card of canvas.getAllByRole('button', { name: /^connectTool/ })) {
      if (card.getAttribute('aria-expanded') === 'false') await userEvent.click(card);
    }
    await waitFor(() => expect(canvasElement).toHaveTextContent('Provided arguments'));
    await expect(canvasElement).toHaveTextContent('[hidden]');
    await expect(canvasElement.textContent).not.toContain('pw-echo-secret');
  },
};

/** A supervisor, its research subagent, and that subagent's own subagent. */
export const TwoLevelSubagents: Story = {
  ...recorded(subagentTwoLevel),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'weather' })).toBeVisible();
  },
};

/** Three subagents at once. */
export const ParallelSubagents: Story = {
  ...recorded(subagentsParallel),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="subagent-run"]')).toHaveLength(3);
  },
};

/** A workflow as a tool. */
export const Workflow: Story = {
  ...recorded(workflowTool),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('group', { name: 'workflow-report' }),
    ).toBeVisible();
  },
};

/** A tool moved to the background, and the run that answered when it finished. */
export const BackgroundTask: Story = {
  ...recorded(backgroundTask),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="transcript-run"]')).toHaveLength(2);
  },
};

/** The model's stream failed after a few words. */
export const ModelError: Story = {
  ...recorded(modelError),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="transcript-run"]')).toHaveAttribute(
      'data-status',
      'error',
    );
    await expect(canvasElement.querySelector('[data-slot="transcript-error"]')).not.toBeNull();
  },
};

/** The person stopped the run. */
export const Aborted: Story = {
  ...recorded(abort),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="transcript-run-end"]')).toHaveTextContent(
      'Stopped.',
    );
  },
};

/** An input processor blocked the request before the model ran. */
export const Tripwire: Story = {
  ...recorded(tripwire),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="transcript-tripwire"]')).not.toBeNull();
  },
};

/** The approval inside a subagent, answered from the transcript. */
export const NestedApproval: Story = {
  render: () => (
    <Recorded
      recordings={[nestedApprovalRequest]}
      session={(store) => recordedSession(store, { 'approve-tool-call': nestedApprovalApprove })}
    >
      <div className="story-stack">
        <Transcript.Root />
      </div>
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve deleteTool' }));
    await waitFor(() =>
      expect(
        canvasElement.querySelector('[data-slot="transcript-run"] > [data-slot="transcript-text"]'),
      ).toHaveTextContent('The ops agent deleted record rec-778.'),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('deleteTool was approved.');
  },
};

/** The same components on an AI SDK UI stream (`toAISdkStream`, v6): a tool, a subagent, an approval. */
export const AiSdkStream: Story = {
  ...recorded(aisdkV6),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'lookup' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve deleteTool' })).toBeVisible();
  },
};

/** A subagent from an AI SDK UI stream (`data-tool-agent` parts). */
export const AiSdkSubagent: Story = {
  ...recorded(subagentAisdkV6),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'weather' })).toHaveAttribute(
      'data-status',
      'output-available',
    );
  },
};

function WeatherCard({ input, output, status }: ToolRendererProps) {
  const city =
    input.kind === 'valid' || input.kind === 'partial'
      ? (input.value as { city?: string }).city
      : undefined;
  const weather =
    output.kind === 'valid' ? (output.value as { tempC: number; sky: string }) : undefined;
  return (
    <article className="weather-card" aria-label={`Weather in ${city ?? '…'}`} data-status={status}>
      <h3>{city ?? '…'}</h3>
      <p>{weather === undefined ? 'Looking outside…' : `${weather.tempC} °C, ${weather.sky}`}</p>
    </article>
  );
}

/** A registry renders `weatherTool` with its own card; the other calls keep the default card. */
export const WithRegistry: Story = {
  render: function Render() {
    const [value] = useState(() => ({
      store: storeFrom(parallelToolsError),
      registry: createToolRegistry({ weatherTool: WeatherCard }),
    }));
    return (
      <ToolpaneProvider store={value.store} registry={value.registry}>
        <div className="story-stack">
          <Transcript.Root />
        </div>
      </ToolpaneProvider>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Weather in Lisbon' })).toHaveTextContent(
      '17 °C, sunny',
    );
    await expect(canvas.getByRole('group', { name: 'flightsTool' })).toBeVisible();
  },
};

/** Two-level subagents in the dark theme. */
export const TwoLevelSubagentsDark: Story = {
  ...recorded(subagentTwoLevel),
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'research' })).toBeVisible();
  },
};
