import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm, ToolCall, Transcript } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures';

/*
 * The resume form as it lives in a card: the card mounts with the call, chunks before the
 * suspension brings the resume schema (recorded: reservation-request.jsonl, where the schema has
 * defaults, limits, a pattern, an email format and an enum).
 */

const CALL = 'call-reserve-1';

/** The recording up to (not including) its first suspension chunk, and the rest. */
function split(name: string) {
  const chunks = loadFixture(name);
  const at = chunks.findIndex((chunk) => /suspended$/.test((chunk as { type: string }).type));
  if (at < 2) throw new Error(`${name} has no suspension after the call started`);
  return { before: chunks.slice(0, at), rest: chunks.slice(at) };
}

function storeWith(chunks: readonly unknown[]): ToolpaneStore {
  const store = createToolpaneStore({ formats: [aiSdk] });
  store.dispatchMany(chunks);
  return store;
}

const form = () => screen.getByRole('form', { name: 'Resume reserveTool' });
const guests = () => within(form()).getByRole('spinbutton', { name: /^Guests/ });
const seating = () => within(form()).getByRole('combobox', { name: /^Seating/ });
const newsletter = () => within(form()).getByRole('checkbox', { name: 'Newsletter' });
const postcode = () => within(form()).getByRole('textbox', { name: /^Postcode/ });

describe.each([
  ['the native stream', 'reservation-request'],
  ['the AI SDK stream', 'aisdk-v6-reservation-request'],
])('a resume schema that arrives after the card mounted, on %s', (_, recording) => {
  it('fills the fields with the schema defaults', () => {
    const { before, rest } = split(recording);
    const store = storeWith(before);
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId={CALL} />
      </ToolpaneProvider>,
    );
    // The card and its (empty) form are mounted before the schema is known.
    expect(screen.getByRole('group', { name: 'reserveTool' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    act(() => store.dispatchMany(rest));
    expect(guests()).toHaveValue(2);
    expect(seating()).toHaveDisplayValue('terrace');
    expect(newsletter()).not.toBeChecked();
    expect(postcode()).toHaveValue('');
  });
});

describe('resume form defaults', () => {
  it('keeps what the person edited when a new schema brings other defaults', async () => {
    const user = userEvent.setup();
    const { before, rest } = split('reservation-request');
    const store = storeWith([...before, ...rest]);
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId={CALL} />
      </ToolpaneProvider>,
    );
    await user.clear(guests());
    await user.type(guests(), '6');
    // The tool suspends again, with the defaults changed: the same recorded chunk, new schema.
    const suspended = rest[0] as { payload: { resumeSchema: string } };
    const schema = JSON.parse(suspended.payload.resumeSchema) as {
      properties: Record<string, { default?: unknown }>;
    };
    schema.properties.guests!.default = 4;
    schema.properties.seating!.default = 'inside';
    act(() =>
      store.dispatch({
        ...suspended,
        payload: { ...suspended.payload, resumeSchema: JSON.stringify(schema) },
      }),
    );
    expect(guests()).toHaveValue(6);
    expect(seating()).toHaveDisplayValue('inside');
  });

  it('gives each form of one store its own schema defaults', () => {
    const store = storeWith([
      ...loadFixture('suspend-request'),
      ...loadFixture('reservation-request'),
    ]);
    render(
      <ToolpaneProvider store={store}>
        <ToolCall.Root toolCallId="call-book-1" />
        <ToolCall.Root toolCallId={CALL} />
      </ToolpaneProvider>,
    );
    const booking = screen.getByRole('form', { name: 'Resume bookTableTool' });
    expect(within(booking).getByRole('checkbox', { name: 'Confirmed' })).not.toBeChecked();
    expect(guests()).toHaveValue(2);
  });

  it('takes a field default from a default its parent object gives', () => {
    const { before, rest } = split('reservation-request');
    const suspended = rest[0] as { payload: Record<string, unknown> };
    const schema = {
      type: 'object',
      properties: {
        party: {
          type: 'object',
          properties: { adults: { type: 'integer' }, children: { type: 'integer', default: 1 } },
          default: { adults: 3, children: 0 },
        },
      },
    };
    const store = storeWith([
      ...before,
      { ...suspended, payload: { ...suspended.payload, resumeSchema: JSON.stringify(schema) } },
    ]);
    render(
      <ToolpaneProvider store={store}>
        <ResumeForm.Root toolCallId={CALL} />
      </ToolpaneProvider>,
    );
    const party = within(form()).getByRole('group', { name: 'Party' });
    expect(within(party).getByRole('spinbutton', { name: 'Adults' })).toHaveValue(3);
    expect(within(party).getByRole('spinbutton', { name: 'Children' })).toHaveValue(1);
  });
});

/** The reservation waiting for its details, with a session whose server replays the resume. */
function reservation(messages?: Parameters<typeof ResumeForm.Root>[0]['messages']) {
  const store = storeWith(loadFixture('reservation-request'));
  const sent: unknown[] = [];
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'reservation-agent',
    store,
    fetch: async (_url, init) => {
      sent.push((JSON.parse(String(init.body)) as { resumeData: unknown }).resumeData);
      return recordedResponse('reservation-resume');
    },
  });
  render(
    <ToolpaneProvider session={session}>
      <ToolCall.Root toolCallId={CALL}>
        <ToolCall.Trigger />
        <ResumeForm.Root toolCallId={CALL} messages={messages} />
      </ToolCall.Root>
    </ToolpaneProvider>,
  );
  return { sent, store };
}

