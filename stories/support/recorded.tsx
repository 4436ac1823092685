import type { AgentSession, ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { type ReactNode, useState } from 'react';
import { type ReplayStop, storeFrom } from './replay';

/** A recording to replay into a story's store, whole or up to a stop. */
export type Recording = string | readonly [raw: string, stop: ReplayStop];

/**
 * Gives its children a real store fed with the recordings (once per mount), under a
 * ToolpaneProvider, plus an optional session made from that store.
 *
 * @example
 * <Recorded recordings={[approvalRequest]}><ToolCall.Root toolCallId="call-del-1" /></Recorded>
 */
export function Recorded({
  recordings,
  then = [],
  session,
  children,
}: {
  readonly recordings: readonly Recording[];
  /** Client events dispatched after the recordings, e.g. a decision that was sent. */
  readonly then?: readonly unknown[];
  readonly session?: (store: ToolpaneStore) => AgentSession;
  readonly children: ReactNode;
}) {
  const [value] = useState(() => {
    const store = storeFrom(...recordings);
    store.dispatchMany(then);
    return { store, session: session?.(store) };
  });
  return value.session === undefined ? (
    <ToolpaneProvider store={value.store}>{children}</ToolpaneProvider>
  ) : (
    <ToolpaneProvider session={value.session}>{children}</ToolpaneProvider>
  );
}
