'use client';
import { type PendingApproval, selectPendingApprovals } from '@toolpane/client';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import { shallowEqualItems } from './shallow-equal.js';

/**
 * Every call that waits for a person (an approval or a resume), in stream order and at any depth:
 * an approval raised inside a subagent is listed with the inner call's id. Re-renders only when
 * the list or one of its calls changes.
 *
 * @example
 * function ApprovalBar() {
 *   const pending = usePendingApprovals();
 *   if (pending.length === 0) return null;
 *   return <p role="status">{pending.length} calls need your decision</p>;
 * }
 */
export function usePendingApprovals(): readonly PendingApproval[] {
  return useToolpaneSelector(selectPendingApprovals, shallowEqualItems, 'pending');
}
