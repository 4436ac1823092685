import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { loadFixture } from '../utils/fixtures';
import {
  bookTable,
  mastraSchema,
  renderForm,
  sessionWith,
  submit,
  withSchema,
} from './resume-form-setup';

/*
 * The choices of an enum when the call suspends again (recorded: suspend-again-*.jsonl, where
 * `verifyIdentityTool` refuses the first answer and suspends once more, with the same schema),
 * each suspension here with its own options.
 */

const slotOf = (options: unknown) =>
  mastraSchema(
    Array.isArray(options) && options.every((o) => typeof o === 'string')
      ? z.object({ slot: z.enum(options as [string, ...string[]]) })
      : Array.isArray(options) && options.every((o) => typeof o === 'number')
        ? z.object({ slot: z.literal(options as number[]) })
        : jsonSchema({
            type: 'object',
            properties: { slot: { enum: options } },
            required: ['slot'],
          } as Parameters<typeof jsonSchema>[0]),
  );

/** An option as the form shows it: text as it is, anything else as JSON. */
const text = (option: unknown) => (typeof option === 'string' ? option : JSON.stringify(option));

const CASES: [
  what: string,
  first: unknown[],
  chosen: string,
  again: unknown[],
  shown: string,
  sent: unknown,
][] = [
  [
    'the chosen value is no longer offered',
    ['19:00', '20:00'],
    '20:00',
    ['20:30', '21:00'],
    'Choose…',
    undefined,
  ],
  [
    'the options come in another order',
    ['19:00', '20:00'],
    '20:00',
    ['20:00', '19:00', '21:00'],
    '20:00',
    '20:00',
  ],
  ['an option of another type takes its place', ['1', '2'], '2', [1, 2], 'Choose…', undefined],
  [
    'the options are objects',
    [{ at: '19:00' }, { at: '20:00' }],
    '{"at":"20:00"}',
    [{ at: '20:00' }, { at: '21:00' }],
    '{"at":"20:00"}',
    { at: '20:00' },
  ],
  [
    'an object option is gone',
    [{ at: '19:00' }, { at: '20:00' }],
    '{"at":"20:00"}',
    [{ at: '18:00' }, { at: '21:00' }],
    'Choose…',
    undefined,
  ],
];

describe('an enum when the call suspends again with other options', { timeout: 30_000 }, () => {
  it.each(CASES)('%s', async (_, first, chosen, again, shown, resent) => {
    const user = userEvent.setup();
    const { session, sent } = sessionWith(withSchema('suspend-again-request', slotOf(first)), [
      withSchema('suspend-again-resume-first', slotOf(again)),
      loadFixture('suspend-again-resume-second'),
    ]);
    const form = renderForm(session, 'call-verify-again-1', 'verifyIdentityTool');
    const slot = () => within(form).getByRole('combobox', { name: /^Slot/ });
    await user.selectOptions(slot(), chosen);
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({ slot: first.find((o) => text(o) === chosen) });
    await waitFor(() => expect(within(form).getByText(/is wrong/)).toBeInTheDocument());
    // Only the new options are offered, and a choice stands only if its value is one of them.
    expect(
      within(slot())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', ...again.map(text)]);
    expect(slot()).toHaveDisplayValue(shown);
    await submit(form, user);
    if (resent === undefined) {
      await waitFor(() => expect(slot()).toHaveAccessibleDescription('Fill in this field.'));
      expect(sent).toHaveLength(1);
    } else {
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]!.body.resumeData).toEqual({ slot: resent });
    }
  });
});

describe('enum and const of objects in the form', () => {
  it('preselects an object default, and sends the object chosen', async () => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(
      mastraSchema(
        jsonSchema({
          type: 'object',
          properties: {
            slot: {
              enum: [{ at: '19:00' }, { at: '20:00', room: ['bar'] }],
              default: { at: '20:00', room: ['bar'] },
            },
            seat: { enum: [{ n: 1 }, { n: 2 }] },
          },
          required: ['slot', 'seat'],
        }),
      ),
    );
    const form = renderForm(session);
    expect(within(form).getByRole('combobox', { name: /^Slot/ })).toHaveDisplayValue(
      '{"at":"20:00","room":["bar"]}',
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Seat/ }), '{"n":2}');
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({
      slot: { at: '20:00', room: ['bar'] },
      seat: { n: 2 },
    });
  });

  it('accepts exactly the object a const asks for, as JSON typed in', async () => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(
      mastraSchema(
        jsonSchema({
          type: 'object',
          properties: { ack: { type: 'array', items: { const: { ok: true } } } },
          required: ['ack'],
        }),
      ),
    );
    const form = renderForm(session);
    const ack = within(form).getByRole('textbox', { name: /^Ack/ });
    await user.type(ack, '[[{{"ok": false}]');
    await submit(form, user);
    await waitFor(() => expect(ack).toHaveAccessibleDescription('Must be {"ok":true}.'));
    expect(sent).toEqual([]);
    await user.clear(ack);
    await user.type(ack, '[[{{"ok": true}, {{"ok": true}]');
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({ ack: [{ ok: true }, { ok: true }] });
  });
});
