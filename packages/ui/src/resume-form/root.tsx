'use client';
import {
  type FieldError,
  parseResumeSchema,
  type ResumeIssue,
  validateResumeData,
} from '@toolpane/client';
import { formatResumeIssue, type ResumeMessages } from '@toolpane/client/resume-messages';
import { useApproval, useToolCall } from '@toolpane/react';
import {
  type FormEvent,
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DecisionExpired } from '../approval/expired.js';
import { type Controls, useComposedRefs, useControlsId } from '../utils/controls.js';
import { shouldTakeFocus, useLoadedWithPage } from '../utils/focus.js';
import { afterTheirs, PartElement, type PartProps, partContent, partProps } from '../utils/part.js';
import { ResumeFormError, ResumeFormSubmit } from './actions.js';
import { ResumeFormContext } from './context.js';
import { errorsByPath } from './errors.js';
import { ResumeFormFields } from './fields.js';
import { ResumeFormPayload } from './payload.js';
import { type DraftErrors, draftToData, resumeFields } from './schema-fields.js';
import { ResumeFormSent } from './sent.js';
import { useResumeDraft } from './use-resume-draft.js';

const NONE: readonly FieldError[] = Object.freeze([]);

/** Props of {@link ResumeFormRoot}. */
export type ResumeFormRootProps = PartProps<'form'> & {
  /** The suspended call. */
  readonly toolCallId: string;
  /** Move focus to the first field when the suspension appears, if focus is not busy elsewhere. */
  readonly autoFocus?: boolean;
  /**
   * Your words for problems with the data, by issue kind (see `ResumeMessages` in
   * `@toolpane/client/resume-messages`); kinds you leave out keep the default words.
   */
  readonly messages?: Partial<ResumeMessages>;
};

/** Where focus goes once the call was resumed: the data that was sent, else the form itself. */
function focusResult(form: HTMLFormElement): void {
  const active = form.ownerDocument.activeElement;
  // Only when focus was in the form (its controls are gone now) or already lost to the page.
  if (active !== null && active !== form.ownerDocument.body && !form.contains(active)) return;
  const sent = form.querySelector<HTMLElement>('[data-slot="resume-form-sent"]');
  (sent ?? form).focus();
}

/**
 * A form that resumes a suspended call, generated from its resume schema (strings, numbers,
 * booleans, enums and nested objects; anything else is edited as JSON). The schema's defaults fill
 * the fields whenever the schema arrives, until the person edits them. The data is checked
 * against the schema before it is sent, and problems are shown next to their fields in plain
 * words (`messages` changes them). Once the call is resumed, focus moves to what was sent.
 * Renders nothing unless the call is or was suspended.
 *
 * The form answers the suspension it shows (`suspension.revision`), never a later one. When the
 * tool suspends again (another payload or schema, or another run or call to resume), the form
 * shows the new suspension: the new schema's fields and defaults, with the values the person gave
 * kept where they still fit. Nothing is sent for the new suspension until the person submits the
 * form as it shows it: a submit made on the form as drawn before the change sends nothing, and the
 * form says the request changed.
 *
 * @example
 * <ResumeForm.Root toolCallId="call-book-1" messages={{ required: () => 'Needed' }} />
 */
