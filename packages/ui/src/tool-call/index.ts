export { MissingToolCall, type MissingToolCallProps } from './missing.js';
export * as ToolCall from './parts.js';
export {
  ToolCallContent,
  ToolCallDuration,
  ToolCallError,
  ToolCallInput,
  ToolCallModelOutput,
  ToolCallOutput,
  ToolCallProgress,
  ToolCallResults,
  ToolCallRoot,
  type ToolCallRootProps,
  ToolCallStatusBadge,
  ToolCallTitle,
  ToolCallTrigger,
} from './tool-call.js';
