/** The ToolCall parts under short names, for `ToolCall.Root`-style use. */
export { MissingToolCall as Missing } from './missing.js';
export { ToolCallProgress as Progress } from './progress.js';
export {
  ToolCallError as Error,
  ToolCallInput as Input,
  ToolCallModelOutput as ModelOutput,
  ToolCallOutput as Output,
  ToolCallResults as Results,
} from './sections.js';
export {
  ToolCallActivity as Activity,
  ToolCallContent as Content,
  ToolCallDuration as Duration,
  ToolCallRoot as Root,
  ToolCallStatusBadge as Status,
  ToolCallTitle as Title,
  ToolCallTrigger as Trigger,
} from './tool-call.js';
