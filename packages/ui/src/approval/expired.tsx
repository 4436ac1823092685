'use client';
import type { ComponentProps } from 'react';
import { cx } from '../utils/cx.js';

/**
 * Says that a decision can no longer be sent because Mastra no longer holds the run (an approval
 * or suspension restored from history whose run finished or is gone). Shown instead of buttons
 * that would fail.
 *
 * @example
 * const { status, expired } = useApproval(toolCallId);
 * if (status === 'expired') return <DecisionExpired message={expired} />;
 */
export function DecisionExpired({
  message,
  className,
  ...props
}: Omit<ComponentProps<'p'>, 'children'> & { readonly message: string | undefined }) {
  return (
    <p data-slot="decision-expired" {...props} className={cx(className)}>
      {message ?? 'This decision can no longer be sent.'}
    </p>
  );
}
