/** The ToolCall parts under short names, for `ToolCall.Root`-style use. */

export { MissingToolCall as Missing } from './missing.js';
export {
  ToolCallContent as Content,
  ToolCallDuration as Duration,
  ToolCallError as Error,
  ToolCallInput as Input,
  ToolCallModelOutput as ModelOutput,
  ToolCallOutput as Output,
  ToolCallProgress as Progress,
  ToolCallResults as Results,
  ToolCallRoot as Root,
  ToolCallStatusBadge as Status,
  ToolCallTitle as Title,
  ToolCallTrigger as Trigger,
} from './tool-call.js';
