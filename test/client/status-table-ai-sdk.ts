import { reduceAll, type ToolCallStatus } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';

/*
 * The tool-call status transitions of the AI SDK reducer (UI message stream chunks, as
 * `@mastra/ai-sdk` writes them), as data, the same way status-table.ts does it for native chunks:
 * a stream prefix that leaves one call (`c1`) in each status, and the chunks or client events that
 * can follow. docs/architecture.md documents the table these produce.
 */

const CALL = 'c1';
const ref = { toolCallId: CALL };
const schema = JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' } } });

const start = [{ type: 'start', messageId: 'm1' }, { type: 'start-step' }];
const streaming = [...start, { type: 'tool-input-start', ...ref, toolName: 'weather' }];
const available = [
  ...start,
  { type: 'tool-input-available', ...ref, toolName: 'weather', input: { city: 'Oslo' } },
];
const approval = [...available, { type: 'tool-approval-request', approvalId: 'r1::c1', ...ref }];
const suspendedData = (toolCallId: string) => ({
  type: 'data-tool-call-suspended',
  id: toolCallId,
  data: {
    state: 'data-tool-call-suspended',
    runId: 'r1',
    toolCallId,
    toolName: 'weather',
    suspendPayload: { ask: 'ok?' },
    resumeSchema: schema,
  },
});
const suspension = [...available, suspendedData(CALL)];
const sent = { type: 'toolpane/decision-sent', toolCallId: CALL };

/**
 * A status as the table names it: `awaiting-client` is an `input-available` call marked
 * `awaitingClient` (its run finished on `tool-calls` without its result).
 */
export type TableStatus = ToolCallStatus | 'awaiting-client';

/** A stream prefix that leaves the call in each status. */
export const FROM: Readonly<Record<TableStatus, readonly unknown[]>> = {
  'input-streaming': streaming,
  'input-available': available,
  'approval-requested': approval,
  'approval-responded': [...approval, sent],
  suspended: suspension,
  'output-available': [...available, { type: 'tool-output-available', ...ref, output: 3 }],
  'output-error': [...available, { type: 'tool-output-error', ...ref, errorText: 'boom' }],
  'output-denied': [...approval, { type: 'tool-output-denied', ...ref }],
  'output-aborted': [...available, { type: 'toolpane/abort' }],
  'awaiting-client': [
    ...available,
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'tool-calls' },
  ],
};

/** What can follow, by the name the document's table uses. */
export const EVENTS: Readonly<Record<string, readonly unknown[]>> = {
  '`tool-input-delta`': [{ type: 'tool-input-delta', ...ref, inputTextDelta: '{"ci' }],
  '`tool-input-available`': [
    { type: 'tool-input-available', ...ref, toolName: 'weather', input: { city: 'Oslo' } },
  ],
  '`tool-input-error`': [
    { type: 'tool-input-error', ...ref, toolName: 'weather', input: '{', errorText: 'bad JSON' },
  ],
  '`tool-approval-request`': [{ type: 'tool-approval-request', approvalId: 'r1::c1', ...ref }],
  '`data-tool-call-suspended`': [suspendedData(CALL)],
  '`tool-output-available`': [{ type: 'tool-output-available', ...ref, output: 3 }],
  '`tool-output-available` Mastra refused': [
    {
      type: 'tool-output-available',
      ...ref,
      output: { error: true, message: 'Tool input validation failed', validationErrors: {} },
    },
  ],
  '`tool-output-error`': [{ type: 'tool-output-error', ...ref, errorText: 'boom' }],
  '`tool-output-denied`': [{ type: 'tool-output-denied', ...ref }],
  '`finish`': [{ type: 'finish-step' }, { type: 'finish' }],
  '`finish` with `finishReason: tool-calls`': [
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'tool-calls' },
  ],
  '`error`': [{ type: 'error', errorText: 'model failed' }],
  '`abort`': [{ type: 'abort' }],
  '`toolpane/decision-sent`': [sent],
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
};

/** The call's status after a prefix and what follows it. */
export function statusAfter(from: TableStatus, event: string): TableStatus | undefined {
  const chunks = [...FROM[from], ...(EVENTS[event] ?? [])];
  const call = reduceAll(chunks, { formats: [aiSdk] }).toolCalls.get(CALL);
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
