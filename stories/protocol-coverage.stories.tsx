import type { Meta, StoryObj } from '@storybook/react-vite';
import { useClientTool, useToolpaneStore } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import abortToolHonours from '../test/fixtures/abort-tool-honours.jsonl?raw';
import abortToolIgnores from '../test/fixtures/abort-tool-ignores.jsonl?raw';
import aisdkV7 from '../test/fixtures/aisdk-v7.jsonl?raw';
import aisdkV7NestedSuspend from '../test/fixtures/aisdk-v7-nested-suspend.jsonl?raw';
import approvalTwoLevel from '../test/fixtures/approval-two-level-request.jsonl?raw';
import clientTool from '../test/fixtures/client-tool.jsonl?raw';
import clientToolAiSdk from '../test/fixtures/client-tool-aisdk.jsonl?raw';
import clientToolContinued from '../test/fixtures/client-tool-aisdk-continued.jsonl?raw';
import nestedSuspend from '../test/fixtures/nested-suspend-request.jsonl?raw';
import parallelSameTool from '../test/fixtures/parallel-same-tool.jsonl?raw';
import stepResultTiming from '../test/fixtures/step-result-timing.jsonl?raw';
import structuredOutput from '../test/fixtures/structured-output.jsonl?raw';
import subagentThreeDeep from '../test/fixtures/subagent-three-deep.jsonl?raw';
import workflowSuspend from '../test/fixtures/workflow-suspend-request.jsonl?raw';
import { Recorded } from './support/recorded';
import { parseRecording } from './support/replay';

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

/** The call card whose title names `toolName`. */
function cardOf(canvasElement: HTMLElement, toolName: string): HTMLElement {
  const cards = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')];
  const card = cards.filter((c) =>
    c.querySelector('[data-slot="tool-call-title"]')?.textContent?.includes(toolName),
  );
  return card.at(-1)!;
}

/**
 * Recorded streams of the less common parts of Mastra's protocol: requests for a person deep in
 * subagents and workflows, both kinds of abort, deep chains, held step results, parallel calls of
 * one tool, structured output and AI SDK v7.
 */
const meta = {
  title: 'Transcript/Protocol coverage',
  component: Transcript.Root,
  ...recorded(nestedSuspend),
} satisfies Meta<typeof Transcript.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A suspension inside a subagent: one resume form, on the inner call. */
export const NestedSuspension: Story = {
  play: async ({ canvasElement }) => {
    const forms = canvasElement.querySelectorAll('[data-slot="resume-form"]');
    await expect(forms).toHaveLength(1);
    await expect(cardOf(canvasElement, 'bookTableTool')).toContainElement(forms[0] as HTMLElement);
  },
};

/** The same through an AI SDK v7 stream, where the suspension part names only the outer call. */
export const NestedSuspensionAiSdkV7: Story = {
  ...recorded(aisdkV7NestedSuspend),
  play: NestedSuspension.play,
};

/** An approval two subagents down: three chunks, one Approve button. */
export const ApprovalTwoLevelsDown: Story = {
  ...recorded(approvalTwoLevel),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Approve deleteTool' })).toHaveLength(1);
  },
};

/** A workflow step suspended: the workflow call asks for the resume data, once. */
export const WorkflowStepSuspended: Story = {
  ...recorded(workflowSuspend),
  play: async ({ canvasElement }) => {
    const forms = canvasElement.querySelectorAll('[data-slot="resume-form"]');
    await expect(forms).toHaveLength(1);
    await expect(cardOf(canvasElement, 'workflow-expense')).toContainElement(
      forms[0] as HTMLElement,
    );
  },
};

/**
 * The tool honoured an abort on the server: the run finished on `tool-calls` with no result, which
 * is what a client-side tool leaves too. The call waits for the app: not running, not failed.
 */
export const AbortToolHonours: Story = {
  ...recorded(abortToolHonours),
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement, 'crawlSiteTool');
    await expect(card).toHaveAttribute('data-status', 'input-available');
    await expect(card).toHaveAttribute('data-awaiting-client', '');
    await expect(card).not.toHaveAttribute('aria-busy');
    await expect(card.querySelector('[data-slot="tool-call-status"]')).toHaveTextContent(
      'Waiting for the app',
    );
  },
};

/** A tool Mastra does not run (no `execute`): the call waits for the app's result. */
export const ClientTool: Story = {
  ...recorded(clientTool),
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement, 'askUserTool');
    await expect(card).toHaveAttribute('data-status', 'input-available');
    await expect(card).toHaveAttribute('data-awaiting-client', '');
    await expect(card.querySelector('[data-slot="tool-call-status"]')).toHaveTextContent(
      'Waiting for the app',
    );
    await expect(canvasElement).not.toHaveTextContent('Stopped');
  },
};