describe('resume form booleans', () => {
  it('marks no checkbox required, and an unticked required one sends false', async () => {
    const user = userEvent.setup();
    const { sent } = reservation();
    expect(newsletter()).not.toHaveAttribute('aria-required');
    expect(within(form()).getByText('Newsletter').textContent).toBe('Newsletter');
    // Required fields that are not checkboxes keep the mark.
    expect(postcode()).toHaveAccessibleName('Postcode (required)');
    await user.type(postcode(), '75011');
    await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      guests: 2,
      seating: 'terrace',
      postcode: '75011',
      newsletter: false,
    });
  });
});

describe('resume form messages', () => {
  it('shows each problem in plain words next to its field', async () => {
    const user = userEvent.setup();
    const { sent } = reservation();
    await user.clear(guests());
    await user.type(guests(), '11');
    await user.type(postcode(), '750');
    await user.type(within(form()).getByRole('textbox', { name: 'Email' }), 'ada');
    await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
    await waitFor(() => expect(guests()).toHaveAttribute('aria-invalid', 'true'));
    expect(guests()).toHaveAccessibleDescription('Enter a number no larger than 10.');
    expect(postcode()).toHaveAccessibleDescription('Five digits. Must match the format 00000.');
    expect(within(form()).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address, like name@example.com.',
    );
    await waitFor(() => expect(guests()).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('shows the schema problems together with a missing field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = reservation();
    await user.clear(guests());
    await user.type(guests(), '0');
    await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
    expect(postcode()).toHaveAccessibleDescription('Five digits. Fill in this field.');
    await waitFor(() =>
      expect(guests()).toHaveAccessibleDescription('Enter a number of at least 1.'),
    );
    await waitFor(() => expect(guests()).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('takes the words of the kinds given in `messages`, and the defaults for the rest', async () => {
    const user = userEvent.setup();
    reservation({
      'too-big': ({ limit }) => `Höchstens ${limit}.`,
      required: () => 'Bitte ausfüllen.',
    });
    await user.clear(guests());
    await user.type(guests(), '11');
    await user.type(within(form()).getByRole('textbox', { name: 'Email' }), 'ada');
    await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
    // Required text is checked before anything is sent: the form's own words are overridable too.
    expect(postcode()).toHaveAccessibleDescription('Five digits. Bitte ausfüllen.');
    await user.type(postcode(), '75011');
    await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
    await waitFor(() => expect(guests()).toHaveAccessibleDescription('Höchstens 10.'));
    expect(within(form()).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address, like name@example.com.',
    );
  });
});

describe('focus after the form sent the data', () => {
  it.each([
    [
      'Enter in a field',
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.type(postcode(), '75011{Enter}');
      },
    ],
    [
      'the button',
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.type(postcode(), '75011');
        await user.click(within(form()).getByRole('button', { name: 'Resume reserveTool' }));
      },
    ],
  ])('moves to what was sent after %s, never to the page', async (_, submit) => {
    const user = userEvent.setup();
    const { store } = reservation();
    await submit(user);
    const sentRegion = await within(form()).findByRole('group', { name: 'Resumed with' });
    await waitFor(() => expect(sentRegion).toHaveFocus());
    expect(store.getState().toolCalls.get(CALL)?.status).toBe('output-available');
  });
});

describe('a resume form inside a subagent', () => {
  it('streams in with the nested call, resumes it, and puts focus on what was sent', async () => {
    const user = userEvent.setup();
    const chunks = loadFixture('nested-suspend-request');
    // The subagent's card, with the inner call, exists before the inner suspension arrives.
    const at = chunks.findIndex((chunk) => JSON.stringify(chunk).includes('"resumeSchema"'));
    const store = storeWith(chunks.slice(0, at));
    const sent: unknown[] = [];
    const session = createAgentSession({
      baseUrl: 'https://mastra.test',
      agentId: 'concierge',
      store,
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init.body)) as unknown);
        return recordedResponse('nested-suspend-resume');
      },
    });
    render(
      <ToolpaneProvider session={session}>
        <Transcript.Root />
      </ToolpaneProvider>,
    );
    act(() => store.dispatchMany(chunks.slice(at)));
    const nested = await screen.findByRole('form', { name: 'Resume bookTableTool' });
    const confirmed = within(nested).getByRole('checkbox', { name: 'Confirmed' });
    expect(confirmed).not.toHaveAttribute('aria-required');
    await user.type(within(nested).getByRole('textbox', { name: 'Note' }), 'Window seat{Enter}');
    const result = await within(nested).findByRole('group', { name: 'Resumed with' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(sent).toEqual([
      expect.objectContaining({ resumeData: { confirmed: false, note: 'Window seat' } }),
    ]);
  });
});
