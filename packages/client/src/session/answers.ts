import type { ToolCallState } from '../state/state.js';
import type { StateRoot } from '../state/state-root.js';
import type { ToolpaneStore } from '../store/store.js';
import type { ClientToolHost, UnsentAnswers } from './client-tool-host.js';
import type { ClientToolAnswer, SessionRequestOptions, SessionResult } from './types.js';

/*
 * The app's answers to calls that wait for it, turned into the request that continues their run
 * as `@mastra/client-js` makes it, and sent again when that request did not reach the server.
 * Part of the client-side tool code, loaded on first use (see client-tools.ts).
 */

/** One result of a `tool` message, as `@mastra/client-js` writes it. */
interface ToolResult {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly result: unknown;
}

/**
 * The arguments of `toolCallId` as Mastra sent them, from a run's messages: the newest call with
 * that id, as a thread's history may hold an earlier run's.
 */
export function inputOf(messages: readonly unknown[] | undefined, toolCallId: string): unknown {
  for (const message of [...(messages ?? [])].reverse()) {
    const content = (message as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    const part = content.find(
      (p: { type?: unknown; toolCallId?: unknown }) =>
        p?.type === 'tool-call' && p.toolCallId === toolCallId,
    ) as { input?: unknown } | undefined;
    if (part !== undefined) return part.input;
  }
  return undefined;
}

/**
 * The calls awaiting the client, in the order they began to: read from the state's index of them
 * (`awaiting.ts`), so O(calls awaiting) however many calls the chat holds; a state made elsewhere
 * (not a `StateRoot`) is scanned. The index is reached through the state's class: importing its
 * selector here would split the code this module shares with the session into a chunk of its own.
 */
export function awaiting(store: ToolpaneStore): ToolCallState[] {
  const state = store.getState();
  const calls = state.toolCalls;
  const keys = (state.constructor as Partial<typeof StateRoot>).awaiting?.(state as StateRoot);
  return keys
    ? keys.map((key) => calls.get(key)!)
    : [...calls.values()].filter((call) => call.awaitingClient);
}

/** The runId the stream gave a call's run: the one Mastra knows (see `RunState.streamRunId`). */
export const streamRunOf = (store: ToolpaneStore, call: ToolCallState): string =>
  store.getState().runs.get(call.runId)?.streamRunId ?? call.runId;

/** A call's arguments as the store holds them, when they are shown as they came. */
export const rawInput = (call: ToolCallState) =>
  call.input.kind === 'raw' ? call.input.value : undefined;

/** Messages that say something: Mastra lists an empty `tool` message after a step's calls. */
const said = (message: unknown) => {
  const content = (message as { content?: unknown }).content;
  return !Array.isArray(content) || content.length > 0;
};

/** {@link AgentSession.answer}: see there. */
export function answerCall(
  host: ClientToolHost,
  ref: string,
  answer: ClientToolAnswer,
  options: SessionRequestOptions,
): Promise<SessionResult> {
  const { store, runs, answers } = host;
  const waiting = awaiting(store);
  const call =
    waiting.find((c) => c.key === ref) ?? waiting.filter((c) => c.toolCallId === ref).at(-1);
  if (call === undefined) {
    const known = store.getState().toolCalls.get(ref);
    const error = `Nothing was sent: tool call ${ref} does not wait for the app's result${
      known === undefined ? '' : ` (status: ${known.status})`
    }`;
    return Promise.resolve({ status: 'invalid', error });
  }
  const { toolCallId, toolName, runId } = call;
  const failed = answer.errorText !== undefined;
  // Refused before the call shows it: an output JSON cannot write (a BigInt, a cycle) never sends.
  if (!failed) {
    try {
      JSON.stringify(answer.output);
    } catch (error) {
      // Its first line: V8 draws the path of a cycle on the lines after it.
      const why = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
      const message = `Nothing was sent: the output for tool call ${toolCallId} cannot be written as JSON (${why})`;
      return Promise.resolve({ status: 'invalid', error: message });
    }
  }
  store.dispatch({
    type: 'toolpane/client-output',
    toolCallId,
    runId,
    ...(failed ? { errorText: answer.errorText } : { output: answer.output }),
  });
  const noted = streamRunOf(store, call);
  const run = runs.get(noted);
  // An `execute` still running for the call no longer holds the session (its result is dropped).
  run?.running.get(call.key)?.();
  const given = (answers.get(runId) ?? []) as ToolResult[];
  answers.set(runId, given);
  given.push({
    type: 'tool-result',
    toolCallId,
    toolName,
    input: run === undefined ? rawInput(call) : inputOf(run.messages, toolCallId),
    // What `@mastra/client-js` sends for a tool that threw.
    result: failed ? { error: answer.errorText } : answer.output,
  });
  if (awaiting(store).some((c) => c.runId === runId)) {
    return Promise.resolve({ status: 'done' });
  }
  runs.delete(noted);
  answers.delete(runId);
  const body = run?.body ?? host.body();
  const results = { role: 'tool', content: given };
  // With a memory thread Mastra holds the conversation: only the results go, as client-js sends.
  // Without one, the run's messages go first; for a run this session did not note (one started
  // elsewhere, or with no client tools sent: a tool with no `execute` on the agent) only its calls
  // are known, as the store holds them.
  const calls = given.map(({ toolCallId, toolName, input }) => ({
    type: 'tool-call',
    toolCallId,
    toolName,
    input,
  }));
  const history = run?.messages?.filter(said) ?? [{ role: 'assistant', content: calls }];
  const messages = body.memory === undefined ? [...history, results] : [results];
  // The key of the newest call of the run with each toolCallId, from the run's own calls.
  const { runs: held, toolCalls } = store.getState();
  const newest = new Map<string, string>();
  for (const key of held.get(runId)?.toolCallIds ?? []) {
    const id = toolCalls.get(key)?.toolCallId;
    if (id !== undefined) newest.set(id, key);
  }
  const keys = given.map(({ toolCallId }) => ({
    toolCallId,
    key: newest.get(toolCallId) ?? toolCallId,
  }));
  return deliver(host, runId, { body: { ...body, messages }, calls: keys }, options);
}

/**
 * Sends a run's continuation. When nothing of it reached the server (the request failed, or the
 * server refused it with an HTTP error, before any chunk), it is kept for {@link retryAnswers}:
 * the calls keep their answers, which only have to be sent again.
 */
async function deliver(
  host: ClientToolHost,
  runId: string,
  unsent: UnsentAnswers,
  options: SessionRequestOptions,
): Promise<SessionResult> {
  const result = await host.stream(unsent.body, options);
  const { status, runId: started, httpStatus = 0 } = result;
  if (status !== 'error' || started !== undefined || (httpStatus >= 200 && httpStatus < 300)) {
    return result;
  }
  host.unsent.set(runId, unsent);
  return { ...result, unsent: true };
}

/** {@link AgentSession.retryAnswers}: see there. */
export function retryAnswers(
  host: ClientToolHost,
  ref: string,
  options: SessionRequestOptions,
): Promise<SessionResult> {
  for (const [runId, unsent] of host.unsent) {
    if (!unsent.calls.some((call) => call.key === ref || call.toolCallId === ref)) continue;
    host.unsent.delete(runId);
    return deliver(host, runId, unsent, options);
  }
  const error = `Nothing was sent: no answers of tool call ${ref} wait to be sent again`;
  return Promise.resolve({ status: 'invalid', error });
}