/**
 * `chatRoute`'s answer to the page's second request continues the assistant message the first
 * response started; the two recordings come from separate runs, so the answer is given that id.
 */
const CONTINUATION = (() => {
  const [start] = parseRecording(clientToolAiSdk) as { messageId?: string }[];
  return parseRecording(clientToolContinued).map((chunk) =>
    (chunk as { type?: string }).type === 'start'
      ? { ...(chunk as object), messageId: start?.messageId }
      : chunk,
  );
})();

/**
 * What a `useChat` page does for a client-side tool: while the call waits, the page offers its
 * own control; the answer ends the call at once, and the answer `chatRoute` streams next (a real
 * recording: the model's text names the city it was given) lands in the same run.
 */
function PickCity({ toolCallId }: { readonly toolCallId: string }) {
  const store = useToolpaneStore();
  const { awaiting } = useClientTool(toolCallId);
  if (!awaiting) return null;
  const pick = () => {
    store.dispatch({ type: 'toolpane/client-output', toolCallId, output: { city: 'Oslo' } });
    store.dispatchMany(CONTINUATION);
    store.dispatch({ type: 'toolpane/stream-end' });
  };
  return (
    <button type="button" onClick={pick}>
      Pick Oslo
    </button>
  );
}

/** A client-side tool answered by the page, and the chat continuing. */
export const ClientToolAnswered: Story = {
  render: () => (
    <Recorded recordings={[clientToolAiSdk]}>
      <div className="story-stack">
        <Transcript.Root />
        <PickCity toolCallId="call-ask-1" />
      </div>
    </Recorded>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = cardOf(canvasElement, 'askUserTool');
    await expect(card).toHaveAttribute('data-awaiting-client', '');
    await userEvent.click(canvas.getByRole('button', { name: 'Pick Oslo' }));
    await expect(card).toHaveAttribute('data-status', 'output-available');
    await expect(card).not.toHaveAttribute('data-awaiting-client');
    await userEvent.click(canvas.getByRole('button', { name: /askUserTool/ }));
    await expect(card.querySelector('[data-slot="tool-call-output"]')).toHaveTextContent('"Oslo"');
    await expect(await canvas.findByText('You picked Oslo.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Pick Oslo' })).toBeNull();
    // One run: the continuation joined the answer's run rather than starting another.
    await expect(canvasElement.querySelectorAll('[data-slot="transcript-run"]')).toHaveLength(1);
  },
};

/** The tool ignored the abort signal: its result stands, once. */
export const AbortToolIgnores: Story = {
  ...recorded(abortToolIgnores),
  play: async ({ canvasElement }) => {
    const cards = canvasElement.querySelectorAll('[data-slot="tool-call"]');
    await expect(cards).toHaveLength(1);
    await expect(cards[0]).toHaveAttribute('data-status', 'output-available');
  },
};

/** Supervisor → manager → analyst → clerk: every level finished. */
export const ThreeDeepChain: Story = {
  ...recorded(subagentThreeDeep),
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(
      'Berlin briefing: calm news, steady markets, a new rail line.',
    );
    const subagents = [...canvasElement.querySelectorAll('[data-slot="subagent-run"]')];
    await expect(subagents.length).toBeGreaterThan(0);
    await expect(subagents[0]).toHaveAttribute('data-status', 'output-available');
    // Named by the key it was registered under (`agent-manager`), from the first chunk on.
    await expect(subagents[0]).toHaveAccessibleName('manager');
  },
};

/** A fast call's result held until a slow sibling subagent finished. */
export const StepResultTiming: Story = {
  ...recorded(stepResultTiming),
  play: async ({ canvasElement }) => {
    await expect(cardOf(canvasElement, 'weatherTool')).toHaveAttribute(
      'data-status',
      'output-available',
    );
    await expect(canvasElement).toHaveTextContent('All 14 vans are ready and Lyon is sunny.');
  },
};

/** Two calls of one tool with identical, interleaved input: two cards. */
export const ParallelSameTool: Story = {
  ...recorded(parallelSameTool),
  play: async ({ canvasElement }) => {
    const cards = canvasElement.querySelectorAll('[data-slot="tool-call"]');
    await expect(cards).toHaveLength(2);
  },
};

/** Structured output: the JSON text the model wrote. */
export const StructuredOutput: Story = {
  ...recorded(structuredOutput),
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('"name":"Ada Lovelace"');
  },
};

/** An AI SDK v7 stream (`toAISdkStream(…, { version: 'v7' })`): a tool, a subagent, an approval. */
export const AiSdkV7: Story = {
  ...recorded(aisdkV7),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Approve deleteTool' })).toHaveLength(1);
    await expect(canvasElement).toHaveTextContent('Paris is 21°C, Oslo 17°C.');
  },
};
