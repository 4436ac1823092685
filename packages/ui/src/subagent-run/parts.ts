/** The SubagentRun parts under short names, for `SubagentRun.Root`-style use. */
export {
  SubagentRunAnswer as Answer,
  SubagentRunDetails as Details,
  SubagentRunTask as Task,
} from './details.js';
export {
  SubagentRunContent as Content,
  SubagentRunRoot as Root,
  SubagentRunThread as Thread,
  SubagentRunTitle as Title,
  SubagentRunTrigger as Trigger,
} from './subagent-run.js';
