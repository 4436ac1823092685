import { ToolpaneProvider } from '@toolpane/react';
import {
  type ChatLike,
  type ToolpaneChat,
  type ToolpaneChatOptions,
  useChatSession,
  useToolpaneChat,
} from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import { vi } from 'vitest';

/** A `useChat` chat holding `messages` in `status`, whose helpers record what they are asked. */
export const fakeChat = (messages: unknown[], status: ChatLike['status'] = 'ready'): ChatLike => ({
  messages,
  status,
  error: undefined,
  sendMessage: vi.fn(async () => {}),
  addToolApprovalResponse: vi.fn(),
  stop: vi.fn(),
});

/**
 * A page showing `chat` in Toolpane's transcript, through `useToolpaneChat(options)`, which it
 * gives `probe`.
 */
export function ChatPage({
  chat,
  options,
  probe,
}: {
  chat: ChatLike;
  options?: ToolpaneChatOptions;
  probe?: { toolpane?: ToolpaneChat };
}) {
  const toolpane = useToolpaneChat(options);
  if (probe !== undefined) probe.toolpane = toolpane;
  const session = useChatSession(toolpane, chat);
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
    </ToolpaneProvider>
  );
}
