import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { bookTable, mastraSchema, renderForm, submit } from './resume-form-setup';

/*
 * Number inputs whose text the browser cannot read as a number ("1e", "-", "1e+"): their value
 * reads "" and `validity.badInput` is true. jsdom does not set `badInput`, so each input reports
 * it here the way a browser does, while the text typed is not a number.
 */

/** Makes `input` report `badInput` while `bad()` says so, as a browser does. */
function reportBadInput(input: HTMLInputElement, bad: () => boolean) {
  const validity = input.validity;
  Object.defineProperty(input, 'validity', {
    configurable: true,
    get: () => ({ valid: !bad() && validity.valid, badInput: bad() }),
  });
}

const NUMBERS: [what: string, field: z.ZodType, required: boolean][] = [
  ['an optional number', z.number().optional(), false],
  ['a required number', z.number(), true],
  ['an optional integer', z.int().optional(), false],
  ['a required integer', z.int(), true],
];

describe('a number input whose text is not a number', { timeout: 30_000 }, () => {
  it.each(NUMBERS)('%s says so, on its field, and nothing is sent', async (_, field, required) => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(
      mastraSchema(z.object({ guests: field, note: z.string().max(3).optional() })),
    );
    const form = renderForm(session);
    const guests = within(form).getByRole('spinbutton', { name: /^Guests/ }) as HTMLInputElement;
    const note = within(form).getByRole('textbox', { name: 'Note' });
    let bad = false;
    reportBadInput(guests, () => bad);
    for (const typed of ['1e', '-', '1e+']) {
      bad = false;
      await user.clear(guests);
      bad = true;
      await user.type(guests, typed);
      await user.clear(note);
      await user.type(note, 'toolong');
      await submit(form, user);
      await waitFor(() => expect(guests).toHaveAccessibleDescription('Enter a number.'));
      expect(guests).toHaveAttribute('aria-invalid', 'true');
      // The schema's problems with the other fields show at the same time.
      await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
      expect(sent).toEqual([]);
    }
    // The person clears the field: the browser reports an empty, readable input.
    await user.clear(note);
    bad = false;
    fireEvent.input(guests, { target: { value: '' } });
    await submit(form, user);
    if (required) {
      await waitFor(() => expect(guests).toHaveAccessibleDescription('Fill in this field.'));
      expect(sent).toEqual([]);
    } else {
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual({});
    }
  });

  it('sends the number once the text is one again', async () => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(mastraSchema(z.object({ guests: z.number().optional() })));
    const form = renderForm(session);
    const guests = within(form).getByRole('spinbutton', { name: /^Guests/ }) as HTMLInputElement;
    let bad = true;
    reportBadInput(guests, () => bad);
    await user.type(guests, '1e');
    await submit(form, user);
    await waitFor(() => expect(guests).toHaveAccessibleDescription('Enter a number.'));
    bad = false;
    await user.clear(guests);
    await user.type(guests, '1e3');
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({ guests: 1000 });
  });
});

describe('a number field with a default that is not a number', () => {
  it.each([
    ['text', 'two'],
    ['a boolean', true],
    ['an object', { n: 2 }],
    ['a list', [2]],
  ])('starts empty for %s, and an empty optional field sends nothing', async (_, given) => {
    const user = userEvent.setup();
    const { session, sent } = bookTable({
      ...mastraSchema(z.object({ guests: z.number().optional() })),
      properties: { guests: { type: 'number', default: given } },
    });
    const form = renderForm(session);
    const guests = within(form).getByRole('spinbutton', { name: /^Guests/ });
    expect(guests).toHaveValue(null);
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(guests).not.toHaveAttribute('aria-invalid');
    expect(sent[0]!.body.resumeData).toEqual({});
  });
});
