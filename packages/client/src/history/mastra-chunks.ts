import {
  type AppCalls,
  addPrompt,
  answerWaiting,
  appCalls,
  badMessage,
  type CallRef,
  type Fields,
  type HistoryChunks,
  type HistorySegment,
  isRecord,
  messagesOf,
  newTurn,
  nonEmpty,
  type OpenCall,
  onlyClientCalls,
  records,
  textOf,
} from './common.js';
import type { SavedViews } from './display-view.js';

/*
 * Mastra memory messages (what `GET /api/memory/threads/:threadId/messages` and client-js's
 * `getMemoryThread(...).listMessages()` return) rebuilt as the native chunks their run streamed,
 * so the same reducer that reads live streams builds the state. Display transforms stay applied:
 * a tool part keeps Mastra's `providerMetadata.mastra.toolPayloadTransform`, which the reducer
 * reads as it reads the metadata of a live chunk.
 *
 * Memory keeps no timing of tool calls, so calls rebuilt from it carry no `startedAt`/`endedAt`.
 * A call of one of the app's client tools saved with its whole input (`state: 'call'`) and no
 * result waits for the app's result: its run finishes on `tool-calls`, as it did live.
 */

const TERMINAL = new Set(['result', 'output-error', 'output-denied']);

type Emit = (chunk: unknown) => void;

/** The chunks of one tool-invocation part; returns whether the call ended. */
function toolChunks(runId: string, part: Fields, emit: Emit): boolean | undefined {
  const invocation = isRecord(part.toolInvocation) ? part.toolInvocation : undefined;
  const toolCallId = nonEmpty(invocation?.toolCallId);
  const toolName = nonEmpty(invocation?.toolName);
  if (invocation === undefined || toolCallId === undefined || toolName === undefined) {
    emit(badMessage('A tool-invocation part needs toolInvocation.toolCallId and toolName', part));
    return undefined;
  }
  const metadata = isRecord(part.providerMetadata) ? part.providerMetadata : undefined;
  const envelope = { runId, from: 'AGENT', ...(metadata === undefined ? {} : { metadata }) };
  const ref = { toolCallId, toolName };
  emit({ type: 'tool-call', ...envelope, payload: { ...ref, args: invocation.args } });
  switch (invocation.state) {
    case 'result': {
      const providerMetadata = metadata === undefined ? {} : { providerMetadata: metadata };
      const result = { ...ref, result: invocation.result, ...providerMetadata };
      emit({ type: 'tool-result', ...envelope, payload: result });
      break;
    }
    case 'output-error': {
      const error = nonEmpty(invocation.errorText) ?? 'Tool execution failed';
      emit({ type: 'tool-error', ...envelope, payload: { ...ref, error } });
      break;
    }
    case 'output-denied': {
      // The decline answered an approval: rebuild it so the card shows what was declined, and why.
      emit({ type: 'tool-call-approval', runId, from: 'AGENT', payload: ref });
      const reason = isRecord(invocation.approval)
        ? nonEmpty(invocation.approval.reason)
        : undefined;
      const approval = reason === undefined ? {} : { approval: { reason } };
      emit({ type: 'tool-output-denied', runId, from: 'AGENT', payload: { ...ref, ...approval } });
      break;
    }
  }
  return TERMINAL.has(invocation.state as string);
}

/** Pending approvals and suspensions Mastra keeps in an assistant message's metadata. */
function pendingEntries(metadata: Fields | undefined): { kind: string; entry: Fields }[] {
  const out: { kind: string; entry: Fields }[] = [];
  for (const [key, kind] of [
    ['pendingToolApprovals', 'tool-call-approval'],
    ['suspendedTools', 'tool-call-suspended'],
  ] as const) {
    const entries = metadata?.[key];
    if (isRecord(entries)) {
      for (const entry of Object.values(entries)) if (isRecord(entry)) out.push({ kind, entry });
    }
  }
  return out;
}

/**
 * The app's answer to a call an earlier message left waiting for it, when `part` is one. An error
 * went as `{ error }`, which is how `@mastra/client-js` sends it. What the part's display
 * transform hides stays hidden: the answer carries its view.
 */
