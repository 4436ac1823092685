/**
 * `@toolpane/client`: everything. The session (`createAgentSession`) and the stream reader
 * (`consumeStream`, `fromClientJs`, `fromFullStream`, framing) are here as well as in their own
 * entries, `@toolpane/client/session` and `@toolpane/client/stream`; an app that imports neither
 * ships neither, from either entry.
 *
 * @example
 * import { createAgentSession, createToolpaneStore } from '@toolpane/client';
 */
export * from './core.js';
export {
  type DecisionFields,
  type DecisionKind,
  decisionKey,
  revisionOf,
  whenValid,
} from './session/decisions.js';
export * from './session.js';
export * from './stream.js';
