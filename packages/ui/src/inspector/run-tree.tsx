'use client';
import type { RunState, ToolCallState, ToolpaneState } from '@toolpane/client';
import { forwardRef, type ReactNode } from 'react';
import { escapeText } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';

/** A name or id from the stream, escaped so that it cannot pass for another (see `escapeText`). */
export const named = (text: string) => escapeText(text, true);

/** What is selected in an inspector: a run or a call, by id. */
export type InspectorSelection =
  | { readonly kind: 'run'; readonly id: string }
  | { readonly kind: 'call'; readonly id: string }
  | undefined;

interface TreeProps {
  readonly state: ToolpaneState;
  readonly selection: InspectorSelection;
  readonly highlighted: ReadonlySet<string>;
  readonly onSelect: (selection: InspectorSelection) => void;
}

function NodeButton({
  kind,
  id,
  label,
  status,
  props,
}: {
  readonly kind: 'run' | 'call';
  readonly id: string;
  readonly label: ReactNode;
  readonly status: string;
  readonly props: TreeProps;
}) {
  const selected = props.selection?.kind === kind && props.selection.id === id;
  return (
    <button
      type="button"
      {...partProps('inspector-node')}
      data-kind={kind}
      data-id={id}
      data-highlighted={props.highlighted.has(`${kind}:${id}`) || undefined}
      aria-pressed={selected}
      onClick={() => props.onSelect(selected ? undefined : { kind, id })}
    >
      <span {...partProps('inspector-node-label')}>{label}</span>
      <span {...partProps('inspector-node-status')} data-status={status}>
        {status}
      </span>
    </button>
  );
}

function CallNode({ call, props }: { readonly call: ToolCallState; readonly props: TreeProps }) {
  const { state } = props;
  const steps = call.workflow?.stepIds.flatMap((id) => {
    const step = call.workflow?.steps.get(id);
    return step === undefined ? [] : [step];
  });
  return (
    <li {...partProps('inspector-call')}>
      <NodeButton
        kind="call"
        id={call.toolCallId}
        label={
          <>
            {named(call.toolName)} <code>{named(call.toolCallId)}</code>
          </>
        }
        status={call.status}
        props={props}
      />
      {call.childRunIds.length > 0 ? (
        <ul>
          {call.childRunIds.map((runId) => {
            const run = state.runs.get(runId);
            return run === undefined ? null : <RunNode key={runId} run={run} props={props} />;
          })}
        </ul>
      ) : null}
      {steps !== undefined && steps.length > 0 ? (
        <ul {...partProps('inspector-steps')}>
          {steps.map((step) => (
            <li key={step.id} {...partProps('inspector-step')} data-status={step.status}>
              {named(step.name)} <span {...partProps('inspector-node-status')}>{step.status}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function RunNode({ run, props }: { readonly run: RunState; readonly props: TreeProps }) {
  return (
    <li {...partProps('inspector-run')}>
      <NodeButton
        kind="run"
        id={run.runId}
        label={
          <>
            {run.agentId === undefined
              ? run.depth === 0
                ? 'run'
                : 'subagent run'
              : named(run.agentId)}{' '}
            <code>{named(run.runId)}</code>
          </>
        }
        status={run.status}
        props={props}
      />
      {run.toolCallIds.length > 0 ? (
        <ul>
          {run.toolCallIds.map((id) => {
            const call = props.state.toolCalls.get(id);
            return call === undefined ? null : <CallNode key={id} call={call} props={props} />;
          })}
        </ul>
      ) : null}
    </li>
  );
}

/** Props of {@link RunTree}. */
export type RunTreeProps = TreeProps & Omit<HostProps<'ul'>, 'onSelect'>;

/**
 * The runs of a state as a tree: runs, their calls, subagent runs and workflow steps. A click
 * on a run or call selects it (`onSelect`); `highlighted` marks nodes as `run:id` / `call:id`.
 *
 * @example
 * <RunTree state={state} selection={undefined} highlighted={new Set()} onSelect={setSelection} />
 */
export const RunTree = forwardRef<HTMLUListElement, RunTreeProps>(function RunTree(
  { state, selection, highlighted, onSelect, asChild, children, ...props },
  ref,
) {
  const tree: TreeProps = { state, selection, highlighted, onSelect };
  return (
    <PartElement
      tag="ul"
      ref={ref}
      asChild={asChild}
      host={children}
      aria-label="Runs"
      {...partProps('inspector-tree', props)}
    >
      {state.runOrder.map((runId) => {
        const run = state.runs.get(runId);
        return run === undefined ? null : <RunNode key={runId} run={run} props={tree} />;
      })}
    </PartElement>
  );
});
