'use client';
import * as Collapsible from '@radix-ui/react-collapsible';
import type { RunPart, RunState } from '@toolpane/client';
import { useRun, useRunIds } from '@toolpane/react';
import { ToolCallView } from '@toolpane/react/registry';
import { type ComponentProps, memo, type ReactNode } from 'react';
import { ToolpaneAnnouncer } from '../announcer/announcer.js';
import { JsonView } from '../json-view/json-view.js';
import { ToolCallCard } from '../tool-call-card/tool-call-card.js';
import { cx } from '../utils/cx.js';

/** Props of {@link TranscriptRoot}. */
export type TranscriptRootProps = ComponentProps<'div'> & {
  /** Mount a {@link ToolpaneAnnouncer} inside (on by default); turn off if you mount your own. */
  readonly announce?: boolean;
};

/**
 * Every top-level run of the conversation in order: text, reasoning, data and tool calls, each
 * tool call drawn by the registry's renderer or the default card.
 *
 * @example
 * <ToolpaneProvider session={session} registry={registry}>
 *   <Transcript.Root />
 * </ToolpaneProvider>
 */
export function TranscriptRoot({
  announce = true,
  children,
  className,
  ...props
}: TranscriptRootProps) {
  return (
    <div data-slot="transcript" {...props} className={cx(className)}>
      {children ?? <TranscriptRuns />}
      {announce ? <ToolpaneAnnouncer /> : null}
    </div>
  );
}

function TranscriptRuns() {
  return useRunIds().map((runId) => <TranscriptRun key={runId} runId={runId} />);
}

/**
 * One run's parts in stream order; a run still streaming is marked busy.
 *
 * @example
 * <Transcript.Run runId={runId} />
 */
export function TranscriptRun({
  runId,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { readonly runId: string }) {
  const run = useRun(runId);
  if (run === undefined) return null;
  return (
    <div
      data-slot="transcript-run"
      data-status={run.status}
      aria-busy={run.status === 'streaming' || undefined}
      {...props}
      className={cx(className)}
    >
      <RunParts run={run} />
      <RunEnd run={run} />
    </div>
  );
}

/** Renders a run's parts; shared by the transcript and subagent cards. */
export function RunParts({ run }: { readonly run: RunState }) {
  return run.parts.map((part, index) => <TranscriptPart key={keyOf(part, index)} part={part} />);
}

function keyOf(part: RunPart, index: number): string {
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

/**
 * One tool call of a run: the registry's renderer for it, or the default card. Memoised, so a
 * text delta elsewhere in the run leaves it alone.
 *
 * @example
 * <TranscriptToolCall toolCallId="call-1" />
 */
export const TranscriptToolCall = memo(function TranscriptToolCall({
  toolCallId,
}: {
  readonly toolCallId: string;
}) {
  return (
    <ToolCallView toolCallId={toolCallId} fallback={<ToolCallCard toolCallId={toolCallId} />} />
  );
});

function Labelled({ slot, label, children }: { slot: string; label: string; children: ReactNode }) {
  return (
    <div data-slot={slot}>
      <span data-slot="transcript-label">{label}</span> {children}
    </div>
  );
}

/**
 * One part of a run. Text is shown as plain text, never as markup.
 *
 * @example
 * <TranscriptPart part={{ type: 'text', id: 't1', text: 'Hello', state: 'done' }} />
 */
export function TranscriptPart({ part }: { readonly part: RunPart }) {
  switch (part.type) {
    case 'text': {
      return (
        <p data-slot="transcript-text" data-state={part.state}>
          {part.text}
        </p>
      );
    }
    case 'reasoning': {
      return (
        <Collapsible.Root data-slot="transcript-reasoning" data-status={part.state}>
          <Collapsible.Trigger data-slot="transcript-reasoning-trigger">
            {part.state === 'streaming' ? 'Thinking…' : 'Reasoning'}
          </Collapsible.Trigger>
          <Collapsible.Content data-slot="transcript-reasoning-content">
            <p>{part.text}</p>
          </Collapsible.Content>
        </Collapsible.Root>
      );
    }
    case 'tool-call': {
      return <TranscriptToolCall toolCallId={part.toolCallId} />;
    }
    case 'data': {
      return (
        <Labelled slot="transcript-data" label={part.name}>
          <JsonView value={part.data} defaultExpandDepth={1} />
        </Labelled>
      );
    }
    case 'source': {
      return (
        <Labelled slot="transcript-source" label="Source">
          {part.title ?? part.filename ?? part.url ?? part.id}
          {part.url !== undefined && part.title !== undefined ? (
            <span data-slot="transcript-source-url"> {part.url}</span>
          ) : null}
        </Labelled>
      );
    }
    case 'file': {
      return (
        <Labelled slot="transcript-file" label="File">
          {part.filename ?? 'unnamed'} ({part.mimeType})
        </Labelled>
      );
    }
    case 'error': {
      return (
        <p data-slot="transcript-error">
          <span data-slot="transcript-label">Error</span> {part.message}
        </p>
      );
    }
    case 'tripwire': {
      return (
        <p data-slot="transcript-tripwire">
          <span data-slot="transcript-label">Blocked</span> {part.reason}
        </p>
      );
    }
    default: {
      part satisfies never;
      return null;
    }
  }
}

const END_TEXT: Partial<Record<RunState['status'], string>> = {
  aborted: 'Stopped.',
  interrupted: 'The connection dropped before the run ended.',
  error: 'The run failed.',
};

function RunEnd({ run }: { run: RunState }) {
  const text = END_TEXT[run.status];
  if (text === undefined) return null;
  // An error part already says what went wrong; a second line would repeat it.
  if (run.status === 'error' && run.parts.some((part) => part.type === 'error')) return null;
  return (
    <p data-slot="transcript-run-end" data-status={run.status}>
      {text}
      {run.error === undefined || run.status === 'aborted' ? null : ` ${run.error}`}
    </p>
  );
}
