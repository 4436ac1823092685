import type { Meta, StoryObj } from '@storybook/react-vite';
import { ResumeForm, type ResumeFormRootProps, ToolCall, ToolpaneAnnouncer } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import suspendRequest from '../test/fixtures/suspend-request.jsonl?raw';
import suspendResume from '../test/fixtures/suspend-resume.jsonl?raw';
import { Recorded } from './support/recorded';
import { type RecordedServerOptions, recordedSession } from './support/session';

function withServer(server: RecordedServerOptions): {
  render: (args: ResumeFormRootProps) => ReactElement;
} {
  return {
    render: (args) => (
      <Recorded
        recordings={[suspendRequest]}
        session={(store) => recordedSession(store, { 'resume-stream': suspendResume }, server)}
      >
        <ToolCall.Root toolCallId={args.toolCallId}>
          <ToolCall.Trigger />
          <ResumeForm.Root {...args} />
          <ToolCall.Content />
        </ToolCall.Root>
        <ToolpaneAnnouncer />
      </Recorded>
    ),
  };
}

/**
 * The form for a suspended call, generated from the resume schema the tool declared
 * (`{ confirmed: boolean, note?: string }`), checked against it before anything is sent.
 */
const meta = {
  title: 'ResumeForm',
  component: ResumeForm.Root,
  args: { toolCallId: 'call-book-1' },
  ...withServer({ delayMs: 40 }),
} satisfies Meta<typeof ResumeForm.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Confirm, add a note, resume: the booking completes with the recorded result. */
export const Resume: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'bookTableTool is waiting for your input.',
    );
    const form = canvas.getByRole('form', { name: 'Resume bookTableTool' });
    await expect(
      within(form).getByText('Confirm a table for 4 at Chez Marie, 19:30?'),
    ).toBeVisible();
    const confirmed = within(form).getByRole('checkbox', { name: /Confirmed/ });
    await expect(confirmed).toHaveFocus();
    await userEvent.click(confirmed);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'ok');
    await userEvent.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    const card = canvas.getByRole('group', { name: 'bookTableTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'));
    await expect(within(form).getByText('Resumed with')).toBeVisible();
    await expect(form.querySelector('[data-slot="resume-form-sent"]')).toHaveTextContent(
      'confirmed: true',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('bookTableTool was resumed.');
  },
};

/** Sending fails once: the error shows and the button reads "Try again", which works. */
export const FailsThenRetry: Story = {
  ...withServer({ failFirst: true, delayMs: 20 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Confirmed/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Resume bookTableTool' }));
    const retry = await canvas.findByRole('button', { name: 'Try again bookTableTool' });
    await expect(canvasElement.querySelector('[data-slot="resume-form-error"]')).toHaveTextContent(
      /busy/,
    );
    await userEvent.click(retry);
    const card = canvas.getByRole('group', { name: 'bookTableTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'));
  },
};

/** Keyboard only: Space ticks the box, Tab to the note and the button, Enter sends. */
export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: /Confirmed/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.keyboard('by the window');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Resume bookTableTool' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const card = canvas.getByRole('group', { name: 'bookTableTool' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'));
  },
};

/** Dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('form')).toHaveAttribute(
      'data-state',
      'suspended',
    );
  },
};
