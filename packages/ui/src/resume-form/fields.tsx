'use client';
import { type FormEvent, forwardRef, type ReactNode, useId } from 'react';
import { escapeLine } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { jsonText } from '../utils/values.js';
import { useResumeFormContext } from './context.js';
import { NOT_A_NUMBER, type ResumeField } from './schema-fields.js';

function Hint({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <span id={id} {...partProps('resume-form-hint')}>
      {escapeLine(text)}
    </span>
  );
}

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <span id={id} {...partProps('resume-form-field-error')}>
      {text}
    </span>
  );
}

/**
 * Whether a field shows the "(required)" mark and `aria-required`. A checkbox never does: ticked
 * or not, it always gives a value, so the mark would read as "must tick".
 */
const marksRequired = (field: ResumeField) => field.meta.required && field.kind !== 'boolean';

function Label({ htmlFor, field }: { htmlFor: string; field: ResumeField }) {
  return (
    <label htmlFor={htmlFor} {...partProps('resume-form-label')}>
      {escapeLine(field.meta.label)}
      {marksRequired(field) ? (
        <>
          {' '}
          <span {...partProps('resume-form-required')}>(required)</span>
        </>
      ) : null}
    </label>
  );
}

function FieldView({ field }: { field: ResumeField }) {
  const { draft, setValue, errors, handle } = useResumeFormContext('Fields');
  // Any property name (spaces, "/", "") gives a valid id of its own.
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = errors[field.path];
  const describedBy =
    [field.meta.description && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const readOnly = handle.status !== 'suspended';
  const raw = draft[field.path];
  const noValue = raw === null;
  const common = {
    id,
    name: field.path || 'value',
    'aria-describedby': describedBy,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-required': marksRequired(field) || undefined,
    // What the control holds is not sent while "No value" is chosen.
    disabled: noValue,
  };
  // A field that takes null offers it as a choice of its own, named after the field.
  const noValueChoice = field.meta.nullable && (
    <label {...partProps('resume-form-no-value')}>
      <input
        type="checkbox"
        aria-label={`No value for ${field.meta.label}`}
        checked={noValue}
        onChange={(event) => {
          // Unticked, the field is empty again, whatever its kind.
          if (!readOnly) setValue(field.path, event.target.checked ? null : '');
        }}
      />
      No value
    </label>
  );
  const text = typeof raw === 'string' ? raw : '';
  const label = <Label htmlFor={id} field={field} />;
  let control: ReactNode;
  switch (field.kind) {
    case 'object': {
      return (
        <fieldset
          {...partProps('resume-form-group')}
          aria-describedby={describedBy}
          aria-invalid={common['aria-invalid']}
        >
          <legend {...partProps('resume-form-legend')}>{escapeLine(field.meta.label)}</legend>
          <Hint id={hintId} text={field.meta.description} />
          {noValueChoice}
          {/* Disables the fields inside while "No value" is chosen; no group of its own. */}
          <fieldset role="none" disabled={noValue}>
            {field.fields.map((inner) => (
              <FieldView key={inner.path} field={inner} />
            ))}
          </fieldset>
          <ErrorText id={errorId} text={error} />
        </fieldset>
      );
    }
    case 'boolean': {
      // A checkbox comes before its label.
      control = (
        <input
          type="checkbox"
          {...common}
          checked={raw === true}
          onChange={(event) => {
            if (!readOnly) setValue(field.path, event.target.checked);
          }}
        />
      );
      break;
    }
    case 'enum': {
      // Each option as JSON: what the draft holds for it (see ResumeDraft).
      const keys = field.options.map((option) => jsonText(option));
      control = (
        <select
          {...common}
          value={keys.includes(text) ? text : ''}
          onChange={(event) => {
            if (!readOnly) setValue(field.path, event.target.value);
          }}
        >
          <option value="">Choose…</option>
          {field.options.map((option, index) => (
            <option key={String(index)} value={keys[index]}>
              {escapeLine(typeof option === 'string' ? option : keys[index]!)}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'json': {
      control = (
        <textarea
          {...common}
          rows={3}
          spellCheck={false}
          readOnly={readOnly}
          value={text}
          placeholder="JSON"
          onChange={(event) => setValue(field.path, event.target.value)}
        />
      );
      break;
    }
    default: {
      const number = field.kind === 'number';
      // A number input reads "" while its text is no number ("1e"): the browser says so in
      // `validity.badInput`, on every input event (React's onChange skips "" after "", which
      // clearing that text gives).
      const change = ({ currentTarget: input }: FormEvent<HTMLInputElement>) =>
        setValue(field.path, input.validity.badInput ? NOT_A_NUMBER : input.value);
      control = (
        <input
          {...common}
          type={number ? 'number' : 'text'}
          step={number ? (field.integer ? 1 : 'any') : undefined}
          inputMode={number ? (field.integer ? 'numeric' : 'decimal') : undefined}
          readOnly={readOnly}
          // Text a number input cannot show would clear what the person typed.
          value={number && Number.isNaN(Number(text)) ? '' : text}
          onChange={change}
          onInput={change}
        />
      );
    }
  }
  return (
    <div {...partProps('resume-form-field')} data-kind={field.kind}>
      {field.kind !== 'boolean' && label}
      {control}
      {field.kind === 'boolean' && label}
      {noValueChoice}
      <Hint id={hintId} text={field.meta.description} />
      <ErrorText id={errorId} text={error} />
    </div>
  );
}

/**
 * The inputs generated from the resume schema.
 *
 * @example
 * <ResumeForm.Fields />
 */
export const ResumeFormFields = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function ResumeFormFields({ asChild, children, ...props }, ref) {
    const { fields, handle } = useResumeFormContext('Fields');
    if (handle.status !== 'suspended' && handle.status !== 'sending') return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('resume-form-fields', props)}
      >
        {fields.map((field) => (
          <FieldView key={field.path || 'value'} field={field} />
        ))}
      </PartElement>
    );
  },
);
