'use client';
import { forwardRef } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { ExactValue, escapeLine } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { useResumeFormContext } from './context.js';

function singleText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.values(value);
  return entries.length === 1 && typeof entries[0] === 'string' ? entries[0] : undefined;
}

/**
 * What the tool said when it suspended, which the person answers, shown as unambiguously as the
 * arguments of an approval: a payload with a single text field reads as a sentence, with its
 * invisible and direction-changing characters and look-alike letters escaped (see
 * {@link escapeLine}), each line on its own; any other payload is an {@link ExactValue}. A tool
 * that asked again on the same call (`suspension.revision` above 1, in `data-revision`) is a new
 * request, and a note says so while the call waits.
 *
 * @example
 * <ResumeForm.Payload />
 */
export const ResumeFormPayload = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function ResumeFormPayload({ asChild, children, ...props }, ref) {
    const { handle } = useResumeFormContext('Payload');
    const suspension = handle.suspension;
    const payload = suspension?.payload;
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
        data-revision={suspension!.revision}
        {...partProps('resume-form-payload', props)}
      >
        {suspension!.revision > 1 && handle.status === 'suspended' ? (
          <p {...partProps('resume-form-revised')} role="note">
            New request: the tool asked again. Check it again.
          </p>
        ) : null}
        {text !== undefined ? (
          <p>{text.split('\n').map(escapeLine).join('\n')}</p>
        ) : payload.kind === 'raw' || payload.kind === 'transformed' ? (
          <ExactValue value={payload.value} label="the request" />
        ) : (
          <DisplayValueView value={payload} />
        )}
      </PartElement>
    );
  },
);
