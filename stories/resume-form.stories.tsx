import type { Meta, StoryObj } from '@storybook/react-vite';
import { ResumeForm, type ResumeFormRootProps, ToolCall, ToolpaneAnnouncer } from '@toolpane/ui';
import type { ReactElement } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import reservationRequest from '../test/fixtures/reservation-request.jsonl?raw';
import reservationResume from '../test/fixtures/reservation-resume.jsonl?raw';
import suspendRequest from '../test/fixtures/suspend-request.jsonl?raw';
import suspendResume from '../test/fixtures/suspend-resume.jsonl?raw';
import { LiveRecording } from './support/live-recording';
import { Recorded } from './support/recorded';
import { type RecordedServerOptions, recordedSession } from './support/session';

function withServer(
  server: RecordedServerOptions,
  [request, resume] = [suspendRequest, suspendResume],
): {
  render: (args: ResumeFormRootProps) => ReactElement;
} {
  return {
    render: (args) => (
      <Recorded
        recordings={[request]}
        session={(store) => recordedSession(store, { 'resume-stream': resume }, server)}
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
 * For waits that may include the first check of resume data in the page, which loads the
 * validator (zod) on demand: that takes a while on a busy machine. This is no timing check.
 */
const LOADS_ZOD = { timeout: 10_000 };

/** Waits for the card to show the resumed call's result. */
const resumed = (card: HTMLElement) =>
  waitFor(() => expect(card).toHaveAttribute('data-status', 'output-available'), LOADS_ZOD);

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
    await resumed(card);
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
    const retry = await canvas.findByRole('button', { name: 'Try again bookTableTool' }, LOADS_ZOD);
    await expect(canvasElement.querySelector('[data-slot="resume-form-error"]')).toHaveTextContent(
      /busy/,
    );
    await userEvent.click(retry);
    const card = canvas.getByRole('group', { name: 'bookTableTool' });
    await resumed(card);
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
    await resumed(card);
    // The button is gone: focus is on what was sent, not on the page.
    await expect(canvas.getByRole('group', { name: 'Resumed with' })).toHaveFocus();
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

/**
 * A required checkbox carries no "(required)" mark: left unticked, it sends `false`, which the
 * schema accepts.
 */
export const UntickedCheckbox: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirmed = canvas.getByRole('checkbox', { name: 'Confirmed' });
    await expect(confirmed).not.toHaveAttribute('aria-required');
    await expect(canvasElement.querySelector('[data-slot="resume-form-required"]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Resume bookTableTool' }));
    const card = canvas.getByRole('group', { name: 'bookTableTool' });
    await resumed(card);
    await expect(canvasElement.querySelector('[data-slot="resume-form-sent"]')).toHaveTextContent(
      'confirmed: false',
    );
    await expect(canvas.getByRole('group', { name: 'Resumed with' })).toHaveFocus();
  },
};

/** The reservation form: its schema has defaults, limits, a pattern, an email format and an enum. */
const reservation = {
  args: { toolCallId: 'call-reserve-1' },
  ...withServer({ delayMs: 20 }, [reservationRequest, reservationResume]),
} satisfies Partial<Story>;

const field = (form: HTMLElement, role: 'spinbutton' | 'textbox', name: RegExp) =>
  within(form).getByRole(role, { name });

/**
 * Problems read in plain words next to their fields, all at once; Enter sends, and once the call
 * is resumed focus is on what was sent.
 */
export const PlainWords: Story = {
  ...reservation,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole('form', { name: 'Resume reserveTool' });
    const guests = field(form, 'spinbutton', /^Guests/);
    const postcode = field(form, 'textbox', /^Postcode/);
    await userEvent.clear(guests);
    await userEvent.type(guests, '11');
    await userEvent.type(field(form, 'textbox', /^Email/), 'ada');
    await userEvent.type(postcode, '750{Enter}');
    await waitFor(
      () => expect(guests).toHaveAccessibleDescription('Enter a number no larger than 10.'),
      LOADS_ZOD,
    );
    await expect(guests).toHaveFocus();
    await expect(postcode).toHaveAccessibleDescription('Five digits. Must match the format 00000.');
    await expect(field(form, 'textbox', /^Email/)).toHaveAccessibleDescription(
      'Enter an email address, like name@example.com.',
    );
    await expect(form).not.toHaveTextContent(/Too big|Invalid|expected/);
    await userEvent.clear(guests);
    await userEvent.type(guests, '3');
    await userEvent.clear(field(form, 'textbox', /^Email/));
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '75011{Enter}');
    const card = canvas.getByRole('group', { name: 'reserveTool' });
    await resumed(card);
    await expect(canvas.getByRole('group', { name: 'Resumed with' })).toHaveFocus();
  },
};

/** `messages` replaces the words of the kinds it names; the others keep the defaults. */
export const CustomMessages: Story = {
  ...reservation,
  args: {
    toolCallId: 'call-reserve-1',
    messages: {
      'too-big': ({ limit }) => `Höchstens ${limit}.`,
      required: () => 'Bitte ausfüllen.',
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: 'Resume reserveTool' });
    const guests = field(form, 'spinbutton', /^Guests/);
    await userEvent.clear(guests);
    await userEvent.type(guests, '11');
    await userEvent.click(within(form).getByRole('button', { name: 'Resume reserveTool' }));
    await expect(field(form, 'textbox', /^Postcode/)).toHaveAccessibleDescription(
      'Five digits. Bitte ausfüllen.',
    );
    await userEvent.type(field(form, 'textbox', /^Postcode/), '75011');
    await userEvent.type(field(form, 'textbox', /^Email/), 'ada');
    await userEvent.click(within(form).getByRole('button', { name: 'Resume reserveTool' }));
    await waitFor(() => expect(guests).toHaveAccessibleDescription('Höchstens 10.'), LOADS_ZOD);
    await expect(field(form, 'textbox', /^Email/)).toHaveAccessibleDescription(
      'Enter an email address, like name@example.com.',
    );
  },
};

/**
 * The live flow: the recording streams in chunk by chunk, the card (and its form) mount with the
 * call, and the resume schema comes six chunks later. Its defaults fill the fields then.
 */
export const LiveSchemaDefaults: Story = {
  ...reservation,
  render: (args) => (
    <LiveRecording
      recording={reservationRequest}
      startAfter="tool-call-input-streaming-start"
      routes={{ 'resume-stream': reservationResume }}
    >
      <ToolCall.Root toolCallId={args.toolCallId} />
      <ToolpaneAnnouncer />
    </LiveRecording>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Resume reserveTool' }, { timeout: 4000 });
    await expect(field(form, 'spinbutton', /^Guests/)).toHaveValue(2);
    await expect(within(form).getByRole('combobox', { name: /^Seating/ })).toHaveDisplayValue(
      'terrace',
    );
    const newsletter = within(form).getByRole('checkbox', { name: 'Newsletter' });
    await expect(newsletter).not.toBeChecked();
    await userEvent.type(field(form, 'textbox', /^Postcode/), '75011{Enter}');
    const card = canvas.getByRole('group', { name: 'reserveTool' });
    await resumed(card);
    const sent = canvas.getByRole('group', { name: 'Resumed with' });
    await expect(sent).toHaveTextContent('guests: 2');
    await expect(sent).toHaveTextContent('newsletter: false');
    await expect(sent).toHaveFocus();
  },
};
