import {
  ARGS_TO_COME,
  argsToCome,
  type DecisionFields,
  type DecisionKind,
  type DecisionTarget,
  expiredReason,
  revisionOf,
  type SessionResult,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { notLastAnswer } from './chat-sync.js';

/** The three ways to answer a call. */
export type Kind = DecisionKind;

/** What a decision carries besides its kind. */
export type Fields = DecisionFields;

/** A decision on its way through the chat. */
export interface Pending {
  /**
   * The decision as the client's `decisionKey` writes it, to tell a repeat of it (a double click:
   * shares the request) from another one (`busy`), as a session does.
   */
  readonly decision: string;
  readonly promise: Promise<SessionResult>;
}

/** What a decision made while another one for the call is on its way resolves with. */
export const busy = (key: string): Promise<SessionResult> =>
  Promise.resolve({
    status: 'busy',
    error: `Nothing was sent: a decision for ${key} is already on its way`,
  });

/**
 * Where a decision for the call with key `key` goes, or why nothing is to be sent: there is no
 * such call, its request expired, it does not wait for this kind of decision, it is in an earlier
 * answer than the chat's last, or (with `revision`, the revision of the request the person saw)
 * Mastra asked again since: with other arguments, or a new suspension.
 */
export function decisionTarget(
  state: ToolpaneState,
  call: ToolCallState | undefined,
  key: string,
  kind: Kind,
  revision: number | undefined,
  messages: readonly unknown[],
): DecisionTarget | string {
  if (call === undefined) return `There is no tool call ${key}`;
  const expired = expiredReason(call);
  if (expired !== undefined) return expired;
  const waits = call.status === (kind === 'resume' ? 'suspended' : 'approval-requested');
  const target = waits ? (kind === 'resume' ? call.suspension : call.approval)?.target : undefined;
  if (target === undefined) {
    return `Tool call ${key} does not wait for ${kind === 'resume' ? 'resume data' : 'an approval'} (status: ${call.status})`;
  }
  const earlier = notLastAnswer(state, call, messages);
  if (earlier !== undefined) return earlier;
  // The request the person saw (see `SessionRequestOptions.revision`).
  if (revision !== undefined && revision !== revisionOf(call, kind)) {
    return 'Nothing was sent: the request changed after it was shown';
  }
  return kind === 'approve' && argsToCome(call) ? ARGS_TO_COME : target;
}

/**
 * The decisions the chat was given to send itself, whose request has not started yet: the
 * outcome of the chat's next request is theirs. `error` is the chat's error when the first was
 * given, `toolCallId` the key of the latest.
 */
export function createDebts() {
  let debt:
    | { toolCallId: string; error: Error | undefined; settle: (ended?: SessionResult) => void }
    | undefined;
  return {
    get owed() {
      return debt;
    },
    /** Resolves once the chat's next request started (undefined), or with how it ended first. */
    owe(toolCallId: string, error: Error | undefined): Promise<SessionResult | undefined> {
      const earlier = debt?.settle;
      return new Promise((resolve) => {
        debt = {
          toolCallId,
          error: debt?.error ?? error,
          settle: (ended) => {
            earlier?.(ended);
            resolve(ended);
          },
        };
      });
    },
    /** Lets the owed decisions go on, with `ended` when no request of the chat carries them. */
    settle(ended?: SessionResult) {
      const owed = debt;
      debt = undefined;
      owed?.settle(ended);
    },
  };
}
