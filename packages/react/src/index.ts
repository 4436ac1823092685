export { shallowEqual, shallowEqualItems } from './hooks/shallow-equal.js';
export { type AgentHandle, type AgentStatus, useAgent } from './hooks/use-agent.js';
export {
  type ApprovalHandle,
  type ApprovalStatus,
  type DecisionResult,
  useApproval,
} from './hooks/use-approval.js';
export { type ClientToolHandle, useClientTool } from './hooks/use-client-tool.js';
export { useNetwork } from './hooks/use-network.js';
export { usePendingApprovals } from './hooks/use-pending-approvals.js';
export { useRun, useRunIds } from './hooks/use-run.js';
export { useSubagent, useSubagents } from './hooks/use-subagent.js';
export { useToolCall } from './hooks/use-tool-call.js';
export { useToolCallIds, useToolCalls } from './hooks/use-tool-calls.js';
export {
  ToolpaneProvider,
  type ToolpaneProviderProps,
  type ToolpaneSource,
  type UpdateBatching,
  useToolpaneSession,
  useToolpaneSource,
  useToolpaneStore,
} from './provider/toolpane-provider.js';
export { type SelectorKey, useToolpaneSelector } from './provider/use-toolpane-selector.js';
