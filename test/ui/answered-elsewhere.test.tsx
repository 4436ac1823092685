import { render, screen, within } from '@testing-library/react';
import { createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { Approval, ResumeForm } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/*
 * Two calls of one step that wait for a person, read with no decision told to the store (a replay,
 * or an app that answers through its own client): once Mastra asks for the second, the first was
 * answered where this page did not see it. Its card says so and offers nothing to press.
 */

const END = { type: 'toolpane/stream-end' };

function mount(name: string, card: ReactNode) {
  const store = createToolpaneStore();
  for (const part of ['request', 'next'])
    store.dispatchMany([...loadFixture(`${name}-${part}`), END]);
  render(<ToolpaneProvider store={store}>{card}</ToolpaneProvider>);
}

describe('a request answered elsewhere', () => {
  it('shows the approval as answered, with what was asked and no buttons', () => {
    mount(
      'parallel-approval',
      <>
        <Approval.Root toolCallId="call-par-del-a" />
        <Approval.Root toolCallId="call-par-del-b" />
      </>,
    );
    const [first, second] = screen.getAllByRole('group', { name: 'Approval for deleteTool' });
    expect(first!.dataset.state).toBe('answered');
    expect(first!.textContent).toContain('Answered elsewhere; waiting for deleteTool…');
    expect(first!.textContent).toContain('rec-a');
    expect(within(first!).queryAllByRole('button')).toEqual([]);
    // The request the run holds now waits for a person.
    expect(second!.dataset.state).toBe('requested');
    expect(within(second!).getByRole('button', { name: /approve/i })).toBeDefined();
  });

  it('shows the suspension as resumed elsewhere, with no form to send', () => {
    mount('parallel-mixed', <ResumeForm.Root toolCallId="call-par-book-a" />);
    const sent = document.querySelector('[data-slot="resume-form-sent"]')!;
    expect(sent.textContent).toBe('Resumed elsewhere; the result shows when the tool ends.');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });
});
