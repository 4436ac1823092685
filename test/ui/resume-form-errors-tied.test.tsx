/**
 * Every problem a resume form shows is tied to what it describes: a field's to its control, an
 * object's to its group, a problem with the whole value to the form, each by `aria-describedby`,
 * and the control or group is `aria-invalid`. No id reference names an element that is not in the
 * document, also in a layout without `ResumeForm.Error`. The recorded `bookTableTool`
 * suspension with its resume schema swapped, under React 19 (unit) and React 18.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolpaneProvider } from '@toolpane/react';
import { ResumeForm } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';
import { bookTable, renderForm, submit } from './resume-form-setup';

const SCHEMAS: readonly [what: string, schema: object, slot: string, tied: string[]][] = [
  [
    'a nested object, beside a field',
    {
      type: 'object',
      properties: {
        contact: { type: 'object', properties: { email: { type: 'string' } }, minProperties: 2 },
        name: { type: 'string', minLength: 3, default: 'x' },
      },
      required: ['name', 'contact'],
    },
    'resume-form-field-error',
    ['fieldset', 'input'],
  ],
  [
    'the whole value, an object',
    { type: 'object', properties: { note: { type: 'string' } }, minProperties: 2 },
    'resume-form-error',
    ['form'],
  ],
];

/** Id references whose element is not in the document. */
function dangling(): string[] {
  return ['aria-describedby', 'aria-labelledby', 'aria-controls', 'for'].flatMap((attribute) =>
    [...document.querySelectorAll(`[${attribute}]`)].flatMap((element) =>
      (element.getAttribute(attribute) ?? '')
        .split(/\s+/)
        .filter((id) => id !== '' && document.getElementById(id) === null)
        .map((id) => `${attribute}=${id}`),
    ),
  );
}

/** What each shown problem describes: the element that names it, or why none does. */
function tied(form: HTMLElement): string[] {
  return [
    ...form.querySelectorAll<HTMLElement>(
      '[data-slot="resume-form-field-error"], [data-slot="resume-form-error"]',
    ),
  ].map((problem) => {
    if (problem.id === '') return `${problem.textContent}: no id`;
    const by = [...document.querySelectorAll('[aria-describedby]')].filter((element) =>
      (element.getAttribute('aria-describedby') ?? '').split(/\s+/).includes(problem.id),
    );
    if (by.length === 0) return `${problem.textContent}: described by nothing`;
    return by
      .map((element) =>
        element.tagName === 'FORM' || element.getAttribute('aria-invalid') === 'true'
          ? `${element.tagName.toLowerCase()}`
          : `${element.tagName.toLowerCase()} not aria-invalid`,
      )
      .join(' ');
  });
}

describe('every problem a resume form shows is tied to what it describes', () => {
  it.each(SCHEMAS)('%s', async (_, schema, slot, expected) => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(schema);
    const form = renderForm(session);
    await submit(form, user);
    const problem = await waitFor(() => {
      const found = form.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(sent).toEqual([]);
    expect(tied(form)).toEqual(expected);
    if (slot === 'resume-form-error') expect(form).toHaveAttribute('aria-describedby', problem.id);
    else expect(form).not.toHaveAttribute('aria-describedby');
    expect(dangling()).toEqual([]);
  });

  it('takes focus to the first problem, into a group when the group’s comes first', async () => {
    const user = userEvent.setup();
    const { session } = bookTable(SCHEMAS[0]![1]);
    const form = renderForm(session);
    await submit(form, user);
    const group = await within(form).findByRole('group', { name: 'Contact' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() =>
      expect(within(group).getByRole('textbox', { name: 'Email' })).toHaveFocus(),
    );
  });

  it('names the problem of the whole value only while ResumeForm.Error is in the document', async () => {
    const user = userEvent.setup();
    const { session, sent } = bookTable(SCHEMAS[1]![1]);
    const layout = (error: boolean) => (
      <ToolpaneProvider session={session}>
        <ResumeForm.Root toolCallId="call-book-1">
          <ResumeForm.Fields />
          {error ? <ResumeForm.Error id="whole-value" /> : null}
          <ResumeForm.Submit />
        </ResumeForm.Root>
      </ToolpaneProvider>
    );
    const { rerender } = render(layout(false));
    const form = screen.getByRole('form', { name: 'Resume bookTableTool' });
    await submit(form, user);
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'failed'));
    expect(sent).toEqual([]);
    expect(form).not.toHaveAttribute('aria-describedby');
    expect(dangling()).toEqual([]);
    rerender(layout(true));
    expect(form).toHaveAttribute('aria-describedby', 'whole-value');
    expect(within(form).getByText('Give at least 2 fields.')).toHaveAttribute('id', 'whole-value');
    rerender(layout(false));
    expect(form).not.toHaveAttribute('aria-describedby');
    expect(dangling()).toEqual([]);
  });
});
