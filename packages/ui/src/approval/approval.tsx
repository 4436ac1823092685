'use client';
import { useApproval } from '@toolpane/react';
import {
  forwardRef,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { escapeText } from '../exact-value/exact-value.js';
import { useComposedRefs } from '../utils/controls.js';
import { focusCardTrigger, shouldTakeFocus, useLoadedWithPage } from '../utils/focus.js';
import {
  afterTheirs,
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';
import { ApprovalApprove, ApprovalDecline, ApprovalReason, ApprovalRetry } from './buttons.js';
import {
  ApprovalContext,
  type ApprovalContextValue,
  type LastAction,
  useApprovalContext,
} from './context.js';
import { DecisionExpired } from './expired.js';
import { ApprovalRequest } from './request.js';

/** Props of {@link ApprovalRoot}. */
export type ApprovalRootProps = PartProps<'div'> & {
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
 * retry, and the outcome. Once the decision is made, focus that was inside moves to the card's
 * header; the caller's `ref`, `onFocus` and `onBlur` are composed with the ones that track it.
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
export const ApprovalRoot = forwardRef<HTMLDivElement, ApprovalRootProps>(function ApprovalRoot(
  { toolCallId, autoFocus = true, asChild, children, onFocus, onBlur, ...props },
  forwardedRef,
) {
  const handle = useApproval(toolCallId);
  const [reason, setReason] = useState('');
  const [lastAction, setLastAction] = useState<LastAction>();
  const approveRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const ref = useComposedRefs(forwardedRef, rootRef);
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
  const loadedWithPage = useLoadedWithPage();
  useEffect(() => {
    // A new revision is a new request: it takes focus as the first one did.
    if (loadedWithPage()) return;
    if (requested && autoFocus && revision > 0 && shouldTakeFocus(rootRef.current))
      approveRef.current?.focus();
  }, [requested, autoFocus, revision, loadedWithPage]);

  const decided = status === 'approved' || status === 'declined';
  useEffect(() => {
    // The buttons that held focus are gone: give it to the card's header rather than the page.
    if (decided && focusInside.current) {
      focusInside.current = false;
      focusCardTrigger(rootRef.current);
    }
  }, [decided]);

  // Escaped as the arguments are: a tool's name may come from a third party (an MCP server).
  const toolName = escapeText(handle.approval?.toolName ?? '', true);
  const send = useCallback(
    (action: LastAction) => {
      setLastAction(action);
      void (action.kind === 'approve' ? approve() : decline(action.reason || undefined));
    },
    [approve, decline],
  );
  // A stable value: parts re-render when the card's state changes, not each time the root does.
  const context = useMemo<ApprovalContextValue>(
    () => ({ handle, toolName, reason, setReason, send, lastAction, approveRef }),
    [handle, toolName, reason, send, lastAction],
  );

  if (!active) return null;
  const state = handle.error !== undefined && status === 'requested' ? 'failed' : status;
  return (
    <ApprovalContext.Provider value={context}>
      {/* A group of buttons, not a form: a fieldset would bring form semantics it does not have. */}
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-state={state}
        data-revision={handle.approval?.revision}
        role="group"
        aria-label={`Approval for ${toolName}`}
        aria-busy={status === 'sending' || undefined}
        {...partProps('approval', props)}
        // Focus tracking runs whatever the caller's handlers do: it is what restores focus.
        onFocus={afterTheirs(onFocus, () => {
          focusInside.current = true;
        })}
        onBlur={afterTheirs(onBlur, (event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) focusInside.current = false;
        })}
      >
        {partContent(
          asChild,
          children,
          <>
            <ApprovalPrompt />
            <ApprovalRequest />
            {status === 'expired' ? <DecisionExpired message={handle.expired} /> : null}
            <ApprovalActions />
            <ApprovalError />
            <ApprovalOutcome />
          </>,
        )}
      </PartElement>
    </ApprovalContext.Provider>
  );
});

/** Props of {@link ApprovalPrompt}. */
export type ApprovalPromptProps = Omit<PartProps<'p'>, 'children'> & {
  /** Your question for the tool's name, or with `asChild` the element to render instead. */
  readonly children?: ((toolName: string) => ReactNode) | ReactNode;
};

/**
 * The question asked while the approval waits, and what was decided while it is sent.
 *
 * @example
 * <Approval.Prompt>{(name) => `Let ${name} run?`}</Approval.Prompt>
 */
export const ApprovalPrompt = forwardRef<HTMLParagraphElement, ApprovalPromptProps>(
  function ApprovalPrompt({ asChild, children, ...props }, ref) {
    const { handle, toolName } = useApprovalContext('Prompt');
    if (handle.status !== 'requested' && handle.status !== 'sending') return null;
    const decision = handle.approval?.decision;
    const render = typeof children === 'function' ? children : undefined;
    let text: ReactNode;
    if (render) text = render(toolName);
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
      <PartElement
        tag="p"
        ref={ref}
        asChild={asChild}
        host={render ? undefined : (children as ReactNode)}
        {...partProps('approval-prompt', props)}
      >
        {text}
      </PartElement>
    );
  },
);

/**
 * The row of buttons and the reason field, while the approval waits.
 *
 * @example
 * <Approval.Actions />
 */
export const ApprovalActions = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function ApprovalActions({ asChild, children, ...props }, ref) {
    const { handle } = useApprovalContext('Actions');
    if (handle.status !== 'requested' && handle.status !== 'sending') return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('approval-actions', props)}
      >
        {partContent(
          asChild,
          children,
          <>
            <ApprovalApprove />
            <ApprovalDecline />
            <ApprovalReason />
          </>,
        )}
      </PartElement>
    );
  },
);

/**
 * Why the decision could not be sent, with a button that sends it again.
 *
 * @example
 * <Approval.Error />
 */
export const ApprovalError = forwardRef<HTMLDivElement, PartProps<'div'>>(function ApprovalError(
  { asChild, children, ...props },
  ref,
) {
  const { handle } = useApprovalContext('Error');
  if (handle.error === undefined || handle.status !== 'requested') return null;
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      {...partProps('approval-error', props)}
    >
      {partContent(
        asChild,
        children,
        <>
          <span {...partProps('approval-error-message')}>{handle.error}</span>
          <ApprovalRetry />
        </>,
      )}
    </PartElement>
  );
});

/**
 * What was decided, once the decision is sent.
 *
 * @example
 * <Approval.Outcome />
 */
export const ApprovalOutcome = forwardRef<HTMLParagraphElement, HostProps<'p'>>(
  function ApprovalOutcome({ asChild, children, ...props }, ref) {
    const { handle, toolName } = useApprovalContext('Outcome');
    if (handle.status !== 'approved' && handle.status !== 'declined') return null;
    const reason = handle.approval?.decision?.reason;
    return (
      <PartElement
        tag="p"
        ref={ref}
        asChild={asChild}
        host={children}
        data-outcome={handle.status}
        {...partProps('approval-outcome', props)}
      >
        {handle.status === 'approved' ? 'Approved' : 'Declined'}: <strong>{toolName}</strong>
        {handle.status === 'declined' && reason ? ` (${reason})` : null}
      </PartElement>
    );
  },
);
