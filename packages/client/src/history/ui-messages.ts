import { aiSdk } from '../ai-sdk/format.js';
import type { ReduceOptions } from '../reducer/context.js';
import type { ToolpaneState } from '../state/state.js';
import { AgentAncestry } from './agent-ancestry.js';
import { buildHistory } from './build.js';
import {
  type AppCalls,
  addPrompt,
  answerWaiting,
  appCalls,
  badMessage,
  type Fields,
  type HistoryChunks,
  type HistorySegment,
  isRecord,
  messagesOf,
  newTurn,
  nonEmpty,
  onlyClientCalls,
  records,
  textOf,
  toolNameOf,
} from './common.js';
import { displayView, errorView, hasDisplay, SAVED_VIEWS } from './display-view.js';
import { keepHidden } from './keep-hidden.js';
import {
  type Emit,
  pendingFromMetadata,
  requestApproval,
  type ToolPart,
  toolInput,
  toolOutcome,
} from './ui-tool-parts.js';

/*
 * AI SDK `UIMessage`s (v5, v6 and v7: what `useChat` holds, what apps persist, what
 * `@mastra/ai-sdk/ui`'s `toAISdkMessages` makes of a memory thread) rebuilt as the UI message
 * stream chunks that made them, so the reducer that reads live streams builds the state. Each
 * assistant message is one top-level run keyed by its id, which is also what a later stream for
 * the same message continues.
 */

const TERMINAL = new Set(['output-available', 'output-error', 'output-denied']);
const HUMAN_DATA = new Set(['data-tool-call-approval', 'data-tool-call-suspended']);

/**
 * The chunks of one assistant message. Returns the run's id. Decisions already made go to
 * `later`: they apply once every run has ended, as they would after the stream that asked.
 */
