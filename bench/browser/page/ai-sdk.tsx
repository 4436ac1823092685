/**
 * The AI SDK peer: `useChat` from `@ai-sdk/react` with the default HTTP transport, whose fetch
 * returns the replayed stream (the live part converted by @mastra/ai-sdk with chatRoute's
 * defaults). The history is the messages the chat starts with.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { memo, useEffect, useMemo } from 'react';
import type { Root } from 'react-dom/client';
import { TextPart, ToolCard } from './cards.tsx';
import type { Replay } from './replay.ts';

type Part = UIMessage['parts'][number];

const PartView = ({ part }: { readonly part: Part }) => {
  if (part.type === 'text' || part.type === 'reasoning') return <TextPart text={part.text} />;
  if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) {
    const tool = part as Part & {
      toolName?: string;
      state: string;
      input?: unknown;
      output?: unknown;
      errorText?: string;
    };
    return (
      <ToolCard
        name={tool.toolName ?? part.type.slice('tool-'.length)}
        state={tool.state}
        input={tool.input}
        output={tool.output}
        error={tool.errorText}
      />
    );
  }
  return null;
};

const Message = memo(function Message({ message }: { readonly message: UIMessage }) {
  return (
    <article>
      {message.parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts only ever append
        <PartView key={index} part={part} />
      ))}
    </article>
  );
});

function Chat({
  history,
  replay,
  expose,
}: {
  readonly history: UIMessage[];
  readonly replay: Replay;
  readonly expose: (send: () => Promise<void>) => void;
}) {
  const transport = useMemo(
    () => new DefaultChatTransport({ api: '/chat', fetch: async () => replay.response() }),
    [replay],
  );
  const { messages, sendMessage } = useChat({ transport, messages: history });
  useEffect(() => expose(() => sendMessage({ text: 'Go on.' })), [expose, sendMessage]);
  return (
    <main>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </main>
  );
}

/** Mounts the chat with its history; resolves with the function that plays the live part. */
export function mountAiSdk(
  root: Root,
  history: UIMessage[],
  replay: Replay,
): Promise<() => Promise<void>> {
  return new Promise((resolve) => {
    let done = false;
    const expose = (send: () => Promise<void>) => {
      if (!done) resolve(send);
      done = true;
    };
    root.render(<Chat history={history} replay={replay} expose={expose} />);
  });
}
