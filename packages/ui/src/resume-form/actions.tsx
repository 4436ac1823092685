'use client';
import { forwardRef } from 'react';
import { useControlledRef } from '../utils/controls.js';
import {
  afterTheirs,
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';
import { useResumeFormContext } from './context.js';

/**
 * Why the data was not sent: it did not match the schema, or sending failed. While it is shown,
 * the form names it in `aria-describedby`.
 *
 * @example
 * <ResumeForm.Error />
 */
export const ResumeFormError = forwardRef<HTMLParagraphElement, HostProps<'p'>>(
  function ResumeFormError({ asChild, children, ...props }, ref) {
    const { formError, handle, errorControls, idPrefix } = useResumeFormContext('Error');
    const composed = useControlledRef(ref, errorControls);
    if (formError === undefined || handle.status !== 'suspended') return null;
    return (
      <PartElement
        tag="p"
        ref={composed}
        asChild={asChild}
        host={children}
        id={`${idPrefix}error`}
        {...partProps('resume-form-error', props)}
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
  function ResumeFormSubmit({ asChild, children, onClick, ...props }, ref) {
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
        aria-label={`${text} ${toolName}`}
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
        {...partProps('resume-form-submit', props)}
        // aria-disabled keeps focus on the button while sending, so the click is stopped here,
        // whatever the caller's handler did.
        onClick={afterTheirs(onClick, (event) => {
          if (sending) event.preventDefault();
        })}
      >
        {partContent(asChild, children, text)}
      </PartElement>
    );
  },
);
