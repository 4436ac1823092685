'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { type ComponentProps, createContext, type ReactNode, useContext, useMemo } from 'react';
import { ApprovalRoot } from '../approval/approval.js';
import { DisplayValueView } from '../display-value/display-value.js';
import { ResumeFormRoot } from '../resume-form/resume-form.js';
import { cx } from '../utils/cx.js';
import {
  formatDuration,
  TOOL_CALL_STATUS_LABELS,
  type ToolCallStatusLabels,
  toolCallStatusLabel,
} from '../utils/format.js';
import { useHydrated } from '../utils/hydrated.js';
import { WorkflowRunRoot } from '../workflow-run/workflow-run.js';
import { MissingToolCall } from './missing.js';

interface ToolCallContextValue {
  readonly toolCallId: string;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);

/** The id of the call the surrounding `ToolCall.Root` shows. */
export function useToolCallContext(part: string): ToolCallContextValue {
  const value = useContext(ToolCallContext);
  if (value === null) throw new Error(`<ToolCall.${part}> must be inside <ToolCall.Root>.`);
  return value;
}

/**
 * Lets ToolCall parts work inside another root (a subagent card) that shows the same call.
 *
 * @example
 * <ToolCallScope toolCallId={id}><ToolCall.Input /></ToolCallScope>
 */
export function ToolCallScope({
  toolCallId,
  children,
}: ToolCallContextValue & { readonly children: ReactNode }) {
  // A stable value, so parts passed in as children are not re-rendered each time the root is.
  const value = useMemo(() => ({ toolCallId }), [toolCallId]);
  return <ToolCallContext.Provider value={value}>{children}</ToolCallContext.Provider>;
}

function useCall(part: string): ToolCallState | undefined {
  return useToolCall(useToolCallContext(part).toolCallId);
}

/** Whether a card should tell assistive technology that its content is still changing. */
export function isStreaming(call: ToolCallState | undefined): boolean {
  return (
    call !== undefined &&
    !TERMINAL_TOOL_STATUSES.has(call.status) &&
    call.status !== 'approval-requested' &&
    call.status !== 'suspended'
  );
}

/** Props of {@link ToolCallRoot}. */
export type ToolCallRootProps = ComponentProps<typeof Collapsible.Root> & {
  /** The call to show. */
  readonly toolCallId: string;
  /** Shown when the store has no call with this id (by default a {@link MissingToolCall} note). */
  readonly missing?: ReactNode;
};

/**
 * A disclosure card for one tool call; every part inside reads the call by its id. Without
 * children it shows the header, the approval or resume controls when a person has to act, and
 * the collapsible details.
 *
 * @example
 * <ToolCall.Root toolCallId="call-1">
 *   <ToolCall.Trigger />
 *   <ToolCall.Content />
 * </ToolCall.Root>
 */
export function ToolCallRoot({
  toolCallId,
  missing,
  children,
  className,
  ...props
}: ToolCallRootProps) {
  const call = useToolCall(toolCallId);
  if (call === undefined) return missing ?? <MissingToolCall toolCallId={toolCallId} />;
  return (
    <ToolCallScope toolCallId={toolCallId}>
      <Collapsible.Root
        data-slot="tool-call"
        data-status={call?.status}
        data-kind={call?.kind}
        role="group"
        aria-label={call?.toolName}
        aria-busy={isStreaming(call) || undefined}
        {...props}
        className={cx(className)}
      >
        {children ?? (
          <>
            <ToolCallTrigger />
            <ApprovalRoot toolCallId={toolCallId} />
            <ResumeFormRoot toolCallId={toolCallId} />
            <ToolCallContent />
          </>
        )}
      </Collapsible.Root>
    </ToolCallScope>
  );
}

/**
 * The call's name (the card itself is labelled with it too).
 *
 * @example
 * <ToolCall.Title>{(name) => name.replace(/Tool$/, '')}</ToolCall.Title>
 */
export function ToolCallTitle({
  children,
  className,
  ...props
}: Omit<ComponentProps<'span'>, 'children'> & { children?: (toolName: string) => ReactNode }) {
  const call = useCall('Title');
  return (
    <span data-slot="tool-call-title" {...props} className={cx(className)}>
      {call === undefined ? null : children ? children(call.toolName) : call.toolName}
    </span>
  );
}

