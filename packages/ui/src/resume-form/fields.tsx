'use client';
import { forwardRef, type ReactNode } from 'react';
import { escapeLine } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { jsonText } from '../utils/values.js';
import { useResumeFormContext } from './context.js';
import type { ResumeField } from './schema-fields.js';

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
  const { draft, setValue, errors, idPrefix, handle } = useResumeFormContext('Fields');
  const id = `${idPrefix}field${field.path.replaceAll('/', '-') || '-value'}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = errors[field.path];
  const describedBy =
    [field.meta.description && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const readOnly = handle.status !== 'suspended';
  const common = {
    id,
    name: field.path || 'value',
    'aria-describedby': describedBy,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-required': marksRequired(field) || undefined,
  };
  const raw = draft[field.path];
  const text = typeof raw === 'string' ? raw : '';
  let control: ReactNode;
  switch (field.kind) {
    case 'object': {
      return (
        <fieldset {...partProps('resume-form-group')} aria-describedby={describedBy}>
          <legend {...partProps('resume-form-legend')}>{escapeLine(field.meta.label)}</legend>
          <Hint id={hintId} text={field.meta.description} />
          {field.fields.map((inner) => (
            <FieldView key={inner.path} field={inner} />
          ))}
          <ErrorText id={errorId} text={error} />
        </fieldset>
      );
    }
    case 'boolean': {
      return (
        <div {...partProps('resume-form-field')} data-kind="boolean">
          <input
            type="checkbox"
            {...common}
            checked={raw === true}
            onChange={(event) => {
              if (!readOnly) setValue(field.path, event.target.checked);
            }}
          />
          <Label htmlFor={id} field={field} />
          <Hint id={hintId} text={field.meta.description} />
          <ErrorText id={errorId} text={error} />
        </div>
      );
    }
    case 'enum': {
      control = (
        <select
          {...common}
          value={text}
          onChange={(event) => {
            if (!readOnly) setValue(field.path, event.target.value);
          }}
        >
          <option value="">Choose…</option>
          {field.options.map((option, index) => (
            <option key={String(index)} value={String(index)}>
              {escapeLine(typeof option === 'string' ? option : jsonText(option))}
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
      control = (
        <input
          {...common}
          type={field.kind === 'number' ? 'number' : 'text'}
          step={field.kind === 'number' ? (field.integer ? 1 : 'any') : undefined}
          inputMode={field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
          readOnly={readOnly}
          value={text}
          onChange={(event) => setValue(field.path, event.target.value)}
        />
      );
    }
  }
  return (
    <div {...partProps('resume-form-field')} data-kind={field.kind}>
      <Label htmlFor={id} field={field} />
      {control}
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
