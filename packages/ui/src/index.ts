export { ToolpaneAnnouncer } from './announcer/announcer.js';
export * from './approval/index.js';
export {
  DisplayValueView,
  type DisplayValueViewProps,
} from './display-value/display-value.js';
export {
  ExactValue,
  type ExactValueLimits,
  type ExactValueProps,
  escapeFormat,
  escapeText,
} from './exact-value/exact-value.js';
export { JsonView, type JsonViewLimits, type JsonViewProps } from './json-view/json-view.js';
export * from './network-run/index.js';
export * from './resume-form/index.js';
export * from './subagent-run/index.js';
export * from './tool-call/index.js';
export { ToolCallCard } from './tool-call-card/tool-call-card.js';
export * from './transcript/index.js';
export {
  formatDuration,
  formatElapsed,
  TOOL_CALL_STATUS_LABELS,
  type ToolCallStatusLabels,
  toolCallStatusLabel,
  WORKFLOW_STATUS_LABELS,
} from './utils/format.js';
export * from './workflow-run/index.js';
