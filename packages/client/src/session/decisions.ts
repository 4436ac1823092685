import { validateResumeData } from '../resume/schema.js';
import { ARGS_TO_COME, argsToCome } from '../state/args-to-come.js';
import {
  type DecisionTarget,
  expiredReason,
  type ToolCallState,
  type ToolpaneState,
} from '../state/state.js';
import type { ToolpaneEvent } from '../stream/events.js';
import type { SessionResult } from './types.js';

/** The three ways to answer a call. */
export type DecisionKind = 'approve' | 'decline' | 'resume';

/** What a decision carries besides its kind. */
export interface DecisionFields {
  readonly reason?: string;
  readonly resumeData?: unknown;
}

/** The Mastra route each decision goes to. */
export const ROUTES: Record<DecisionKind, string> = {
  approve: 'approve-tool-call',
  decline: 'decline-tool-call',
  resume: 'resume-stream',
};

/**
 * The routes of a decision inside an agent network run: Mastra's server resumes a network with
 * `{ approved }` (and a decline's `reason`) and the network's runId only. It has no route that
 * resumes a network with data.
 */
export const NETWORK_ROUTES: Partial<Record<DecisionKind, string>> = {
  approve: 'approve-network-tool-call',
  decline: 'decline-network-tool-call',
};

/** Why a suspension inside an agent network cannot be resumed from a session. */
export const NETWORK_RESUME_MESSAGE =
  "A suspension inside an agent network cannot be resumed over HTTP: Mastra's server only has routes that approve or decline a network's pending call (approve-network-tool-call, decline-network-tool-call).";

/** The route and body of a decision for `target`. */
export function decisionRequest(
  target: DecisionTarget,
  kind: DecisionKind,
  fields: DecisionFields,
  extra: Readonly<Record<string, unknown>>,
): { readonly route: string; readonly body: Record<string, unknown> } {
  const reason = kind === 'decline' && fields.reason !== undefined ? { reason: fields.reason } : {};
  const network = target.network === true ? NETWORK_ROUTES[kind] : undefined;
  if (network !== undefined) {
    // The network routes take the network's runId; they strip a toolCallId.
    return { route: network, body: { ...extra, runId: target.runId, ...reason } };
  }
  return {
    route: ROUTES[kind],
    body: {
      ...extra,
      runId: target.runId,
      toolCallId: target.toolCallId,
      ...reason,
      ...(kind === 'resume' ? { resumeData: fields.resumeData } : {}),
    },
  };
}

/** A decision on its way: what it is, to tell a repeat of it from a different one. */
export interface InFlight {
  readonly kind: DecisionKind;
  /** The decision as {@link decisionKey} writes it. */
  readonly decision: string;
  readonly promise: Promise<SessionResult>;
}

let unsendable = 0;

/**
 * A decision as text, to compare two decisions: its kind, the revision of the request it answers
 * (see {@link revisionOf}) and its fields. Two decisions with the same text are one decision made
 * twice (a double click), which shares one request; any other decision on a call while one is in
 * flight is `busy`. Keys in another order count as another decision, which errs on the safe side
 * (`busy`); data JSON cannot hold matches nothing, not even itself. The session and
 * `useToolpaneChat` tell decisions apart with it.
 *
 * @example
 * decisionKey('approve', 1, {}) === decisionKey('approve', 1, {}); // true: the same decision
 * decisionKey('approve', 1, {}) === decisionKey('approve', 2, {}); // false: another revision
 */
export const decisionKey = (
  kind: DecisionKind,
  revision: number | undefined,
  fields: DecisionFields,
): string => {
  try {
    return JSON.stringify([
      kind,
      revision ?? null,
      fields.reason ?? null,
      fields.resumeData ?? null,
    ]);
  } catch {
    unsendable += 1;
    return `unsendable ${unsendable}`;
  }
};

/** How an error message names a decision. */
export const NOUNS: Record<DecisionKind, string> = {
  approve: 'an approval',
  decline: 'a decline',
  resume: 'a resume',
};

/**
 * Why a decision on a request that changed after it was shown was not sent: asked again with
 * other arguments, or moved on (answered, ended) before the decision went out.
 */
export const CHANGED = 'Nothing was sent: the request changed after it was shown';

/**
 * The revision of the request a decision of `kind` answers on `call`: its approval's for approve
 * and decline, its suspension's for resume.
 */
export const revisionOf = (
  call: ToolCallState | undefined,
  kind: DecisionKind,
): number | undefined => (kind === 'resume' ? call?.suspension : call?.approval)?.revision;

/**
 * Why a decision marked sent for the call with key `key` is no longer to go out, or undefined
 * while its call still holds it: answered, at the revision of the request (the approval, or the
 * suspension for a resume) the person decided on. A stream piped into the store meanwhile (an
 * observer, a reconnect) may have asked again or ended the call.
 */
export function withdrawn(
  state: ToolpaneState,
  key: string,
  kind: DecisionKind,
  revision: number | undefined,
): string | undefined {
  const call = state.toolCalls.get(key);
  return call?.status === 'approval-responded' && revisionOf(call, kind) === revision
    ? undefined
    : CHANGED;
}

/** Where a decision for the call goes, or why the call does not wait for it. */
export function targetOf(
  state: ToolpaneState,
  toolCallId: string,
  kind: DecisionKind,
): DecisionTarget | string {
  const call = state.toolCalls.get(toolCallId);
  if (call === undefined) return `There is no tool call ${toolCallId}`;
  const expired = expiredReason(call);
  if (expired !== undefined) return expired;
  if (kind === 'resume') {
    if (call.status === 'suspended' && call.suspension?.target.network === true)
      return NETWORK_RESUME_MESSAGE;
    if (call.status === 'suspended' && call.suspension !== undefined) return call.suspension.target;
    return `Tool call ${toolCallId} is not suspended (status: ${call.status})`;
  }
  if (call.status === 'approval-requested' && call.approval !== undefined)
    return kind === 'approve' && argsToCome(call) ? ARGS_TO_COME : call.approval.target;
  if (call.status === 'suspended')
    return `Tool call ${toolCallId} is suspended: resume it with data instead`;
  return `Tool call ${toolCallId} does not wait for an approval (status: ${call.status})`;
}

/** The event that marks a call as answered, dispatched right before the POST. */
export const sentEvent = (toolCallId: string, kind: DecisionKind, fields: DecisionFields) =>
  (kind === 'resume'
    ? { type: 'toolpane/decision-sent', toolCallId, resumeData: fields.resumeData }
    : {
        type: 'toolpane/decision-sent',
        toolCallId,
        approved: kind === 'approve',
        ...(fields.reason === undefined ? {} : { reason: fields.reason }),
      }) satisfies ToolpaneEvent;

/**
 * Runs `start` when the resume data fits the call's resume schema (at once without one), else
 * sends nothing and resolves `invalid` with the data's `fieldErrors`.
 */
export const whenValid = (
  schema: unknown,
  resumeData: unknown,
  start: () => Promise<SessionResult>,
): Promise<SessionResult> =>
  schema === undefined
    ? start()
    : validateResumeData(schema, resumeData).then((check): Promise<SessionResult> => {
        if (check.ok) return start();
        const error = `The resume data does not match the schema: ${check.errors
          .map((e) => `${e.path || '/'} ${e.message}`)
          .join('; ')}`;
        return Promise.resolve({ status: 'invalid', error, fieldErrors: check.errors });
      });
