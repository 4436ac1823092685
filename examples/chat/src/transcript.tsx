import { createToolRegistry, type ToolRendererProps } from '@toolpane/react/registry';
import { ToolCallCard, Transcript } from '@toolpane/ui';

/** One message the person sent, and the run that answered it. */
export interface Turn {
  readonly id: number;
  readonly text: string;
  /** The top-level run that answers it, once the stream started. */
  readonly runId?: string;
  /** Why nothing came back, when the request failed before a run started. */
  readonly error?: string;
}

/** The default card for every call, open from the start so its progress can be watched. */
function OpenCard({ toolCallId }: ToolRendererProps) {
  return <ToolCallCard toolCallId={toolCallId} defaultOpen />;
}

/** Renderers for the transcript: every tool, subagent and workflow call gets an open card. */
export const registry = createToolRegistry({ '*': OpenCard });

/** The conversation: each message with the agent's run below it. */
export function Conversation({ turns }: { turns: readonly Turn[] }) {
  return (
    <ol className="transcript" aria-label="Conversation">
      {turns.map((turn) => (
        <li key={turn.id} className="turn">
          <p className="bubble bubble-user">
            <span className="visually-hidden">You: </span>
            {turn.text}
          </p>
          {turn.runId !== undefined ? <Transcript.Run runId={turn.runId} className="run" /> : null}
          {turn.error !== undefined ? (
            <p role="alert" className="run-error">
              {turn.error}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
