'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import { HUMAN_TOOL_STATUSES, type ToolpaneState } from '@toolpane/client';
import { useRun, useToolCall, useToolpaneSelector } from '@toolpane/react';
import {
  type ComponentProps,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DisplayValueView } from '../display-value/display-value.js';
import {
  isStreaming,
  ToolCallDuration,
  ToolCallError,
  ToolCallResults,
  ToolCallScope,
  ToolCallStatusBadge,
} from '../tool-call/tool-call.js';
import { RunParts } from '../transcript/transcript.js';
import { cx } from '../utils/cx.js';

interface SubagentRunContextValue {
  readonly toolCallId: string;
}

const SubagentRunContext = createContext<SubagentRunContextValue | null>(null);

function useSubagentRunContext(part: string): SubagentRunContextValue {
  const value = useContext(SubagentRunContext);
  if (value === null) throw new Error(`<SubagentRun.${part}> must be inside <SubagentRun.Root>.`);
  return value;
}

/** Whether a call anywhere below this `agent-*` call waits for a person. */
function needsPersonInside(state: ToolpaneState, toolCallId: string): boolean {
  for (const call of state.toolCalls.values()) {
    if (!HUMAN_TOOL_STATUSES.has(call.status)) continue;
    let parent = call.parentToolCallId;
    while (parent !== null) {
      if (parent === toolCallId) return true;
      parent = state.toolCalls.get(parent)?.parentToolCallId ?? null;
    }
  }
  return false;
}

/** The agent id of the subagent's latest run, once its `start` arrived. */
function agentIdOf(state: ToolpaneState, toolCallId: string): string | undefined {
  const runIds = state.toolCalls.get(toolCallId)?.childRunIds ?? [];
  const last = runIds[runIds.length - 1];
  return last === undefined ? undefined : state.runs.get(last)?.agentId;
}

/** A subagent card's name: its agent id, or until its run starts, the tool's name less `agent-`. */
function subagentName(agentId: string | undefined, toolName: string | undefined) {
  return agentId ?? toolName?.replace(/^agent-/, '');
}

function useAgentId(toolCallId: string): string | undefined {
  return useToolpaneSelector(
    useCallback((state: ToolpaneState) => agentIdOf(state, toolCallId), [toolCallId]),
  );
}

/** Props of {@link SubagentRunRoot}. */
export type SubagentRunRootProps = ComponentProps<typeof Collapsible.Root> & {
  /** The `agent-*` tool call the subagent ran under. */
  readonly toolCallId: string;
};

/**
 * A collapsible card for a subagent (an `agent-*` tool call): its id, its own text and tool
 * calls, nested as deep as the agents went. It starts open, and opens itself when a call inside
 * needs a person, so a nested approval is never hidden.
 *
 * @example
 * <SubagentRun.Root toolCallId="call-agent-1" />
 */
export function SubagentRunRoot({
  toolCallId,
  open,
  defaultOpen = true,
  onOpenChange,
  children,
  className,
  ...props
}: SubagentRunRootProps) {
  const call = useToolCall(toolCallId);
  const agentId = useAgentId(toolCallId);
  const depth = useToolpaneSelector(
    useCallback(
      (state: ToolpaneState) => {
        const parentRun = state.toolCalls.get(toolCallId)?.runId;
        return parentRun === undefined ? 0 : (state.runs.get(parentRun)?.depth ?? 0) + 1;
      },
      [toolCallId],
    ),
  );
  const needsPerson = useToolpaneSelector(
    useCallback((state: ToolpaneState) => needsPersonInside(state, toolCallId), [toolCallId]),
  );
  const [openState, setOpenState] = useState(defaultOpen);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  const context = useMemo(() => ({ toolCallId }), [toolCallId]);
  const isOpen = open ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!needsPerson) return;
    setOpenState(true);
    onOpenChangeRef.current?.(true);
  }, [needsPerson]);

  return (
    <SubagentRunContext.Provider value={context}>
      <ToolCallScope toolCallId={toolCallId}>
        <Collapsible.Root
          data-slot="subagent-run"
          data-status={call?.status}
          data-depth={depth}
          role="group"
          aria-label={subagentName(agentId, call?.toolName)}
          aria-busy={isStreaming(call) || undefined}
          open={isOpen}
          onOpenChange={setOpen}
          {...props}
          className={cx(className)}
        >
          {children ?? (
            <>
              <SubagentRunTrigger />
              <SubagentRunContent />
            </>
          )}
        </Collapsible.Root>
      </ToolCallScope>
    </SubagentRunContext.Provider>
  );
}

