/**
 * `@toolpane/react/ai-sdk` takes the chat `useChat` returns in `@ai-sdk/react` 3 (AI SDK 6) and
 * 4 (AI SDK 7), and its `fetch` fits both versions' `DefaultChatTransport`.
 */
import type { UseChatHelpers as Helpers3 } from '@ai-sdk/react';
import type { UseChatHelpers as Helpers4 } from '@ai-sdk/react4';
import type { ChatLike, ToolpaneChat } from '@toolpane/react/ai-sdk';
import { useChatSession } from '@toolpane/react/ai-sdk';
import type { UIMessage as Message6, DefaultChatTransport as Transport6 } from 'ai';
import type { UIMessage as Message7, DefaultChatTransport as Transport7 } from 'ai7';
import { describe, expectTypeOf, it } from 'vitest';

type Init6 = NonNullable<ConstructorParameters<typeof Transport6>[0]>;
type Init7 = NonNullable<ConstructorParameters<typeof Transport7>[0]>;

describe('useChatSession', () => {
  it('accepts the chat of @ai-sdk/react 3 and 4', () => {
    expectTypeOf<Helpers3<Message6>>().toExtend<ChatLike>();
    expectTypeOf<Helpers4<Message7>>().toExtend<ChatLike>();
    expectTypeOf(useChatSession).parameter(1).toEqualTypeOf<ChatLike>();
  });

  it('gives a fetch both transports take', () => {
    expectTypeOf<ToolpaneChat['fetch']>().toExtend<NonNullable<Init6['fetch']>>();
    expectTypeOf<ToolpaneChat['fetch']>().toExtend<NonNullable<Init7['fetch']>>();
  });

  it('rejects what is not a chat', () => {
    expectTypeOf<{ messages: unknown[] }>().not.toExtend<ChatLike>();
    expectTypeOf<Omit<Helpers3<Message6>, 'addToolApprovalResponse'>>().not.toExtend<ChatLike>();
  });
});
