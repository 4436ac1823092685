import { fireEvent, render, screen, within } from '@testing-library/react';
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { openEverything } from '../utils/dom';
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

  /** The whole recording in a store, shown by the default transcript. */
  const renderTranscript = () => {
    const store = createToolpaneStore(options);
    store.dispatchMany(chunks);
    render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
  };

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
    // Mastra refuses the arguments with a result `{ error: true, message, validationErrors }`:
    // the tool did not run, so the call failed, with the refusal's message as its error.
    const refusals = {
      'call-mistake-json-1': 'Provided arguments: {}',
      'call-mistake-schema-1': '"town": "Bergen"',
    };
    for (const [id, quote] of Object.entries(refusals)) {
      expect(calls[id]?.status, id).toBe('output-error');
      expect(calls[id]?.output, id).toEqual({ kind: 'none' });
      const error = calls[id]?.error as { kind: string; value: string };
      expect(error.kind, id).toBe('raw');
      expect(error.value, id).toMatch(/^Tool input validation failed for hoursTool\./);
      expect(error.value, id).toContain('- city: Required');
      expect(error.value, id).toContain(quote);
    }
    expect([...state.runs.values()].map((run) => run.status)).toEqual(['finished']);
    expect(state.issues).toEqual([]);
  });

  it('shows every card, the unknown tool with its error, and the answer', () => {
    renderTranscript();
    expect(screen.getByText('The shop in Oslo opens at 09:00.')).toBeTruthy();
    const card = screen.getByText('bookShopTool').closest('[data-slot="tool-call"]') as HTMLElement;
    expect(card, 'the unknown tool has a card').toBeTruthy();
    expect(within(card).getByText('Failed')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /bookShopTool/ }));
    expect(within(card).getAllByText(/ToolNotFoundError/).length).toBeGreaterThan(0);
    expect(within(card).queryByText(/"name"/)).toBeNull();
    expect(document.querySelectorAll('[data-slot="tool-call"]').length).toBe(4);
  });

  it('shows each refusal of the arguments as a failure, with what Mastra said', () => {
    renderTranscript();
    const failed = [...document.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')].filter(
      (card) => within(card).queryByText('Failed') !== null,
    );
    expect(failed.map((card) => within(card).getByRole('button').textContent)).toEqual([
      expect.stringContaining('bookShopTool'),
      expect.stringContaining('hoursTool'),
      expect.stringContaining('hoursTool'),
    ]);
    for (const card of failed.slice(1)) {
      fireEvent.click(within(card).getByRole('button'));
      expect(within(card).getByText(/Tool input validation failed for hoursTool/)).toBeTruthy();
      expect(within(card).queryByText(/validationErrors/)).toBeNull();
    }
  });
});

describe.each(['refusals-deep', 'refusals-deep-aisdk'])('%s', (name) => {
  it('shows the refusals three agents down as failed cards inside their agents', () => {
    const store = createToolpaneStore(recordingOptions(name));
    store.dispatchMany([...loadFixture(name), END]);
    render(
      <ToolpaneProvider store={store}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    openEverything();
    const cards = [...document.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')];
    const failed = cards.filter((card) => within(card).queryAllByText('Failed').length > 0);
    // Each failed card's own header: the innermost card that says "Failed" names one tool.
    const innermost = failed.filter(
      (card) => !failed.some((other) => other !== card && card.contains(other)),
    );
    expect(innermost.map((card) => within(card).getAllByRole('button')[0]!.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('hoursTool'),
        expect.stringContaining('stockTool'),
        expect.stringContaining('stockTool'),
        expect.stringContaining('restock'),
      ]),
    );
    expect(innermost).toHaveLength(4);
    if (!name.includes('aisdk')) {
      // Natively each says what Mastra refused; on AI SDK streams the subagent's snapshots do not
      // tell whether a transform hides the inner calls' values, so their errors show hidden.
      expect(
        within(innermost.find((card) => card.textContent!.includes('hoursTool'))!).getByText(
          /Tool input validation failed for hoursTool/,
        ),
      ).toBeTruthy();
    }
  });
});
