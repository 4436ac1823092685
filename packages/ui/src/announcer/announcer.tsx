'use client';
import type { StoreKey, ToolCallState, ToolpaneState } from '@toolpane/client';
import { useToolpaneSelector, useToolpaneSource } from '@toolpane/react';
import { type CSSProperties, forwardRef, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../utils/hydrated.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';

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

const CALL = 'call:';
const NO_KEYS: readonly StoreKey[] = [];
const whole = (state: ToolpaneState) => state;

/**
 * A polite live region that tells screen-reader users when a call needs their approval or input,
 * and how it ended (approved, declined, resumed, or the decision failed to send). It speaks at
 * those moments only, never per streamed token. Mount one per conversation; `Transcript.Root`
 * mounts one unless told not to. Its work per update follows what the update changed (the calls
 * it touched), not the length of the conversation.
 *
 * @example
 * <ToolpaneProvider session={session}>
 *   <MyCustomToolList />
 *   <ToolpaneAnnouncer />
 * </ToolpaneProvider>
 */
export const ToolpaneAnnouncer = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function ToolpaneAnnouncer({ asChild, children, style, ...props }, ref) {
    const source = useToolpaneSource();
    // The moment each call was last seen at, by key; kept across effect runs (Strict Mode runs
    // effects twice), so nothing is announced twice.
    const seen = useRef<Map<string, Moment> | undefined>(undefined);
    const nextId = useRef(0);
    const [messages, setMessages] = useState<ReadonlyArray<{ id: number; text: string }>>([]);
    // While hydrating, the state the server rendered: its requests are on the page already.
    const rendered = useToolpaneSelector(whole, Object.is, NO_KEYS);
    const fromServer = useRef(useHydrated() ? undefined : rendered);

    useEffect(() => {
      const texts: string[] = [];
      const look = (
        state: ToolpaneState,
        key: string,
        moments: Map<string, Moment>,
        first = false,
      ) => {
        const call = state.toolCalls.get(key);
        const moment = call === undefined ? undefined : momentOf(call);
        if (moment === moments.get(key)) return;
        if (moment === undefined) moments.delete(key);
        else moments.set(key, moment);
        // On mount, the history is not news; only what still waits for a person is.
        if (call === undefined || moment === undefined || (first && !waitsForPerson(moment)))
          return;
        texts.push(announcement(call.approval?.toolName ?? call.toolName, moment));
      };
      // Every call, once: on mount, and when the whole state was replaced.
      const lookAtAll = (first: boolean) => {
        const state = source.getState();
        const previous = seen.current ?? new Map<string, Moment>();
        const next = new Map<string, Moment>();
        for (const key of state.toolCallOrder) {
          const before = previous.get(key);
          if (before !== undefined) next.set(key, before);
          look(state, key, next, first);
        }
        seen.current = next;
      };
      const speak = () => {
        if (texts.length === 0) return;
        const added = texts.splice(0).map((text) => ({ id: nextId.current++, text }));
        setMessages((current) => [...current, ...added].slice(-5));
      };
      const server = fromServer.current;
      fromServer.current = undefined;
      if (seen.current === undefined && server !== undefined) {
        seen.current = new Map();
        for (const key of server.toolCallOrder) look(server, key, seen.current);
        texts.length = 0;
      }
      lookAtAll(seen.current === undefined);
      speak();
      return source.subscribe((changed) => {
        const moments = seen.current;
        if (changed === null || moments === undefined) lookAtAll(false);
        else {
          const state = source.getState();
          for (const key of changed) {
            if (key.startsWith(CALL)) look(state, key.slice(CALL.length), moments);
          }
        }
        speak();
      });
    }, [source]);

    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        role="status"
        aria-live="polite"
        {...partProps('announcer', props)}
        style={{ ...visuallyHidden, ...style }}
      >
        {messages.map((message) => (
          <p key={message.id}>{message.text}</p>
        ))}
      </PartElement>
    );
  },
);
