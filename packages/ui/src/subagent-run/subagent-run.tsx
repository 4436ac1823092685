'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import { callKey, type ToolpaneState } from '@toolpane/client';
import { useRun, useToolCall, useToolpaneSelector } from '@toolpane/react';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApprovalRoot } from '../approval/approval.js';
import { escapeText } from '../exact-value/exact-value.js';
import { ResumeFormRoot } from '../resume-form/root.js';
import { RunPart } from '../run-parts/run-parts.js';
import { SubagentCardSlot } from '../run-parts/slot.js';
import { RunThreadSlot } from '../run-parts/thread-slot.js';
import { isStreaming, ToolCallScope, useToolCallContext } from '../tool-call/context.js';
import { ToolCallActivity, ToolCallDuration, ToolCallStatusBadge } from '../tool-call/tool-call.js';
import { useControlledRef, useControlsId } from '../utils/controls.js';
import {
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
  slotted,
} from '../utils/part.js';
import { SubagentRunContext, useSubagentRunContext } from './context.js';
import { SubagentRunAnswer, SubagentRunDetails, SubagentRunTask } from './details.js';
import {
  DeeperSubagents,
  DeepSubagentView,
  MAX_NESTED_SUBAGENTS,
  NestingScope,
  subagentName,
  useNeedsPersonInside,
  useNesting,
} from './nesting.js';

/** Props of {@link SubagentRunRoot}. */
export type SubagentRunRootProps = ComponentPropsWithoutRef<typeof Collapsible.Root> & {
  /** The `agent-*` tool call the subagent ran under. */
  readonly toolCallId: string;
};

/**
 * A collapsible card for a subagent (an `agent-*` tool call): its answer first, then its task and
 * its own tool calls, nested as deep as the agents went, then the full result, collapsed. It
 * starts open, and opens itself when a call inside needs a person, so a nested approval is never
 * hidden. While it shows a deeper view in its place, its ref and props go to that view's
 * `section` (with `asChild`, the caller's element), which its `aria-label` and
 * `aria-labelledby` name too, before "Deeper: …".
 *
 * @example
 * <SubagentRun.Root toolCallId="call-agent-1" />
 */
export const SubagentRunRoot = forwardRef<HTMLDivElement, SubagentRunRootProps>(
  function SubagentRunRoot(
    { toolCallId, open, defaultOpen = true, onOpenChange, asChild, children, ...props },
    ref,
  ) {
    const call = useToolCall(toolCallId);
    const depth = useToolpaneSelector(
      useCallback(
        (state: ToolpaneState) => {
          const parentRun = state.toolCalls.get(toolCallId)?.runId;
          return parentRun === undefined ? 0 : (state.runs.get(parentRun)?.depth ?? 0) + 1;
        },
        [toolCallId],
      ),
      Object.is,
      callKey(toolCallId),
    );
    const needsPerson = useNeedsPersonInside(toolCallId);
    const [openState, setOpenState] = useState(defaultOpen);
    const onOpenChangeRef = useRef(onOpenChange);
    useEffect(() => {
      onOpenChangeRef.current = onOpenChange;
    });
    const contentId = useId();
    // Cards nest one level per subagent; an outermost card also holds the view a too-deep card
    // opens (see MAX_NESTED_SUBAGENTS), so the page never nests deeper than the cap.
    const nesting = useNesting();
    const [deepView, setDeepView] = useState<string | null>(null);
    const openDeep = nesting?.open ?? setDeepView;
    const level = nesting === null ? 0 : nesting.level + 1;
    const nestingValue = useMemo(() => ({ level, open: openDeep }), [level, openDeep]);
    const deepNesting = useMemo(() => ({ level: -1, open: setDeepView }), []);
    const isOpen = open ?? openState;
    const context = useMemo(
      () => ({ toolCallId, open: isOpen, contentId }),
      [toolCallId, isOpen, contentId],
    );
    const setOpen = (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
    };

    useEffect(() => {
      if (!needsPerson) return;
      setOpenState(true);
      onOpenChangeRef.current?.(true);
    }, [needsPerson]);

    if (nesting === null && deepView !== null) {
      return (
        <DeepSubagentView
          toolCallId={deepView}
          onBack={() => setDeepView(null)}
          rootRef={ref as Ref<HTMLElement>}
          host={asChild && children}
          {...props}
        >
          <NestingScope value={deepNesting}>
            <OutermostSubagent toolCallId={deepView} />
          </NestingScope>
        </DeepSubagentView>
      );
    }

    return (
      <NestingScope value={nestingValue}>
        <SubagentCards>
          <SubagentRunContext.Provider value={context}>
            <ToolCallScope toolCallId={toolCallId}>
              <Collapsible.Root
                ref={ref}
                asChild={asChild}
                data-status={call?.status}
                data-depth={depth}
                role="group"
                aria-label={subagentName(call?.toolName)}
                aria-busy={isStreaming(call) || undefined}
                open={isOpen}
                onOpenChange={setOpen}
                {...partProps('subagent-run', props)}
              >
                {slotted(
                  asChild,
                  children,
                  <>
                    <SubagentRunTrigger />
                    <ApprovalRoot toolCallId={toolCallId} />
                    <ResumeFormRoot toolCallId={toolCallId} />
                    <SubagentRunContent />
                  </>,
                )}
              </Collapsible.Root>
            </ToolCallScope>
          </SubagentRunContext.Provider>
        </SubagentCards>
      </NestingScope>
    );
  },
);

/**
 * The subagent's name, the key it was registered under; the card is labelled with it. It stays
 * the same from the first chunk to the last.
 *
 * @example
 * <SubagentRun.Title />
 */
