'use client';
import { composeEventHandlers } from '@radix-ui/primitive';
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import type { FieldError } from '@toolpane/client';
import { type ApprovalHandle, useApproval, useToolCall } from '@toolpane/react';
import {
  createContext,
  type FormEvent,
  forwardRef,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DecisionExpired } from '../approval/expired.js';
import { DisplayValueView } from '../display-value/display-value.js';
import { cx } from '../utils/cx.js';
import { shouldTakeFocus } from '../utils/focus.js';
import { type HostProps, PartElement, type PartProps, partContent } from '../utils/part.js';
import {
  type DraftErrors,
  draftToData,
  initialDraft,
  type ResumeField,
  resumeFields,
} from './schema-fields.js';

interface ResumeFormContextValue {
  readonly handle: ApprovalHandle;
  readonly toolName: string;
  readonly fields: readonly ResumeField[];
  readonly draft: Readonly<Record<string, string | boolean>>;
  readonly setValue: (path: string, value: string | boolean) => void;
  readonly errors: Readonly<Record<string, string>>;
  readonly formError: string | undefined;
  readonly idPrefix: string;
}

const ResumeFormContext = createContext<ResumeFormContextValue | null>(null);

function useResumeFormContext(part: string): ResumeFormContextValue {
  const value = useContext(ResumeFormContext);
  if (value === null) throw new Error(`<ResumeForm.${part}> must be inside <ResumeForm.Root>.`);
  return value;
}

function errorsByPath(fieldErrors: readonly FieldError[], fields: readonly ResumeField[]) {
  const known = new Set<string>();
  const visit = (field: ResumeField) => {
    known.add(field.path);
    if (field.kind === 'object') for (const inner of field.fields) visit(inner);
  };
  for (const field of fields) visit(field);
  const byPath: Record<string, string> = {};
  let rest: string | undefined;
  for (const error of fieldErrors) {
    // An error about a missing nested key points at its parent object; find the deepest field.
    let path = error.path;
    while (path !== '' && !known.has(path)) path = path.slice(0, path.lastIndexOf('/'));
    if (known.has(path)) byPath[path] ??= error.message;
    else rest ??= error.message;
  }
  return { byPath, rest };
}

/** Props of {@link ResumeFormRoot}. */
export type ResumeFormRootProps = PartProps<'form'> & {
  /** The suspended call. */
  readonly toolCallId: string;
  /** Move focus to the first field when the suspension appears, if focus is not busy elsewhere. */
  readonly autoFocus?: boolean;
};

/**
 * A form that resumes a suspended call, generated from its resume schema (strings, numbers,
 * booleans, enums and nested objects; anything else is edited as JSON). The data is checked
 * against the schema before it is sent, and problems are shown next to their fields. Renders
 * nothing unless the call is or was suspended.
 *
 * @example
 * <ResumeForm.Root toolCallId="call-book-1" />
 */
export const ResumeFormRoot = forwardRef<HTMLFormElement, ResumeFormRootProps>(
  function ResumeFormRoot(
    { toolCallId, autoFocus = true, asChild, children, className, onSubmit, ...props },
    forwardedRef,
  ) {
    const handle = useApproval(toolCallId);
    const toolName = useToolCall(toolCallId)?.toolName ?? '';
    const schema = handle.suspension?.resumeSchema;
    const fields = useMemo(() => resumeFields(schema), [schema]);
    const [draft, setDraft] = useState(() => initialDraft(fields));
    const [draftErrors, setDraftErrors] = useState<DraftErrors>({});
    const idPrefix = useId();
    const formRef = useRef<HTMLFormElement>(null);
    const ref = useComposedRefs(forwardedRef, formRef);
    const { byPath, rest } = errorsByPath(handle.fieldErrors, fields);
    const errors = { ...byPath, ...draftErrors };
    const formError =
      handle.error !== undefined && handle.fieldErrors.length === 0 ? handle.error : rest;

    // Bumped after a failed submit: once the messages rendered, take the person to the first one.
    const [focusRequest, setFocusRequest] = useState(0);
    useEffect(() => {
      if (focusRequest === 0) return;
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }, [focusRequest]);

    const waiting = handle.kind === 'suspension' && handle.status === 'suspended';
    useEffect(() => {
      if (!waiting || !autoFocus || !shouldTakeFocus(formRef.current)) return;
      formRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    }, [waiting, autoFocus]);

    if (handle.kind !== 'suspension') return null;

    const submit = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (handle.status !== 'suspended') return;
      const { data, errors: found } = draftToData(fields, draft);
      setDraftErrors(found);
      if (Object.keys(found).length === 0) {
        const result = await handle.resume(data);
        if (result.ok) return;
      }
      setFocusRequest((n) => n + 1);
    };

    const setValue = (path: string, value: string | boolean) => {
      setDraft((previous) => ({ ...previous, [path]: value }));
      if (draftErrors[path] !== undefined) {
        setDraftErrors(({ [path]: _, ...others }) => others);
      }
    };

    return (
      <ResumeFormContext.Provider
        value={{ handle, toolName, fields, draft, setValue, errors, formError, idPrefix }}
      >
        <PartElement
          tag="form"
          ref={ref}
          asChild={asChild}
          host={children}
          data-slot="resume-form"
          data-state={handle.status === 'suspended' && formError ? 'failed' : handle.status}
          aria-label={`Resume ${toolName}`}
          aria-busy={handle.status === 'sending' || undefined}
          noValidate
          {...props}
          // The caller's handler runs first; the form is sent even when it prevents the default.
          onSubmit={composeEventHandlers(onSubmit, (event) => void submit(event), {
            checkForDefaultPrevented: false,
          })}
          className={cx(className)}
        >
          {partContent(
            asChild,
            children,
            <>
              <ResumeFormPayload />
              {handle.status === 'expired' ? <DecisionExpired message={handle.expired} /> : null}
              <ResumeFormFields />
              <ResumeFormError />
              <ResumeFormSubmit />
              <ResumeFormSent />
            </>,
          )}
        </PartElement>
      </ResumeFormContext.Provider>
    );
  },
);

