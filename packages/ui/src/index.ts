export * from './approval/index.js';
export {
  DisplayValueView,
  type DisplayValueViewProps,
} from './display-value/display-value.js';
export { JsonView, type JsonViewLimits, type JsonViewProps } from './json-view/json-view.js';
export * from './resume-form/index.js';
export * from './tool-call/index.js';
export {
  formatDuration,
  TOOL_CALL_STATUS_LABELS,
  type ToolCallStatusLabels,
  toolCallStatusLabel,
  WORKFLOW_STATUS_LABELS,
} from './utils/format.js';