/**
 * The call's status as a word, with `data-status` for styling.
 *
 * @example
 * <ToolCall.Status labels={{ ...TOOL_CALL_STATUS_LABELS, 'output-available': 'Fertig' }} />
 */
export function ToolCallStatusBadge({
  labels = TOOL_CALL_STATUS_LABELS,
  className,
  ...props
}: Omit<ComponentProps<'span'>, 'children'> & { labels?: ToolCallStatusLabels }) {
  const call = useCall('Status');
  if (call === undefined) return null;
  return (
    <span
      data-slot="tool-call-status"
      data-status={call.status}
      {...props}
      className={cx(className)}
    >
      {toolCallStatusLabel(call, labels)}
    </span>
  );
}

/**
 * How long the call ran, once it ended.
 *
 * @example
 * <ToolCall.Duration />
 */
export function ToolCallDuration({
  className,
  ...props
}: Omit<ComponentProps<'span'>, 'children'>) {
  const call = useCall('Duration');
  // The store's clock differs between server and browser: show durations once hydrated.
  const hydrated = useHydrated();
  if (!hydrated || call?.startedAt === undefined || call.endedAt === undefined) return null;
  return (
    <span data-slot="tool-call-duration" {...props} className={cx(className)}>
      {formatDuration(call.endedAt - call.startedAt)}
    </span>
  );
}

/**
 * The button that opens and closes the card; by default it shows the title, status and duration.
 *
 * @example
 * <ToolCall.Trigger />
 */
export function ToolCallTrigger({
  children,
  className,
  ...props
}: ComponentProps<typeof Collapsible.Trigger>) {
  const call = useCall('Trigger');
  return (
    <Collapsible.Trigger
      data-slot="tool-call-trigger"
      data-status={call?.status}
      {...props}
      className={cx(className)}
    >
      {children ?? (
        <>
          <ToolCallTitle />
          <ToolCallStatusBadge />
          <ToolCallDuration />
        </>
      )}
    </Collapsible.Trigger>
  );
}

/**
 * The collapsible body of the card; by default it shows input, progress, workflow steps, output
 * and error.
 *
 * @example
 * <ToolCall.Content>
 *   <ToolCall.Input />
 *   <ToolCall.Output />
 * </ToolCall.Content>
 */
export function ToolCallContent({
  children,
  className,
  ...props
}: ComponentProps<typeof Collapsible.Content>) {
  const { toolCallId } = useToolCallContext('Content');
  return (
    <Collapsible.Content data-slot="tool-call-content" {...props} className={cx(className)}>
      {children ?? (
        <>
          <ToolCallInput />
          <ToolCallProgress />
          <WorkflowRunRoot toolCallId={toolCallId} />
          <ToolCallResults />
          <ToolCallError />
        </>
      )}
    </Collapsible.Content>
  );
}

type SectionProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** The visible heading of the section. */
  readonly label?: ReactNode;
};

function SectionLabel({ children }: { children: ReactNode }) {
  return <div data-slot="tool-call-label">{children}</div>;
}

/**
 * The call's input as it should be shown; partial while the model is still writing it.
 *
 * @example
 * <ToolCall.Input label="Arguments" />
 */
export function ToolCallInput({ label = 'Input', className, ...props }: SectionProps) {
  const call = useCall('Input');
  if (call === undefined) return null;
  const partial = call.status === 'input-streaming';
  if (call.input.kind === 'none' && !partial) return null;
  return (
    <div
      data-slot="tool-call-input"
      data-partial={partial || undefined}
      {...props}
      className={cx(className)}
    >
      <SectionLabel>
        {label}
        {partial ? <span data-slot="tool-call-streaming"> (streaming)</span> : null}
      </SectionLabel>
      <DisplayValueView value={call.input} empty="…" />
    </div>
  );
}

/**
 * What the tool reported while running (`tool-output` progress), oldest first.
 *
 * @example
 * <ToolCall.Progress />
 */
