import type { ToolCallState } from '@toolpane/client';
import { useToolCalls } from '@toolpane/react';
import {
  Approval,
  ResumeForm,
  SubagentRun,
  ToolCall,
  ToolCallCard,
  Transcript,
  WorkflowRun,
} from '@toolpane/ui';
import type { ReactNode } from 'react';

/**
 * The whole transcript, and beside it each call (by its key, so calls whose ids repeat each
 * show) through every component that can show it, opened; `extra` adds views of a call.
 */
export function EveryView({
  extra,
}: {
  readonly extra?: (call: ToolCallState) => ReactNode;
}): ReactNode {
  const calls = useToolCalls();
  return (
    <>
      <Transcript.Root />
      {calls.map((call) => (
        <section key={call.key}>
          <ToolCall.Root toolCallId={call.key} defaultOpen />
          <ToolCallCard toolCallId={call.key} defaultOpen />
          <SubagentRun.Root toolCallId={call.key} defaultOpen />
          <WorkflowRun.Root toolCallId={call.key} />
          <Approval.Root toolCallId={call.key} />
          <ResumeForm.Root toolCallId={call.key} />
          {extra?.(call)}
        </section>
      ))}
    </>
  );
}
