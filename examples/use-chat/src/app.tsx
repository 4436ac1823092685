/**
 * A `useChat` page with Toolpane cards. The chat's messages are saved in `localStorage`, as real
 * apps do, so a reload keeps the conversation and any approval or suspension that still waits.
 * `?route=subagents` talks to the custom route that sends subagents, `?route=client-tool` to an
 * agent whose `pickCity` tool the page answers itself (`onToolCall`, then `addToolOutput`), or,
 * with `&pick=manual`, when a person presses "Pick Lyon" (a reload in between keeps it waiting);
 * `?call=<id>` shows one call.
 */
import { useChat } from '@ai-sdk/react';
import { ToolpaneProvider, useToolpaneSelector } from '@toolpane/react';
import { useChatSession, useToolpaneChat } from '@toolpane/react/ai-sdk';
import { ToolCallCard, Transcript } from '@toolpane/ui';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { type FormEvent, useEffect, useState } from 'react';
import { CLIENT_TOOL, ROUTES, type RouteName } from '../shared.ts';

const params = new URLSearchParams(window.location.search);
const asked = params.get('route');
const route: RouteName = asked === 'subagents' || asked === 'client-tool' ? asked : 'chat';
const call = params.get('call');
const manualPick = params.get('pick') === 'manual';
const storageKey = `toolpane-use-chat:${route}`;

function load(): UIMessage[] {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

/** What the store reported as going wrong, one line each (empty when nothing did). */
function Issues() {
  const issues = useToolpaneSelector((state) => state.issues);
  return (
    <ul data-testid="issues">
      {issues.map((issue, index) => (
        // Issues are only ever appended.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={index}>
          {issue.kind}: {issue.message}
        </li>
      ))}
    </ul>
  );
}

/** The toolCallId of a `pickCity` call of the last answer that waits for the page, if any. */
function waitingPick(messages: readonly UIMessage[]): string | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  for (const part of last.parts) {
    if (part.type !== `tool-${CLIENT_TOOL.toolName}`) continue;
    const tool = part as { state?: string; toolCallId?: string };
    if (tool.state === 'input-available') return tool.toolCallId;
  }
  return undefined;
}

/** The chat page. */
export function App() {
  const [saved] = useState(load);
  // The page answers `pickCity` itself: a reload while it waits must show it waiting again.
  const toolpane = useToolpaneChat({
    messages: saved,
    storeOptions: { clientTools: [CLIENT_TOOL.toolName] },
  });
  const chat = useChat({
    id: route,
    messages: saved,
    transport: new DefaultChatTransport({ api: ROUTES[route], fetch: toolpane.fetch }),
    sendAutomaticallyWhen:
      route === 'client-tool'
        ? lastAssistantMessageIsCompleteWithToolCalls
        : lastAssistantMessageIsCompleteWithApprovalResponses,
    // The page runs `pickCity` itself: a city, or an error when the model asks a broken picker.
    onToolCall: ({ toolCall }) => {
      if (toolCall.toolName !== CLIENT_TOOL.toolName || manualPick) return;
      const { toolCallId } = toolCall;
      const tool = CLIENT_TOOL.toolName;
      if ((toolCall.input as { broken?: unknown }).broken === true) {
        void chat.addToolOutput({
          state: 'output-error',
          tool,
          toolCallId,
          errorText: 'The picker was closed',
        });
      } else {
        void chat.addToolOutput({ tool, toolCallId, output: { city: 'Lyon' } });
      }
    },
  });
  const session = useChatSession(toolpane, chat);
  const [text, setText] = useState('');
  const waiting = waitingPick(chat.messages);

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
        <h1>Toolpane with useChat ({route === 'subagents' ? 'subagents route' : 'chatRoute'})</h1>
        {call === null ? <Transcript.Root /> : <ToolCallCard toolCallId={call} />}
        <p data-testid="chat-status">{chat.status}</p>
        {waiting === undefined ? null : (
          <button
            type="button"
            onClick={() =>
              void chat.addToolOutput({
                tool: CLIENT_TOOL.toolName,
                toolCallId: waiting,
                output: { city: 'Lyon' },
              })
            }
          >
            Pick Lyon
          </button>
        )}
        <Issues />
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
