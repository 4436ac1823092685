import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function renderRecording(name: string, toolCallId: string) {
  const store = createToolpaneStore();
  store.dispatchMany(loadFixture(name));
  render(
    <ToolpaneProvider store={store}>
      <ToolCall.Root toolCallId={toolCallId} />
    </ToolpaneProvider>,
  );
  return store;
}

describe('ToolCall', () => {
  it('shows the recorded call collapsed, with its name and status', () => {
    renderRecording('tool-call-then-text', 'call-1');
    const card = screen.getByRole('group', { name: 'weatherTool' });
    expect(card).toHaveAttribute('data-status', 'output-available');
    expect(card).toHaveAttribute('data-state', 'closed');
    const trigger = within(card).getByRole('button', { name: /weatherTool/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('Completed');
  });

  it('expands to the real input and result when the header is clicked', async () => {
    const user = userEvent.setup();
    renderRecording('tool-call-then-text', 'call-1');
    const trigger = screen.getByRole('button', { name: /weatherTool/ });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const card = screen.getByRole('group', { name: 'weatherTool' });
    expect(card).toHaveAttribute('data-state', 'open');
    const input = card.querySelector('[data-slot="tool-call-input"]');
    expect(input).toHaveTextContent('city: "Paris"');
    const output = card.querySelector('[data-slot="tool-call-output"]');
    expect(output).toHaveTextContent('city: "Paris"');
    expect(output).toHaveTextContent('tempC: 21');
    expect(output).toHaveTextContent('sky: "sunny"');
  });

  it('opens and closes from the keyboard', async () => {
    const user = userEvent.setup();
    renderRecording('tool-call-then-text', 'call-1');
    await user.tab();
    const trigger = screen.getByRole('button', { name: /weatherTool/ });
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
