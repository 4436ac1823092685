import type { ToolCallState } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import { answerCall, awaiting, inputOf, rawInput, streamRunOf } from './answers.js';
import type { ClientToolHost, WaitingRun } from './client-tool-host.js';
import type {
  ClientToolAnswer,
  ClientToolDefinition,
  ClientToolExecuteOptions,
  SessionResult,
} from './types.js';

export { answerCall, retryAnswers } from './answers.js';

/*
 * Client-side tools in a session: their definitions made ready to send, their `execute` run for
 * the calls that wait for the app, and the answers turned into the request that continues the
 * run, as `@mastra/client-js` makes it. Loaded on first use, so sessions that never send client
 * tools or answer a call do not ship it.
 */

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

/** The `execute` of the client tool a call of run `runId` calls, when it has one. */
const executeOf = (host: ClientToolHost, run: WaitingRun, runId: string, call: ToolCallState) => {
  const tools = run.body.clientTools as Record<string, ClientToolDefinition> | undefined;
  const tool = streamRunOf(host.store, call) === runId ? tools?.[call.toolName] : undefined;
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** An error's first line: V8 draws the path of a cycle on the lines after it. */
const reason = (error: unknown) => messageOf(error).split('\n', 1)[0];

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
  const { key, toolCallId, toolName } = call;
  const runId = streamRunOf(host.store, call);
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
        (output): ClientToolAnswer => {
          try {
            JSON.stringify(output);
            return { output };
          } catch (error) {
            // An output JSON cannot write (a bigint, a cycle) can never go: the call fails with it.
            return { errorText: `The tool's output cannot be written as JSON (${reason(error)})` };
          }
        },
        (error: unknown): ClientToolAnswer => ({ errorText: messageOf(error) }),
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
  const runnable = (call: ToolCallState) => run !== undefined && executeOf(host, run, runId, call);
  if (run === undefined || !awaiting(host.store).some(runnable)) return;
  void host.enqueue(async (signal): Promise<SessionResult> => {
    const running = awaiting(host.store).map((call) => {
      const execute = signal.aborted ? undefined : executeOf(host, run, runId, call);
      return execute && executeCall(host, run, call, execute, signal);
    });
    const stopped = new Promise((resolve) => {
      signal.addEventListener('abort', resolve, { once: true });
    });
    await Promise.race([stopped, Promise.all(running)]);
    return { status: signal.aborted ? 'aborted' : 'done' };
  }, undefined);
}
