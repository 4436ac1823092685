/**
 * A `useChat` page with Toolpane cards. The chat's messages are saved in `localStorage`, as real
 * apps do, so a reload keeps the conversation and any approval or suspension that still waits.
 * `?route=subagents` talks to the custom route that sends subagents; `?call=<id>` shows one call.
 */
import { useChat } from '@ai-sdk/react';
import { ToolpaneProvider } from '@toolpane/react';
import { useChatSession, useToolpaneChat } from '@toolpane/react/ai-sdk';
import { ToolCallCard, Transcript } from '@toolpane/ui';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from 'ai';
import { type FormEvent, useEffect, useState } from 'react';
import { ROUTES, type RouteName } from '../shared.ts';

const params = new URLSearchParams(window.location.search);
const route: RouteName = params.get('route') === 'subagents' ? 'subagents' : 'chat';
const call = params.get('call');
const storageKey = `toolpane-use-chat:${route}`;

function load(): UIMessage[] {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

/** The chat page. */
export function App() {
  const [saved] = useState(load);
  const toolpane = useToolpaneChat({ messages: saved });
  const chat = useChat({
    id: route,
    messages: saved,
    transport: new DefaultChatTransport({ api: ROUTES[route], fetch: toolpane.fetch }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const session = useChatSession(toolpane, chat);
  const [text, setText] = useState('');

  useEffect(() => {
    localStorage.setItem(storageKey, JSON.stringify(chat.messages));
  }, [chat.messages]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    void chat.sendMessage({ text });
    setText('');
  };

  return (
    <ToolpaneProvider session={session}>
      <main>
        <h1>Toolpane with useChat ({route === 'chat' ? 'chatRoute' : 'subagents route'})</h1>
        {call === null ? <Transcript.Root /> : <ToolCallCard toolCallId={call} />}
        <p data-testid="chat-status">{chat.status}</p>
        <form onSubmit={onSubmit}>
          <input
            aria-label="Message"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit">Send</button>
          <button type="button" onClick={() => void chat.stop()}>
            Stop
          </button>
          <button type="button" onClick={() => void chat.regenerate()}>
            Regenerate
          </button>
        </form>
      </main>
    </ToolpaneProvider>
  );
}
