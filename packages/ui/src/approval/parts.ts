/** The Approval parts under short names, for `Approval.Root`-style use. */
export {
  ApprovalActions as Actions,
  ApprovalApprove as Approve,
  ApprovalDecline as Decline,
  ApprovalError as Error,
  ApprovalOutcome as Outcome,
  ApprovalPrompt as Prompt,
  ApprovalReason as Reason,
  ApprovalRetry as Retry,
  ApprovalRoot as Root,
} from './approval.js';
export { ApprovalRequest as Request } from './request.js';
