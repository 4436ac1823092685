'use client';
import {
  type AgentSession,
  type ApprovalState,
  callKey,
  type FieldError,
  failureShown,
  type SessionResult,
  type SuspensionState,
  type ToolCallStatus,
  type ToolpaneState,
  validateResumeData,
} from '@toolpane/client';
import { useCallback, useMemo, useState } from 'react';
import { NO_SESSION, useToolpaneContext } from '../provider/toolpane-provider.js';
import { useToolpaneSelector } from '../provider/use-toolpane-selector.js';
import type { ApprovalHandle, ApprovalStatus, DecisionResult } from './approval-handle.js';
import { shallowEqual } from './shallow-equal.js';

export type { ApprovalHandle, ApprovalStatus, DecisionResult } from './approval-handle.js';

interface Slice {
  readonly status: ToolCallStatus | undefined;
  readonly approval: ApprovalState | undefined;
  readonly suspension: SuspensionState | undefined;
}

function statusOf(slice: Slice, sending: boolean): ApprovalStatus {
  const { status, approval, suspension } = slice;
  if (status === undefined || (approval === undefined && suspension === undefined)) return 'none';
  if (
    (status === 'approval-requested' || status === 'suspended') &&
    (approval?.expired ?? suspension?.expired) !== undefined
  )
    return 'expired';
  if (status === 'approval-requested') return sending ? 'sending' : 'requested';
  if (status === 'suspended') return sending ? 'sending' : 'suspended';
  if (status === 'approval-responded') return 'sending';
  if (status === 'output-denied') return 'declined';
  if (approval?.decision !== undefined) return approval.decision.approved ? 'approved' : 'declined';
  if (suspension?.resumeData !== undefined) return 'resumed';
  return approval !== undefined ? 'approved' : 'resumed';
}

function kindOf(slice: Slice): ApprovalHandle['kind'] {
  const { status, approval, suspension } = slice;
  if (status === 'approval-requested' && approval !== undefined) return 'approval';
  if (status === 'suspended' && suspension !== undefined) return 'suspension';
  if (approval?.decision !== undefined) return 'approval';
  if (suspension !== undefined) return 'suspension';
  return approval === undefined ? undefined : 'approval';
}

const NO_FIELD_ERRORS: readonly FieldError[] = Object.freeze([]);

/** A session's answer as a decision result; only `done` means the decision went through. */
function resultOf(result: SessionResult): DecisionResult {
  if (result.status === 'done') return { ok: true };
  const error =
    result.error ??
    (result.status === 'aborted' ? 'The decision was aborted.' : 'The decision could not be sent.');
  return { ok: false, error, fieldErrors: result.fieldErrors ?? NO_FIELD_ERRORS };
}

function failure(error: unknown): DecisionResult {
  return {
    ok: false,
    error: error instanceof Error ? error.message : String(error),
    fieldErrors: NO_FIELD_ERRORS,
  };
}

/** The request options that name the request revision a card drew, if it drew one. */
const shownRevision = (revision: number | undefined) =>
  revision === undefined ? {} : { revision };

/**
 * A call's approval or suspension with `approve`, `decline` and `resume`. Works for calls at any
 * depth: pass the id of the call that shows the approval (for a nested approval, the inner call);
 * the session routes it to the run Mastra expects. The status is `sending` while a decision is in
 * flight, and `error` / `fieldErrors` say why the last one was not sent. Resume data is checked
 * against the call's resume schema before anything is sent. Each action answers the request this
 * render drew (`approval.revision`, `suspension.revision`): when Mastra asked again since (other
 * arguments, a new suspension), nothing is sent and the result says the request changed; the
 * next render's actions answer the new request.
 *
 * @example
 * function DeleteApproval({ toolCallId }: { toolCallId: string }) {
 *   const { status, approve, decline, error } = useApproval(toolCallId);
 *   if (status !== 'requested' && status !== 'sending') return null;
 *   return (
 *     <fieldset aria-busy={status === 'sending'}>
 *       <button onClick={() => approve()} disabled={status === 'sending'}>Approve</button>
 *       <button onClick={() => decline('Not now')} disabled={status === 'sending'}>Decline</button>
 *       {error && <p role="alert">{error}</p>}
 *     </fieldset>
 *   );
 * }
 */
