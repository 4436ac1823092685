import type { Meta, StoryObj } from '@storybook/react-vite';
import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { logChunks } from '@toolpane/client/inspect';
import { ToolpaneProvider } from '@toolpane/react';
import { StreamInspector } from '@toolpane/ui/inspector';
import '../packages/ui/src/inspector/styles.css';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import parallelToolsError from '../test/fixtures/parallel-tools-error.jsonl?raw';
import subagentTwoLevel from '../test/fixtures/subagent-two-level.jsonl?raw';
import workflowTool from '../test/fixtures/workflow-tool.jsonl?raw';
import { parseRecording } from './support/replay';

const END = { type: 'toolpane/stream-end' };

/** An inspector over recordings, dispatched at once, or one chunk per tick when `live`. */
function Inspected({ recordings, live = false }: { recordings: string[]; live?: boolean }) {
  const [{ store, log }] = useState(() => logChunks(createToolpaneStore({ formats: [aiSdk] })));
  useEffect(() => {
    const chunks = recordings.flatMap((raw) => [...parseRecording(raw), END]);
    if (!live) {
      store.dispatchMany(chunks);
      return;
    }
    let index = 0;
    const timer = setInterval(() => {
      if (index < chunks.length) store.dispatch(chunks[index++]);
      else clearInterval(timer);
    }, 10);
    return () => clearInterval(timer);
  }, [store, recordings, live]);
  return (
    <ToolpaneProvider store={store}>
      <StreamInspector log={log} />
    </ToolpaneProvider>
  );
}

const meta = {
  title: 'StreamInspector',
  component: Inspected,
  args: { recordings: [subagentTwoLevel, parallelToolsError] },
} satisfies Meta<typeof Inspected>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLTableRowElement>('[data-slot="inspector-chunk"]'),
];
const total = [subagentTwoLevel, parallelToolsError].reduce(
  (sum, raw) => sum + parseRecording(raw).length + 1,
  0,
);

/**
 * Two recordings in one store: the run tree (a supervisor, its subagent, that subagent's own
 * subagent, and a run with a failed call) beside every chunk. Filter by call, then click a call
 * to light up its chunks and a chunk to light up its call.
 */
export const FromRecordings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(rows(canvasElement)).toHaveLength(total);
    const tree = canvas.getByRole('list', { name: 'Runs' });
    await expect(tree.querySelectorAll('[data-kind="run"]')).toHaveLength(4);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Call' }), 'call-flights-1');
    for (const row of rows(canvasElement)) await expect(row).toHaveTextContent('call-flights-1');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Call' }), '');
    const flights = tree.querySelector('[data-kind="call"][data-id="call-flights-1"]')!;
    await userEvent.click(flights as HTMLElement);
    await expect(flights).toHaveAttribute('aria-pressed', 'true');
    const lit = rows(canvasElement).filter((row) => row.hasAttribute('data-highlighted'));
    await expect(lit.length).toBeGreaterThan(0);
    const research = rows(canvasElement).find((row) =>
      row.textContent?.includes('call-research-1'),
    )!;
    await userEvent.click(within(research as HTMLElement).getByRole('button'));
    await expect(
      tree.querySelector('[data-kind="call"][data-id="call-research-1"]'),
    ).toHaveAttribute('data-highlighted');
  },
};

/**
 * A subagent chain and a workflow call: the tree shows the workflow's steps with their statuses;
 * the timeline filters by run (the subagent's own chunks) and by type, and the two combine.
 */
export const FiltersByRunAndType: Story = {
  args: { recordings: [subagentTwoLevel, workflowTool] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tree = canvas.getByRole('list', { name: 'Runs' });
    const steps = [...tree.querySelectorAll('[data-slot="inspector-step"]')];
    await expect(steps.map((step) => step.getAttribute('data-status'))).toEqual([
      'success',
      'success',
    ]);
    await expect(steps[1]).toHaveTextContent('summarize');
    const all = rows(canvasElement).length;
    const type = canvas.getByRole('combobox', { name: 'Type' });
    await userEvent.selectOptions(type, 'tool-result');
    const results = rows(canvasElement);
    await expect(results.length).toBeGreaterThan(1);
    await expect(results.length).toBeLessThan(all);
    // A chunk matches by its own type or a type it wraps (tool-output › tool-result).
    for (const row of results) await expect(row.cells[1]).toHaveTextContent(/\btool-result$/);
    await userEvent.selectOptions(type, '');
    const run = canvas.getByRole('combobox', { name: 'Run' });
    const inner = [...(run as HTMLSelectElement).options].find((option) =>
      option.text.startsWith('weather-station-agent'),
    );
    await expect(inner).toBeDefined();
    await userEvent.selectOptions(run, inner?.value ?? '');
    const own = rows(canvasElement);
    await expect(own.length).toBeGreaterThan(0);
    for (const row of own) await expect(row.cells[2]).toHaveAttribute('title', inner?.value);
    await userEvent.selectOptions(type, 'tool-result');
    await expect(rows(canvasElement).length).toBeLessThan(own.length);
    for (const row of rows(canvasElement))
      await expect(row.cells[2]).toHaveAttribute('title', inner?.value);
  },
};

/** The same inspector on a live store: chunks arrive one by one and both sides follow. */
export const Live: Story = {
  args: { recordings: [subagentTwoLevel], live: true },
  play: async ({ canvasElement }) => {
    const expected = parseRecording(subagentTwoLevel).length + 1;
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0));
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(expected), { timeout: 10_000 });
    const runs = canvasElement.querySelectorAll('[data-slot="inspector-node"][data-kind="run"]');
    for (const run of runs) await expect(run).toHaveTextContent('finished');
  },
};
