/**
 * `@toolpane/client/ai-sdk`: reads AI SDK UI message streams (v5 and v6, as `@mastra/ai-sdk`
 * writes them for `chatRoute` and friends) into the same state as Mastra's native streams, so one
 * UI renders both. A separate entry point: apps that read only native streams do not ship it.
 *
 * @example
 * import { createToolpaneStore } from '@toolpane/client';
 * import { aiSdk } from '@toolpane/client/ai-sdk';
 *
 * const store = createToolpaneStore({ formats: [aiSdk] });
 * await consumeStream(store, await fetch('/chat', { method: 'POST', body }));
 */

export { aiSdk } from './ai-sdk/format.js';
export { stateFromUIMessages, type UIHistoryOptions } from './history/ui-messages.js';
// Where a chat looks for the app's results for client-side tools (`addToolOutput`).
export { selectAwaitingClient } from './state/select.js';
