'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import type { WorkflowStatus } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { type ComponentProps, createContext, useContext } from 'react';
import { JsonView } from '../json-view/json-view.js';
import { cx } from '../utils/cx.js';
import { formatDuration, WORKFLOW_STATUS_LABELS } from '../utils/format.js';
import { useHydrated } from '../utils/hydrated.js';

const WorkflowRunContext = createContext<string | null>(null);

function useWorkflowCall(part: string) {
  const toolCallId = useContext(WorkflowRunContext);
  if (toolCallId === null)
    throw new Error(`<WorkflowRun.${part}> must be inside <WorkflowRun.Root>.`);
  return useToolCall(toolCallId);
}

/** Props of {@link WorkflowRunRoot}. */
export type WorkflowRunRootProps = ComponentProps<'div'> & {
  /** The `workflow-*` tool call the workflow ran inside. */
  readonly toolCallId: string;
};

/**
 * The steps of the workflow that ran inside a `workflow-*` tool call, with their status; renders
 * nothing until the workflow starts.
 *
 * @example
 * <WorkflowRun.Root toolCallId="call-report-1" />
 */
export function WorkflowRunRoot({
  toolCallId,
  children,
  className,
  ...props
}: WorkflowRunRootProps) {
  const workflow = useToolCall(toolCallId)?.workflow;
  if (workflow === undefined) return null;
  return (
    <WorkflowRunContext.Provider value={toolCallId}>
      <div
        data-slot="workflow-run"
        data-status={workflow.status}
        aria-busy={workflow.status === 'running' || undefined}
        {...props}
        className={cx(className)}
      >
        {children ?? (
          <>
            <WorkflowRunHeader />
            <WorkflowRunSteps />
          </>
        )}
      </div>
    </WorkflowRunContext.Provider>
  );
}

function StatusBadge({ slot, status }: { slot: string; status: WorkflowStatus }) {
  return (
    <span data-slot={slot} data-status={status}>
      {WORKFLOW_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The workflow's id and overall status.
 *
 * @example
 * <WorkflowRun.Header />
 */
export function WorkflowRunHeader({
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'>) {
  const workflow = useWorkflowCall('Header')?.workflow;
  if (workflow === undefined) return null;
  return (
    <div data-slot="workflow-run-header" {...props} className={cx(className)}>
      <span data-slot="workflow-run-title">
        Workflow{workflow.workflowId === undefined ? null : <code> {workflow.workflowId}</code>}
      </span>
      <StatusBadge slot="workflow-run-status" status={workflow.status} />
    </div>
  );
}

/**
 * The ordered list of steps.
 *
 * @example
 * <WorkflowRun.Steps />
 */
export function WorkflowRunSteps({ className, ...props }: Omit<ComponentProps<'ol'>, 'children'>) {
  const workflow = useWorkflowCall('Steps')?.workflow;
  if (workflow === undefined || workflow.stepIds.length === 0) return null;
  return (
    <ol data-slot="workflow-steps" aria-label="Steps" {...props} className={cx(className)}>
      {workflow.stepIds.map((stepId) => (
        <WorkflowRunStep key={stepId} stepId={stepId} />
      ))}
    </ol>
  );
}

/**
 * One step: its name, status and duration, and its output behind a disclosure once it has one.
 *
 * @example
 * <WorkflowRun.Step stepId="summarize" />
 */
export function WorkflowRunStep({
  stepId,
  className,
  ...props
}: Omit<ComponentProps<'li'>, 'children'> & { readonly stepId: string }) {
  const call = useWorkflowCall('Step');
  const step = call?.workflow?.steps.get(stepId);
  // Step payloads carry no display transform of their own: under a transformed call they may hold
  // exactly what the transform hides, so they stay out of sight.
  const hidden = call?.displayTransform === 'display';
  // The store's clock differs between server and browser: show durations once hydrated.
  const hydrated = useHydrated();
  if (step === undefined) return null;
  const duration =
    hydrated && step.startedAt !== undefined && step.endedAt !== undefined
      ? formatDuration(step.endedAt - step.startedAt)
      : undefined;
  const summary = (
    <>
      <span data-slot="workflow-step-name">{step.name}</span>
      <StatusBadge slot="workflow-step-status" status={step.status} />
      {duration === undefined ? null : <span data-slot="workflow-step-duration">{duration}</span>}
    </>
  );
  const details = hidden ? undefined : (step.output ?? step.suspendPayload);
  return (
    <li data-slot="workflow-step" data-status={step.status} {...props} className={cx(className)}>
      {details === undefined ? (
        <div data-slot="workflow-step-summary">{summary}</div>
      ) : (
        <Collapsible.Root data-slot="workflow-step-details">
          <Collapsible.Trigger data-slot="workflow-step-trigger">{summary}</Collapsible.Trigger>
          <Collapsible.Content data-slot="workflow-step-content">
            <JsonView value={details} defaultExpandDepth={1} />
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </li>
  );
}