function singleText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.values(value);
  return entries.length === 1 && typeof entries[0] === 'string' ? entries[0] : undefined;
}

/**
 * What the tool said when it suspended; a payload with a single text field reads as a sentence.
 *
 * @example
 * <ResumeForm.Payload />
 */
export const ResumeFormPayload = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function ResumeFormPayload({ asChild, children, className, ...props }, ref) {
    const { handle } = useResumeFormContext('Payload');
    const payload = handle.suspension?.payload;
    if (payload === undefined || payload.kind === 'none') return null;
    const text =
      payload.kind === 'raw' || payload.kind === 'transformed'
        ? singleText(payload.value)
        : undefined;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-slot="resume-form-payload"
        {...props}
        className={cx(className)}
      >
        {text === undefined ? <DisplayValueView value={payload} /> : <p>{text}</p>}
      </PartElement>
    );
  },
);

function Hint({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <span id={id} data-slot="resume-form-hint">
      {text}
    </span>
  );
}

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <span id={id} data-slot="resume-form-field-error">
      {text}
    </span>
  );
}

function Label({ htmlFor, field }: { htmlFor: string; field: ResumeField }) {
  return (
    <label htmlFor={htmlFor} data-slot="resume-form-label">
      {field.meta.label}
      {field.meta.required ? (
        <>
          {' '}
          <span data-slot="resume-form-required">(required)</span>
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
    'aria-required': field.meta.required || undefined,
  };
  const raw = draft[field.path];
  const text = typeof raw === 'string' ? raw : '';
  let control: ReactNode;
  switch (field.kind) {
    case 'object': {
      return (
        <fieldset data-slot="resume-form-group" aria-describedby={describedBy}>
          <legend data-slot="resume-form-legend">{field.meta.label}</legend>
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
        <div data-slot="resume-form-field" data-kind="boolean">
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
              {typeof option === 'string' ? option : JSON.stringify(option)}
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
    <div data-slot="resume-form-field" data-kind={field.kind}>
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
  function ResumeFormFields({ asChild, children, className, ...props }, ref) {
    const { fields, handle } = useResumeFormContext('Fields');
    if (handle.status !== 'suspended' && handle.status !== 'sending') return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-slot="resume-form-fields"
        {...props}
        className={cx(className)}
      >
        {fields.map((field) => (
          <FieldView key={field.path || 'value'} field={field} />
        ))}
      </PartElement>
    );
  },
);

/**
 * Why the data was not sent: it did not match the schema, or sending failed.
 *
 * @example
 * <ResumeForm.Error />
 */
export const ResumeFormError = forwardRef<HTMLParagraphElement, HostProps<'p'>>(
  function ResumeFormError({ asChild, children, className, ...props }, ref) {
    const { formError, handle } = useResumeFormContext('Error');
    if (formError === undefined || handle.status !== 'suspended') return null;
    return (
      <PartElement
        tag="p"
        ref={ref}
        asChild={asChild}
        host={children}
        data-slot="resume-form-error"
        {...props}
        className={cx(className)}
      >
        {formError}
      </PartElement>
    );
  },
);

/**
 * The submit button; it reads "Try again" after sending failed, and is busy while sending.
 *
 * @example
 * <ResumeForm.Submit>Book it</ResumeForm.Submit>
 */
export const ResumeFormSubmit = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function ResumeFormSubmit({ asChild, children, className, onClick, ...props }, ref) {
    const { handle, toolName } = useResumeFormContext('Submit');
    if (handle.status !== 'suspended' && handle.status !== 'sending') return null;
    const sending = handle.status === 'sending';
    const failed = handle.error !== undefined && handle.fieldErrors.length === 0;
    const text = sending ? 'Resuming…' : failed ? 'Try again' : 'Resume';
    return (
      <PartElement
        tag="button"
        ref={ref}
        asChild={asChild}
        host={children}
        type="submit"
        data-slot="resume-form-submit"
        aria-label={`${text} ${toolName}`}
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
        {...props}
        // aria-disabled keeps focus on the button while sending, so the click is stopped here,
        // whatever the caller's handler did.
        onClick={composeEventHandlers(
          onClick,
          (event) => {
            if (sending) event.preventDefault();
          },
          { checkForDefaultPrevented: false },
        )}
        className={cx(className)}
      >
        {partContent(asChild, children, text)}
      </PartElement>
    );
  },
);

/**
 * The data that was sent, once the call was resumed.
 *
 * @example
 * <ResumeForm.Sent />
 */
export const ResumeFormSent = forwardRef<HTMLDivElement, HostProps<'div'>>(function ResumeFormSent(
  { asChild, children, className, ...props },
  ref,
) {
  const { handle } = useResumeFormContext('Sent');
  const data = handle.suspension?.resumeData;
  if (data === undefined || (handle.status !== 'resumed' && handle.status !== 'sending'))
    return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      data-slot="resume-form-sent"
      {...props}
      className={cx(className)}
    >
      <div data-slot="resume-form-sent-label">
        {handle.status === 'sending' ? 'Resuming with' : 'Resumed with'}
      </div>
      <DisplayValueView value={{ kind: 'raw', value: data }} defaultExpandDepth={1} />
    </PartElement>
  );
});
