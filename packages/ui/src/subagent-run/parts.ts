/** The SubagentRun parts under short names, for `SubagentRun.Root`-style use. */
export {
  SubagentRunContent as Content,
  SubagentRunRoot as Root,
  SubagentRunTask as Task,
  SubagentRunThread as Thread,
  SubagentRunTitle as Title,
  SubagentRunTrigger as Trigger,
} from './subagent-run.js';
