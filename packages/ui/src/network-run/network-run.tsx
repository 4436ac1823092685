'use client';
import { type NetworkStep, type RunStatus, runKey, type ToolpaneState } from '@toolpane/client';
import { useNetwork, useToolpaneSelector } from '@toolpane/react';
import { createContext, forwardRef, useCallback } from 'react';
import { RunHeader } from '../card-header/run-header.js';
import { escapeText } from '../exact-value/exact-value.js';
import { ToolCallCard } from '../tool-call-card/tool-call-card.js';
import { useInside } from '../utils/inside.js';
import {
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';
import { jsonText } from '../utils/values.js';

const NetworkRunContext = createContext<string | null>(null);

function useNetworkRunId(part: string): string {
  const runId = useInside(NetworkRunContext, 'NetworkRun', part);
  return runId;
}

function useRunNetwork(part: string) {
  return useNetwork(useNetworkRunId(part));
}

/** Props of {@link NetworkRunRoot}. */
export type NetworkRunRootProps = PartProps<'section'> & {
  /** The network's run (`state.runOrder` holds it like any top-level run). */
  readonly runId: string;
};

/**
 * An agent network run: each routing decision, each execution (the chosen agent, workflow or
 * tool, as its own card with its nested run), each completion check and the final result.
 * Renders nothing for a run that is not a network. Needs a store created with
 * `families: [network]` from `@toolpane/client/network`.
 *
 * @example
 * <NetworkRun.Root runId={runId} />
 */
export const NetworkRunRoot = forwardRef<HTMLElement, NetworkRunRootProps>(function NetworkRunRoot(
  { runId, asChild, children, ...props },
  ref,
) {
  const network = useNetwork(runId);
  if (network === undefined) return null;
  const done = network.isComplete !== undefined;
  return (
    <NetworkRunContext.Provider value={runId}>
      <PartElement
        tag="section"
        ref={ref}
        asChild={asChild}
        host={children}
        data-complete={network.isComplete}
        aria-label={`Network ${network.networkId ?? ''}`.trim()}
        aria-busy={!done || undefined}
        {...partProps('network-run', props)}
      >
        {partContent(
          asChild,
          children,
          <>
            <NetworkRunHeader />
            <NetworkRunSteps />
            <NetworkRunResult />
          </>,
        )}
      </PartElement>
    </NetworkRunContext.Provider>
  );
});

/** A network run's status: its run's, with a finish that did not complete told apart. */
type NetworkStatus = RunStatus | 'incomplete';

const NETWORK_STATUS_LABELS: Readonly<Record<NetworkStatus, string>> = {
  streaming: 'Running',
  waiting: 'Waiting',
  finished: 'Completed',
  incomplete: 'Not complete',
  error: 'Failed',
  aborted: 'Stopped',
  tripwire: 'Blocked',
  interrupted: 'Interrupted',
};

/**
 * The network's id and overall status: running, waiting for a person, completed, finished
 * without completing, stopped or failed. Re-renders when the status changes, not on each chunk.
 *
 * @example
 * <NetworkRun.Header />
 */
export const NetworkRunHeader = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function NetworkRunHeader(props, ref) {
    const runId = useNetworkRunId('Header');
    const network = useNetwork(runId);
    const run = useToolpaneSelector(
      useCallback((state: ToolpaneState) => state.runs.get(runId)?.status, [runId]),
      Object.is,
      runKey(runId),
    );
    if (network === undefined) return null;
    const status: NetworkStatus =
      network.aborted === true
        ? 'aborted'
        : run === 'finished' && network.isComplete === false
          ? 'incomplete'
          : (run ?? 'streaming');
    return (
      <RunHeader
        ref={ref}
        family="network-run"
        kind="Network"
        name={network.networkId}
        status={status}
        label={NETWORK_STATUS_LABELS[status]}
        {...props}
      />
    );
  },
);

function StepBody({ step }: { step: NetworkStep }) {
  switch (step.kind) {
    case 'routing':
      return (
        <>
          <p {...partProps('network-step-title')}>
            {step.status === 'running'
              ? 'Routing…'
              : step.status === 'aborted'
                ? 'Routing stopped'
                : step.primitive === undefined
                  ? 'Routed'
                  : `Routed to ${step.primitive.type === 'none' ? 'nothing' : step.primitive.type} `}
            {step.primitive !== undefined && step.primitive.type !== 'none' ? (
              <code>{escapeText(step.primitive.id, true)}</code>
            ) : null}
          </p>
          {step.selectionReason === undefined ? null : (
            <p {...partProps('network-step-reason')}>{step.selectionReason}</p>
          )}
        </>
      );
    case 'execution':
      return <ToolCallCard toolCallId={step.toolCallId} />;
    case 'validation':
      return (
        <>
          <p {...partProps('network-step-title')}>
            {step.status === 'running'
              ? 'Checking completion…'
              : step.status === 'passed'
                ? 'Complete'
                : 'Not complete yet'}
          </p>
          {step.reason === undefined ? null : (
            <p {...partProps('network-step-reason')}>{step.reason}</p>
          )}
        </>
      );
  }
}

/**
 * The network's loop, one item per step, in order. A resumed execution shows once.
 *
 * @example
 * <NetworkRun.Steps />
 */
export const NetworkRunSteps = forwardRef<HTMLOListElement, HostProps<'ol'>>(
  function NetworkRunSteps({ asChild, children, ...props }, ref) {
    const network = useRunNetwork('Steps');
    if (network === undefined || network.steps.length === 0) return null;
    const shown = new Set<string>();
    return (
      <PartElement
        tag="ol"
        ref={ref}
        asChild={asChild}
        host={children}
        aria-label="Network steps"
        {...partProps('network-steps', props)}
      >
        {network.steps.map((step, index) => {
          if (step.kind === 'execution') {
            if (shown.has(step.toolCallId)) return null;
            shown.add(step.toolCallId);
          }
          const status = step.kind === 'execution' ? undefined : step.status;
          return (
            // Steps only ever append, so their index is a stable key.
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              key={index}
              {...partProps('network-step')}
              data-kind={step.kind}
              data-status={status}
            >
              <StepBody step={step} />
            </li>
          );
        })}
      </PartElement>
    );
  },
);

/**
 * The network's final result, once it finished.
 *
 * @example
 * <NetworkRun.Result />
 */
export const NetworkRunResult = forwardRef<HTMLDivElement, HostProps<'div'>>(
  function NetworkRunResult({ asChild, children, ...props }, ref) {
    const network = useRunNetwork('Result');
    if (network === undefined || network.result === undefined) return null;
    const text = typeof network.result === 'string' ? network.result : jsonText(network.result);
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('network-result', props)}
      >
        <p {...partProps('network-result-label')}>
          {network.isComplete === false ? 'Stopped without completing' : 'Result'}
        </p>
        <p {...partProps('network-result-text')}>{text}</p>
      </PartElement>
    );
  },
);
