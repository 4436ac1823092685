/**
 * The peers' transcript: messages in order, text as paragraphs, each tool call as a card with its
 * name, state, input and output (or error). Cards and messages are memoised, as an app that cares
 * about render cost writes them; what re-renders then depends on what each library gives a new
 * identity per chunk.
 */
import { memo } from 'react';

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
};

/** Props of {@link ToolCard}. */
export interface ToolCardProps {
  readonly name: string;
  readonly state: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly error?: string | undefined;
}

/** A tool call: name, state, input and output. */
export const ToolCard = memo(function ToolCard({
  name,
  state,
  input,
  output,
  error,
}: ToolCardProps) {
  return (
    <section data-card="" style={{ border: '1px solid #ccc', margin: 4, padding: 4 }}>
      <header>
        <strong>{name}</strong> <span>{state}</span>
      </header>
      <pre>{json(input)}</pre>
      {output === undefined ? null : <pre>{json(output)}</pre>}
      {error === undefined ? null : <p role="alert">{error}</p>}
    </section>
  );
});

/** Text of a message. */
export const TextPart = memo(function TextPart({ text }: { readonly text: string }) {
  return <p>{text}</p>;
});
