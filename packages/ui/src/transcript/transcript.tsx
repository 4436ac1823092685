'use client';
import type { RunState } from '@toolpane/client';
import { useRun, useRunIds } from '@toolpane/react';
import { forwardRef, memo } from 'react';
import { ToolpaneAnnouncer } from '../announcer/announcer.js';
import {
  RunPart,
  type RunPartProps,
  RunToolCall,
  type RunToolCallProps,
  runPartKey,
} from '../run-parts/run-parts.js';
import { SubagentCards } from '../subagent-run/subagent-run.js';
import {
  type HostProps,
  PartElement,
  type PartProps,
  partContent,
  partProps,
} from '../utils/part.js';

/** Props of {@link TranscriptRoot}. */
export type TranscriptRootProps = PartProps<'div'> & {
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
export const TranscriptRoot = forwardRef<HTMLDivElement, TranscriptRootProps>(
  function TranscriptRoot({ announce = true, asChild, children, ...props }, ref) {
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('transcript', props)}
      >
        {partContent(asChild, children, <TranscriptRuns />)}
        {announce ? <ToolpaneAnnouncer /> : null}
      </PartElement>
    );
  },
);

/**
 * Top-level runs in groups of 16. A group is the unit the browser skips off screen and the unit
 * React renders again when a run starts, so a frame of a long transcript lays out, checks and
 * renders about one group's runs plus one box per group, not every run ever shown.
 */
function TranscriptRuns() {
  const runIds = useRunIds();
  const groups = [];
  for (let start = 0; start < runIds.length; start += 16) {
    groups.push(<RunGroup key={start} runIds={runIds.slice(start, start + 16)} />);
  }
  return groups;
}

/** Consecutive top-level runs; renders again only when its runs change. */
const RunGroup = memo(
  ({ runIds }: { readonly runIds: readonly string[] }) => (
    <div {...partProps('transcript-group')}>
      {runIds.map((runId) => (
        <TranscriptRun key={runId} runId={runId} />
      ))}
    </div>
  ),
  (a, b) => a.runIds.length === b.runIds.length && a.runIds.every((id, i) => id === b.runIds[i]),
);

/**
 * Parts beyond which a run is long: its cards are then skipped one by one off screen. A shorter
 * run is skipped with its group, and its cards are not watched one by one (the browser checks
 * every skippable element's distance to the viewport each frame).
 */
const LONG_RUN = 16;

/** Props of {@link TranscriptRun}. */
export type TranscriptRunProps = HostProps<'div'> & { readonly runId: string };

/**
 * One run's parts in stream order; a run still streaming is marked busy. Memoised: a run renders
 * again when it changes, not when a run after it starts.
 *
 * @example
 * <Transcript.Run runId={runId} />
 */
export const TranscriptRun = memo(
  forwardRef<HTMLDivElement, TranscriptRunProps>(function TranscriptRun(
    { runId, asChild, children, ...props },
    ref,
  ) {
    const run = useRun(runId);
    if (run === undefined) return null;
    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        data-status={run.status}
        data-long={run.parts.length > LONG_RUN ? '' : undefined}
        aria-busy={run.status === 'streaming' || undefined}
        {...partProps('transcript-run', props)}
      >
        <SubagentCards>
          {run.parts.map((part, index) => (
            <RunPart key={runPartKey(part, index)} part={part} />
          ))}
        </SubagentCards>
        <RunEnd run={run} />
      </PartElement>
    );
  }),
);

/**
 * One tool call of a run: the registry's renderer for it, or the default card (which takes the
 * ref and props; a registry renderer draws its own element). Memoised, so a text delta elsewhere
 * in the run leaves it alone.
 *
 * @example
 * <TranscriptToolCall toolCallId="call-1" />
 */
export const TranscriptToolCall = memo(
  forwardRef<HTMLDivElement, RunToolCallProps>(function TranscriptToolCall(props, ref) {
    return (
      <SubagentCards>
        <RunToolCall ref={ref} {...props} />
      </SubagentCards>
    );
  }),
);

/**
 * One part of a run, as one element that takes the ref and props. Text is shown as plain text,
 * never as markup.
 *
 * @example
 * <TranscriptPart part={{ type: 'text', id: 't1', text: 'Hello', state: 'done' }} />
 */
export const TranscriptPart = forwardRef<HTMLElement, RunPartProps>(
  function TranscriptPart(props, ref) {
    return (
      <SubagentCards>
        <RunPart ref={ref} {...props} />
      </SubagentCards>
    );
  },
);

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
    <p {...partProps('transcript-run-end')} data-status={run.status}>
      {text}
      {run.error === undefined || run.status === 'aborted' ? null : ` ${run.error}`}
    </p>
  );
}
