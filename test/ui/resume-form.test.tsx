import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AgentSession, createToolpaneStore } from '@toolpane/client';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm, resumeFields } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { loadFixture, recordedResponse } from '../utils/fixtures';

/** A schema with every kind of field the form builds. */
const richSchema = {
  type: 'object',
  properties: {
    confirmed: { type: 'boolean', description: 'Tick to book the table.' },
    guests: { type: 'integer', minimum: 1, maximum: 12 },
    seating: { type: 'string', enum: ['inside', 'terrace'] },
    contact: {
      type: 'object',
      title: 'Contact',
      properties: { name: { type: 'string' }, phone: { type: 'string' } },
      required: ['name'],
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['confirmed', 'guests', 'contact'],
  additionalProperties: false,
};

interface Sent {
  readonly body: Record<string, unknown>;
}

/**
 * A session whose store holds the recorded suspension. `schema` swaps the tool's resume schema
 * in the recorded `tool-call-suspended` chunk, to exercise field kinds the recording lacks, and
 * `suspendPayload` what the tool said.
 */
function suspended(
  schema?: object,
  suspendPayload?: unknown,
): { session: AgentSession; sent: Sent[] } {
  const store = createToolpaneStore();
  const chunks = loadFixture('suspend-request').map((chunk) => {
    const c = chunk as { type: string; payload: Record<string, unknown> };
    if (c.type !== 'tool-call-suspended') return chunk;
    return {
      ...c,
      payload: {
        ...c.payload,
        ...(schema === undefined ? {} : { resumeSchema: JSON.stringify(schema) }),
        ...(suspendPayload === undefined ? {} : { suspendPayload }),
      },
    };
  });
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  const sent: Sent[] = [];
  const session = createAgentSession({
    baseUrl: 'https://mastra.test',
    agentId: 'booking-agent',
    store,
    fetch: async (_url, init) => {
      sent.push({ body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return recordedResponse('suspend-resume');
    },
  });
  return { session, sent };
}

function renderForm(session: AgentSession) {
  render(
    <ToolpaneProvider session={session}>
      <ResumeForm.Root toolCallId="call-book-1" />
    </ToolpaneProvider>,
  );
  return screen.getByRole('form', { name: 'Resume bookTableTool' });
}

describe('resumeFields', () => {
  it('builds one field per property, by JSON Schema type, nested objects included', () => {
    const fields = resumeFields(JSON.stringify(richSchema));
    expect(fields.map((field) => [field.path, field.kind, field.meta.required])).toEqual([
      ['/confirmed', 'boolean', true],
      ['/guests', 'number', true],
      ['/seating', 'enum', false],
      ['/contact', 'object', true],
      ['/tags', 'json', false],
    ]);
    const contact = fields[3];
    expect(contact?.kind === 'object' && contact.fields.map((f) => f.meta.label)).toEqual([
      'Name',
      'Phone',
    ]);
  });

  it('edits a schema that is not an object as one JSON field', () => {
    expect(resumeFields({ type: 'array' })).toEqual([
      expect.objectContaining({ kind: 'json', path: '' }),
    ]);
  });
});

describe('ResumeForm', () => {
  it('is generated from the recorded resume schema and resumes the call with the data', async () => {
    const user = userEvent.setup();
    const { session, sent } = suspended();
    const form = renderForm(session);
    expect(within(form).getByText('Confirm a table for 4 at Chez Marie, 19:30?')).toBeVisible();
    const confirmed = within(form).getByRole('checkbox', { name: 'Confirmed' });
    expect(confirmed).toHaveFocus();
    await user.click(confirmed);
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), 'ok');
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    await waitFor(() => expect(within(form).getByText('Resumed with')).toBeInTheDocument());
    expect(sent[0]?.body).toEqual(
      expect.objectContaining({ resumeData: { confirmed: true, note: 'ok' } }),
    );
    expect(session.store.getState().toolCalls.get('call-book-1')?.status).toBe('output-available');
  });

  it('renders every field kind with its label, hint and required mark', () => {
    const { session } = suspended(richSchema);
    const form = renderForm(session);
    // A checkbox gives a value ticked or not: "required" would read as "must tick".
    const confirmed = within(form).getByRole('checkbox', { name: 'Confirmed' });
    expect(confirmed).toHaveAccessibleDescription('Tick to book the table.');
    expect(confirmed).not.toHaveAttribute('aria-required');
    expect(within(form).getByRole('spinbutton', { name: 'Guests (required)' })).toHaveAttribute(
      'step',
      '1',
    );
    const seating = within(form).getByRole('combobox', { name: 'Seating' });
    expect(
      within(seating)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'inside', 'terrace']);
    const contact = within(form).getByRole('group', { name: 'Contact' });
    expect(within(contact).getByRole('textbox', { name: 'Name (required)' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Tags' })).toHaveAttribute(
      'placeholder',
      'JSON',
    );
  });

  it('checks the data against the schema before sending, and marks the fields that fail', async () => {
    const user = userEvent.setup();
    const { session, sent } = suspended(richSchema);
    const form = renderForm(session);
    await user.type(within(form).getByRole('spinbutton', { name: 'Guests (required)' }), '40');
    await user.type(within(form).getByRole('textbox', { name: 'Name (required)' }), 'Ada');
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), '[["window"');
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    const tags = within(form).getByRole('textbox', { name: 'Tags' });
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveAccessibleDescription('Enter valid JSON.');
    // The schema's problems with the rest show at the same time; focus goes to the first one.
    const guests = within(form).getByRole('spinbutton', { name: 'Guests (required)' });
    await waitFor(() => expect(guests).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(guests).toHaveFocus());

    await user.clear(tags);
    await user.type(tags, '[["window"]');
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    await waitFor(() => expect(tags).not.toHaveAttribute('aria-invalid'));
    expect(guests).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(guests).toHaveFocus());
    expect(sent).toEqual([]);

    await user.clear(guests);
    await user.type(guests, '4');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Seating' }), 'terrace');
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.resumeData).toEqual({
      confirmed: false,
      guests: 4,
      seating: 'terrace',
      contact: { name: 'Ada' },
      tags: ['window'],
    });
  });

  it.each([
    [
      'a property named __proto__',
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
      ) as object,
      /names a property "__proto__"/,
    ],
    ['a recursive $ref', { type: 'object', properties: { next: { $ref: '#' } } }, /recursive/],
  ])('shows a clear error for %s and sends nothing', async (_, schema, message) => {
    const user = userEvent.setup();
    // The schema arrives as JSON text, where "__proto__" is a key like any other.
    const { session, sent } = suspended(schema);
    const form = renderForm(session);
    const first = within(form).getAllByRole('textbox')[0]!;
    await user.type(first, '{{"isAdmin": true}');
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    await waitFor(() => expect(within(form).getByText(message)).toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it('checks a catastrophic pattern without blocking the page', async () => {
    const user = userEvent.setup();
    const { session, sent } = suspended({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      required: ['code'],
    });
    const form = renderForm(session);
    const code = within(form).getByRole('textbox', { name: 'Code (required)' });
    // A backtracking RegExp takes minutes on these 40 characters.
    await user.type(code, `${'a'.repeat(40)}!`);
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toEqual([]);
  });

  it('asks for required text before anything is checked or sent', async () => {
    const user = userEvent.setup();
    const { session, sent } = suspended(richSchema);
    const form = renderForm(session);
    await user.click(within(form).getByRole('button', { name: 'Resume bookTableTool' }));
    const guests = within(form).getByRole('spinbutton', { name: 'Guests (required)' });
    expect(guests).toHaveAccessibleDescription('Fill in this field.');
    expect(within(form).getByRole('textbox', { name: 'Name (required)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Focus moves once the messages rendered, which may be a tick after the click settles.
    await waitFor(() => expect(guests).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('shows what the tool asked as unambiguously as an approval: escapes, look-alikes, every field', () => {
    // A sentence: a direction override, a look-alike host and a zero-width space show as escapes,
    // quotes as written, each line on its own.
    const reason = 'Pay "rent" to \u202ebob?\nSee https://\u0430\u0440\u0440\u04cf\u0435.com\u200b';
    renderForm(suspended(undefined, { reason }).session);
    const payload = document.querySelector<HTMLElement>('[data-slot="resume-form-payload"]')!;
    expect(payload.querySelector('p')?.textContent).toContain(
      'Pay "rent" to \\u202ebob?\nSee https://',
    );
    expect(payload).toHaveTextContent('\\u0430\\u0440\\u0440\\u04cf\\u0435.com\\u200b');
    expect(payload.textContent).not.toMatch(/[\u202e\u200b\u0430]/);
  });

  it('shows a payload of several fields whole, every string quoted and escaped', () => {
    const { session } = suspended(undefined, { to: '\u202ebob', amount: 500, memo: 'a\nb' });
    renderForm(session);
    const payload = document.querySelector<HTMLElement>('[data-slot="resume-form-payload"]')!;
    expect(payload).toHaveTextContent('"to": "\\u202ebob""amount": 500"memo": "a\\nb"');
    expect(payload.textContent).not.toMatch(/\u202e/);
  });
});
