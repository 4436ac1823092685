'use client';
import { forwardRef } from 'react';
import { CallCard } from '../run-parts/run-parts.js';
import { SubagentCards } from '../subagent-run/subagent-run.js';
import type { ToolCallRootProps } from '../tool-call/tool-call.js';

/**
 * The default card for any call: a subagent card for `agent-*` calls, and a tool-call card (with
 * its workflow steps for `workflow-*` calls) for the rest. The transcript uses it for every call
 * the registry has no renderer for. The ref and props go to the card it draws.
 *
 * @example
 * <ToolCallCard toolCallId="call-agent-1" />
 */
export const ToolCallCard = forwardRef<HTMLDivElement, ToolCallRootProps>(
  function ToolCallCard(props, ref) {
    return (
      <SubagentCards>
        <CallCard ref={ref} {...props} />
      </SubagentCards>
    );
  },
);
