import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** The deploy recording: four `tool-output` reports (build, upload, …). */
const chunks = loadFixture('tool-progress');
const firstReport = chunks.findIndex((chunk) => (chunk as { type: string }).type === 'tool-output');

describe('the earlier progress reports', () => {
  it('render only while their details are open, and follow new reports while open', async () => {
    const user = userEvent.setup();
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, firstReport + 3));
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId="call-deploy-1" defaultOpen>
          <ToolCall.Content />
        </ToolCall.Root>
      </ToolpaneProvider>,
    );
    const history = document.querySelector('details[data-slot="tool-call-progress-history"]')!;
    const list = () => history.querySelector('[data-slot="tool-call-progress-list"]');
    const items = () => history.querySelectorAll('[data-slot="tool-call-progress-item"]');
    expect(history).not.toHaveAttribute('open');
    expect(history).toHaveTextContent('2 earlier reports');
    // Closed: the summary only, none of the reports.
    expect(list()).toBeNull();
    expect(history).not.toHaveTextContent('build');

    await user.click(history.querySelector('summary')!);
    expect(history).toHaveAttribute('open');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toHaveTextContent('build');
    act(() => store.dispatchMany(chunks.slice(firstReport + 3)));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(history).toHaveTextContent('3 earlier reports');

    await user.click(history.querySelector('summary')!);
    expect(history).not.toHaveAttribute('open');
    await waitFor(() => expect(list()).toBeNull());
  });
});
