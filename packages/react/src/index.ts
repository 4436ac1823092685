export { shallowEqual, shallowEqualItems } from './shallow-equal.js';
export {
  ToolpaneProvider,
  type ToolpaneProviderProps,
  type ToolpaneSource,
  type UpdateBatching,
  useToolpaneSession,
  useToolpaneStore,
} from './toolpane-provider.js';
export { type AgentHandle, type AgentStatus, useAgent } from './use-agent.js';
export {
  type ApprovalHandle,
  type ApprovalStatus,
  type DecisionResult,
  useApproval,
} from './use-approval.js';
export { usePendingApprovals } from './use-pending-approvals.js';
export { useRun, useRunIds } from './use-run.js';
export { useSubagent, useSubagents } from './use-subagent.js';
export { useToolCall } from './use-tool-call.js';
export { useToolCallIds, useToolCalls } from './use-tool-calls.js';
export { useToolpaneSelector } from './use-toolpane-selector.js';
