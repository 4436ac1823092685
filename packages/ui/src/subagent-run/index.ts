export { SubagentRunAnswer, SubagentRunDetails, SubagentRunTask } from './details.js';
export * as SubagentRun from './parts.js';
export {
  SubagentRunContent,
  SubagentRunRoot,
  type SubagentRunRootProps,
  SubagentRunThread,
  type SubagentRunThreadProps,
  SubagentRunTitle,
  SubagentRunTrigger,
} from './subagent-run.js';
