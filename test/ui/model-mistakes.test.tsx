import { fireEvent, render, screen, within } from '@testing-library/react';
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';

/*
 * A model that gets tool calls wrong, on a real Mastra agent: a tool the agent does not have
 * (beside one that runs, in the same step), arguments that are not JSON, and arguments the tool's
 * schema refuses. Mastra ends the first with a `ToolNotFoundError` that keeps only its name, runs
 * the second with `{}`, and answers the third with a refusal as its result. Each shows on its own
 * card, the run goes on, and nothing reads as a malformed chunk. Both formats; React 18 and 19.
 */

const NAMES = ['model-mistakes', 'model-mistakes-aisdk'];

describe.each(NAMES)('%s', (name) => {
  const chunks = [...loadFixture(name), END];
  const options = recordingOptions(name);

  it('ends the unknown tool with its error name, and runs the rest', () => {
    const state = reduceAll(chunks, options);
    const calls = Object.fromEntries([...state.toolCalls.values()].map((c) => [c.toolCallId, c]));
    expect(calls['call-mistake-unknown-1']).toMatchObject({
      toolName: 'bookShopTool',
      status: 'output-error',
      error: { value: 'ToolNotFoundError' },
    });
    expect(calls['call-mistake-hours-1']).toMatchObject({
      status: 'output-available',
      output: { value: { city: 'Oslo', opens: '09:00' } },
    });
    for (const id of ['call-mistake-json-1', 'call-mistake-schema-1']) {
      expect(calls[id]?.status, id).toBe('output-available');
      expect(calls[id]?.output, id).toMatchObject({ value: { error: true } });
    }
    expect([...state.runs.values()].map((run) => run.status)).toEqual(['finished']);
    expect(state.issues).toEqual([]);
  });

  it('shows every card, the unknown tool with its error, and the answer', () => {
    const store = createToolpaneStore(options);
    store.dispatchMany(chunks);
    render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    expect(screen.getByText('The shop in Oslo opens at 09:00.')).toBeTruthy();
    const card = screen.getByText('bookShopTool').closest('[data-slot="tool-call"]') as HTMLElement;
    expect(card, 'the unknown tool has a card').toBeTruthy();
    expect(within(card).getByText('Failed')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /bookShopTool/ }));
    expect(within(card).getAllByText(/ToolNotFoundError/).length).toBeGreaterThan(0);
    expect(within(card).queryByText(/"name"/)).toBeNull();
    expect(document.querySelectorAll('[data-slot="tool-call"]').length).toBe(4);
  });
});
