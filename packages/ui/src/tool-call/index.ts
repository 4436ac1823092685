export { MissingToolCall, type MissingToolCallProps } from './missing.js';
export * as ToolCall from './parts.js';
export {
  type ProgressFraction,
  progressFraction,
  ToolCallProgress,
  type ToolCallProgressProps,
} from './progress.js';
export {
  type SectionProps,
  ToolCallError,
  ToolCallInput,
  ToolCallModelOutput,
  ToolCallOutput,
  ToolCallResults,
} from './sections.js';
export {
  ToolCallActivity,
  ToolCallContent,
  ToolCallDuration,
  ToolCallRoot,
  type ToolCallRootProps,
  ToolCallStatusBadge,
  type ToolCallStatusBadgeProps,
  type ToolCallTimeProps,
  ToolCallTitle,
  type ToolCallTitleProps,
  ToolCallTrigger,
} from './tool-call.js';
