import { useChat } from '@ai-sdk/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ToolpaneProvider } from '@toolpane/react';
import { useChatSession, useToolpaneChat } from '@toolpane/react/ai-sdk';
import { Transcript } from '@toolpane/ui';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { byteStream, clientToolContinuation, loadFixture, toSse } from '../utils/fixtures.js';
import { uiMessageOf, userMessage } from '../utils/history.js';

/*
 * A `useChat` page reloaded while a client-side tool waits for its answer: the saved chat holds
 * the tool part `input-available` with no output. With the tool named in `clientTools` the card
 * waits for the app again, and the page's `addToolOutput` after the reload ends it and sends the
 * chat on, as it would have before the reload.
 */

const FIRST = loadFixture('client-tool-aisdk');
const MESSAGE_ID = (FIRST[0] as { messageId: string }).messageId;
const CONTINUATION = clientToolContinuation(MESSAGE_ID);

const sse = (chunks: readonly unknown[]) =>
  new Response(byteStream(toSse(chunks)), { headers: { 'content-type': 'text/event-stream' } });

function Page({ saved, clientTools }: { saved: UIMessage[]; clientTools?: string[] }) {
  const toolpane = useToolpaneChat({
    messages: saved,
    fetch: async () => sse(CONTINUATION),
    ...(clientTools === undefined ? {} : { storeOptions: { clientTools } }),
  });
  const chat = useChat({
    messages: saved,
    transport: new DefaultChatTransport({ api: '/chat/front-desk', fetch: toolpane.fetch }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const session = useChatSession(toolpane, chat);
  const answer = () =>
    void chat.addToolOutput({
      tool: 'askUserTool',
      toolCallId: 'call-ask-1',
      output: { city: 'Oslo' },
    });
  return (
    <ToolpaneProvider session={session}>
      <Transcript.Root />
      <button type="button" onClick={answer}>
        Oslo
      </button>
    </ToolpaneProvider>
  );
}

async function savedChat(): Promise<UIMessage[]> {
  return [userMessage('u1', 'Book me a table.'), await uiMessageOf(FIRST)];
}

describe('a useChat page reloaded while a client-side tool waits', () => {
  it('shows the card waiting for the app, and the answer given after the reload ends it', async () => {
    render(<Page saved={await savedChat()} clientTools={['askUserTool']} />);
    expect(document.querySelector('[data-awaiting-client]')).not.toBeNull();
    expect(screen.getByText('Waiting for the app')).toBeDefined();

    await act(async () => screen.getByRole('button', { name: 'Oslo' }).click());
    await screen.findByText('You picked Oslo.');
    await waitFor(() => expect(document.querySelector('[data-awaiting-client]')).toBeNull());
    expect(screen.getAllByText('You picked Oslo.')).toHaveLength(1);
    expect(screen.queryByText('Waiting for the app')).toBeNull();
  });

  it('without clientTools the saved call reads as cut short, not waiting', async () => {
    render(<Page saved={await savedChat()} />);
    expect(document.querySelector('[data-awaiting-client]')).toBeNull();
    expect(screen.queryByText('Waiting for the app')).toBeNull();
  });
});
