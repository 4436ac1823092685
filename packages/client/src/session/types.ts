import type { NotifySchedule } from '../notify/schedule.js';
import type { FieldError, ResumeValidation } from '../resume/schema.js';
import type { ToolpaneStore } from '../store/store.js';
import type { FetchLike, SessionHeaders } from './request.js';

export type { FetchLike, SessionHeaders } from './request.js';

/**
 * What a session is doing: `streaming` while a request or its stream is open, `waiting` when a
 * call needs a person, `error` when the last request or stream failed, else `idle`.
 */
export type SessionStatus = 'idle' | 'streaming' | 'waiting' | 'error';

/** Options of {@link AgentSession.restore}. */
export interface RestoreOptions extends Pick<SessionRequestOptions, 'signal'> {
  /**
   * More client-side tools whose waiting calls come back waiting for the app's result, by name,
   * besides the session's own `clientTools` (tools only a `send` gave, say).
   */
  readonly clientTools?: readonly string[];
}

/** The memory thread a session restores and sends into. */
export interface SessionThread {
  readonly threadId: string;
  readonly resourceId: string;
}

/** Options of {@link createAgentSession}. */
export interface AgentSessionOptions {
  /** The Mastra server, e.g. `http://localhost:4111`. */
  readonly baseUrl: string;
  /** The agent to talk to, as registered on the server. */
  readonly agentId: string;
  /** The route prefix (default `/api`, as in `@mastra/client-js`). */
  readonly apiPrefix?: string;
  /** Sent with every request; a function is called per request. */
  readonly headers?: SessionHeaders;
  /** A `fetch` to use instead of the global one. */
  readonly fetch?: FetchLike;
  /** Passed to `fetch` (e.g. `include` for cookies on another origin). */
  readonly credentials?: RequestCredentials;
  /** The store to feed (a new one by default). */
  readonly store?: ToolpaneStore;
  /**
   * When the session's own store (made when `store` is not given) tells subscribers about a live
   * stream. `{ every: 33 }` by default: at most every 33 ms, in a task of its own. Measured on a
   * stream at 1,000 chunks/s into a transcript (BENCHMARKS.md), it commits far less than `'sync'`
   * or `'microtask'`, and in Chromium spent less main-thread time than `'frame'` with fewer long
   * tasks. Each request's end is delivered at once, whatever the schedule.
   */
  readonly notify?: NotifySchedule;
  /** How long to wait for the response headers of a request, in ms (default 30 000; 0 waits forever). */
  readonly timeoutMs?: number;
  /**
   * A Mastra memory thread: the session restores the conversation from it on creation (see
   * {@link AgentSession.restore}) and `send` stores new messages in it, unless `send` is given
   * its own `memory`. The agent needs memory on the server.
   */
  readonly thread?: SessionThread;
  /** Set to false to create a session with a thread without restoring it at once. */
  readonly restore?: boolean;
  /**
   * Client-side tools sent with every `send` (a `send` may give its own): tools the model may
   * call that Mastra does not run. The session runs the `execute` of those that have one; answer
   * the other calls with {@link AgentSession.answer}.
   */
  readonly clientTools?: ClientTools;
}

/**
 * A schema a client-side tool declares: JSON Schema, or a schema that exports JSON Schema through
 * Standard JSON Schema (`~standard.jsonSchema`: zod 4.2 and later, arktype), converted before it
 * is sent. A schema library with no JSON Schema export is refused with a clear error.
 */
export type ClientToolSchema = object;

/**
 * What a client-side tool's `execute` gets beside its input, shaped as `@mastra/client-js` and
 * Mastra's own tools have it (`agent`, `requestContext`, `abortSignal`).
 */
export interface ClientToolExecuteOptions {
  /** The call being answered. */
  readonly toolCallId: string;
  readonly toolName: string;
  /** The run that waits for the result. */
  readonly runId: string;
  /** Fires when the session is aborted (or a new `send` aborts it): the result is then dropped. */
  readonly abortSignal: AbortSignal;
  /** The `requestContext` the run was started with. */
  readonly requestContext?: Readonly<Record<string, unknown>>;
  readonly agent: {
    readonly agentId: string;
    readonly toolCallId: string;
    /** The run's messages, as Mastra listed them when it finished waiting for the app. */
    readonly messages: readonly unknown[];
    /** The memory thread the run belongs to, if any. */
    readonly threadId?: string;
    readonly resourceId?: string;
  };
}

