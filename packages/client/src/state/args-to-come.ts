import type { ApprovalState, DisplayValue } from './state.js';

/**
 * Whether request arguments are still to come, so nobody saw them: none came (or a request named
 * none), or a display transform's view of them is pending.
 *
 * @example
 * unseen({ kind: 'hidden', reason: 'pending' }); // true
 */
export const unseen = (args: DisplayValue): boolean =>
  args.kind === 'hidden'
    ? args.reason === 'pending'
    : args.kind === 'none' || args.value === undefined;

/**
 * Whether a call (or an approval handle) cannot be approved yet: the arguments of its request
 * have not come (see {@link unseen}), so the person has not seen what they would approve.
 * Declining needs no arguments. A session and `useToolpaneChat` send no approval then
 * (`ARGS_TO_COME`), and `Approval.Request` says the arguments are to come.
 *
 * @example
 * argsToCome(state.toolCalls.get('call-del-1')!); // false once its arguments are shown
 */
export const argsToCome = (call: {
  readonly approval?: Pick<ApprovalState, 'args'> | undefined;
}): boolean => call.approval !== undefined && unseen(call.approval.args);

/** Why an approval was not sent: the arguments of its request have not come (`argsToCome`). */
export const ARGS_TO_COME = 'Nothing was sent: the arguments of the request have not come yet';

/**
 * A decision's failure as a card shows it while its call waits: none once it no longer applies
 * (an approval refused for arguments to come, {@link ARGS_TO_COME}, once they came).
 *
 * @example
 * failureShown(state.toolCalls.get(key)!, result.error); // undefined once the arguments came
 */
export const failureShown = (
  call: Parameters<typeof argsToCome>[0],
  error: string | undefined,
): string | undefined => (error === ARGS_TO_COME && !argsToCome(call) ? undefined : error);