function assistantChunks(
  message: Fields,
  place: { readonly first: boolean; readonly last: boolean },
  emit: Emit,
  later: Emit,
  app: AppCalls,
): void {
  // Without an id the reducer names the run as it names a live message without one.
  const messageId = nonEmpty(message.id);
  const runId = messageId ?? 'message';
  if (place.first) emit(messageId === undefined ? { type: 'start' } : { type: 'start', messageId });
  const tools: ToolPart[] = [];
  // Calls whose approval and outcome came before a later call with their id.
  const flushed = new Set<ToolPart>();
  // By toolCallId, the ended call with it that no later call with it flushed yet.
  const endedLast = new Map<string, ToolPart>();
  const human: Fields[] = [];
  const ancestry = new AgentAncestry();
  records(message.parts).forEach((part, i) => {
    const type = typeof part.type === 'string' ? part.type : '';
    const id = `${runId}:${i}`;
    if (type === 'text' || type === 'reasoning') {
      if (typeof part.text !== 'string' || part.text === '') return;
      emit({ type: `${type}-start`, id });
      emit({ type: `${type}-delta`, id, delta: part.text });
      emit({ type: `${type}-end`, id });
    } else if (type === 'step-start') {
      emit({ type: 'start-step' });
    } else if (type === 'dynamic-tool' || type.startsWith('tool-')) {
      const toolCallId = nonEmpty(part.toolCallId);
      const toolName = toolNameOf(part);
      if (toolCallId === undefined || toolName === undefined) {
        emit(badMessage(`A ${type} part needs a toolCallId and a tool name`, part));
        return;
      }
      // What the display transform of the answer's part, or else of the call's, hides stays
      // hidden: the answer carries its view.
      const meta = [
        part.resultProviderMetadata,
        part.callProviderMetadata,
        app.metadata.get(toolCallId),
      ].find(hasDisplay);
      const answer = answerWaiting(
        app,
        part.state === 'output-available' || part.state === 'output-error' ? toolCallId : undefined,
        part.state === 'output-available'
          ? { output: displayView(meta, ['output-available', 'error'], part.output) }
          : { errorText: errorView(meta, nonEmpty(part.errorText) ?? 'Tool error') },
      );
      if (answer !== undefined) {
        emit(answer);
        return;
      }
      // An id repeated step after step (a model that numbers its calls per request): the ended
      // call with it ends before this one begins, which is then a call of its own, as it was live.
      const ended = endedLast.get(toolCallId);
      if (ended !== undefined && !flushed.has(ended)) {
        requestApproval(ended, emit);
        toolOutcome(ended, emit);
        flushed.add(ended);
      }
      const tool = { part, toolCallId, toolName };
      tools.push(tool);
      if (TERMINAL.has(part.state as string)) endedLast.set(toolCallId, tool);
      toolInput(tool, emit);
      ancestry.addTopCall(toolCallId, toolName, part.output);
    } else if (type === 'data-tool-agent') {
      const data = isRecord(part.data) ? part.data : undefined;
      const chain = data === undefined ? undefined : ancestry.ancestryOf(data);
      if (chain === undefined) {
        emit(badMessage('No agent-* call found for this data-tool-agent part', part));
        return;
      }
      emit({ ...part, ancestry: chain, depth: chain.length });
    } else if (HUMAN_DATA.has(type)) {
      human.push(part);
    } else if (type !== '') {
      emit(part);
    }
  });
  // Requests before outcomes, so a call that went on after its approval keeps it, as it did
  // live. The parts that carry a request whole (its tool, arguments as shown, schema) come before
  // a v6 part's approval, which then repeats them: the arguments the part's input carries may be
  // the raw ones a display transform hid.
  for (const part of human) emit(part);
  const pending = pendingFromMetadata(message.metadata, emit);
  for (const tool of tools) if (!flushed.has(tool)) requestApproval(tool, emit);
  for (const tool of tools) if (!flushed.has(tool)) toolOutcome(tool, emit);
  // A run that still waits, or whose calls never ended, is settled by the stream end after all.
  const ended = new Set(
    tools.filter(({ part }) => TERMINAL.has(part.state as string)).map((t) => t.toolCallId),
  );
  const asked = [
    ...human.map((part) => (isRecord(part.data) ? part.data.toolCallId : undefined)),
    ...pending,
  ];
  // Calls of tools the app runs itself, with their whole input and no outcome, wait for the app's
  // result: the answer ended as a live one that finished on `tool-calls`. Any other call without
  // an outcome was cut, and the stream end settles it.
  const waiting = tools.filter((t) => !ended.has(t.toolCallId));
  const open = waiting.map(({ part, toolName }) => ({
    toolName,
    wholeInput: part.state === 'input-available',
  }));
  if (
    place.last &&
    onlyClientCalls(open, app.names) &&
    asked.every((id) => typeof id === 'string' && ended.has(id))
  ) {
    emit(
      waiting.length === 0 ? { type: 'finish' } : { type: 'finish', finishReason: 'tool-calls' },
    );
    for (const { toolCallId, part } of waiting) {
      app.waiting.set(toolCallId, messageId);
      app.metadata.set(toolCallId, part.callProviderMetadata);
    }
  }
  // A decision already made waits for the request that carries it.
  for (const { part, toolCallId } of tools) {
    const approval = isRecord(part.approval) ? part.approval : undefined;
    if (part.state !== 'approval-responded' || typeof approval?.approved !== 'boolean') continue;
    const reason = nonEmpty(approval.reason);
    later({
      type: 'toolpane/decision-sent',
      toolCallId,
      approved: approval.approved,
      ...(reason === undefined ? {} : { reason }),
    });
  }
}

