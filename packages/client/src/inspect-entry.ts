/**
 * `@toolpane/client/inspect`: a readable report of a state (runs, tool calls, subagents, issues),
 * as the `toolpane inspect` command prints it. For debugging and tests; UIs do not need it.
 *
 * @example
 * import { reduceAll } from '@toolpane/client';
 * import { formatTree, inspectState } from '@toolpane/client/inspect';
 *
 * const state = reduceAll(chunks);
 * console.log(formatTree(state));
 * console.log(JSON.stringify(inspectState(state), null, 2));
 */

export {
  type ChunkLog,
  type ChunkLogEntry,
  describeChunk,
  logChunks,
} from './inspect/chunk-log.js';
export {
  formatTree,
  type InspectedToolCall,
  type InspectReport,
  inspectState,
} from './inspect/inspect.js';
