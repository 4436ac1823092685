/**
 * Names the server and the page agree on. Nothing here may be secret: the page bundles it.
 */

/** The agent with a client-side tool, and the tool the page answers. */
export const CLIENT_TOOL = {
  agentId: 'city-picker',
  toolName: 'pickCity',
} as const;

/**
 * The routes the page can talk to: `chatRoute`, a route that sends subagents, and `chatRoute`
 * for the agent with a client-side tool.
 */
export const ROUTES = {
  chat: '/chat/demo-supervisor',
  subagents: '/chat-subagents',
  'client-tool': `/chat/${CLIENT_TOOL.agentId}`,
} as const;

/** Which of {@link ROUTES} a page uses. */
export type RouteName = keyof typeof ROUTES;