/** Internal: the chunks that rebuild UI messages, a segment per assistant message. */
export function uiHistoryChunks(
  history: unknown,
  clientTools: Iterable<string> = [],
): HistoryChunks {
  const app = appCalls(clientTools, SAVED_VIEWS);
  const segments: HistorySegment[] = [];
  const messages = messagesOf(history);
  if (messages === undefined) {
    return { segments, tail: [badMessage('History must be an array of UI messages', history)] };
  }
  const decisions: unknown[] = [];
  let prompt: string | undefined;
  // A message that stopped for a decision (`responseBoundary`) goes on in the next assistant
  // message: the two are one run, as they streamed live.
  const isAssistant = (m: unknown) =>
    isRecord(m) && m.role === 'assistant' && Array.isArray(m.parts);
  const stopped = (m: Fields) =>
    isRecord(m.metadata) &&
    isRecord(m.metadata.mastra) &&
    m.metadata.mastra.responseBoundary === true;
  let continues = false;
  messages.forEach((message, index) => {
    if (!isRecord(message) || !Array.isArray(message.parts)) {
      segments.push({ chunks: [badMessage('A UI message needs a role and parts', message)] });
      continues = false;
      return;
    }
    if (message.role === 'user') {
      prompt = addPrompt(prompt, textOf(undefined, records(message.parts)));
      newTurn(app);
      continues = false;
    } else if (message.role === 'assistant') {
      const goesOn = stopped(message) && isAssistant(messages[index + 1]);
      const last = segments.at(-1);
      const chunks: unknown[] = continues && last !== undefined ? (last.chunks as unknown[]) : [];
      assistantChunks(
        message,
        { first: chunks.length === 0, last: !goesOn },
        (chunk) => chunks.push(chunk),
        (chunk) => decisions.push(chunk),
        app,
      );
      if (!continues || last === undefined) {
        segments.push({ chunks, ...(prompt === undefined ? {} : { prompt }) });
        prompt = undefined;
      }
      continues = goesOn;
    }
  });
  return { segments, tail: [{ type: 'toolpane/stream-end' }, ...decisions] };
}

/** Options of {@link stateFromUIMessages}: the reducer's, and what was shown before. */
export interface UIHistoryOptions extends Omit<ReduceOptions, 'now' | 'formats'> {
  /**
   * The state that showed these messages before, when there is one: a store whose chat's messages
   * were replaced or reloaded. What it hid stays hidden in the rebuilt state, although a
   * `UIMessage` keeps raw what a display transform hid on the stream (the input of a call whose
   * input deltas were suppressed, protocol §6.4). Several states (each an earlier reading: a
   * message undone and brought back) all count.
   */
  readonly shownBefore?: ToolpaneState | readonly ToolpaneState[];
  /**
   * The names of the tools the app runs itself (a `useChat` page answers them in `onToolCall`
   * with `addToolOutput`). A saved call of one with its whole input and no output still waits for
   * the app's result, as it did live. A call without an outcome of any other tool reads as cut
   * short: a saved message does not say which tools the server was still running.
   */
  readonly clientTools?: readonly string[];
}

/**
 * Builds Toolpane state from AI SDK `UIMessage`s (v5, v6 or v7): what `useChat` holds, what an
 * app persisted, or what `toAISdkMessages` from `@mastra/ai-sdk/ui` made of a Mastra memory
 * thread. Each assistant message becomes a top-level run keyed by the message id, with its text,
 * tool calls, subagent (`data-tool-agent`) and workflow (`data-tool-workflow`) parts; the user
 * message before it becomes the run's `prompt`. Approvals and suspensions that still wait (tool
 * parts in `approval-requested`, `data-tool-call-*` parts, or Mastra's pending metadata) come
 * back waiting, with the runId and toolCallId Mastra resumes them with. Unreadable parts become
 * `state.issues`; the rest is kept. Never throws.
 *
 * @example
 * import { createToolpaneStore } from '@toolpane/client';
 * import { aiSdk, stateFromUIMessages } from '@toolpane/client/ai-sdk';
 *
 * const store = createToolpaneStore({
 *   formats: [aiSdk],
 *   initialState: stateFromUIMessages(savedMessages),
 * });
 */
export function stateFromUIMessages(
  history: unknown,
  options: UIHistoryOptions = {},
): ToolpaneState {
  const { now: _, shownBefore, clientTools, ...rest } = options as ReduceOptions & UIHistoryOptions;
  const state = buildHistory(uiHistoryChunks(history, clientTools), { ...rest, formats: [aiSdk] });
  const before: readonly ToolpaneState[] =
    shownBefore === undefined ? [] : Array.isArray(shownBefore) ? shownBefore : [shownBefore];
  return before.reduce(keepHidden, state);
}
