import type { ToolCallState } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import type {
  ClientToolAnswer,
  ClientToolDefinition,
  ClientToolExecuteOptions,
  SessionRequestOptions,
  SessionResult,
} from './types.js';

/*
 * Client-side tools in a session: their definitions made ready to send, their `execute` run for
 * the calls that wait for the app, and the answers turned into the request that continues the
 * run, as `@mastra/client-js` makes it. Loaded on first use, so sessions that never send client
 * tools or answer a call do not ship it.
 */

/** What a run that finished waiting for the app was started with, and what Mastra said it holds. */
export interface WaitingRun {
  /** The body of the `stream` request that started the run, its client tools as the app gave them. */
  readonly body: Record<string, unknown>;
  /** The run's messages from its `finish` chunk (`messages.all`): the request's and the answer's. */
  readonly messages: readonly unknown[] | undefined;
  /** For each call whose `execute` runs, by call key: stops waiting for it once it is answered. */
  readonly running: Map<string, () => void>;
}

/** What the session lends this module. */
export interface ClientToolHost {
  readonly store: ToolpaneStore;
  /** The agent the session talks to, for `execute`'s options. */
  readonly agentId: string;
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
  /**
   * Runs `task` after every earlier request, as one of the session's jobs: the session streams
   * meanwhile, and its abort (or a new `send`) fires the signal. `task` must not reject.
   */
  readonly enqueue: (
    task: (signal: AbortSignal) => Promise<SessionResult>,
    external: AbortSignal | undefined,
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
 * The store as a stream reads into it, noting in the host's `runs` each run whose `finish` says
 * it waits for the app (`tool-calls`), with the request's body and the run's messages, so that
 * the answers can continue it as `@mastra/client-js` does, and running the `execute` of its calls
 * once that `finish` is in the store. Only requests that send client tools are noted: they load
 * this module anyway. (The reader hands over arrays.)
 */
function noting(host: ClientToolHost, body: Record<string, unknown>): ToolpaneStore {
  const { store, runs } = host;
  const note = (chunk: unknown) => {
    const { type, runId, payload } = (chunk ?? {}) as {
      type?: unknown;
      runId?: string;
      payload?: { stepResult?: { reason?: unknown }; messages?: { all?: unknown[] } };
    };
    if (type !== 'finish' || runId === undefined || payload?.stepResult?.reason !== 'tool-calls') {
      return undefined;
    }
    runs.set(runId, { body, messages: payload.messages?.all, running: new Map() });
    return runId;
  };
  const executeAll = (noted: readonly (string | undefined)[]) => {
    for (const runId of noted) if (runId !== undefined) executeCalls(host, runId);
  };
  return {
    ...store,
    dispatch(chunk) {
      const runId = note(chunk);
      store.dispatch(chunk);
      executeAll([runId]);
    },
    dispatchMany(chunks) {
      const noted: (string | undefined)[] = [];
      for (const chunk of chunks) noted.push(note(chunk));
      store.dispatchMany(chunks);
      executeAll(noted);
    },
  };
}

/**
 * A request body with its client tools made ready to send, and the store its stream reads into,
 * noting the runs that wait for the app when `host` is given; or why the tools cannot be sent.
 */
export function prepare(
  store: ToolpaneStore,
  host: ClientToolHost | undefined,
  body: Record<string, unknown>,
): { body: Record<string, unknown>; target: ToolpaneStore } | string {
  try {
    const ready = { ...body, clientTools: serializeTools(body.clientTools as object) };
    // The run keeps the tools as given: a continuation sends them again and runs their `execute`.
    return { body: ready, target: host === undefined ? store : noting(host, body) };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The arguments of `toolCallId` as Mastra sent them, from a run's messages: the newest call with
 * that id, as a thread's history may hold an earlier run's.
 */
function inputOf(messages: readonly unknown[] | undefined, toolCallId: string): unknown {
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
 * The calls awaiting the client, oldest first. A scan, once per answer: importing the index's
 * selector here would split the code it shares with the session into a chunk of its own.
 */
const awaiting = (store: ToolpaneStore) =>
  [...store.getState().toolCalls.values()].filter((call) => call.awaitingClient);

/** A call's arguments as the store holds them, when they are shown as they came. */
const rawInput = (call: ToolCallState) =>
  call.input.kind === 'raw' ? call.input.value : undefined;

/** The `execute` of the client tool a call of run `runId` calls, when it has one. */
const executeOf = (run: WaitingRun, runId: string, call: ToolCallState) => {
  const tools = run.body.clientTools as Record<string, ClientToolDefinition> | undefined;
  const tool = call.runId === runId ? tools?.[call.toolName] : undefined;
  return typeof tool?.execute === 'function' ? tool.execute.bind(tool) : undefined;
};

/** The memory thread of a request body, as `execute` names it. */
const threadOf = (body: Record<string, unknown>) => {
  const memory = body.memory as
    | { thread?: string | { id?: string }; resource?: string }
    | undefined;
  const thread = typeof memory?.thread === 'string' ? memory.thread : memory?.thread?.id;
  return {
    ...(thread === undefined ? {} : { threadId: thread }),
    ...(memory?.resource === undefined ? {} : { resourceId: memory.resource }),
  };
};

/**
 * Runs the `execute` of one call and answers the call with its result, unless the session was
 * aborted meanwhile or the call was answered by hand (then `answerCall` refuses it: it no longer
 * waits, and nothing is sent twice). Resolves once the call has its answer, either way.
 */
function executeCall(
  host: ClientToolHost,
  run: WaitingRun,
  call: ToolCallState,
  execute: NonNullable<ClientToolDefinition['execute']>,
  signal: AbortSignal,
): Promise<void> {
  const { key, toolCallId, toolName, runId } = call;
  const { body, messages = [] } = run;
  const options: ClientToolExecuteOptions = {
    toolCallId,
    toolName,
    runId,
    abortSignal: signal,
    ...(body.requestContext === undefined
      ? {}
      : { requestContext: body.requestContext as Record<string, unknown> }),
    agent: { agentId: host.agentId, toolCallId, messages, ...threadOf(body) },
  };
  // The arguments as Mastra sent them, never the call's display value.
  const input = inputOf(messages, toolCallId) ?? rawInput(call);
  return new Promise<void>((release) => {
    run.running.set(key, release);
    new Promise((resolve) => resolve(execute(input, options)))
      .then(
        (output): ClientToolAnswer => ({ output }),
        (error: unknown): ClientToolAnswer => ({
          errorText: error instanceof Error ? error.message : String(error),
        }),
      )
      .then((answer) => {
        release();
        if (!signal.aborted) void answerCall(host, key, answer, {});
      });
  });
}

/**
 * Runs the `execute` of the calls of run `runId` that wait for the app, all at once, as one job
 * of the session: later requests wait for it, and the session's abort stops waiting at once
 * (whatever the tools return then is dropped and the calls keep waiting for an answer). Each
 * result answers its call; the last one continues the run (see {@link answerCall}).
 */
function executeCalls(host: ClientToolHost, runId: string): void {
  const run = host.runs.get(runId);
  const runnable = (call: ToolCallState) => run !== undefined && executeOf(run, runId, call);
  if (run === undefined || !awaiting(host.store).some(runnable)) return;
  void host.enqueue(async (signal): Promise<SessionResult> => {
    const running = awaiting(host.store).map((call) => {
      const execute = signal.aborted ? undefined : executeOf(run, runId, call);
      return execute && executeCall(host, run, call, execute, signal);
    });
    const stopped = new Promise((resolve) => {
      signal.addEventListener('abort', resolve, { once: true });
    });
    await Promise.race([stopped, Promise.all(running)]);
    return { status: signal.aborted ? 'aborted' : 'done' };
  }, undefined);
}

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