export function useApproval<TResume = unknown>(toolCallId: string): ApprovalHandle<TResume> {
  const { session } = useToolpaneContext('useApproval');
  const selector = useCallback(
    (state: ToolpaneState): Slice => {
      const call = state.toolCalls.get(toolCallId);
      return { status: call?.status, approval: call?.approval, suspension: call?.suspension };
    },
    [toolCallId],
  );
  const slice = useToolpaneSelector(selector, shallowEqual, callKey(toolCallId));
  const [attempt, setAttempt] = useState<{
    readonly sending: boolean;
    readonly failure?: Extract<DecisionResult, { ok: false }>;
  }>({ sending: false });

  const run = useCallback(
    async (
      send: (session: AgentSession) => Promise<SessionResult>,
      precheck?: (session: AgentSession) => Promise<DecisionResult>,
    ): Promise<DecisionResult> => {
      let result: DecisionResult;
      if (session === undefined) result = failure(new Error(NO_SESSION));
      else {
        result = precheck === undefined ? { ok: true } : await precheck(session);
        if (result.ok) {
          setAttempt({ sending: true });
          try {
            result = resultOf(await send(session));
          } catch (error) {
            result = failure(error);
          }
        }
      }
      setAttempt(result.ok ? { sending: false } : { sending: false, failure: result });
      return result;
    },
    [session],
  );

  // The revision drawn with this render: a request that changed since is not decided on.
  const revision = slice.approval?.revision;
  const approve = useCallback(
    () => run((s) => s.approve(toolCallId, shownRevision(revision))),
    [run, toolCallId, revision],
  );
  const decline = useCallback(
    (reason?: string) => run((s) => s.decline(toolCallId, reason, shownRevision(revision))),
    [run, toolCallId, revision],
  );
  // The suspension drawn with this render: its data goes to it only, checked against the schema
  // it showed; once the tool suspended anew, nothing is sent (`invalid`).
  const resumeSchema = slice.suspension?.resumeSchema;
  const suspended = slice.suspension?.revision;
  const resume = useCallback(
    (resumeData: TResume) =>
      run(
        (s) => s.resume(toolCallId, resumeData, shownRevision(suspended)),
        async () => {
          const check = await validateResumeData(resumeSchema, resumeData);
          return check.ok
            ? { ok: true }
            : { ok: false, error: 'The resume data is not valid.', fieldErrors: check.errors };
        },
      ),
    [run, toolCallId, resumeSchema, suspended],
  );

  return useMemo((): ApprovalHandle<TResume> => {
    const status = statusOf(slice, attempt.sending);
    const storeError = slice.approval?.error ?? slice.suspension?.error;
    const waiting = status === 'requested' || status === 'suspended';
    const { failure } = attempt;
    return {
      status,
      kind: kindOf(slice),
      approval: slice.approval,
      suspension: slice.suspension,
      // Once the call has moved on (answered from elsewhere, or a later try went through), or an
      // approval refused for arguments to come has them, an old failure no longer applies. The
      // store's text comes first: it shows none of what the call hides, where a server's message
      // may quote it.
      error: waiting ? (storeError ?? failureShown(slice, failure?.error)) : undefined,
      expired:
        status === 'expired' ? (slice.approval?.expired ?? slice.suspension?.expired) : undefined,
      fieldErrors: waiting ? (failure?.fieldErrors ?? NO_FIELD_ERRORS) : NO_FIELD_ERRORS,
      canRespond: session !== undefined && waiting,
      approve,
      decline,
      resume,
    };
  }, [slice, attempt, session, approve, decline, resume]);
}
