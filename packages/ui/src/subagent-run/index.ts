export * as SubagentRun from './parts.js';
export {
  SubagentRunContent,
  SubagentRunRoot,
  type SubagentRunRootProps,
  SubagentRunTask,
  SubagentRunThread,
  SubagentRunTitle,
  SubagentRunTrigger,
} from './subagent-run.js';