/**
 * A tool the model may call that runs in the app, not on the server (Mastra's `clientTools`).
 * The run finishes on `tool-calls` with the call waiting for the app's result. With `execute`,
 * the session runs it for each such call of a run it streams and answers with what it returns.
 */
export interface ClientToolDefinition {
  readonly id?: string;
  readonly description: string;
  readonly inputSchema: ClientToolSchema;
  readonly outputSchema?: ClientToolSchema;
  /**
   * Runs in the app when the model calls the tool, with the call's arguments as Mastra sent them
   * (never a display-transformed value). Its value (or the value its promise resolves to) answers
   * the call as `{ output }`; a throw or a rejection answers it as `{ errorText }` with the
   * error's message. Not sent to the server.
   */
  execute?(input: unknown, options: ClientToolExecuteOptions): unknown;
}

/** Client-side tools by the name the model calls them by. */
export type ClientTools = Readonly<Record<string, ClientToolDefinition>>;

/** The app's result for a call that awaits the client: its output, or the error it ended with. */
export type ClientToolAnswer =
  | { readonly output: unknown; readonly errorText?: undefined }
  | { readonly errorText: string; readonly output?: undefined };

/** Options every request accepts. */
export interface SessionRequestOptions {
  /** Overrides the session's `timeoutMs` for this request. */
  readonly timeoutMs?: number;
  /** Aborts this request only. */
  readonly signal?: AbortSignal;
  /** Mastra's `requestContext`. */
  readonly requestContext?: Readonly<Record<string, unknown>>;
  /** Further body fields, sent as they are (the session's own fields win). */
  readonly body?: Readonly<Record<string, unknown>>;
  /**
   * For `approve` and `decline`: the `approval.revision` the person decided on; for `resume`: the
   * `suspension.revision` the form showed, on the card of the call with the key passed. The
   * decision answers that call only, never a later call that repeats its toolCallId. When the call
   * no longer waits, or its request has another revision by then (Mastra asked again with other
   * arguments, or the tool suspended again with another payload or schema, after the card was
   * drawn), also right before the POST, nothing is sent and the result is `invalid`: a decision
   * is never taken, nor data sent, for a request nobody saw. `useApproval`, `<Approval.Root>` and
   * `<ResumeForm.Root>` pass the revision they showed.
   */
  readonly revision?: number;
}

/** Options of {@link AgentSession.send}, passed through to Mastra's stream route. */
export interface SendOptions extends SessionRequestOptions {
  /**
   * Runs the agent as an agent network (`agent.network()`, Mastra's `network` route) instead of
   * a plain stream. The session's store needs `families: [network]` from
   * `@toolpane/client/network` to read it; decisions inside it go to the network's routes.
   */
  readonly network?: boolean;
  readonly runId?: string;
  readonly memory?: {
    readonly thread: string | { readonly id: string; readonly [key: string]: unknown };
    readonly resource: string;
    readonly options?: Readonly<Record<string, unknown>>;
  };
  readonly activeTools?: readonly string[];
  readonly toolChoice?:
    | 'auto'
    | 'none'
    | 'required'
    | { readonly type: 'tool'; readonly toolName: string };
  readonly requireToolApproval?: boolean;
  readonly maxSteps?: number;
  /** Client-side tools for this request, instead of the session's `clientTools`. */
  readonly clientTools?: ClientTools;
}

/** A message as Mastra's stream route accepts it. */
export type SessionMessage =
  | string
  | { readonly role: string; readonly content: unknown; readonly [key: string]: unknown };

/** How a session request ended. Session methods never reject; they resolve with this. */
export interface SessionResult {
  /**
   * `invalid`: nothing was sent (the call does not wait for this, or the resume data is wrong).
   * `busy`: nothing was sent because a different decision for the call is already on its way (a
   * decline while an approve is in flight); that decision's own promise tells how it ends.
   */
  readonly status: 'done' | 'error' | 'aborted' | 'invalid' | 'busy';
  readonly error?: string;
  readonly httpStatus?: number;
  /** For `invalid` resume data: what is wrong, field by field. */
  readonly fieldErrors?: readonly FieldError[];
  /**
   * For `send`: the top-level run the request started, as `state.runs` keys it (a run whose id a
   * subagent run already had is kept under another; its `streamRunId` is the id Mastra gave).
   */
  readonly runId?: string;
  /**
   * For `answer` and `retryAnswers`: the answers did not reach the server, and
   * {@link AgentSession.retryAnswers} sends them again.
   */
  readonly unsent?: true;
}

