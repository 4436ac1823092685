/**
 * The @mastra/react peer: its `useChat` under `MastraReactProvider`, whose fetch returns the
 * replayed native stream for the agent's stream route. The history is the conversation
 * `accumulateChunk` built from the history's chunks, as `initialMessages`.
 */
import { type MastraDBMessage, MastraReactProvider, useChat } from '@mastra/react';
import { memo, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { TextPart, ToolCard } from './cards.tsx';
import type { Replay } from './replay.ts';

type Part = MastraDBMessage['content']['parts'][number];

const PartView = ({ part }: { readonly part: Part }) => {
  if (part.type === 'text') return <TextPart text={part.text} />;
  if (part.type === 'reasoning') return <TextPart text={part.reasoning} />;
  if (part.type === 'tool-invocation') {
    const call = part.toolInvocation as {
      toolName: string;
      state: string;
      args?: unknown;
      result?: unknown;
    };
    return (
      <ToolCard name={call.toolName} state={call.state} input={call.args} output={call.result} />
    );
  }
  return null;
};

const Message = memo(function Message({ message }: { readonly message: MastraDBMessage }) {
  return (
    <article>
      {message.content.parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts only ever append
        <PartView key={index} part={part} />
      ))}
    </article>
  );
});

function Chat({
  history,
  expose,
}: {
  readonly history: MastraDBMessage[];
  readonly expose: (send: () => Promise<void>) => void;
}) {
  const { messages, sendMessage } = useChat({
    agentId: 'coordinator-agent',
    initialMessages: history,
  });
  useEffect(
    () => expose(() => sendMessage({ message: 'Go on.', mode: 'stream' })),
    [expose, sendMessage],
  );
  return (
    <main>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </main>
  );
}

/** Mounts the chat with its history; resolves with the function that plays the live part. */
export function mountMastra(
  root: Root,
  history: MastraDBMessage[],
  replay: Replay,
): Promise<() => Promise<void>> {
  const fetchReplay = async (input: RequestInfo | URL) =>
    String(input).endsWith('/stream')
      ? replay.response()
      : new Response('{}', { headers: { 'content-type': 'application/json' } });
  const revived = history.map((message) => ({
    ...message,
    createdAt: new Date(message.createdAt),
  }));
  return new Promise((resolve) => {
    let done = false;
    const expose = (send: () => Promise<void>) => {
      if (!done) resolve(send);
      done = true;
    };
    root.render(
      <MastraReactProvider baseUrl={location.origin} customFetch={fetchReplay as typeof fetch}>
        <Chat history={revived} expose={expose} />
      </MastraReactProvider>,
    );
  });
}
