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

const rows = (root: HTMLElement) => [...root.querySelectorAll('[data-slot="inspector-chunk"]')];
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
