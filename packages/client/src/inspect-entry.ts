/**
 * `@toolpane/client/inspect`: a readable report of a state (runs, tool calls, subagents, issues),
 * as the `toolpane inspect` command prints it. For debugging and tests; UIs do not need it.
 *
 * @example
 * import { reduceAll } from '@toolpane/client';
 * import { formatTree, inspectState } from '@toolpane/client/inspect';
 *
 * console.log(formatTree(inspectState(reduceAll(chunks))));
 */
export {
  formatTree,
  type InspectedToolCall,
  type InspectReport,
  inspectState,
} from './inspect/inspect.js';
