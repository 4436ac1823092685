'use client';
import { useContext } from 'react';
import { RunThreadSlot } from '../run-parts/thread-slot.js';
import { partProps } from '../utils/part.js';
import { useCall } from './context.js';
import { SectionLabel } from './sections.js';

/**
 * The runs inside a call that is not a subagent's, each as a thread of its parts: the agents a
 * workflow's steps ran, with their tool calls. Nothing when the call has none, or outside a
 * transcript or tool-call card (see `RunThreadSlot`).
 */
export function ToolCallRuns() {
  const call = useCall('Content');
  const Thread = useContext(RunThreadSlot);
  if (call === undefined || call.kind === 'agent' || call.childRunIds.length === 0) return null;
  if (Thread === null) return null;
  return (
    <div {...partProps('tool-call-runs')}>
      <SectionLabel>
        {call.kind === 'workflow' ? 'Agents in its steps' : 'Agents inside'}
      </SectionLabel>
      {call.childRunIds.map((runId) => (
        <Thread key={runId} runId={runId} />
      ))}
    </div>
  );
}
