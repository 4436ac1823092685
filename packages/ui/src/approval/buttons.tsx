'use client';
import { argsToCome } from '@toolpane/client';
import { forwardRef } from 'react';
import { useComposedRefs } from '../utils/controls.js';
import {
  afterTheirs,
  composeEventHandlers,
  hasCustomContent,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';
import { useActionButton, useApprovalContext } from './context.js';

/*
 * The card's controls. A caller's handler runs first; a caller that calls `preventDefault()`
 * in its `onClick` keeps the decision from being sent, as in Radix. `aria-disabled` rather than
 * `disabled` keeps focus on a button while its decision is sent, so the click is ignored here.
 */

/** Approve and Decline: one button each, differing only in what they send and how they read. */
const DecisionButton = forwardRef<
  HTMLButtonElement,
  PartProps<'button'> & { readonly kind: 'approve' | 'decline' }
>(function DecisionButton({ kind, asChild, children, onClick, ...props }, forwardedRef) {
  const word = kind === 'approve' ? 'Approve' : 'Decline';
  const { context, sending, busy } = useActionButton(word, kind);
  // Approve waits, as the card says, for the arguments of the request to come.
  const idle = sending || (kind === 'approve' && argsToCome(context.handle));
  // Focus moves to Approve when the request appears.
  const approveRef = kind === 'approve' ? context.approveRef : undefined;
  const ref = useComposedRefs(forwardedRef, approveRef);
  return (
    <PartElement
      tag="button"
      ref={ref}
      asChild={asChild}
      host={children}
      type="button"
      aria-label={hasCustomContent(asChild, children) ? undefined : `${word} ${context.toolName}`}
      aria-disabled={idle || undefined}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      {...partProps(`approval-${kind}`, props)}
      onClick={composeEventHandlers(onClick, () => {
        if (idle) return;
        context.send(
          kind === 'approve'
            ? { kind: 'approve' }
            : { kind: 'decline', reason: context.reason.trim() },
        );
      })}
    >
      {partContent(asChild, children, word)}
    </PartElement>
  );
});

/**
 * The Approve button, labelled with the tool's name (give your own `aria-label` with custom
 * children); busy while its decision is sent, and disabled while the request's arguments have
 * not come (`argsToCome`). Focus moves to it when the request appears.
 *
 * @example
 * <Approval.Approve>Allow</Approval.Approve>
 */
export const ApprovalApprove = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function ApprovalApprove(props, ref) {
    return <DecisionButton {...props} ref={ref} kind="approve" />;
  },
);

/**
 * The Decline button, labelled with the tool's name (give your own `aria-label` with custom
 * children); sends the reason typed in `Approval.Reason`.
 *
 * @example
 * <Approval.Decline>Reject</Approval.Decline>
 */
export const ApprovalDecline = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function ApprovalDecline(props, ref) {
    return <DecisionButton {...props} ref={ref} kind="decline" />;
  },
);

/**
 * An optional reason for declining, which the model sees. It keeps the typed text whatever the
 * caller's `onChange` does.
 *
 * @example
 * <Approval.Reason placeholder="Why not?" />
 */
export const ApprovalReason = forwardRef<HTMLInputElement, Omit<PartProps<'input'>, 'value'>>(
  function ApprovalReason({ asChild, children, onChange, ...props }, ref) {
    const { handle, toolName, reason, setReason } = useApprovalContext('Reason');
    // Once an approval is on its way, a reason for declining has nothing left to say.
    if (handle.status === 'sending' && handle.approval?.decision?.approved !== false) return null;
    return (
      <PartElement
        tag="input"
        ref={ref}
        asChild={asChild}
        host={children}
        type="text"
        aria-label={`Reason for declining ${toolName} (optional)`}
        placeholder="Reason for declining (optional)"
        readOnly={handle.status === 'sending'}
        {...partProps('approval-reason', props)}
        value={reason}
        onChange={afterTheirs(onChange, (event) => setReason(event.currentTarget.value))}
      />
    );
  },
);

/**
 * Sends the last decision again after it failed.
 *
 * @example
 * <Approval.Retry>Retry</Approval.Retry>
 */
export const ApprovalRetry = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function ApprovalRetry({ asChild, children, onClick, ...props }, ref) {
    const { handle, send, lastAction, toolName } = useApprovalContext('Retry');
    if (lastAction === undefined || handle.error === undefined) return null;
    return (
      <PartElement
        tag="button"
        ref={ref}
        asChild={asChild}
        host={children}
        type="button"
        aria-label={
          hasCustomContent(asChild, children)
            ? undefined
            : `Try again: ${lastAction.kind} ${toolName}`
        }
        {...partProps('approval-retry', props)}
        onClick={composeEventHandlers(onClick, () => send(lastAction))}
      >
        {partContent(asChild, children, 'Try again')}
      </PartElement>
    );
  },
);
