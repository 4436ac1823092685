import type { ApprovalHandle } from '@toolpane/react';
import { createContext, type RefObject } from 'react';
import { useInside } from '../utils/inside.js';

/** What the person last chose on this card. */
export type LastAction =
  | { readonly kind: 'approve' }
  | { readonly kind: 'decline'; readonly reason: string };

/** What the parts of one approval card share. */
export interface ApprovalContextValue {
  readonly handle: ApprovalHandle;
  readonly toolName: string;
  readonly reason: string;
  readonly setReason: (reason: string) => void;
  readonly send: (action: LastAction) => void;
  readonly lastAction: LastAction | undefined;
  readonly approveRef: RefObject<HTMLButtonElement | null>;
}

/** The card's shared state, provided by `Approval.Root`. */
export const ApprovalContext = createContext<ApprovalContextValue | null>(null);

/** The card's shared state; throws outside `Approval.Root`. */
export function useApprovalContext(part: string): ApprovalContextValue {
  const value = useInside(ApprovalContext, 'Approval', part);
  return value;
}

/** The card's state for one action button: whether a decision is on its way, and if it is this one. */
export function useActionButton(part: string, kind: LastAction['kind']) {
  const context = useApprovalContext(part);
  const sending = context.handle.status === 'sending';
  const decision = context.handle.approval?.decision;
  const chosen =
    decision === undefined ? context.lastAction?.kind : decision.approved ? 'approve' : 'decline';
  const busy = sending && chosen === kind;
  return { context, sending, busy };
}
