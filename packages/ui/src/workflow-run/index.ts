export * as WorkflowRun from './parts.js';
export {
  WorkflowRunHeader,
  WorkflowRunRoot,
  type WorkflowRunRootProps,
  WorkflowRunStep,
  WorkflowRunSteps,
} from './workflow-run.js';
