'use client';
import type { ComponentProps } from 'react';
import { cx } from '../utils/cx.js';

/** Props of {@link MissingToolCall}. */
export type MissingToolCallProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** The id the store has no call for. */
  readonly toolCallId: string;
};

/**
 * What a card shows for a tool call id the store does not have (a stale id, a message from
 * another conversation, history that was not loaded): a note that says so, rather than nothing.
 *
 * @example
 * <MissingToolCall toolCallId="call-1" />
 */
export function MissingToolCall({ toolCallId, className, ...props }: MissingToolCallProps) {
  return (
    <div
      data-slot="tool-call-missing"
      data-tool-call-id={toolCallId}
      role="note"
      {...props}
      className={cx(className)}
    >
      {`Tool call ${toolCallId} is not in this conversation.`}
    </div>
  );
}
