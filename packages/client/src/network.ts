/**
 * `@toolpane/client/network`: reads agent networks (`agent.network()`): each routing decision,
 * each execution (the chosen agent's own run nested under its call, with its tool calls,
 * approvals and suspensions), the completion checks and the final result, on `RunState.network`.
 * A separate entry point: apps that never stream a network do not ship it.
 *
 * @example
 * import { createToolpaneStore } from '@toolpane/client';
 * import { network } from '@toolpane/client/network';
 *
 * const store = createToolpaneStore({ families: [network] });
 */

export { network } from './network/handlers.js';
