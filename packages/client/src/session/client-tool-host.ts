import type { ToolpaneStore } from '../store/store.js';
import type { SessionRequestOptions, SessionResult } from './types.js';

// What a session lends its client-side tool code (client-tools.ts, answers.ts).

/** What a run that finished waiting for the app was started with, and what Mastra said it holds. */
export interface WaitingRun {
  /** The body of the `stream` request that started the run, its client tools as the app gave them. */
  readonly body: Record<string, unknown>;
  /** The run's messages from its `finish` chunk (`messages.all`): the request's and the answer's. */
  readonly messages: readonly unknown[] | undefined;
  /** For each call whose `execute` runs, by call key: stops waiting for it once it is answered. */
  readonly running: Map<string, () => void>;
}

/** The request that continues a run with the app's results, and the calls it answers. */
export interface UnsentAnswers {
  readonly body: Record<string, unknown>;
  readonly calls: readonly { readonly key: string; readonly toolCallId: string }[];
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
  /** Continuations that did not reach the server, by runId, until sent again (see `retryAnswers`). */
  readonly unsent: Map<string, UnsentAnswers>;
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
