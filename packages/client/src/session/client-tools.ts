import type { ToolCallState } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import type { ClientToolAnswer, SessionRequestOptions, SessionResult } from './types.js';

/*
 * Client-side tools in a session: their definitions made ready to send, and the app's answers
 * turned into the request that continues the run, as `@mastra/client-js` makes it. Loaded on first
 * use, so sessions that never send client tools or answer a call do not ship it.
 */

/** What a run that finished waiting for the app was started with, and what Mastra said it holds. */
export interface WaitingRun {
  /** The body of the `stream` request that started the run. */
  readonly body: Record<string, unknown>;
  /** The run's messages from its `finish` chunk (`messages.all`): the request's and the answer's. */
  readonly messages: readonly unknown[] | undefined;
}

/** What the session lends this module. */
export interface ClientToolHost {
  readonly store: ToolpaneStore;
  /** Runs that finished on `tool-calls`, by runId, until they are continued. */
  readonly runs: Map<string, WaitingRun>;
  /** The results given so far for the calls of a run, by runId, in the order given. */
  readonly answers: Map<string, readonly unknown[]>;
  /** The session's fallback body (its thread as `memory`) for a run it did not start itself. */
  readonly body: () => Record<string, unknown>;
  /** Sends a `stream` request after every earlier one and reads its answer into the store. */
  readonly stream: (
    body: Record<string, unknown>,
    options: SessionRequestOptions,
  ) => Promise<SessionResult>;
}

/** One result of a `tool` message, as `@mastra/client-js` writes it. */
interface ToolResult {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly result: unknown;
}

type Json = (options: { readonly target: string }) => unknown;

/** A schema as JSON Schema: a Standard JSON Schema's own export, else the value as given. */
function jsonSchema(schema: unknown, where: string): unknown {
  const standard = (schema as { '~standard'?: { jsonSchema?: { input?: Json } } } | undefined)?.[
    '~standard'
  ];
  if (standard === undefined) return schema;
  const input = standard.jsonSchema?.input;
  if (input === undefined) {
    throw new Error(
      `${where} cannot be sent: its schema library exports no JSON Schema (Standard JSON Schema); pass JSON Schema`,
    );
  }
  return input({ target: 'draft-07' });
}

/**
 * Client tools as Mastra's `clientTools` body field takes them: each schema as JSON Schema
 * (`@mastra/client-js` converts zod schemas the same way). Throws with the tool's name when a
 * schema cannot be converted.
 */
export function serializeTools(tools: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const { execute: _execute, ...rest } = tool as Record<string, unknown>;
    for (const key of ['inputSchema', 'outputSchema', 'parameters']) {
      if (rest[key] !== undefined) rest[key] = jsonSchema(rest[key], `clientTools.${name}.${key}`);
    }
    out[name] = rest;
  }
  return out;
}

/**
 * The store as a stream reads into it, noting in `runs` each run whose `finish` says it waits for
 * the app (`tool-calls`), with the request's body and the run's messages, so that the answers
 * can continue it as `@mastra/client-js` does. Only requests
 * that send client tools are noted: they load this module anyway. (The reader hands over arrays.)
 */
function noting(
  store: ToolpaneStore,
  runs: Map<string, WaitingRun>,
  body: Record<string, unknown>,
): ToolpaneStore {
  const note = (chunk: unknown) => {
    const { type, runId, payload } = (chunk ?? {}) as {
      type?: unknown;
      runId?: string;
      payload?: { stepResult?: { reason?: unknown }; messages?: { all?: unknown[] } };
    };
    if (type === 'finish' && runId !== undefined && payload?.stepResult?.reason === 'tool-calls') {
      runs.set(runId, { body, messages: payload.messages?.all });
    }
  };
  return {
    ...store,
    dispatch(chunk) {
      note(chunk);
      store.dispatch(chunk);
    },
    dispatchMany(chunks) {
      for (const chunk of chunks) note(chunk);
      store.dispatchMany(chunks);
    },
  };
}

/**
 * A request body with its client tools made ready to send, and the store its stream reads into,
 * noting the runs that wait for the app when `runs` is given; or why the tools cannot be sent.
 */
export function prepare(
  store: ToolpaneStore,
  runs: Map<string, WaitingRun> | undefined,
  body: Record<string, unknown>,
): { body: Record<string, unknown>; target: ToolpaneStore } | string {
  try {
    const ready = { ...body, clientTools: serializeTools(body.clientTools as object) };
    return { body: ready, target: runs === undefined ? store : noting(store, runs, ready) };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The arguments of `toolCallId` as Mastra sent them, from a run's messages. */
function inputOf(messages: readonly unknown[] | undefined, toolCallId: string): unknown {
  for (const message of messages ?? []) {
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
 * The calls awaiting the client, oldest first. A scan, once per answer: importing the index's
 * selector here would split the code it shares with the session into a chunk of its own.
 */
const awaiting = (store: ToolpaneStore) =>
  [...store.getState().toolCalls.values()].filter((call) => call.awaitingClient);

/** A call's arguments as the store holds them, when they are shown as they came. */
const rawInput = (call: ToolCallState) =>
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
  store.dispatch({
    type: 'toolpane/client-output',
    toolCallId,
    runId,
    ...(failed ? { errorText: answer.errorText } : { output: answer.output }),
  });
  const run = runs.get(runId);
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
  runs.delete(runId);
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
  return host.stream({ ...body, messages }, options);
}
