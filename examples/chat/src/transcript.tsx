import { useRunIds, useToolpaneSelector } from '@toolpane/react';
import { createToolRegistry, type ToolRendererProps } from '@toolpane/react/registry';
import { ToolCallCard, Transcript } from '@toolpane/ui';

/** A message the person sent that has no run yet: on its way, or refused before a run started. */
export interface PendingTurn {
  readonly id: number;
  readonly text: string;
  /** Why nothing came back, when the request failed before a run started. */
  readonly error?: string;
}

/** The default card for every call, open from the start so its progress can be watched. */
function OpenCard({ toolCallId }: ToolRendererProps) {
  return <ToolCallCard toolCallId={toolCallId} defaultOpen />;
}

/** Renderers for the transcript: every tool, subagent and workflow call gets an open card. */
export const registry = createToolRegistry({ '*': OpenCard });

function UserBubble({ text }: { text: string }) {
  return (
    <p className="bubble bubble-user">
      <span className="visually-hidden">You: </span>
      {text}
    </p>
  );
}

/** One run of the agent, below the message it answers (sent from this page, or from memory). */
function RunTurn({ runId, sent }: { runId: string; sent: string | undefined }) {
  // A restored run carries its prompt; selecting only that string keeps chunks from re-rendering it.
  const prompt = useToolpaneSelector((state) => state.runs.get(runId)?.prompt);
  const text = sent ?? prompt;
  return (
    <li className="turn">
      {text === undefined ? null : <UserBubble text={text} />}
      <Transcript.Run runId={runId} className="run" />
    </li>
  );
}

/**
 * The conversation: every top-level run in the store with the message it answers, then the
 * messages that have no run yet.
 */
export function Conversation({
  prompts,
  pending,
}: {
  /** What the person typed, by the run that answers it (for runs started from this page). */
  prompts: ReadonlyMap<string, string>;
  pending: readonly PendingTurn[];
}) {
  const runIds = useRunIds();
  return (
    <ol className="transcript" aria-label="Conversation">
      {runIds.map((runId) => (
        <RunTurn key={runId} runId={runId} sent={prompts.get(runId)} />
      ))}
      {pending.map((turn) => (
        <li key={`pending-${turn.id}`} className="turn">
          <UserBubble text={turn.text} />
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
