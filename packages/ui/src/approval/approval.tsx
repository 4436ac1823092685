'use client';
import { useApproval } from '@toolpane/react';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { cx } from '../utils/cx.js';
import { focusCardTrigger, shouldTakeFocus } from '../utils/focus.js';
import {
  ApprovalContext,
  type ButtonProps,
  guard,
  type LastAction,
  useActionButton,
  useApprovalContext,
} from './context.js';
import { DecisionExpired } from './expired.js';
import { ApprovalRequest } from './request.js';

/** Props of {@link ApprovalRoot}. */
export type ApprovalRootProps = ComponentProps<'div'> & {
  /** The call that asks for approval (for a nested approval, the inner call). */
  readonly toolCallId: string;
  /**
   * Move focus to the Approve button when the request appears, if focus is not busy elsewhere
   * (on the page body, or inside this call's card). On by default.
   */
  readonly autoFocus?: boolean;
};

/**
 * Approve and decline controls for one call; renders nothing unless the call has an approval.
 * Without children it shows the prompt, the request (the tool and its arguments, whole), then the
 * buttons side by side with the reason for declining attached below Decline, the error with a
 * retry, and the outcome.
 *
 * @example
 * <Approval.Root toolCallId="call-del-1">
 *   <Approval.Request />
 *   <Approval.Approve />
 *   <Approval.Decline />
 *   <Approval.Reason />
 *   <Approval.Error />
 * </Approval.Root>
 */
