import { reduceAll, type ToolCallStatus } from '@toolpane/client';

/*
 * The tool-call status transitions of the native reducer, as data: a stream prefix that leaves
 * one call (`c1`, in run `r1`) in each status, and the chunks or client events that can follow.
 * docs/architecture.md documents the table these produce; status-table.test.ts checks the two
 * agree in both directions.
 */

const RUN = 'r1';
const CALL = 'c1';
const chunk = (type: string, payload: Record<string, unknown> = {}) => ({
  type,
  runId: RUN,
  from: 'AGENT',
  payload,
});
const ref = { toolCallId: CALL, toolName: 'weather' };
const schema = JSON.stringify({
  type: 'object',
  properties: { ok: { type: 'boolean' } },
});

const start = [chunk('start', { id: 'agent' })];
const streaming = [...start, chunk('tool-call-input-streaming-start', ref)];
const available = [...start, chunk('tool-call', { ...ref, args: { city: 'Oslo' } })];
const approval = [...available, chunk('tool-call-approval', { ...ref, args: { city: 'Oslo' } })];
const suspension = [
  ...available,
  chunk('tool-call-suspended', { ...ref, suspendPayload: { ask: 'ok?' }, resumeSchema: schema }),
];

/**
 * A status as the table names it: `awaiting-client` is an `input-available` call marked
 * `awaitingClient` (its run finished on `tool-calls` without its result); `broken-off` an
 * `output-error` call its stream's break ended (`brokenOff`).
 */
export type TableStatus = ToolCallStatus | 'awaiting-client' | 'broken-off';

/** A stream prefix that leaves the call in each status. */
export const FROM: Readonly<Record<TableStatus, readonly unknown[]>> = {
  'input-streaming': streaming,
  'input-available': available,
  'approval-requested': approval,
  'approval-responded': [...approval, { type: 'toolpane/decision-sent', toolCallId: CALL }],
  suspended: suspension,
  'output-available': [...available, chunk('tool-result', { ...ref, result: { temp: 3 } })],
  'output-error': [...available, chunk('tool-error', { ...ref, error: { message: 'boom' } })],
  'output-denied': [...approval, chunk('tool-output-denied', ref)],
  'output-aborted': [...available, { type: 'toolpane/abort' }],
  'awaiting-client': [...available, chunk('finish', { stepResult: { reason: 'tool-calls' } })],
  'broken-off': [...available, { type: 'toolpane/stream-end' }],
};

/** What can follow, by the name the document's table uses. */
export const EVENTS: Readonly<Record<string, readonly unknown[]>> = {
  '`tool-call-delta`': [chunk('tool-call-delta', { toolCallId: CALL, argsTextDelta: '{"ci' })],
  '`tool-call`': [chunk('tool-call', { ...ref, args: { city: 'Oslo' } })],
  '`tool-call-approval`': [chunk('tool-call-approval', { ...ref, args: { city: 'Oslo' } })],
  '`tool-call-approval`, other arguments': [
    chunk('tool-call-approval', { ...ref, args: { city: 'Bergen' } }),
  ],
  '`tool-call-suspended`': [
    chunk('tool-call-suspended', { ...ref, suspendPayload: { ask: 'ok?' }, resumeSchema: schema }),
  ],
  '`tool-result`': [chunk('tool-result', { ...ref, result: { temp: 3 } })],
  '`tool-result` with `isError`': [
    chunk('tool-result', { ...ref, result: 'failed', isError: true }),
  ],
  '`tool-result` Mastra refused': [
    chunk('tool-result', {
      ...ref,
      result: { error: true, message: 'Tool input validation failed', validationErrors: {} },
    }),
  ],
  '`tool-error`': [chunk('tool-error', { ...ref, error: { message: 'boom' } })],
  '`tool-output-denied`': [chunk('tool-output-denied', ref)],
  '`finish` of the run': [chunk('finish', { stepResult: { reason: 'stop' } })],
  '`finish` of the run, reason `tool-calls`': [
    chunk('finish', { stepResult: { reason: 'tool-calls' } }),
  ],
  '`error` of the run': [chunk('error', { error: { message: 'model failed' } })],
  '`abort` of the run': [chunk('abort')],
  '`toolpane/decision-sent`': [{ type: 'toolpane/decision-sent', toolCallId: CALL }],
  '`toolpane/decision-failed`': [
    { type: 'toolpane/decision-failed', toolCallId: CALL, error: 'HTTP 500' },
  ],
  '`toolpane/decision-expired`': [
    { type: 'toolpane/decision-expired', toolCallId: CALL, message: 'The run is gone' },
  ],
  '`toolpane/client-output`': [{ type: 'toolpane/client-output', toolCallId: CALL, output: 3 }],
  '`toolpane/client-output`, `errorText`': [
    { type: 'toolpane/client-output', toolCallId: CALL, errorText: 'boom' },
  ],
  '`toolpane/stream-end`': [{ type: 'toolpane/stream-end' }],
  '`toolpane/stream-error`': [{ type: 'toolpane/stream-error', message: 'socket closed' }],
  '`toolpane/abort`': [{ type: 'toolpane/abort' }],
  '`start` of the run sent again, then its `tool-call`': [
    ...start,
    chunk('tool-call', { ...ref, args: { city: 'Oslo' } }),
  ],
};

/** The call's status after a prefix and what follows it. */
export function statusAfter(from: TableStatus, event: string): TableStatus | undefined {
  const chunks = [...FROM[from], ...(EVENTS[event] ?? [])];
  const call = reduceAll(chunks).toolCalls.get(CALL);
  if (call?.brokenOff !== undefined) return 'broken-off';
  return call?.awaitingClient === true ? 'awaiting-client' : call?.status;
}

/** Every (from, event) pair whose status changes, with where it goes. */
export function transitions(): { from: TableStatus; event: string; to: TableStatus }[] {
  const rows: { from: TableStatus; event: string; to: TableStatus }[] = [];
  for (const from of Object.keys(FROM) as TableStatus[]) {
    for (const event of Object.keys(EVENTS)) {
      const to = statusAfter(from, event);
      if (to !== undefined && to !== from) rows.push({ from, event, to });
    }
  }
  return rows;
}
