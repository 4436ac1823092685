/**
 * `@toolpane/react/ai-sdk`: Toolpane cards in a `useChat` app (`@ai-sdk/react` 3 or 4) against
 * `@mastra/ai-sdk`'s `chatRoute` or a custom `toAISdkStream` route. Apart from `@toolpane/react`
 * so that apps on Mastra's native routes do not ship it.
 *
 * @example
 * import { useChat } from '@ai-sdk/react';
 * import { ToolpaneProvider } from '@toolpane/react';
 * import { useChatSession, useToolpaneChat } from '@toolpane/react/ai-sdk';
 * import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
 *
 * function Chat() {
 *   const toolpane = useToolpaneChat();
 *   const chat = useChat({
 *     transport: new DefaultChatTransport({ api: '/chat/agent', fetch: toolpane.fetch }),
 *     sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
 *   });
 *   const session = useChatSession(toolpane, chat);
 *   return <ToolpaneProvider session={session}>{children}</ToolpaneProvider>;
 * }
 *
 * @module
 */
export type { ChatFetch, ChatLike, ChatSession } from './ai-sdk/chat-session.js';
export {
  type ToolpaneChat,
  type ToolpaneChatOptions,
  useChatSession,
  useToolpaneChat,
} from './ai-sdk/use-toolpane-chat.js';
