'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import { useToolCall, useToolpaneStore } from '@toolpane/react';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useContext } from 'react';
import { ApprovalRoot } from '../approval/approval.js';
import { escapeText } from '../exact-value/exact-value.js';
import { ResumeFormRoot } from '../resume-form/root.js';
import { useControlledRef, useControlsId } from '../utils/controls.js';
import {
  formatDuration,
  formatElapsed,
  TOOL_CALL_STATUS_LABELS,
  type ToolCallStatusLabels,
  toolCallStatusLabel,
} from '../utils/format.js';
import { useHydrated } from '../utils/hydrated.js';
import { PartElement, type PartProps, partProps, slotted, withChildren } from '../utils/part.js';
import { useElapsed } from '../utils/use-elapsed.js';
import { WorkflowRunRoot } from '../workflow-run/workflow-run.js';
import {
  ContentMountContext,
  isStreaming,
  ToolCallScope,
  useCall,
  useOpenedOnce,
  useToolCallContext,
} from './context.js';
import { MissingToolCall } from './missing.js';
import { ToolCallProgress } from './progress.js';
import { ToolCallRuns } from './runs.js';
import { ToolCallError, ToolCallInput, ToolCallResults } from './sections.js';

/** Props of {@link ToolCallRoot}. */
export type ToolCallRootProps = ComponentPropsWithoutRef<typeof Collapsible.Root> & {
  /** The call to show. */
  readonly toolCallId: string;
  /**
   * What the {@link MissingToolCall} note that stands for the card says when the store has no
   * call with this id (by default that it is not in this conversation). The card's ref and
   * element props go to the note, and with `asChild` the note is the caller's element, with this
   * in place of its children. A value React draws as nothing (`null`, `false`, `''`) draws no
   * note at all, and the ref is null.
   */
  readonly missing?: ReactNode;
};

/**
 * What stands for the name of a call whose tool the stream never named (on the AI SDK path, a
 * result read without the stream its call began in).
 */
const UNNAMED = 'Unnamed tool';

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
export const ToolCallRoot = forwardRef<HTMLDivElement, ToolCallRootProps>(function ToolCallRoot(
  { toolCallId, missing, asChild, children, open, defaultOpen, onOpenChange: onChange, ...props },
  ref,
) {
  const call = useToolCall(toolCallId);
  const [opened, onOpenChange] = useOpenedOnce(open, defaultOpen, onChange);
  // Without a call the note stands for the card: it takes the card's ref and element props
  // (not the collapsible's), and with `asChild` is the caller's element; it says `missing` if
  // given, and is not drawn for a `missing` React draws as nothing.
  if (call === undefined)
    return (
      <MissingToolCall ref={ref} toolCallId={toolCallId} asChild={asChild} {...props}>
        {asChild ? withChildren(children, missing) : missing}
      </MissingToolCall>
    );
  return (
    <ToolCallScope toolCallId={toolCallId}>
      <ContentMountContext.Provider value={opened}>
        <Collapsible.Root
          ref={ref}
          asChild={asChild}
          data-status={call?.status}
          data-awaiting-client={call?.awaitingClient === true ? '' : undefined}
          data-kind={call?.kind}
          role="group"
          aria-label={call.toolName || UNNAMED}
          aria-busy={isStreaming(call) || undefined}
          {...partProps('tool-call', props)}
          open={open}
          defaultOpen={defaultOpen}
          onOpenChange={onOpenChange}
        >
          {slotted(
            asChild,
            children,
            <>
              <ToolCallTrigger />
              <ApprovalRoot toolCallId={toolCallId} />
              <ResumeFormRoot toolCallId={toolCallId} />
              <ToolCallContent />
            </>,
          )}
        </Collapsible.Root>
      </ContentMountContext.Provider>
    </ToolCallScope>
  );
});

/** Props of {@link ToolCallTitle}. */
export type ToolCallTitleProps = Omit<PartProps<'span'>, 'children'> & {
  /** Your text for the name, or with `asChild` the element to render instead of the span. */
  readonly children?: ((toolName: string) => ReactNode) | ReactNode;
};

/**
 * The call's name (the card itself is labelled with it too), with invisible and
 * direction-changing characters and look-alike letters escaped as an approval escapes it (see
 * `escapeText`), or "Unnamed tool" when the stream never named it; a function child gets the
 * name as it is.
 *
 * @example
 * <ToolCall.Title>{(name) => name.replace(/Tool$/, '')}</ToolCall.Title>
 */
export const ToolCallTitle = forwardRef<HTMLSpanElement, ToolCallTitleProps>(function ToolCallTitle(
  { asChild, children, ...props },
  ref,
) {
  const call = useCall('Title');
  const render = typeof children === 'function' ? children : undefined;
  return (
    <PartElement
      tag="span"
      ref={ref}
      asChild={asChild}
      host={render ? undefined : (children as ReactNode)}
      {...partProps('tool-call-title', props)}
    >
      {call === undefined
        ? null
        : render
          ? render(call.toolName)
          : call.toolName === ''
            ? UNNAMED
            : escapeText(call.toolName, true)}
    </PartElement>
  );
});

