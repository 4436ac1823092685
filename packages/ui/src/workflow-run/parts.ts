/** The WorkflowRun parts under short names, for `WorkflowRun.Root`-style use. */
export {
  WorkflowRunHeader as Header,
  WorkflowRunRoot as Root,
  WorkflowRunStep as Step,
  WorkflowRunSteps as Steps,
} from './workflow-run.js';