/** A conversation with one agent on a Mastra server, feeding one store. */
export interface AgentSession {
  /** The store every response is fed into. */
  readonly store: ToolpaneStore;
  /** Starts a run. Aborts whatever the session is still streaming first. */
  send(messages: string | readonly SessionMessage[], options?: SendOptions): Promise<SessionResult>;
  /** Approves the call shown on a card (for a nested approval, the inner call). */
  approve(toolCallId: string, options?: SessionRequestOptions): Promise<SessionResult>;
  /** Declines the call, with an optional reason the model will see. */
  decline(
    toolCallId: string,
    reason?: string,
    options?: SessionRequestOptions,
  ): Promise<SessionResult>;
  /**
   * Resumes a suspended call with data, after checking it against the call's resume schema. With
   * `options.revision` (the `suspension.revision` the form drew), nothing is sent (`invalid`) once
   * the call waits on another suspension: the data goes to the suspension it was given for only.
   */
  resume(
    toolCallId: string,
    resumeData: unknown,
    options?: SessionRequestOptions,
  ): Promise<SessionResult>;
  /**
   * Gives the app's result for a call that awaits the client (a client-side tool, or a tool with
   * no `execute`): the call ends at once with the output, or in error with `errorText`, shown
   * through the display transform rules of any other output. Once every call of that run
   * awaiting the client has its answer, the session asks Mastra to continue, as
   * `@mastra/client-js` does: a `stream` request with the session's memory thread and only the
   * results, or without one the run's messages and the results, and reads the answer into the
   * store. Resolves with that request's result, or `done` while other calls of the run still
   * wait. A call that does not wait (unknown, or answered already) is `invalid` and nothing is
   * sent, and so is an output JSON cannot write (a `bigint`, a cycle): nothing is sent and the
   * call still waits. A session over a `useChat` chat answers `invalid`: the chat's
   * `addToolOutput` does it. An answer given while the tool's `execute` runs wins: what `execute` returns later is dropped.
   */
  answer(
    toolCallId: string,
    answer: ClientToolAnswer,
    options?: SessionRequestOptions,
  ): Promise<SessionResult>;
  /**
   * Sends again the answers of the run of call `toolCallId` (a call key or a toolCallId) when
   * the request that continued it with them did not reach the server: it failed, or the server
   * refused it with an HTTP error before any chunk. The calls keep the answers they showed; only
   * the request is sent again, with the same results. `invalid` when no answers of that call wait
   * to be sent again (none failed, they were sent again already, or a new message was sent
   * since). A session over a `useChat` chat answers `invalid`.
   */
  retryAnswers(toolCallId: string, options?: SessionRequestOptions): Promise<SessionResult>;
  /** Checks resume data against the call's resume schema without sending anything. */
  checkResumeData(toolCallId: string, resumeData: unknown): Promise<ResumeValidation>;
  /**
   * Replaces the store's state with the conversation of the session's `thread`, read from Mastra
   * memory. Pending approvals and suspensions come back waiting; those whose run Mastra no longer
   * holds are marked `expired`, so a card says so instead of offering a button that would fail.
   * Runs once on creation when a thread is given. Queued behind earlier requests, like them.
   * A call of one of the session's `clientTools` (or of a tool named in `options.clientTools`)
   * that was waiting for the app's result comes back waiting (`awaitingClient`): answer it with
   * {@link AgentSession.answer}. Its `execute` does not run by itself.
   */
  restore(options?: RestoreOptions): Promise<SessionResult>;
  /** Aborts every open request and stream; open runs end as aborted. */
  abort(reason?: string): void;
  getStatus(): SessionStatus;
  /** The error behind the `error` status. */
  getError(): string | undefined;
  /** Calls `listener` when the status or error changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