export function ToolCallProgress({ label = 'Progress', className, ...props }: SectionProps) {
  const call = useCall('Progress');
  if (call === undefined || call.progress.length === 0) return null;
  return (
    <div data-slot="tool-call-progress" {...props} className={cx(className)}>
      <SectionLabel>{label}</SectionLabel>
      <ol data-slot="tool-call-progress-list">
        {call.progress.map((entry, index) => (
          // Progress entries only ever get appended, so their position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <li key={index} data-slot="tool-call-progress-item">
            <DisplayValueView value={entry} defaultExpandDepth={1} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The call's result as it should be shown.
 *
 * @example
 * <ToolCall.Output label="Result" />
 */
export function ToolCallOutput({ label = 'Output', className, ...props }: SectionProps) {
  const call = useCall('Output');
  if (call === undefined || call.output.kind === 'none') return null;
  return (
    <div
      data-slot="tool-call-output"
      data-kind={call.output.kind}
      {...props}
      className={cx(className)}
    >
      <SectionLabel>
        {label}
        {call.output.kind === 'transformed' ? (
          <span data-slot="tool-call-transformed"> (display version)</span>
        ) : null}
      </SectionLabel>
      <DisplayValueView value={call.output} />
    </div>
  );
}

function ModelOutputValue({ value }: { value: unknown }) {
  // toModelOutput returns the AI SDK's tool-result output: { type: 'text' | 'json' | ..., value }.
  if (typeof value === 'object' && value !== null && 'type' in value && 'value' in value) {
    const { type, value: inner } = value as { type: unknown; value: unknown };
    if (type === 'text' || type === 'error-text') {
      return <DisplayValueView value={{ kind: 'raw', value: String(inner) }} />;
    }
    if (type === 'json' || type === 'error-json' || type === 'content') {
      return <DisplayValueView value={{ kind: 'raw', value: inner }} />;
    }
  }
  return <DisplayValueView value={{ kind: 'raw', value }} />;
}

/**
 * The model's version of a result is derived from the raw result, which Mastra's display transform
 * does not cover: show it only where no display transform applies.
 */
function showsModelOutput(call: ToolCallState): boolean {
  return (
    call.modelOutput !== undefined &&
    call.output.kind !== 'hidden' &&
    call.displayTransform !== 'display'
  );
}

/**
 * What the model was given of the result when the tool's `toModelOutput` changed it. Nothing is
 * shown while the output itself is hidden, or when a display transform applies, since the model's
 * version is derived from the raw result.
 *
 * @example
 * <ToolCall.ModelOutput label="Sent to the model" />
 */
export function ToolCallModelOutput({
  label = 'What the model saw',
  className,
  ...props
}: SectionProps) {
  const call = useCall('ModelOutput');
  if (call === undefined || !showsModelOutput(call)) return null;
  return (
    <div data-slot="tool-call-model-output" {...props} className={cx(className)}>
      <SectionLabel>{label}</SectionLabel>
      <ModelOutputValue value={call.modelOutput} />
    </div>
  );
}

/**
 * The output and, when it differs, what the model saw, side by side.
 *
 * @example
 * <ToolCall.Results />
 */
export function ToolCallResults({ className, ...props }: Omit<ComponentProps<'div'>, 'children'>) {
  const call = useCall('Results');
  if (call === undefined || call.output.kind === 'none') return null;
  const both = showsModelOutput(call);
  return (
    <div
      data-slot="tool-call-results"
      data-layout={both ? 'split' : 'single'}
      {...props}
      className={cx(className)}
    >
      <ToolCallOutput label={both ? 'Full result' : 'Output'} />
      <ToolCallModelOutput />
    </div>
  );
}

/**
 * Why the call failed, as it should be shown.
 *
 * @example
 * <ToolCall.Error label="Problem" />
 */
export function ToolCallError({ label = 'Error', className, ...props }: SectionProps) {
  const call = useCall('Error');
  if (call === undefined || call.error.kind === 'none') return null;
  return (
    <div data-slot="tool-call-error" {...props} className={cx(className)}>
      <SectionLabel>{label}</SectionLabel>
      <DisplayValueView value={call.error} />
    </div>
  );
}