/**
 * The subagent's id (or, until its run starts, the tool's name); the card is labelled with it.
 *
 * @example
 * <SubagentRun.Title />
 */
export function SubagentRunTitle({
  className,
  ...props
}: Omit<ComponentProps<'span'>, 'children'>) {
  const { toolCallId } = useSubagentRunContext('Title');
  const agentId = useAgentId(toolCallId);
  const toolName = useToolCall(toolCallId)?.toolName ?? '';
  return (
    <span data-slot="subagent-run-title" {...props} className={cx(className)}>
      {subagentName(agentId, toolName)}
    </span>
  );
}

/**
 * The header button: a "Subagent" tag, the subagent's id, the tool it was called as, its status
 * and duration.
 *
 * @example
 * <SubagentRun.Trigger />
 */
export function SubagentRunTrigger({
  children,
  className,
  ...props
}: ComponentProps<typeof Collapsible.Trigger>) {
  const { toolCallId } = useSubagentRunContext('Trigger');
  const call = useToolCall(toolCallId);
  return (
    <Collapsible.Trigger
      data-slot="subagent-run-trigger"
      data-status={call?.status}
      {...props}
      className={cx(className)}
    >
      {children ?? (
        <>
          <span data-slot="subagent-run-kind">Subagent</span>
          <SubagentRunTitle />
          <span data-slot="subagent-run-tool">{call?.toolName}</span>
          <ToolCallStatusBadge data-slot="subagent-run-status" />
          <ToolCallDuration />
        </>
      )}
    </Collapsible.Trigger>
  );
}

/**
 * The task the parent agent gave the subagent: its `prompt` as text, or the whole input.
 *
 * @example
 * <SubagentRun.Task />
 */
export function SubagentRunTask({ className, ...props }: Omit<ComponentProps<'div'>, 'children'>) {
  const { toolCallId } = useSubagentRunContext('Task');
  const input = useToolCall(toolCallId)?.input;
  if (input === undefined || input.kind === 'none') return null;
  const value = input.kind === 'raw' || input.kind === 'transformed' ? input.value : undefined;
  const prompt =
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { prompt?: unknown }).prompt === 'string'
      ? (value as { prompt: string }).prompt
      : undefined;
  return (
    <div data-slot="subagent-run-task" {...props} className={cx(className)}>
      <div data-slot="tool-call-label">Task</div>
      {prompt === undefined ? <DisplayValueView value={input} /> : <p>{prompt}</p>}
    </div>
  );
}

/**
 * One run of the subagent: its text and its own tool calls, in order.
 *
 * @example
 * <SubagentRun.Thread runId={runId} />
 */
export function SubagentRunThread({
  runId,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { readonly runId: string }) {
  const run = useRun(runId);
  if (run === undefined) return null;
  return (
    <div
      data-slot="subagent-run-thread"
      data-status={run.status}
      aria-busy={run.status === 'streaming' || undefined}
      {...props}
      className={cx(className)}
    >
      <RunParts run={run} />
    </div>
  );
}

/**
 * The collapsible body: the task, each run of the subagent, then the result beside what the
 * parent model saw of it, and any error.
 *
 * @example
 * <SubagentRun.Content />
 */
export function SubagentRunContent({
  children,
  className,
  ...props
}: ComponentProps<typeof Collapsible.Content>) {
  const { toolCallId } = useSubagentRunContext('Content');
  const runIds = useToolCall(toolCallId)?.childRunIds ?? [];
  return (
    <Collapsible.Content data-slot="subagent-run-content" {...props} className={cx(className)}>
      {children ?? (
        <>
          <SubagentRunTask />
          {runIds.map((runId) => (
            <SubagentRunThread key={runId} runId={runId} />
          ))}
          <ToolCallResults />
          <ToolCallError />
        </>
      )}
    </Collapsible.Content>
  );
}
