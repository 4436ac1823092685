'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import type { WorkflowState, WorkflowStepState } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { createContext, forwardRef, useContext } from 'react';
import { RunHeader } from '../card-header/run-header.js';
import { escapeText } from '../exact-value/exact-value.js';
import { JsonView } from '../json-view/json-view.js';
import { formatDuration, WORKFLOW_STATUS_LABELS } from '../utils/format.js';
import { useHydrated } from '../utils/hydrated.js';
import { useInside } from '../utils/inside.js';
import {
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';

const WorkflowRunContext = createContext<string | null>(null);

const useWorkflowCall = (part: string) =>
  useToolCall(useInside(WorkflowRunContext, 'WorkflowRun', part));

/** Props of {@link WorkflowRunRoot}. */
export type WorkflowRunRootProps = PartProps<'div'> & {
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
export const WorkflowRunRoot = forwardRef<HTMLDivElement, WorkflowRunRootProps>(
  function WorkflowRunRoot({ toolCallId, asChild, children, ...props }, ref) {
    const workflow = useToolCall(toolCallId)?.workflow;
    if (workflow === undefined) return null;
    return (
      <WorkflowRunContext.Provider value={toolCallId}>
        <PartElement
          tag="div"
          ref={ref}
          asChild={asChild}
          host={children}
          data-status={workflow.status}
          aria-busy={workflow.status === 'running' || undefined}
          {...partProps('workflow-run', props)}
        >
          {partContent(
            asChild,
            children,
            <>
              <WorkflowRunHeader />
              <WorkflowRunSteps />
            </>,
          )}
        </PartElement>
      </WorkflowRunContext.Provider>
    );
  },
);

/**
 * The workflow's id and overall status.
 *
 * @example
 * <WorkflowRun.Header />
 */
export const WorkflowRunHeader = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function WorkflowRunHeader(props, ref) {
    const workflow = useWorkflowCall('Header')?.workflow;
    if (workflow === undefined) return null;
    return (
      <RunHeader
        ref={ref}
        family="workflow-run"
        kind="Workflow"
        name={workflow.workflowId}
        status={workflow.status}
        label={WORKFLOW_STATUS_LABELS[workflow.status]}
        {...props}
      />
    );
  },
);

/** The steps under each step that ran a nested workflow, in order; `undefined` keys the top. */
const StepTreeContext = createContext(new Map<string | undefined, string[]>());

/** Groups the steps under the step whose nested workflow ran them: one pass over the steps. */
function stepTree({ stepIds, steps }: WorkflowState) {
  const tree = new Map<string | undefined, string[]>();
  for (const stepId of stepIds) {
    const parent = steps.get(stepId)?.parentStepId;
    // A parent that is not a step (a state made elsewhere): the step shows at the top.
    const key = steps.has(parent!) ? parent : undefined;
    (tree.get(key) ?? tree.set(key, []).get(key)!).push(stepId);
  }
  return tree;
}

const stepItems = (stepIds: readonly string[]) =>
  stepIds.map((stepId) => <WorkflowRunStep key={stepId} stepId={stepId} />);

/**
 * The ordered list of steps. The steps of a nested workflow show in a list inside the step that
 * ran it, as deep as the workflows nest.
 *
 * @example
 * <WorkflowRun.Steps />
 */
export const WorkflowRunSteps = forwardRef<HTMLOListElement, HostProps<'ol'>>(
  function WorkflowRunSteps({ asChild, children, ...props }, ref) {
    const workflow = useWorkflowCall('Steps')?.workflow;
    // O(steps), as listing them is.
    const tree = workflow && stepTree(workflow);
    const top = tree?.get(undefined);
    if (top === undefined) return null;
    return (
      <StepTreeContext.Provider value={tree!}>
        <PartElement
          tag="ol"
          ref={ref}
          asChild={asChild}
          host={children}
          aria-label="Steps"
          {...partProps('workflow-steps', props)}
        >
          {stepItems(top)}
        </PartElement>
      </StepTreeContext.Provider>
    );
  },
);

/**
 * A step's name as its list shows it: a nested workflow's step without the prefix its parent's id
 * already says (`pack-order` under `shipping-workflow`).
 */
const shortName = ({ name, parentStepId: parent }: WorkflowStepState) =>
  parent !== undefined && name.startsWith(`${parent}.`) ? name.slice(parent.length + 1) : name;

/** How far a step that runs more than once got: items of a foreach, repetitions of a loop. */
function iterationsLabel(step: WorkflowStepState): string | undefined {
  const { iterations, iterationCount } = step;
  // Counted by the client as they change: O(1) here, whatever the step holds.
  const reported = iterations?.size ?? 0;
  if (iterationCount !== undefined) {
    return `${reported - (step.runningIterations ?? 0)}/${iterationCount} items`;
  }
  return iterations && `${reported} runs`;
}

/** The runs of a step that ran more than once, each with its status and output. */
function WorkflowRunIterations({
  step,
  hidden,
}: {
  readonly step: WorkflowStepState;
  readonly hidden: boolean;
}) {
  const noun = step.iterationCount === undefined ? 'Run' : 'Item';
  // Kept in the order they reported (a foreach's items finish out of order): shown by index.
  const runs = [...step.iterations!.values()].sort((a, b) => a.index - b.index);
  return (
    <ol aria-label={`${noun}s of ${shortName(step)}`} {...partProps('workflow-step-iterations')}>
      {runs.map((it) => (
        <li key={it.index} data-status={it.status} {...partProps('workflow-step-iteration')}>
          <span {...partProps('workflow-step-iteration-name')}>{`${noun} ${it.index + 1}`}</span>
          <span {...partProps('workflow-step-iteration-status')} data-status={it.status}>
            {WORKFLOW_STATUS_LABELS[it.status]}
          </span>
          {hidden || it.output === undefined ? null : (
            <JsonView value={it.output} defaultExpandDepth={0} />
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * One step: its name, status and duration, what it threw when it failed, and its output (and,
 * for a step that ran more than once, each run) behind a disclosure once it has one. Inside
 * {@link WorkflowRunSteps}, a step that ran a nested workflow lists that workflow's steps.
 *
 * @example
 * <WorkflowRun.Step stepId="summarize" />
 */
export const WorkflowRunStep = forwardRef<
  HTMLLIElement,
  HostProps<'li'> & { readonly stepId: string }
>(function WorkflowRunStep({ stepId, asChild, children, ...props }, ref) {
  const call = useWorkflowCall('Step');
  const step = call?.workflow?.steps.get(stepId);
  // Step payloads carry no display transform of their own: under a transformed call they may hold
  // exactly what the transform hides, so they stay out of sight.
  const hidden = call?.displayTransform === 'display';
  // The store's clock differs between server and browser: show durations once hydrated.
  const hydrated = useHydrated();
  const substeps = useContext(StepTreeContext).get(stepId);
  if (step === undefined) return null;
  // Escaped as a tool's name is, so a direction override or look-alike letters cannot pass for another.
  const name = escapeText(shortName(step), true);
  const duration =
    hydrated && step.startedAt !== undefined && step.endedAt !== undefined
      ? formatDuration(step.endedAt - step.startedAt)
      : undefined;
  const runs = iterationsLabel(step);
  const summary = (
    <>
      <span {...partProps('workflow-step-name')}>{name}</span>
      <span {...partProps('workflow-step-status')} data-status={step.status}>
        {WORKFLOW_STATUS_LABELS[step.status]}
      </span>
      {runs && <span {...partProps('workflow-step-runs')}>{runs}</span>}
      {duration && <span {...partProps('workflow-step-duration')}>{duration}</span>}
    </>
  );
  const details = hidden ? undefined : (step.output ?? step.suspendPayload);
  const iterations = (step.iterations?.size ?? 0) > 0;
  return (
    <PartElement
      tag="li"
      ref={ref}
      asChild={asChild}
      host={children}
      data-status={step.status}
      {...partProps('workflow-step', props)}
    >
      {details === undefined && !iterations ? (
        <div {...partProps('workflow-step-summary')}>{summary}</div>
      ) : (
        <Collapsible.Root {...partProps('workflow-step-details')}>
          <Collapsible.Trigger {...partProps('workflow-step-trigger')}>
            {summary}
          </Collapsible.Trigger>
          <Collapsible.Content {...partProps('workflow-step-content')}>
            {iterations && <WorkflowRunIterations step={step} hidden={hidden} />}
            {details === undefined ? null : <JsonView value={details} defaultExpandDepth={1} />}
          </Collapsible.Content>
        </Collapsible.Root>
      )}
      {step.error && <p {...partProps('workflow-step-error')}>{step.error}</p>}
      {substeps && (
        <ol aria-label={`Steps of ${name}`} {...partProps('workflow-steps')}>
          {stepItems(substeps)}
        </ol>
      )}
    </PartElement>
  );
});
