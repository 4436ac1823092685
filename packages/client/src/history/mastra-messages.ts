import type { ReduceOptions } from '../reducer/context.js';
import type { ToolpaneState } from '../state/state.js';
import { buildHistory } from './build.js';
import { SAVED_VIEWS } from './display-view.js';
import { mastraHistoryChunks } from './mastra-chunks.js';

/** Options of {@link stateFromMastraMessages}: the reducer's, and the app's client tools. */
export interface MastraHistoryOptions extends Omit<ReduceOptions, 'now'> {
  /**
   * The names of the tools the app runs itself (Mastra's `clientTools`, answered with
   * `session.answer`). A saved call of one with its whole input and no result still waits for the
   * app's result (`awaitingClient`), as it did live. A call without a result of any other tool
   * reads as cut short: a thread does not say which tools the server was still running.
   */
  readonly clientTools?: readonly string[];
}

/**
 * Builds Toolpane state from the messages of a Mastra memory thread: each assistant message
 * becomes a top-level run with its text, tool calls, results and errors, and the user message
 * before it becomes the run's `prompt`. Approvals and suspensions still pending in the thread
 * come back waiting, with the runId Mastra resumes them with, so a session can answer them again
 * (see `createAgentSession({ thread })`, which also finds out whether Mastra still holds the run);
 * so do calls of the `clientTools` named in the options. Unreadable messages become
 * `state.issues`; the rest is kept. Never throws.
 *
 * @example
 * const client = new MastraClient({ baseUrl });
 * const { messages } = await client.getMemoryThread({ threadId, agentId }).listMessages();
 * const store = createToolpaneStore({
 *   initialState: stateFromMastraMessages(messages, { clientTools: ['locateUser'] }),
 * });
 */
export function stateFromMastraMessages(
  history: unknown,
  options: MastraHistoryOptions = {},
): ToolpaneState {
  const { now: _, clientTools, ...reduceOptions } = options as ReduceOptions & MastraHistoryOptions;
  return buildHistory(mastraHistoryChunks(history, SAVED_VIEWS, clientTools), reduceOptions);
}
