'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import type { RunPart as RunPartState } from '@toolpane/client';
import { useToolCall } from '@toolpane/react';
import { ToolCallView } from '@toolpane/react/registry';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  memo,
  type ReactNode,
  type Ref,
  useContext,
} from 'react';
import { escapeLine, escapeText } from '../exact-value/exact-value.js';
import { JsonView } from '../json-view/json-view.js';
import { useOpenedOnce } from '../tool-call/context.js';
import { ToolCallRoot, type ToolCallRootProps } from '../tool-call/tool-call.js';
import { partProps } from '../utils/part.js';
import { LongText } from './long-text.js';
import { SubagentCardSlot } from './slot.js';

/**
 * The default card for any call: the subagent card in {@link SubagentCardSlot} for `agent-*`
 * calls, and a tool-call card (with its workflow steps for `workflow-*` calls) for the rest.
 */
export const CallCard = forwardRef<HTMLDivElement, ToolCallRootProps>(
  function CallCard(props, ref) {
    const kind = useToolCall(props.toolCallId)?.kind;
    const Subagent = useContext(SubagentCardSlot);
    // `missing` is for a call the store lacks; a subagent card has its call.
    const { missing: _, ...rest } = props;
    return kind === 'agent' && Subagent !== null ? (
      <Subagent ref={ref} {...rest} />
    ) : (
      <ToolCallRoot ref={ref} {...props} />
    );
  },
);

/** Props of {@link RunToolCall}. */
export type RunToolCallProps = ToolCallRootProps;

/**
 * One tool call of a run: the registry's renderer for it, or the default card, which takes the
 * ref and props. Memoised, so a text delta elsewhere in the run leaves it alone.
 */
export const RunToolCall = memo(
  forwardRef<HTMLDivElement, RunToolCallProps>(function RunToolCall(props, ref) {
    return (
      <ToolCallView toolCallId={props.toolCallId} fallback={<CallCard ref={ref} {...props} />} />
    );
  }),
);

function Labelled({
  slot,
  label,
  children,
  elementRef,
  props,
}: {
  slot: string;
  label: string;
  children: ReactNode;
  elementRef: Ref<HTMLDivElement>;
  props: RunPartElementProps;
}) {
  return (
    <div ref={elementRef} {...partProps(slot, props)}>
      <span {...partProps('transcript-label')}>{label}</span> {children}
    </div>
  );
}

/**
 * A reasoning part, collapsed; its text is mounted the first time it opens (a closed body shows
 * nothing, and mounting one costs Radix a layout and a style read).
 */
const Reasoning = forwardRef<
  HTMLDivElement,
  RunPartElementProps & { readonly part: Extract<RunPartState, { type: 'reasoning' }> }
>(function Reasoning({ part, ...props }, ref) {
  const [opened, onOpenChange] = useOpenedOnce(undefined, undefined, undefined);
  return (
    <Collapsible.Root
      ref={ref}
      data-status={part.state}
      onOpenChange={onOpenChange}
      {...partProps('transcript-reasoning', props)}
    >
      <Collapsible.Trigger {...partProps('transcript-reasoning-trigger')}>
        {part.state === 'streaming' ? 'Thinking…' : 'Reasoning'}
      </Collapsible.Trigger>
      {opened ? (
        <Collapsible.Content {...partProps('transcript-reasoning-content')}>
          <p>
            <LongText text={part.text} />
          </p>
        </Collapsible.Content>
      ) : null}
    </Collapsible.Root>
  );
});

/** Attributes and handlers a {@link RunPart} passes on to the element it renders. */
export type RunPartElementProps = Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'part'>;

/** Props of {@link RunPart}. */
export type RunPartProps = RunPartElementProps & { readonly part: RunPartState };

/**
 * One part of a run, as its own element, which takes the ref and props. Text is shown as plain
 * text, never as markup; a data part's name is escaped as a tool's name is, and a source's title
 * and address and a file's name as a line (see `escapeLine`), so `invoice\u202efdp.exe` or an
 * address in look-alike letters cannot pass for another.
 */
export const RunPart = forwardRef<HTMLElement, RunPartProps>(function RunPart(
  { part, ...props },
  ref,
) {
  // Each part is one element of a different kind; the ref is that element.
  const div = ref as Ref<HTMLDivElement>;
  const p = ref as Ref<HTMLParagraphElement>;
  switch (part.type) {
    case 'text': {
      return (
        <p ref={p} data-state={part.state} {...partProps('transcript-text', props)}>
          <LongText text={part.text} />
        </p>
      );
    }
    case 'reasoning': {
      return <Reasoning ref={div} part={part} {...props} />;
    }
    case 'tool-call': {
      return <RunToolCall ref={div} toolCallId={part.toolCallId} {...props} />;
    }
    case 'data': {
      return (
        <Labelled
          slot="transcript-data"
          label={escapeText(part.name, true)}
          elementRef={div}
          props={props}
        >
          {part.hidden ? (
            <span {...partProps('display-value-placeholder')}>Hidden</span>
          ) : (
            <JsonView value={part.data} defaultExpandDepth={1} />
          )}
        </Labelled>
      );
    }
    case 'source': {
      return (
        <Labelled slot="transcript-source" label="Source" elementRef={div} props={props}>
          {escapeLine(part.title ?? part.filename ?? part.url ?? part.id)}
          {part.url !== undefined && part.title !== undefined ? (
            <span {...partProps('transcript-source-url')}> {escapeLine(part.url)}</span>
          ) : null}
        </Labelled>
      );
    }
    case 'file': {
      return (
        <Labelled slot="transcript-file" label="File" elementRef={div} props={props}>
          {part.filename === undefined ? 'unnamed' : escapeLine(part.filename)} (
          {escapeLine(part.mimeType)})
        </Labelled>
      );
    }
    case 'error': {
      return (
        <p ref={p} {...partProps('transcript-error', props)}>
          <span {...partProps('transcript-label')}>Error</span> {part.message}
        </p>
      );
    }
    case 'tripwire': {
      return (
        <p ref={p} {...partProps('transcript-tripwire', props)}>
          <span {...partProps('transcript-label')}>Blocked</span> {part.reason}
        </p>
      );
    }
    default: {
      part satisfies never;
      return null;
    }
  }
});

/** A key for a part of a run that stays the same while the run grows. */
export function runPartKey(part: RunPartState, index: number): string {
  switch (part.type) {
    case 'tool-call':
      return `tool-call:${part.toolCallId}`;
    case 'text':
    case 'reasoning':
    case 'source':
      return `${part.type}:${part.id}`;
    default:
      // These parts never move once added, so their position is a stable key.
      return `${part.type}@${index}`;
  }
}
