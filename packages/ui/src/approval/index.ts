export {
  ApprovalActions,
  ApprovalApprove,
  ApprovalDecline,
  ApprovalError,
  ApprovalOutcome,
  ApprovalPrompt,
  ApprovalReason,
  ApprovalRetry,
  ApprovalRoot,
  type ApprovalRootProps,
} from './approval.js';
export { DecisionExpired } from './expired.js';
export * as Approval from './parts.js';
export { ApprovalRequest } from './request.js';
