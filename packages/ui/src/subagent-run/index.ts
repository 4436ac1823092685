export { SubagentRunAnswer, SubagentRunDetails, SubagentRunTask } from './details.js';
export { MAX_NESTED_SUBAGENTS } from './nesting.js';
export * as SubagentRun from './parts.js';
export {
  SubagentRunContent,
  type SubagentRunContentProps,
  SubagentRunRoot,
  type SubagentRunRootProps,
  SubagentRunThread,
  type SubagentRunThreadProps,
  SubagentRunTitle,
  SubagentRunTrigger,
} from './subagent-run.js';