function appAnswer(part: Fields, app: AppCalls): unknown {
  const invocation = isRecord(part.toolInvocation) ? part.toolInvocation : undefined;
  if (invocation?.state !== 'result') return undefined;
  const { result } = invocation;
  const metadata = part.providerMetadata;
  const error =
    isRecord(result) && Object.keys(result).length === 1 ? nonEmpty(result.error) : undefined;
  const answer =
    error === undefined
      ? { output: app.views.displayView(metadata, ['output-available', 'error'], result) }
      : { errorText: app.views.errorView(metadata, error) };
  return answerWaiting(app, nonEmpty(invocation.toolCallId), answer);
}

/**
 * Whether a pending request in `message`'s metadata was raised inside a subagent: Mastra names
 * the subagent's run (`delegatedRunId`) or the outer call (`parentToolName`), or the call it names
 * is an `agent-*` call of the message.
 */
function raisedInside(entry: Fields, parts: readonly Fields[]): boolean {
  if (entry.delegatedRunId !== undefined || entry.parentToolName !== undefined) return true;
  return parts.some((part) => {
    const invocation = isRecord(part.toolInvocation) ? part.toolInvocation : undefined;
    return (
      invocation?.toolCallId === entry.toolCallId &&
      typeof invocation?.toolName === 'string' &&
      invocation.toolName.startsWith('agent-')
    );
  });
}

/** An assistant message's metadata, when it has any. */
const metadataOf = (content: Fields | string): Fields | undefined =>
  typeof content === 'string' || !isRecord(content.metadata) ? undefined : content.metadata;

/** The runId Mastra resumes a message's pending requests with, when it has any. */
const pendingRunId = (content: Fields | string): string | undefined =>
  pendingEntries(metadataOf(content))
    .map(({ entry }) => nonEmpty(entry.runId))
    .find((id) => id !== undefined);

/**
 * Whether an assistant message ended where its run stopped for a person's decision, so that the
 * next assistant message goes on with the same run (Mastra marks it `responseBoundary`).
 */
const continued = (content: Fields | string): boolean => {
  const mastra = metadataOf(content)?.mastra;
  return isRecord(mastra) && mastra.responseBoundary === true;
};

/** Where a message sits in its run: the run's id, and whether it begins or ends the run. */
interface RunPlace {
  readonly runId: string;
  readonly first: boolean;
  readonly last: boolean;
}

/** The chunks of one assistant message, as (part of) one top-level run. */
function assistantChunks(
  message: Fields,
  content: Fields | string,
  place: RunPlace,
  emit: Emit,
  app: AppCalls,
  inner: CallRef[],
) {
  const messageId = nonEmpty(message.id);
  const parts =
    typeof content === 'string' ? [{ type: 'text', text: content }] : records(content.parts);
  const pending = pendingEntries(metadataOf(content));
  const { runId } = place;
  const envelope = { runId, from: 'AGENT' };
  if (place.first) {
    emit({ type: 'start', ...envelope, payload: messageId === undefined ? {} : { messageId } });
  }
  const open: (OpenCall & { readonly toolCallId: string })[] = [];
  parts.forEach((part, i) => {
    const id = `${messageId ?? runId}:${i}`;
    switch (part.type) {
      case 'text':
      case 'reasoning': {
        const text =
          typeof part.text === 'string'
            ? part.text
            : typeof part.reasoning === 'string'
              ? part.reasoning
              : records(part.details)
                  .map((detail) => (typeof detail.text === 'string' ? detail.text : ''))
                  .join('');
        if (text === '') return;
        emit({ type: `${part.type}-start`, ...envelope, payload: { id } });
        emit({ type: `${part.type}-delta`, ...envelope, payload: { id, text } });
        emit({ type: `${part.type}-end`, ...envelope, payload: { id } });
        return;
      }
      case 'tool-invocation': {
        const answer = appAnswer(part, app);
        if (answer !== undefined) emit(answer);
        if (answer !== undefined || toolChunks(runId, part, emit) !== false) return;
        const { toolCallId, toolName, state } = part.toolInvocation as Fields;
        open.push({
          toolCallId: toolCallId as string,
          toolName: toolName as string,
          wholeInput: state === 'call',
        });
        return;
      }
      case 'step-start': {
        emit({ type: 'step-start', ...envelope, payload: {} });
        return;
      }
      case 'file': {
        const data = part.data ?? part.url;
        const mimeType = part.mimeType ?? part.mediaType;
        emit({ type: 'file', ...envelope, payload: { data, mimeType } });
        return;
      }
      case 'source': {
        const source = isRecord(part.source) ? part.source : part;
        emit({ type: 'source', ...envelope, payload: { sourceType: 'url', ...source } });
        return;
      }
      default: {
        if (typeof part.type === 'string' && part.type.startsWith('data-')) emit(part);
      }
    }
  });
  for (const { kind, entry } of pending) {
    const { toolCallId, toolName, args, suspendPayload, resumeSchema } = entry;
    const payload = { toolCallId, toolName, args, resumeSchema, suspendPayload };
    const meta = isRecord(entry.metadata) ? { metadata: entry.metadata } : {};
    const at = nonEmpty(entry.runId) ?? runId;
    emit({ type: kind, runId: at, from: 'AGENT', payload, ...meta });
    // The inner tool's values, with nothing that tells whether its display transform hides them.
    const id = nonEmpty(toolCallId);
    if (id !== undefined && raisedInside(entry, parts)) inner.push({ runId: at, toolCallId: id });
  }
  // A run that waits for a person, or whose calls were cut short, is settled by the stream end
  // after all runs. One whose open calls all wait for the app finished on `tool-calls`.
  if (place.last && pending.length === 0 && onlyClientCalls(open, app.names)) {
    const payload = open.length === 0 ? {} : { stepResult: { reason: 'tool-calls' } };
    emit({ type: 'finish', ...envelope, payload });
    for (const call of open) app.waiting.set(call.toolCallId, runId);
  }
  return runId;
}

