/**
 * An AI SDK stream with a chain of `depth` subagents under the top-level call `agent-0`; the
 * innermost subagent calls `deleteTool` (`inner`), which asks for approval.
 */
export function deepChain(depth: number): unknown[] {
  const chunks: unknown[] = [{ type: 'start', messageId: 'msg-top' }];
  chunks.push({
    type: 'tool-input-available',
    toolCallId: 'agent-0',
    toolName: 'agent-sub',
    input: {},
  });
  const ancestry: { toolCallId: string; toolName: string }[] = [];
  for (let level = 0; level < depth; level++) {
    ancestry.push({ toolCallId: `agent-${level}`, toolName: 'agent-sub' });
    const innermost = level === depth - 1;
    const call = innermost
      ? { toolCallId: 'inner', toolName: 'deleteTool', args: { id: 'rec-1' } }
      : { toolCallId: `agent-${level + 1}`, toolName: 'agent-sub', args: { prompt: 'go' } };
    chunks.push({
      type: 'data-tool-agent',
      id: `run-${level + 1}`,
      data: { id: 'sub-agent', text: '', toolCalls: [call], status: 'running' },
      ancestry: [...ancestry],
      depth: level + 1,
    });
  }
  chunks.push({
    type: 'data-tool-call-approval',
    data: {
      runId: 'run-top',
      toolCallId: 'agent-0',
      toolName: 'deleteTool',
      args: { id: 'rec-1' },
    },
  });
  return chunks;
}