export const SubagentRunTitle = forwardRef<HTMLSpanElement, HostProps<'span'>>(
  function SubagentRunTitle({ asChild, children, ...props }, ref) {
    const { toolCallId } = useSubagentRunContext('Title');
    const toolName = useToolCall(toolCallId)?.toolName ?? '';
    return (
      <PartElement
        tag="span"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('subagent-run-title', props)}
      >
        {escapeText(subagentName(toolName) ?? '', true)}
      </PartElement>
    );
  },
);

/**
 * The header button: a "Subagent" tag, the subagent's name, its status, activity and duration.
 *
 * @example
 * <SubagentRun.Trigger />
 */
export const SubagentRunTrigger = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof Collapsible.Trigger>
>(function SubagentRunTrigger({ asChild, children, ...props }, ref) {
  const { toolCallId } = useSubagentRunContext('Trigger');
  const call = useToolCall(toolCallId);
  const controls = useControlsId(useToolCallContext('Trigger').controls);
  return (
    <Collapsible.Trigger
      ref={ref}
      asChild={asChild}
      data-status={call?.status}
      aria-controls={controls}
      {...partProps('subagent-run-trigger', props)}
    >
      {slotted(
        asChild,
        children,
        <>
          <span {...partProps('subagent-run-kind')}>Subagent</span>
          <SubagentRunTitle />
          <ToolCallStatusBadge {...partProps('subagent-run-status')} />
          <ToolCallActivity />
          <ToolCallDuration />
        </>,
      )}
    </Collapsible.Trigger>
  );
});

/** Props of {@link SubagentRunThread}. */
export type SubagentRunThreadProps = HostProps<'div'> & {
  readonly runId: string;
  /** Leave out the text parts (the card shows them as the answer). */
  readonly omitText?: boolean;
};

/**
 * One run of the subagent: its text and its own tool calls, in order.
 *
 * @example
 * <SubagentRun.Thread runId={runId} />
 */
export const SubagentRunThread = forwardRef<HTMLDivElement, SubagentRunThreadProps>(
  function SubagentRunThread({ runId, omitText, asChild, children, ...props }, ref) {
    const run = useRun(runId);
    if (run === undefined) return null;
    const parts = omitText ? run.parts.filter((part) => part.type !== 'text') : run.parts;
    if (parts.length === 0 && run.status !== 'streaming') return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-status={run.status}
        aria-busy={run.status === 'streaming' || undefined}
        {...partProps('subagent-run-thread', props)}
      >
        {parts.map((part, index) => (
          <RunPart
            key={part.type === 'tool-call' ? part.toolCallId : `${part.type}@${index}`}
            part={part}
          />
        ))}
      </PartElement>
    );
  },
);

/** Props of {@link SubagentRunContent}. */
export type SubagentRunContentProps = PartProps<'div'> & {
  /** Keep the content mounted (hidden) while the card is closed. */
  readonly forceMount?: true;
};

/**
 * The collapsible body: the answer, the task, what the subagent did, then the full result and
 * ids, collapsed, and any error. It is not mounted while the card is closed (unless
 * `forceMount`).
 *
 * A plain element rather than Radix's `Collapsible.Content`: that one measures its height and
 * reads its computed animation when it mounts, so each card that appears open in a live stream
 * forced its own style and layout pass mid-commit. The trigger names it in `aria-controls` while
 * it is mounted, and it carries `data-state` like the rest of the card.
 *
 * @example
 * <SubagentRun.Content />
 */
export const SubagentRunContent = forwardRef<HTMLDivElement, SubagentRunContentProps>(
  function SubagentRunContent({ asChild, children, forceMount, ...props }, ref) {
    const { toolCallId, open, contentId } = useSubagentRunContext('Content');
    const runIds = useToolCall(toolCallId)?.childRunIds ?? [];
    const tooDeep = (useNesting()?.level ?? 0) >= MAX_NESTED_SUBAGENTS - 1 && runIds.length > 0;
    const composed = useControlledRef(ref, useToolCallContext('Content').controls);
    if (!open && forceMount !== true) return null;
    return (
      <PartElement
        tag="div"
        ref={composed}
        asChild={asChild}
        host={children}
        id={contentId}
        data-state={open ? 'open' : 'closed'}
        hidden={!open}
        {...partProps('subagent-run-content', props)}
      >
        {partContent(
          asChild,
          children,
          <>
            <SubagentRunAnswer />
            <SubagentRunTask />
            {tooDeep ? (
              <DeeperSubagents toolCallId={toolCallId} />
            ) : (
              runIds.map((runId, index) => (
                <SubagentRunThread
                  key={runId}
                  runId={runId}
                  omitText={index === runIds.length - 1}
                />
              ))
            )}
            <SubagentRunDetails />
          </>,
        )}
      </PartElement>
    );
  },
);

/** A subagent card as the outermost card of a deep view (see {@link DeepSubagentView}). */
function OutermostSubagent({ toolCallId }: { readonly toolCallId: string }) {
  return <SubagentRunRoot toolCallId={toolCallId} />;
}

/**
 * Draws the `agent-*` calls among the run parts inside as subagent cards. Every subagent card
 * provides it for what it nests; put it around run parts shown outside one (as the transcript
 * does).
 *
 * @example
 * <SubagentCards><RunPart part={part} /></SubagentCards>
 */
export function SubagentCards({ children }: { readonly children: ReactNode }) {
  return (
    <SubagentCardSlot.Provider value={SubagentRunRoot}>
      <RunThreadSlot.Provider value={SubagentRunThread}>{children}</RunThreadSlot.Provider>
    </SubagentCardSlot.Provider>
  );
}