/**
 * Internal: the chunks that rebuild Mastra memory messages, a segment per assistant message.
 * `views` shows saved answers a display transform covers; `clientTools` names the tools the app
 * runs itself (see `stateFromMastraMessages`).
 */
export function mastraHistoryChunks(
  history: unknown,
  views: SavedViews,
  clientTools: Iterable<string> = [],
): HistoryChunks {
  const app = appCalls(clientTools, views);
  const segments: HistorySegment[] = [];
  const inner: CallRef[] = [];
  const messages = messagesOf(history);
  if (messages === undefined) {
    const problem = badMessage(
      'History must be an array of messages or { messages: [...] }',
      history,
    );
    return { segments: [], tail: [problem] };
  }
  let prompt: string | undefined;
  const contentOf = (message: unknown): Fields | string | undefined => {
    const content = isRecord(message) ? message.content : undefined;
    return typeof content === 'string' || isRecord(content) ? content : undefined;
  };
  const isAssistant = (message: unknown) =>
    isRecord(message) && message.role === 'assistant' && contentOf(message) !== undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    const content = contentOf(message);
    if (!isRecord(message) || content === undefined) {
      segments.push({
        chunks: [badMessage('A memory message needs a role and a content', message)],
      });
      continue;
    }
    if (message.role === 'user') {
      prompt = addPrompt(prompt, textOf(content, isRecord(content) ? records(content.parts) : []));
      newTurn(app);
    } else if (message.role === 'assistant') {
      // The messages of one run: this one, and each next one while the one before it stopped for
      // a decision. A run that waits keeps the runId Mastra resumes it with; others are named by
      // their first message.
      let end = index;
      while (continued(contentOf(messages[end])!) && isAssistant(messages[end + 1])) end++;
      const run = messages.slice(index, end + 1) as Fields[];
      const runId =
        run.map((m) => pendingRunId(contentOf(m)!)).find((id) => id !== undefined) ??
        nonEmpty(message.id) ??
        `history-run-${index + 1}`;
      const chunks: unknown[] = [];
      run.forEach((m, i) => {
        const place = { runId, first: i === 0, last: i === run.length - 1 };
        assistantChunks(m, contentOf(m)!, place, (chunk) => chunks.push(chunk), app, inner);
      });
      segments.push({ chunks, runId, ...(prompt === undefined ? {} : { prompt }) });
      prompt = undefined;
      index = end;
    }
  }
  return { segments, tail: [{ type: 'toolpane/stream-end' }], innerRequests: inner };
}
