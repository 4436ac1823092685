import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resumeFields } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { bookTable, mastraSchema, renderForm, submit } from './resume-form-setup';

/**
 * Property names that are awkward in ids, JSON Pointers or labels, with the label each reads:
 * spaces, "/" and "~" (escaped in JSON Pointers), a name that equals another one escaped, names
 * whose path would equal a nested field's, an empty name and a name of spaces.
 */
const NAMES: [name: string, label: string][] = [
  ['delivery time', 'Delivery time'],
  ['a/b', 'A/b'],
  ['a~b', 'A~b'],
  ['a~1b', 'A~1b'],
  ['a-b', 'A b'],
  ['a.b', 'A.b'],
  ['', '(empty name)'],
  ['  ', '"  "'],
  ['toString', 'To string'],
];

/** Every name as a text field with digits only, beside a group `a` whose field is `b`. */
const schema = mastraSchema(
  z.object({
    ...Object.fromEntries(
      NAMES.map(([name]) => [
        name,
        z
          .string()
          .regex(/^[0-9]+$/)
          .describe(`Digits for "${name}"`),
      ]),
    ),
    a: z.object({
      b: z
        .string()
        .regex(/^[0-9]+$/)
        .describe('Digits for the inner b'),
    }),
  }),
);
const ALL: [name: string, label: string][] = [...NAMES, ['b', 'B']];
const hint = (name: string) => (name === 'b' ? 'Digits for the inner b' : `Digits for "${name}"`);

function setup() {
  const { session, sent } = bookTable(schema);
  const form = renderForm(session);
  const inputs = within(form).getAllByRole('textbox') as HTMLInputElement[];
  expect(inputs).toHaveLength(ALL.length);
  return { form, inputs, sent };
}

describe('resume form property names', { timeout: 30_000 }, () => {
  it('gives every field a JSON Pointer of its own', () => {
    const paths = (fields: ReturnType<typeof resumeFields>): string[] =>
      fields.flatMap((f) => (f.kind === 'object' ? [f.path, ...paths(f.fields)] : [f.path]));
    expect(paths(resumeFields(schema))).toEqual([
      '/delivery time',
      '/a~1b',
      '/a~0b',
      '/a~01b',
      '/a-b',
      '/a.b',
      '/',
      '/  ',
      '/toString',
      '/a',
      '/a/b',
    ]);
  });

  it('gives every field a unique, valid id, a visible label and its own hint', () => {
    const { form, inputs } = setup();
    const ids = [...form.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    inputs.forEach((input, i) => {
      const [name, label] = ALL[i]!;
      expect(input.id).not.toMatch(/\s/);
      expect(form.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.textContent).toBe(
        `${label} (required)`,
      );
      // Accessible names and descriptions collapse runs of spaces.
      const spaced = (text: string) => text.replace(/\s+/g, ' ');
      expect(input).toHaveAccessibleName(`${spaced(label)} (required)`);
      expect(input).toHaveAccessibleDescription(spaced(hint(name)));
    });
  });

  it('keeps what is typed in each field to that field, and sends it under its own name', async () => {
    const user = userEvent.setup();
    const { form, inputs, sent } = setup();
    for (const [i, input] of inputs.entries()) await user.type(input, String(i));
    inputs.forEach((input, i) => {
      expect(input).toHaveValue(String(i));
    });
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({
      ...Object.fromEntries(NAMES.map(([name], i) => [name, String(i)])),
      a: { b: String(NAMES.length) },
    });
  });

  it('shows each problem the schema finds next to its own field', async () => {
    const user = userEvent.setup();
    const { form, inputs, sent } = setup();
    for (const input of inputs) await user.type(input, '1');
    // One field at a time without digits: the problem shows there and nowhere else.
    for (const bad of [1, 2, 3, 4, 6, ALL.length - 1]) {
      await user.clear(inputs[bad]!);
      await user.type(inputs[bad]!, 'x');
      await submit(form, user);
      await waitFor(() => expect(inputs[bad]).toHaveAttribute('aria-invalid', 'true'));
      expect(inputs[bad]).toHaveAccessibleDescription(
        `${hint(ALL[bad]![0]).replace(/\s+/g, ' ')} Doesn't match the expected format.`,
      );
      for (const [i, input] of inputs.entries())
        if (i !== bad) expect(input).not.toHaveAttribute('aria-invalid');
      await user.clear(inputs[bad]!);
      await user.type(inputs[bad]!, '1');
    }
    expect(sent).toEqual([]);
  });
});
