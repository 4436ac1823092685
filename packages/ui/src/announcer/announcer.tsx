'use client';
import type { ToolCallState } from '@toolpane/client';
import { useToolCalls } from '@toolpane/react';
import { type ComponentProps, type CSSProperties, useEffect, useRef, useState } from 'react';
import { cx } from '../utils/cx.js';

type Moment = 'requested' | 'suspended' | 'approved' | 'declined' | 'resumed' | `failed:${string}`;

/** The human moment a call is at, if any; announcements happen when it changes. */
function momentOf(call: ToolCallState): Moment | undefined {
  const { approval, suspension } = call;
  switch (call.status) {
    case 'approval-requested':
      return approval?.error === undefined ? 'requested' : `failed:${approval.error}`;
    case 'suspended':
      return suspension?.error === undefined ? 'suspended' : `failed:${suspension.error}`;
    case 'output-denied':
      return 'declined';
    case 'approval-responded':
      // The answer is still on its way: announcing it now could be taken back by a failure.
      return undefined;
    default: {
      if (approval?.decision !== undefined)
        return approval.decision.approved ? 'approved' : 'declined';
      if (suspension?.resumeData !== undefined) return 'resumed';
      // The call went on without a decision this client saw (another tab, a replay): it was let through.
      if (approval !== undefined) return 'approved';
      if (suspension !== undefined) return 'resumed';
      return undefined;
    }
  }
}

/** The sentence announced for a moment. */
export function announcement(toolName: string, moment: Moment): string {
  switch (moment) {
    case 'requested':
      return `${toolName} needs your approval.`;
    case 'suspended':
      return `${toolName} is waiting for your input.`;
    case 'approved':
      return `${toolName} was approved.`;
    case 'declined':
      return `${toolName} was declined.`;
    case 'resumed':
      return `${toolName} was resumed.`;
    default:
      return `Sending the decision for ${toolName} failed: ${moment.slice('failed:'.length)}`;
  }
}

const waitsForPerson = (moment: Moment | undefined) =>
  moment === 'requested' || moment === 'suspended';

// Hidden from sight but not from screen readers; inline so it holds without the stylesheet.
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A polite live region that tells screen-reader users when a call needs their approval or input,
 * and how it ended (approved, declined, resumed, or the decision failed to send). It speaks at
 * those moments only, never per streamed token. Mount one per conversation; `Transcript.Root`
 * mounts one unless told not to.
 *
 * @example
 * <ToolpaneProvider session={session}>
 *   <MyCustomToolList />
 *   <ToolpaneAnnouncer />
 * </ToolpaneProvider>
 */
export function ToolpaneAnnouncer({
  className,
  style,
  ...props
}: Omit<ComponentProps<'div'>, 'children'>) {
  const calls = useToolCalls();
  const seen = useRef<Map<string, Moment | undefined> | undefined>(undefined);
  const nextId = useRef(0);
  const [messages, setMessages] = useState<ReadonlyArray<{ id: number; text: string }>>([]);

  useEffect(() => {
    const first = seen.current === undefined;
    const previous = seen.current ?? new Map<string, Moment | undefined>();
    const next = new Map<string, Moment | undefined>();
    const texts: string[] = [];
    for (const call of calls) {
      const moment = momentOf(call);
      next.set(call.toolCallId, moment);
      if (moment === undefined || previous.get(call.toolCallId) === moment) continue;
      // On mount, the history is not news; only what still waits for a person is.
      if (first && !waitsForPerson(moment)) continue;
      texts.push(announcement(call.approval?.toolName ?? call.toolName, moment));
    }
    seen.current = next;
    if (texts.length === 0) return;
    setMessages((current) =>
      [...current, ...texts.map((text) => ({ id: nextId.current++, text }))].slice(-5),
    );
  }, [calls]);

  return (
    <div
      data-slot="announcer"
      role="status"
      aria-live="polite"
      {...props}
      style={{ ...visuallyHidden, ...style }}
      className={cx(className)}
    >
      {messages.map((message) => (
        <p key={message.id}>{message.text}</p>
      ))}
    </div>
  );
}
