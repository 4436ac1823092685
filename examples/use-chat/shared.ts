/**
 * Names the server and the page agree on. Nothing here may be secret: the page bundles it.
 */

/** The routes the page can talk to: `chatRoute`, or a route that sends subagents. */
export const ROUTES = {
  chat: '/chat/demo-supervisor',
  subagents: '/chat-subagents',
} as const;

/** Which of {@link ROUTES} a page uses. */
export type RouteName = keyof typeof ROUTES;
