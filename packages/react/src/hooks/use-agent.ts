'use client';
import {
  type AgentSession,
  errorShown,
  type SessionResult,
  type SessionStatus,
  selectPendingApprovals,
  selectStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { NO_SESSION, useToolpaneContext } from '../provider/toolpane-provider.js';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';

/** What the agent is doing: streaming a run, waiting for a person, failed, or idle. */
export type AgentStatus = SessionStatus;

/** The session's status and the calls that start or stop runs. */
export interface AgentHandle {
  readonly status: AgentStatus;
  /**
   * The error behind the `error` status, when known, with what the calls hide replaced as the
   * store replaces it (see `errorShown`): a server's message may quote a call's arguments.
   */
  readonly error: string | undefined;
  /** Whether the provider has a session; without one, `send` sends nothing. */
  readonly hasSession: boolean;
  /** Starts a run with a prompt or messages; resolves with the session's result, never rejects. */
  send: AgentSession['send'];
  /** Aborts every open request and stream of the session. */
  abort(): void;
}

const NOTHING_SENT: SessionResult = Object.freeze({
  status: 'invalid',
  error: NO_SESSION,
});
const noSubscription = () => () => {};
const noStatus = () => undefined;

/** The store's view of the conversation, for a provider that has no session. */
function statusFromStore(state: ToolpaneState): AgentStatus {
  const status = selectStatus(state);
  if (status === 'streaming' || status === 'waiting') return status;
  if (status === 'error' || status === 'interrupted') return 'error';
  return 'idle';
}

/**
 * The agent session's status (`idle`, `streaming`, `waiting`, `error`) and `send` / `abort`.
 * Under a provider that has only a store, the status comes from the latest run in the store.
 *
 * @example
 * function Composer() {
 *   const { status, send, abort } = useAgent();
 *   const [text, setText] = useState('');
 *   return (
 *     <form onSubmit={(e) => { e.preventDefault(); void send(text); setText(''); }}>
 *       <input value={text} onChange={(e) => setText(e.target.value)} />
 *       {status === 'streaming'
 *         ? <button type="button" onClick={abort}>Stop</button>
 *         : <button type="submit">Send</button>}
 *     </form>
 *   );
 * }
 */
export function useAgent(): AgentHandle {
  const { session, serverState } = useToolpaneContext('useAgent');
  // Bound here so a session written as a class works too.
  const subscribe = useMemo(
    () =>
      session === undefined
        ? noSubscription
        : (listener: () => void) => session.subscribe(listener),
    [session],
  );
  const getSessionStatus = useMemo(
    () => (session === undefined ? noStatus : () => session.getStatus()),
    [session],
  );
  const getSessionError = useMemo(
    () => (session === undefined ? noStatus : () => session.getError()),
    [session],
  );
  // The server renders, and hydration reads, the status of a session that is not sending, from
  // what the server rendered: requests and errors in flight are the browser's, shown once hydrated.
  const sessionStatus = useSyncExternalStore(
    subscribe,
    getSessionStatus,
    () => session && (selectPendingApprovals(serverState()).length ? 'waiting' : 'idle'),
  );
  const sessionError = useSyncExternalStore(subscribe, getSessionError, noStatus);
  const fromStore = useToolpaneSelector(statusFromStore, Object.is, 'runs');
  const status = sessionStatus ?? fromStore;
  const failed = status === 'error';
  // As the store shows it (`errorShown`); read on any change, since a call may hide more later.
  const error = useToolpaneSelector(
    useCallback(
      (state: ToolpaneState) => (failed ? errorShown(state, sessionError) : undefined),
      [failed, sessionError],
    ),
  );

  const send = useCallback<AgentSession['send']>(
    (messages, options) =>
      session === undefined ? Promise.resolve(NOTHING_SENT) : session.send(messages, options),
    [session],
  );
  const abort = useCallback(() => session?.abort(), [session]);

  return useMemo(
    () => ({ status, error, hasSession: session !== undefined, send, abort }),
    [status, error, session, send, abort],
  );
}
