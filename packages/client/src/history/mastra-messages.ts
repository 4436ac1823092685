import type { ReduceOptions } from '../reducer/context.js';
import type { ToolpaneState } from '../state/state.js';
import { buildHistory } from './build.js';
import { mastraHistoryChunks } from './mastra-chunks.js';

/**
 * Builds Toolpane state from the messages of a Mastra memory thread: each assistant message
 * becomes a top-level run with its text, tool calls, results and errors, and the user message
 * before it becomes the run's `prompt`. Approvals and suspensions still pending in the thread
 * come back waiting, with the runId Mastra resumes them with, so a session can answer them again
 * (see `createAgentSession({ thread })`, which also finds out whether Mastra still holds the run).
 * Unreadable messages become `state.issues`; the rest is kept. Never throws.
 *
 * @example
 * const client = new MastraClient({ baseUrl });
 * const { messages } = await client.getMemoryThread({ threadId, agentId }).listMessages();
 * const store = createToolpaneStore({ initialState: stateFromMastraMessages(messages) });
 */
export function stateFromMastraMessages(
  history: unknown,
  options: Omit<ReduceOptions, 'now'> = {},
): ToolpaneState {
  const { now: _, ...reduceOptions } = options as ReduceOptions;
  return buildHistory(mastraHistoryChunks(history), reduceOptions);
}
