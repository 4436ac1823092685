import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import { z as z4 } from 'zod/v4';
import { bookTable, mastraSchema, renderForm, submit } from './resume-form-setup';

/*
 * Fields that take null, as Mastra writes zod's `.nullable()` and `.nullish()` into a resume
 * schema: `type: [X, 'null']` (zod 3, for plain types) or `anyOf: [{ type: X }, { type: 'null' }]`.
 * Each keeps its own control, with a "No value" choice beside it that sends null.
 */

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

/** The control of each kind, what the person gives in it, and the value that gives. */
const CONTROLS: Record<Kind, { role: string; value: unknown }> = {
  string: { role: 'textbox', value: 'by the window' },
  number: { role: 'spinbutton', value: 2.5 },
  integer: { role: 'spinbutton', value: 3 },
  boolean: { role: 'checkbox', value: true },
  enum: { role: 'combobox', value: 'terrace' },
};

const zod3: Record<Kind, z3.ZodTypeAny> = {
  string: z3.string(),
  number: z3.number(),
  integer: z3.number().int(),
  boolean: z3.boolean(),
  enum: z3.enum(['inside', 'terrace']),
};
const zod4: Record<Kind, z4.ZodType> = {
  string: z4.string(),
  number: z4.number(),
  integer: z4.int(),
  boolean: z4.boolean(),
  enum: z4.enum(['inside', 'terrace']),
};

const KINDS = Object.keys(CONTROLS) as Kind[];

/** Every kind, nullable (required) and nullish (optional), in zod 3 and zod 4. */
const CASES: [what: string, kind: Kind, required: boolean, schema: object][] = KINDS.flatMap(
  (kind): [string, Kind, boolean, object][] => [
    [
      `zod 3 nullable ${kind}`,
      kind,
      true,
      mastraSchema(z3.object({ answer: zod3[kind].nullable() })),
    ],
    [
      `zod 3 nullish ${kind}`,
      kind,
      false,
      mastraSchema(z3.object({ answer: zod3[kind].nullish() })),
    ],
    [
      `zod 4 nullable ${kind}`,
      kind,
      true,
      mastraSchema(z4.object({ answer: zod4[kind].nullable() })),
    ],
    [
      `zod 4 nullish ${kind}`,
      kind,
      false,
      mastraSchema(z4.object({ answer: zod4[kind].nullish() })),
    ],
  ],
);

function setup(schema: object, kind: Kind) {
  const user = userEvent.setup();
  const { session, sent } = bookTable(schema);
  const form = renderForm(session);
  const control = within(form).getByRole(CONTROLS[kind].role, { name: /^Answer/ });
  const noValue = within(form).getByRole('checkbox', { name: 'No value for Answer' });
  /** Gives the control its value of CONTROLS. */
  const fill = async () => {
    const { value } = CONTROLS[kind];
    if (kind === 'boolean') await user.click(control);
    else if (kind === 'enum') await user.selectOptions(control, String(value));
    else await user.type(control, String(value));
  };
  return { user, form, sent, control, noValue, fill };
}

describe('a resume form field that takes null', { timeout: 30_000 }, () => {
  it.each(CASES)('%s: its own control gives a value', async (_, kind, _required, schema) => {
    const { user, form, sent, fill } = setup(schema, kind);
    await fill();
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.resumeData).toEqual({ answer: CONTROLS[kind].value });
  });

  it.each(CASES)(
    '%s: "No value", chosen from the keyboard, sends null',
    async (_, kind, _required, schema) => {
      const { user, form, sent, control, noValue } = setup(schema, kind);
      expect(noValue).not.toBeChecked();
      // The choice follows the control in the tab order.
      await user.click(control);
      if (kind === 'boolean') await user.click(control);
      await user.tab();
      expect(noValue).toHaveFocus();
      await user.keyboard(' ');
      expect(noValue).toBeChecked();
      // What the control holds is not sent meanwhile.
      expect(control).toBeDisabled();
      await submit(form, user);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual({ answer: null });
    },
  );

  it.each(CASES)(
    '%s: left empty, it is missing, and is refused when required',
    async (_, kind, required, schema) => {
      const { user, form, sent, control, noValue, fill } = setup(schema, kind);
      // Chosen, then taken back: the control is empty and usable again.
      await user.click(noValue);
      await user.click(noValue);
      expect(control).toBeEnabled();
      await submit(form, user);
      if (kind === 'boolean') {
        // An unticked box is `false`, never a missing value.
        await waitFor(() => expect(sent).toHaveLength(1));
        expect(sent[0]!.body.resumeData).toEqual({ answer: false });
        return;
      }
      if (!required) {
        await waitFor(() => expect(sent).toHaveLength(1));
        expect(sent[0]!.body.resumeData).toEqual({});
        return;
      }
      await waitFor(() => expect(control).toHaveAccessibleDescription('Fill in this field.'));
      expect(sent).toEqual([]);
      await fill();
      await submit(form, user);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual({ answer: CONTROLS[kind].value });
    },
  );

  it.each([
    [
      'zod 3',
      mastraSchema(z3.object({ answer: z3.number().int().min(1).nullable().default(null) })),
    ],
    ['zod 4', mastraSchema(z4.object({ answer: z4.int().min(1).nullable().default(null) }))],
  ])(
    '%s: a null default starts as "No value", and the rest of the field is checked',
    async (_, schema) => {
      const { user, form, sent, control, noValue } = setup(schema, 'integer');
      expect(noValue).toBeChecked();
      expect(control).toBeDisabled();
      await user.click(noValue);
      await user.type(control, '0');
      await submit(form, user);
      await waitFor(() =>
        expect(control).toHaveAccessibleDescription('Enter a number of at least 1.'),
      );
      expect(sent).toEqual([]);
      await user.click(noValue);
      await submit(form, user);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual({ answer: null });
    },
  );
});
