import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import { z as z4 } from 'zod/v4';
import { bookTable, mastraSchema, renderForm, submit } from './resume-form-setup';

/*
 * Tool resume schemas with zod string formats whose pattern, as Mastra sends it, uses lookaround
 * (email, ISO duration): the linear-time matcher cannot run it, and the form must still resume.
 * And formats whose JSON Schema zod reads more strictly than zod checks them (time, IPv6
 * addresses and networks): what zod accepts is sent.
 */

const CASES: [
  what: string,
  schema: object,
  required: boolean,
  wrong: string,
  message: RegExp,
  valid: string,
][] = [
  [
    'zod 3 optional email',
    mastraSchema(z3.object({ confirmed: z3.boolean(), contact: z3.string().email().optional() })),
    false,
    'ada@',
    /email address/,
    'ada@example.com',
  ],
  [
    'zod 4 optional email',
    mastraSchema(z4.object({ confirmed: z4.boolean(), contact: z4.email().optional() })),
    false,
    'a..b@example.com',
    /email address/,
    'ada@example.com',
  ],
  [
    'zod 4 required email',
    mastraSchema(z4.object({ confirmed: z4.boolean(), contact: z4.email() })),
    true,
    'ada',
    /email address/,
    'ada@example.com',
  ],
  [
    'zod 4 ISO duration',
    mastraSchema(z4.object({ confirmed: z4.boolean(), contact: z4.iso.duration().optional() })),
    false,
    '3 days',
    /duration/,
    'P3D',
  ],
  [
    'zod 3 required time',
    mastraSchema(z3.object({ confirmed: z3.boolean(), contact: z3.string().time() })),
    true,
    '25:00',
    /time/,
    '19:30',
  ],
  [
    'zod 4 ISO time',
    mastraSchema(z4.object({ confirmed: z4.boolean(), contact: z4.iso.time().optional() })),
    false,
    '19:30:00Z',
    /format/,
    '19:30:00.5',
  ],
  [
    'zod 4 IPv6 address',
    mastraSchema(z4.object({ confirmed: z4.boolean(), contact: z4.ipv6().optional() })),
    false,
    '2001:db8::g',
    /IPv6/,
    '2001:db8::1',
  ],
  [
    'zod 3 network',
    mastraSchema(z3.object({ confirmed: z3.boolean(), contact: z3.string().cidr().optional() })),
    false,
    '192.0.2.0/33',
    /format/,
    '2001:db8::/32',
  ],
];

describe('a resume form whose schema has a pattern with lookaround', { timeout: 30_000 }, () => {
  it.each(CASES)(
    '%s: resumes, leaving the field empty when it is optional, else once it is given',
    async (_, schema, required, _wrong, _message, valid) => {
      const user = userEvent.setup();
      const { session, sent } = bookTable(schema);
      const form = renderForm(session);
      const contact = within(form).getByRole('textbox', { name: /^Contact/ });
      await user.click(within(form).getByRole('checkbox', { name: 'Confirmed' }));
      await submit(form, user);
      if (required) {
        await waitFor(() => expect(contact).toHaveAccessibleDescription('Fill in this field.'));
        await user.type(contact, valid);
        await submit(form, user);
      }
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual(
        required ? { confirmed: true, contact: valid } : { confirmed: true },
      );
    },
  );

  it.each(CASES)(
    '%s: refuses a value that is not one, on its field only',
    async (_, schema, _required, wrong, message, valid) => {
      const user = userEvent.setup();
      const { session, sent } = bookTable(schema);
      const form = renderForm(session);
      const contact = within(form).getByRole('textbox', { name: /^Contact/ });
      await user.type(contact, wrong);
      await submit(form, user);
      await waitFor(() => expect(contact).toHaveAccessibleDescription(message));
      expect(contact).toHaveAttribute('aria-invalid', 'true');
      expect(form.querySelector('[data-slot="resume-form-error"]')).toBeNull();
      expect(sent).toEqual([]);
      await user.clear(contact);
      await user.type(contact, valid);
      await submit(form, user);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.resumeData).toEqual({ confirmed: false, contact: valid });
    },
  );
});
