/**
 * `@toolpane/client/history`: state from stored conversations, and state as JSON. A separate
 * entry point, so apps that only stream do not ship it.
 *
 * - `stateFromMastraMessages`: a Mastra memory thread's messages as state.
 * - `serializeState` / `deserializeState`: a state as plain JSON, e.g. from a server component to
 *   a client one.
 *
 * AI SDK `UIMessage`s are read by `stateFromUIMessages` in `@toolpane/client/ai-sdk`.
 *
 * @example
 * import { createToolpaneStore } from '@toolpane/client';
 * import { stateFromMastraMessages } from '@toolpane/client/history';
 *
 * const store = createToolpaneStore({ initialState: stateFromMastraMessages(messages) });
 */

export {
  type MastraHistoryOptions,
  stateFromMastraMessages,
} from './history/mastra-messages.js';
export {
  deserializeState,
  type SerializedState,
  type SerializeOptions,
  serializeState,
} from './state/serialize.js';
