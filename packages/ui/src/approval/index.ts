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
export * as Approval from './parts.js';
