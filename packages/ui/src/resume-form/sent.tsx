'use client';
import { forwardRef } from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { useResumeFormContext } from './context.js';

/**
 * The data that was sent, once the call was resumed: a group named by its label, which takes
 * focus after the form sent the data (its fields and button are gone then).
 *
 * @example
 * <ResumeForm.Sent />
 */
export const ResumeFormSent = forwardRef<HTMLDivElement, HostProps<'div'>>(function ResumeFormSent(
  { asChild, children, ...props },
  ref,
) {
  const { handle, idPrefix } = useResumeFormContext('Sent');
  const labelId = `${idPrefix}sent-label`;
  const data = handle.suspension?.resumeData;
  if (data === undefined || (handle.status !== 'resumed' && handle.status !== 'sending'))
    return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      role="group"
      aria-labelledby={labelId}
      tabIndex={-1}
      {...partProps('resume-form-sent', props)}
    >
      <div id={labelId} {...partProps('resume-form-sent-label')}>
        {handle.status === 'sending' ? 'Resuming with' : 'Resumed with'}
      </div>
      <DisplayValueView value={{ kind: 'raw', value: data }} defaultExpandDepth={1} />
    </PartElement>
  );
});
