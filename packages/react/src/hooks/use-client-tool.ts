'use client';
import {
  type AgentSession,
  type ClientToolAnswer,
  callKey,
  type SessionResult,
  type ToolpaneState,
} from '@toolpane/client';
import { useCallback, useMemo, useState } from 'react';
import { NO_SESSION, useToolpaneContext } from '../provider/toolpane-provider.js';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import type { DecisionResult } from './approval-handle.js';

/** A call that may await the client, and how to answer it: see {@link useClientTool}. */
export interface ClientToolHandle {
  /** The call waits for the app's result (`awaitingClient`). */
  readonly awaiting: boolean;
  /** An answer is on its way: the call has ended, the run's continuation may be streaming. */
  readonly sending: boolean;
  /** Why the last answer was refused or its continuation failed, until the next answer. */
  readonly error: string | undefined;
  /** The call waits and the provider has a session to answer through. */
  readonly canAnswer: boolean;
  /** The last answer did not reach the server: {@link ClientToolHandle.retry} sends it again. */
  readonly canRetry: boolean;
  /** Answers the call with `{ output }` or `{ errorText }` (see `AgentSession.answer`). */
  answer(answer: ClientToolAnswer): Promise<DecisionResult>;
  /** Sends the answers again after they did not reach the server (`AgentSession.retryAnswers`). */
  retry(): Promise<DecisionResult>;
}

/**
 * A call of a client-side tool (one the app runs, not Mastra), with `answer`. The call's card
 * finishes at once with the answer; the session continues the run once every call of it that
 * awaits the client has its answer. `error` says why an answer was not taken; when the answers
 * did not reach the server (`canRetry`), `retry` sends them again.
 *
 * @example
 * function LocateUser({ toolCallId }: { toolCallId: string }) {
 *   const { canAnswer, canRetry, answer, retry, error } = useClientTool(toolCallId);
 *   if (!canAnswer && !canRetry) return null;
 *   return (
 *     <>
 *       <button onClick={() => answer({ output: { city: 'Lyon' } })}>Share my city</button>
 *       <button onClick={() => answer({ errorText: 'The user declined' })}>Don't</button>
 *       {error && <p role="alert">{error}</p>}
 *       {canRetry && <button onClick={() => retry()}>Send again</button>}
 *     </>
 *   );
 * }
 */
export function useClientTool(toolCallId: string): ClientToolHandle {
  const { session } = useToolpaneContext('useClientTool');
  const selector = useCallback(
    (state: ToolpaneState) => state.toolCalls.get(toolCallId)?.awaitingClient === true,
    [toolCallId],
  );
  const awaiting = useToolpaneSelector(selector, Object.is, callKey(toolCallId));
  const [attempt, setAttempt] = useState<{ sending: boolean; error?: string; unsent?: true }>({
    sending: false,
  });
  const run = useCallback(
    async (request: (s: AgentSession) => Promise<SessionResult>): Promise<DecisionResult> => {
      let error: string | undefined = NO_SESSION;
      let unsent: true | undefined;
      if (session !== undefined) {
        setAttempt({ sending: true });
        const result = await request(session);
        error = result.status === 'done' ? undefined : (result.error ?? result.status);
        unsent = result.unsent;
      }
      setAttempt({ sending: false, error, ...(unsent ? { unsent } : {}) });
      return error === undefined ? { ok: true } : { ok: false, error, fieldErrors: [] };
    },
    [session],
  );
  const answer = useCallback(
    (given: ClientToolAnswer) => run((s) => s.answer(toolCallId, given)),
    [run, toolCallId],
  );
  const retry = useCallback(() => run((s) => s.retryAnswers(toolCallId)), [run, toolCallId]);
  return useMemo(
    () => ({
      awaiting,
      sending: attempt.sending,
      error: attempt.error,
      canAnswer: session !== undefined && awaiting,
      canRetry: session !== undefined && attempt.unsent === true,
      answer,
      retry,
    }),
    [awaiting, attempt, session, answer, retry],
  );
}
