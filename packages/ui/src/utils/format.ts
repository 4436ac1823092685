import type { ToolCallState, ToolCallStatus, WorkflowStatus } from '@toolpane/client';

/**
 * A short human duration: milliseconds under a second, tenths of seconds under a minute, then
 * minutes and seconds rounded to the second (as {@link formatElapsed} writes them).
 *
 * @example
 * formatDuration(1530); // '1.5 s'
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  // Whole minutes and seconds, rounded to the second: 119.6 s is `2 min`, not `1 min 60 s`.
  return formatElapsed(Math.round(ms / 1000) * 1000);
}

/**
 * A count with its thousands grouped, the same on every machine (`1,050`): the default locale of
 * a server and of a browser can differ, and server-rendered markup must hydrate as it is.
 *
 * @example
 * formatCount(1050); // '1,050'
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en');
}

/**
 * Time so far, in whole seconds (it ticks once a second): `0 s`, `42 s`, `1 min 5 s`.
 *
 * @example
 * formatElapsed(65_400); // '1 min 5 s'
 */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const rest = seconds % 60;
  return rest === 0
    ? `${Math.floor(seconds / 60)} min`
    : `${Math.floor(seconds / 60)} min ${rest} s`;
}

/**
 * The words shown for each tool-call status; pass your own to translate them. `awaiting-client`
 * is shown for an `input-available` call that waits for the app's result (`awaitingClient`).
 */
export type ToolCallStatusLabels = Readonly<Record<ToolCallStatus, string>> & {
  readonly 'awaiting-client'?: string;
};

/** The default words shown for each tool-call status. */
export const TOOL_CALL_STATUS_LABELS: ToolCallStatusLabels = {
  'input-streaming': 'Preparing',
  'input-available': 'Running',
  'approval-requested': 'Needs approval',
  'approval-responded': 'Responded',
  suspended: 'Waiting for input',
  'output-available': 'Completed',
  'output-error': 'Failed',
  'output-denied': 'Declined',
  'output-aborted': 'Stopped',
  'awaiting-client': 'Waiting for the app',
};

/** The status word for a call; an answered approval says which way it went. */
export function toolCallStatusLabel(
  call: Pick<ToolCallState, 'status' | 'approval' | 'suspension' | 'awaitingClient'>,
  labels: ToolCallStatusLabels = TOOL_CALL_STATUS_LABELS,
): string {
  if (call.status === 'input-available' && call.awaitingClient === true)
    return labels['awaiting-client'] ?? TOOL_CALL_STATUS_LABELS['awaiting-client']!;
  // A decision Mastra can no longer take does not wait for anyone.
  if (
    (call.status === 'approval-requested' || call.status === 'suspended') &&
    (call.approval?.expired ?? call.suspension?.expired) !== undefined
  )
    return 'Expired';
  if (call.status === 'approval-responded' && call.approval?.decision !== undefined)
    return call.approval.decision.approved ? 'Approved' : 'Declined';
  return labels[call.status];
}

/** The default words shown for each workflow status. */
export const WORKFLOW_STATUS_LABELS: Readonly<Record<WorkflowStatus, string>> = {
  running: 'Running',
  success: 'Completed',
  failed: 'Failed',
  suspended: 'Suspended',
  waiting: 'Waiting',
  canceled: 'Canceled',
  paused: 'Paused',
  tripwire: 'Blocked',
};
