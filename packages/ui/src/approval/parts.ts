/** The Approval parts under short names, for `Approval.Root`-style use. */
export {
  ApprovalActions as Actions,
  ApprovalError as Error,
  ApprovalOutcome as Outcome,
  ApprovalPrompt as Prompt,
  ApprovalRoot as Root,
} from './approval.js';
export {
  ApprovalApprove as Approve,
  ApprovalDecline as Decline,
  ApprovalReason as Reason,
  ApprovalRetry as Retry,
} from './buttons.js';
export { ApprovalRequest as Request } from './request.js';
