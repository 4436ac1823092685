'use client';
import { forwardRef } from 'react';
import { type HostProps, PartElement, partProps } from '../utils/part.js';

/**
 * Says that a decision can no longer be sent because Mastra no longer holds the run (an approval
 * or suspension restored from history whose run finished or is gone). Shown instead of buttons
 * that would fail.
 *
 * @example
 * const { status, expired } = useApproval(toolCallId);
 * if (status === 'expired') return <DecisionExpired message={expired} />;
 */
export const DecisionExpired = forwardRef<
  HTMLParagraphElement,
  HostProps<'p'> & { readonly message: string | undefined }
>(function DecisionExpired({ message, asChild, children, ...props }, ref) {
  return (
    <PartElement
      tag="p"
      ref={ref}
      asChild={asChild}
      host={children}
      {...partProps('decision-expired', props)}
    >
      {message ?? 'This decision can no longer be sent.'}
    </PartElement>
  );
});
