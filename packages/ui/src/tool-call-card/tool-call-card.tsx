'use client';
import { useToolCall } from '@toolpane/react';
import { SubagentRunRoot } from '../subagent-run/subagent-run.js';
import { ToolCallRoot, type ToolCallRootProps } from '../tool-call/tool-call.js';

/**
 * The default card for any call: a subagent card for `agent-*` calls, and a tool-call card (with
 * its workflow steps for `workflow-*` calls) for the rest. The transcript uses it for every call
 * the registry has no renderer for.
 *
 * @example
 * <ToolCallCard toolCallId="call-agent-1" />
 */
export function ToolCallCard(props: ToolCallRootProps) {
  const kind = useToolCall(props.toolCallId)?.kind;
  return kind === 'agent' ? <SubagentRunRoot {...props} /> : <ToolCallRoot {...props} />;
}