export function ApprovalRoot({
  toolCallId,
  autoFocus = true,
  children,
  className,
  ...props
}: ApprovalRootProps) {
  const handle = useApproval(toolCallId);
  const [reason, setReason] = useState('');
  const [lastAction, setLastAction] = useState<LastAction>();
  const approveRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusInside = useRef(false);
  const { status, approve, decline } = handle;
  const active = handle.kind === 'approval' && status !== 'none';

  // A request Mastra asked again with other arguments is a new request: nothing chosen or typed
  // for the earlier one carries over.
  const revision = handle.approval?.revision ?? 1;
  const [seenRevision, setSeenRevision] = useState(revision);
  if (seenRevision !== revision) {
    setSeenRevision(revision);
    setReason('');
    setLastAction(undefined);
  }

  const requested = active && status === 'requested';
  useEffect(() => {
    // A new revision is a new request: it takes focus as the first one did.
    if (requested && autoFocus && revision > 0 && shouldTakeFocus(rootRef.current))
      approveRef.current?.focus();
  }, [requested, autoFocus, revision]);

  const decided = status === 'approved' || status === 'declined';
  useEffect(() => {
    // The buttons that held focus are gone: give it to the card's header rather than the page.
    if (decided && focusInside.current) {
      focusInside.current = false;
      focusCardTrigger(rootRef.current);
    }
  }, [decided]);

  if (!active) return null;
  const toolName = handle.approval?.toolName ?? '';
  const send = (action: LastAction) => {
    setLastAction(action);
    void (action.kind === 'approve' ? approve() : decline(action.reason || undefined));
  };
  const state = handle.error !== undefined && status === 'requested' ? 'failed' : status;
  return (
    <ApprovalContext.Provider
      value={{ handle, toolName, reason, setReason, send, lastAction, approveRef }}
    >
      {/* A group of buttons, not a form: a fieldset would bring form semantics it does not have. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <div
        ref={rootRef}
        data-slot="approval"
        data-state={state}
        data-revision={handle.approval?.revision}
        role="group"
        aria-label={`Approval for ${toolName}`}
        aria-busy={status === 'sending' || undefined}
        onFocus={() => {
          focusInside.current = true;
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) focusInside.current = false;
        }}
        {...props}
        className={cx(className)}
      >
        {children ?? (
          <>
            <ApprovalPrompt />
            <ApprovalRequest />
            {status === 'expired' ? <DecisionExpired message={handle.expired} /> : null}
            <ApprovalActions />
            <ApprovalError />
            <ApprovalOutcome />
          </>
        )}
      </div>
    </ApprovalContext.Provider>
  );
}

/**
 * The question asked while the approval waits, and what was decided while it is sent.
 *
 * @example
 * <Approval.Prompt>{(name) => `Let ${name} run?`}</Approval.Prompt>
 */
export function ApprovalPrompt({
  children,
  className,
  ...props
}: Omit<ComponentProps<'p'>, 'children'> & { children?: (toolName: string) => ReactNode }) {
  const { handle, toolName } = useApprovalContext('Prompt');
  if (handle.status !== 'requested' && handle.status !== 'sending') return null;
  const decision = handle.approval?.decision;
  let text: ReactNode;
  if (children) text = children(toolName);
  else if (handle.status === 'sending' && decision !== undefined)
    text = (
      <>
        {decision.approved ? 'Approved' : 'Declined'}; waiting for <strong>{toolName}</strong>…
      </>
    );
  else
    text = (
      <>
        Allow <strong>{toolName}</strong> to run?
      </>
    );
  return (
    <p data-slot="approval-prompt" {...props} className={cx(className)}>
      {text}
    </p>
  );
}

/**
 * The row of buttons and the reason field, while the approval waits.
 *
 * @example
 * <Approval.Actions />
 */
export function ApprovalActions({ children, className, ...props }: ComponentProps<'div'>) {
  const { handle } = useApprovalContext('Actions');
  if (handle.status !== 'requested' && handle.status !== 'sending') return null;
  return (
    <div data-slot="approval-actions" {...props} className={cx(className)}>
      {children ?? (
        <>
          <ApprovalApprove />
          <ApprovalDecline />
          <ApprovalReason />
        </>
      )}
    </div>
  );
}

/**
 * The Approve button, labelled with the tool's name (give your own `aria-label` with custom
 * children); busy while its decision is sent.
 *
 * @example
 * <Approval.Approve>Allow</Approval.Approve>
 */
export function ApprovalApprove({ children, className, onClick, ...props }: ButtonProps) {
  const { context, sending, busy } = useActionButton('Approve', 'approve');
  return (
    <button
      ref={context.approveRef}
      type="button"
      data-slot="approval-approve"
      aria-label={children === undefined ? `Approve ${context.toolName}` : undefined}
      aria-disabled={sending || undefined}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      {...props}
      onClick={guard(sending, onClick, () => context.send({ kind: 'approve' }))}
      className={cx(className)}
    >
      {children ?? 'Approve'}
    </button>
  );
}

/**
 * The Decline button, labelled with the tool's name (give your own `aria-label` with custom
 * children); sends the reason typed in `Approval.Reason`.
 *
 * @example
 * <Approval.Decline>Reject</Approval.Decline>
 */
export function ApprovalDecline({ children, className, onClick, ...props }: ButtonProps) {
  const { context, sending, busy } = useActionButton('Decline', 'decline');
  return (
    <button
      type="button"
      data-slot="approval-decline"
      aria-label={children === undefined ? `Decline ${context.toolName}` : undefined}
      aria-disabled={sending || undefined}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      {...props}
      onClick={guard(sending, onClick, () =>
        context.send({ kind: 'decline', reason: context.reason.trim() }),
      )}
      className={cx(className)}
    >
      {children ?? 'Decline'}
    </button>
  );
}

/**
 * An optional reason for declining, which the model sees.
 *
 * @example
 * <Approval.Reason placeholder="Why not?" />
 */
export function ApprovalReason({ className, ...props }: Omit<ComponentProps<'input'>, 'value'>) {
  const { handle, toolName, reason, setReason } = useApprovalContext('Reason');
  // Once an approval is on its way, a reason for declining has nothing left to say.
  if (handle.status === 'sending' && handle.approval?.decision?.approved !== false) return null;
  return (
    <input
      type="text"
      data-slot="approval-reason"
      aria-label={`Reason for declining ${toolName} (optional)`}
      placeholder="Reason for declining (optional)"
      readOnly={handle.status === 'sending'}
      {...props}
      value={reason}
      onChange={(event) => {
        props.onChange?.(event);
        setReason(event.target.value);
      }}
      className={cx(className)}
    />
  );
}

/**
 * Why the decision could not be sent, with a button that sends it again.
 *
 * @example
 * <Approval.Error />
 */
export function ApprovalError({ children, className, ...props }: ComponentProps<'div'>) {
  const { handle } = useApprovalContext('Error');
  if (handle.error === undefined || handle.status !== 'requested') return null;
  return (
    <div data-slot="approval-error" {...props} className={cx(className)}>
      {children ?? (
        <>
          <span data-slot="approval-error-message">{handle.error}</span>
          <ApprovalRetry />
        </>
      )}
    </div>
  );
}

/**
 * Sends the last decision again after it failed.
 *
 * @example
 * <Approval.Retry>Retry</Approval.Retry>
 */
export function ApprovalRetry({ children, className, onClick, ...props }: ButtonProps) {
  const { handle, send, lastAction, toolName } = useApprovalContext('Retry');
  if (lastAction === undefined || handle.error === undefined) return null;
  return (
    <button
      type="button"
      data-slot="approval-retry"
      aria-label={children === undefined ? `Try again: ${lastAction.kind} ${toolName}` : undefined}
      {...props}
      onClick={guard(false, onClick, () => send(lastAction))}
      className={cx(className)}
    >
      {children ?? 'Try again'}
    </button>
  );
}

/**
 * What was decided, once the decision is sent.
 *
 * @example
 * <Approval.Outcome />
 */
export function ApprovalOutcome({ className, ...props }: Omit<ComponentProps<'p'>, 'children'>) {
  const { handle, toolName } = useApprovalContext('Outcome');
  if (handle.status !== 'approved' && handle.status !== 'declined') return null;
  const reason = handle.approval?.decision?.reason;
  return (
    <p
      data-slot="approval-outcome"
      data-outcome={handle.status}
      {...props}
      className={cx(className)}
    >
      {handle.status === 'approved' ? 'Approved' : 'Declined'}: <strong>{toolName}</strong>
      {handle.status === 'declined' && reason ? ` (${reason})` : null}
    </p>
  );
}