/** Props of {@link ToolCallStatusBadge}. */
export type ToolCallStatusBadgeProps = Omit<PartProps<'span'>, 'children'> & {
  readonly labels?: ToolCallStatusLabels;
  /** With `asChild`: the element to render instead of the span. */
  readonly children?: ReactNode;
};

/**
 * The call's status as a word, with `data-status` for styling.
 *
 * @example
 * <ToolCall.Status labels={{ ...TOOL_CALL_STATUS_LABELS, 'output-available': 'Fertig' }} />
 */
export const ToolCallStatusBadge = forwardRef<HTMLSpanElement, ToolCallStatusBadgeProps>(
  function ToolCallStatusBadge(
    { labels = TOOL_CALL_STATUS_LABELS, asChild, children, ...props },
    ref,
  ) {
    const call = useCall('Status');
    if (call === undefined) return null;
    return (
      <PartElement
        tag="span"
        ref={ref}
        asChild={asChild}
        host={children}
        data-status={call.status}
        {...partProps('tool-call-status', props)}
      >
        {toolCallStatusLabel(call, labels)}
      </PartElement>
    );
  },
);

/** Props of {@link ToolCallDuration} and {@link ToolCallActivity}. */
export type ToolCallTimeProps = PartProps<'span'>;

/**
 * How long the call ran, once it ended; while it runs, the time so far, ticking each second
 * (`data-live`). The ticking re-renders this part only.
 *
 * @example
 * <ToolCall.Duration />
 */
export const ToolCallDuration = forwardRef<HTMLSpanElement, ToolCallTimeProps>(
  function ToolCallDuration({ asChild, children, ...props }, ref) {
    const call = useCall('Duration');
    // The store's clock differs between server and browser: show times once hydrated.
    const hydrated = useHydrated();
    const live = hydrated && isStreaming(call) && call?.startedAt !== undefined;
    const elapsed = useElapsed(live ? call?.startedAt : undefined, useToolpaneStore().now);
    let text: string | undefined;
    if (call?.startedAt !== undefined && call.endedAt !== undefined)
      text = formatDuration(call.endedAt - call.startedAt);
    else if (elapsed !== undefined) text = formatElapsed(elapsed);
    if (!hydrated || text === undefined) return null;
    return (
      <PartElement
        tag="span"
        ref={ref}
        asChild={asChild}
        host={children}
        data-live={elapsed !== undefined && call?.endedAt === undefined ? '' : undefined}
        {...partProps('tool-call-duration', props)}
      >
        {text}
      </PartElement>
    );
  },
);

/**
 * A small activity indicator while the call is alive (preparing, running, or its answer on the
 * way); hidden from assistive technology, which hears `aria-busy` on the card. It stands still
 * under `prefers-reduced-motion`.
 *
 * @example
 * <ToolCall.Activity />
 */
export const ToolCallActivity = forwardRef<HTMLSpanElement, ToolCallTimeProps>(
  function ToolCallActivity({ asChild, children, ...props }, ref) {
    const call = useCall('Activity');
    if (!isStreaming(call)) return null;
    return (
      <PartElement
        tag="span"
        ref={ref}
        asChild={asChild}
        host={children}
        aria-hidden="true"
        {...partProps('tool-call-activity', props)}
      />
    );
  },
);

/**
 * The button that opens and closes the card; by default it shows the title, status, activity
 * and duration.
 *
 * @example
 * <ToolCall.Trigger />
 */
export const ToolCallTrigger = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof Collapsible.Trigger>
>(function ToolCallTrigger({ asChild, children, ...props }, ref) {
  const call = useCall('Trigger');
  const controls = useControlsId(useToolCallContext('Trigger').controls);
  return (
    <Collapsible.Trigger
      ref={ref}
      asChild={asChild}
      data-status={call?.status}
      aria-controls={controls}
      {...partProps('tool-call-trigger', props)}
    >
      {slotted(
        asChild,
        children,
        <>
          <ToolCallTitle />
          <ToolCallStatusBadge />
          <ToolCallActivity />
          <ToolCallDuration />
        </>,
      )}
    </Collapsible.Trigger>
  );
});

/**
 * The collapsible body of the card; by default it shows input, progress, workflow steps, output
 * and error. Inside `ToolCall.Root` it is mounted the first time the card opens (a closed body
 * shows nothing), unless `forceMount` is set.
 *
 * @example
 * <ToolCall.Content>
 *   <ToolCall.Input />
 *   <ToolCall.Output />
 * </ToolCall.Content>
 */
export const ToolCallContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof Collapsible.Content>
>(function ToolCallContent({ asChild, children, ...props }, ref) {
  const { toolCallId, controls } = useToolCallContext('Content');
  const opened = useContext(ContentMountContext);
  const composed = useControlledRef(ref, controls);
  if (!opened && props.forceMount !== true) return null;
  return (
    <Collapsible.Content
      ref={composed}
      asChild={asChild}
      {...partProps('tool-call-content', props)}
    >
      {slotted(
        asChild,
        children,
        <>
          <ToolCallInput />
          <ToolCallProgress />
          <WorkflowRunRoot toolCallId={toolCallId} />
          <ToolCallRuns />
          <ToolCallResults />
          <ToolCallError />
        </>,
      )}
    </Collapsible.Content>
  );
});