export const ResumeFormRoot = forwardRef<HTMLFormElement, ResumeFormRootProps>(
  function ResumeFormRoot(
    { toolCallId, autoFocus = true, messages, asChild, children, onSubmit, ...props },
    forwardedRef,
  ) {
    const handle = useApproval(toolCallId);
    const toolName = useToolCall(toolCallId)?.toolName ?? '';
    const schema = handle.suspension?.resumeSchema;
    const fields = useMemo(() => resumeFields(schema), [schema]);
    const { draft, edit } = useResumeDraft(fields);
    const [draftErrors, setDraftErrors] = useState<DraftErrors>({});
    // The schema's problems with the rest of the data, checked while the draft has problems of
    // its own (nothing is sent then), so every problem shows at once.
    const [checkErrors, setCheckErrors] = useState<readonly FieldError[]>(NONE);
    const idPrefix = useId();
    const formRef = useRef<HTMLFormElement>(null);
    const ref = useComposedRefs(forwardedRef, formRef);
    const format = useCallback(
      (issue: ResumeIssue) => formatResumeIssue(issue, messages),
      [messages],
    );
    const { byPath: errors, rest } = useMemo(
      () => errorsByPath([...handle.fieldErrors, ...checkErrors], draftErrors, fields, format),
      [handle.fieldErrors, checkErrors, draftErrors, fields, format],
    );
    const formError =
      handle.error !== undefined && handle.fieldErrors.length === 0 ? handle.error : rest;
    // The form names its error (a problem with the whole value, or sending failed) in
    // `aria-describedby` while `ResumeForm.Error` shows it.
    const [errorControls] = useState<Controls>({});
    const errorId = useControlsId(errorControls);
    const setValue = useCallback(
      (path: string, value: string | boolean | null) => {
        edit(path, value);
        setDraftErrors((previous) => {
          if (previous[path] === undefined) return previous;
          const { [path]: _, ...others } = previous;
          return others;
        });
      },
      [edit],
    );
    const context = useMemo(
      () => ({
        handle,
        toolName,
        fields,
        draft,
        setValue,
        errors,
        formError,
        errorControls,
        idPrefix,
        format,
      }),
      [
        handle,
        toolName,
        fields,
        draft,
        setValue,
        errors,
        formError,
        errorControls,
        idPrefix,
        format,
      ],
    );

    // Bumped after a failed submit: once the messages rendered, take the person to the first one.
    const [focusRequest, setFocusRequest] = useState(0);
    useEffect(() => {
      if (focusRequest === 0) return;
      // A group's problem takes focus to the group's first field.
      formRef.current
        ?.querySelector<HTMLElement>(
          '[aria-invalid="true"]:not(fieldset),[aria-invalid="true"] input',
        )
        ?.focus();
    }, [focusRequest]);

    const waiting = handle.kind === 'suspension' && handle.status === 'suspended';
    const loadedWithPage = useLoadedWithPage();
    useEffect(() => {
      if (loadedWithPage() || !waiting || !autoFocus || !shouldTakeFocus(formRef.current)) return;
      formRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    }, [waiting, autoFocus, loadedWithPage]);

    // Set when this form sent the data: its fields and button go away once the call is resumed,
    // and focus follows to the result instead of dropping to the page.
    const sentHere = useRef(false);
    const resumed = handle.status === 'resumed';
    useEffect(() => {
      if (!resumed || !sentHere.current || formRef.current === null) return;
      sentHere.current = false;
      focusResult(formRef.current);
    }, [resumed]);

    if (handle.kind !== 'suspension') return null;

    const submit = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (handle.status !== 'suspended') return;
      const { data, errors: found } = draftToData(fields, draft);
      setDraftErrors(found);
      if (Object.keys(found).length === 0) {
        setCheckErrors(NONE);
        sentHere.current = true;
        const result = await handle.resume(data);
        if (result.ok) return;
        sentHere.current = false;
      } else {
        const check = await validateResumeData(parseResumeSchema(schema), data);
        setCheckErrors(check.ok ? NONE : check.errors);
      }
      setFocusRequest((n) => n + 1);
    };

    return (
      <ResumeFormContext.Provider value={context}>
        <PartElement
          tag="form"
          ref={ref}
          asChild={asChild}
          host={children}
          data-state={handle.status === 'suspended' && formError ? 'failed' : handle.status}
          aria-label={`Resume ${toolName}`}
          aria-busy={handle.status === 'sending' || undefined}
          aria-describedby={errorId}
          // Focusable from script only, for when the result has no element of its own.
          tabIndex={resumed ? -1 : undefined}
          noValidate
          {...partProps('resume-form', props)}
          // The caller's handler runs first; the form is sent even when it prevents the default.
          onSubmit={afterTheirs(onSubmit, (event) => void submit(event))}
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
