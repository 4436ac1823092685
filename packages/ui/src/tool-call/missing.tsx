'use client';
import { forwardRef } from 'react';
import {
  type Host,
  isNothing,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';

/** Props of {@link MissingToolCall}. */
export type MissingToolCallProps = PartProps<'div'> & {
  /** The id the store has no call for. */
  readonly toolCallId: string;
};

/**
 * What a card shows for a tool call id the store does not have (a stale id, a message from
 * another conversation, history that was not loaded): a note that says so, rather than nothing.
 * Its children, if any, say it instead (with `asChild`, the host element's own children). As
 * with a card's `missing`, children React draws as nothing (`null`, `false`, `true`, `''`, a list
 * of those) draw no note at all, and the ref is null.
 *
 * @example
 * <MissingToolCall toolCallId="call-1" />
 */
export const MissingToolCall = forwardRef<HTMLDivElement, MissingToolCallProps>(
  function MissingToolCall({ toolCallId, asChild, children, ...props }, ref) {
    // What the note says: its children, or with `asChild` the element's own.
    const words = asChild ? (children as Host)?.props?.children : children;
    return words !== undefined && isNothing(words) ? null : (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-tool-call-id={toolCallId}
        role="note"
        {...partProps('tool-call-missing', props)}
      >
        {partContent(asChild, children, `Tool call ${toolCallId} is not in this conversation.`)}
      </PartElement>
    );
  },
);
