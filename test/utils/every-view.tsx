import { render } from '@testing-library/react';
import type { ToolCallState, ToolpaneStore } from '@toolpane/client';
import type { ChunkLog } from '@toolpane/client/inspect';
import { ToolpaneProvider, useToolCalls } from '@toolpane/react';
import {
  Approval,
  ResumeForm,
  SubagentRun,
  ToolCall,
  ToolCallCard,
  Transcript,
  WorkflowRun,
} from '@toolpane/ui';
import { StreamInspector } from '@toolpane/ui/inspector';
import type { ReactNode } from 'react';
import { openEverything } from './dom';

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

/**
 * Renders {@link EveryView} of `store`, with the stream inspector of `log` beside it when given,
 * and opens every disclosure.
 */
export function renderEveryViewOpen(store: ToolpaneStore, log?: ChunkLog): void {
  render(
    <ToolpaneProvider store={store}>
      <EveryView />
      {log === undefined ? null : <StreamInspector log={log} />}
    </ToolpaneProvider>,
  );
  openEverything();
}
