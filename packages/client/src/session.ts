/**
 * `@toolpane/client/session`: talks to a Mastra server. `createAgentSession` sends messages to an
 * agent's stream route and reads the answer into a store, sends approvals, declines and resumes,
 * answers client-side tools, restores a memory thread, and stops a run. A separate entry point, so apps that read streams some
 * other way (the AI SDK's `useChat`, recordings, a server) do not ship it. Its types are exported
 * from `@toolpane/client` too.
 *
 * @example
 * import { createAgentSession } from '@toolpane/client/session';
 *
 * const session = createAgentSession({ baseUrl: 'http://localhost:4111', agentId: 'weather-agent' });
 * await session.send('Weather in Paris?');
 */

export { EXPIRED_MESSAGE, isRunGone } from './session/body.js';
export { createAgentSession } from './session/session.js';
export type {
  AgentSession,
  AgentSessionOptions,
  ClientToolAnswer,
  ClientToolDefinition,
  ClientToolExecuteOptions,
  ClientToolSchema,
  ClientTools,
  FetchLike,
  RestoreOptions,
  SendOptions,
  SessionHeaders,
  SessionMessage,
  SessionRequestOptions,
  SessionResult,
  SessionStatus,
  SessionThread,
} from './session/types.js';
