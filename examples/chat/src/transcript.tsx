import type { RunPart } from '@toolpane/client';
import { useRun, useToolCall } from '@toolpane/react';
import {
  Approval,
  formatDuration,
  ResumeForm,
  ToolCall,
  WORKFLOW_STATUS_LABELS,
} from '@toolpane/ui';
import { memo } from 'react';

/** One message the person sent, and the run that answered it. */
export interface Turn {
  readonly id: number;
  readonly text: string;
  /** The top-level run that answers it, once the stream started. */
  readonly runId?: string;
  /** Why nothing came back, when the request failed before a run started. */
  readonly error?: string;
}

/** The conversation: each message with the agent's answer below it. */
export function Transcript({ turns }: { turns: readonly Turn[] }) {
  return (
    <ol className="transcript" aria-label="Conversation">
      {turns.map((turn) => (
        <li key={turn.id} className="turn">
          <p className="bubble bubble-user">
            <span className="visually-hidden">You: </span>
            {turn.text}
          </p>
          {turn.runId !== undefined ? <AgentRun runId={turn.runId} /> : null}
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

const RUN_NOTES: Partial<Record<string, string>> = {
  waiting: 'Waiting for you',
  aborted: 'Stopped',
  interrupted: 'The stream ended early',
};

/** One agent run: its text and tool calls in stream order; subagent runs nest inside cards. */
export function AgentRun({ runId, nested = false }: { runId: string; nested?: boolean }) {
  const run = useRun(runId);
  if (run === undefined) return null;
  const note = RUN_NOTES[run.status];
  return (
    <section
      className={nested ? 'run run-nested' : 'run'}
      data-status={run.status}
      aria-label={nested ? `Subagent ${run.agentId ?? ''}` : 'Agent'}
      aria-busy={run.status === 'streaming' || undefined}
    >
      {nested ? <p className="run-agent">{run.agentId ?? 'Subagent'}</p> : null}
      {run.parts.map((part, index) => (
        <RunPartView key={partKey(part, index)} part={part} />
      ))}
      {run.status === 'streaming' && run.parts.length === 0 ? (
        <p className="run-thinking">Thinking…</p>
      ) : null}
      {run.error !== undefined ? (
        <p role="alert" className="run-error">
          {run.error}
        </p>
      ) : note !== undefined && !nested ? (
        <p className="run-note">{note}</p>
      ) : null}
    </section>
  );
}

function partKey(part: RunPart, index: number): string {
  if (part.type === 'tool-call') return part.toolCallId;
  if ('id' in part && part.id !== undefined) return `${part.type}-${part.id}`;
  return `${part.type}-${index}`;
}

function RunPartView({ part }: { part: RunPart }) {
  switch (part.type) {
    case 'text':
      return <p className="bubble bubble-agent">{part.text}</p>;
    case 'reasoning':
      return (
        <details className="reasoning">
          <summary>Reasoning</summary>
          <p>{part.text}</p>
        </details>
      );
    case 'tool-call':
      return <ToolCard toolCallId={part.toolCallId} />;
    case 'error':
      return (
        <p role="alert" className="run-error">
          {part.message}
        </p>
      );
    case 'tripwire':
      return <p className="run-error">Blocked: {part.reason}</p>;
    default:
      return null;
  }
}

/**
 * A tool call's card, open from the start so its input, progress and result can be watched as
 * they stream. Subagent calls show the subagent's own run inside instead of a result; workflow
 * calls show their steps.
 */
const ToolCard = memo(function ToolCard({ toolCallId }: { toolCallId: string }) {
  const call = useToolCall(toolCallId);
  return (
    <ToolCall.Root toolCallId={toolCallId} defaultOpen className="tool-card">
      <ToolCall.Trigger />
      <Approval.Root toolCallId={toolCallId} />
      <ResumeForm.Root toolCallId={toolCallId} />
      <ToolCall.Content>
        <ToolCall.Input />
        <ToolCall.Progress />
        {call?.kind === 'agent'
          ? call.childRunIds.map((runId) => <AgentRun key={runId} runId={runId} nested />)
          : null}
        {call?.kind === 'workflow' ? <WorkflowSteps toolCallId={toolCallId} /> : null}
        {/* A subagent's answer is the last text of its run, already shown above. */}
        {call?.kind === 'agent' ? null : <ToolCall.Results />}
        <ToolCall.Error />
      </ToolCall.Content>
    </ToolCall.Root>
  );
});

/** The steps of the workflow run inside a `workflow-*` call, with their status. */
function WorkflowSteps({ toolCallId }: { toolCallId: string }) {
  const workflow = useToolCall(toolCallId)?.workflow;
  if (workflow === undefined) return null;
  return (
    <div className="workflow">
      <p className="workflow-title">
        Workflow {workflow.workflowId ?? ''}: {WORKFLOW_STATUS_LABELS[workflow.status]}
      </p>
      <ol className="workflow-steps">
        {workflow.stepIds.map((stepId) => {
          const step = workflow.steps.get(stepId);
          if (step === undefined) return null;
          const took =
            step.startedAt !== undefined && step.endedAt !== undefined
              ? formatDuration(step.endedAt - step.startedAt)
              : undefined;
          return (
            <li key={stepId} data-status={step.status}>
              <span className="workflow-step-name">{step.name}</span>
              <span className="workflow-step-status">{WORKFLOW_STATUS_LABELS[step.status]}</span>
              {took !== undefined ? <span className="workflow-step-time">{took}</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
