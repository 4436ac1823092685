export {
  ApprovalActions,
  ApprovalError,
  ApprovalOutcome,
  ApprovalPrompt,
  type ApprovalPromptProps,
  ApprovalRoot,
  type ApprovalRootProps,
} from './approval.js';
export { ApprovalApprove, ApprovalDecline, ApprovalReason, ApprovalRetry } from './buttons.js';
export { DecisionExpired } from './expired.js';
export * as Approval from './parts.js';
export { ApprovalRequest } from './request.js';
