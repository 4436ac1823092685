/**
 * The ref and the caller's props of every card, in every state a recording passes through: the
 * call missing (before its first chunk, also with `missing` given and with `asChild`), streaming,
 * waiting for approval, suspended, failed, done, and once decided or resumed (a request's
 * recording, then the recordings that answered it, in one store); tool-call, subagent, workflow
 * and network cards, runs and the transcript; nested; native and AI SDK. After each chunk that
 * changes a call or a run, each card's ref (object refs and callback refs, in turn) is the one
 * element in the document that carries the caller's className, id, data-* and aria-* props (or
 * null when no element does, for a part that shows nothing in that state), and no id reference
 * (aria-controls, aria-describedby, aria-labelledby, a label's `for`) names an element that is
 * not in the document. Under React 19 (unit) and React 18.
 */
import { act, render } from '@testing-library/react';
import { ToolpaneProvider } from '@toolpane/react';
import {
  Approval,
  NetworkRun,
  ResumeForm,
  SubagentRun,
  ToolCall,
  ToolCallCard,
  Transcript,
  WorkflowRun,
} from '@toolpane/ui';
import { type ComponentType, createElement, forwardRef, type ReactNode, version } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures.js';
import {
  callsOf,
  danglingReferences,
  probe as makeProbe,
  type Probe,
  playChecking,
  problems,
  RECORDINGS,
  runsOf,
  SEQUENCES,
  storeFor,
} from '../utils/refs.js';

type Card = ComponentType<Record<string, unknown>>;

interface CardKind {
  readonly card: Card;
  /** What it shows: a call (`toolCallId`, the default), a run (`runId`) or the whole store. */
  readonly by?: 'call' | 'run' | 'store';
  /** Whether it draws an element for any call id, the store's or not. */
  readonly always: boolean;
  /** Whether it is drawn for a call of this kind. */
  readonly for?: (kind: string | undefined) => boolean;
  /** Drawn for the first call only. */
  readonly firstOnly?: boolean;
  /** Props of its own, beside the probe's. */
  readonly props?: Readonly<Record<string, unknown>>;
}

const MissingNote = forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => (
  <ToolCall.Root ref={ref as never} {...(props as { toolCallId: string })} missing="Loading…" />
));
const MissingElement = forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => (
  <ToolCall.Root
    ref={ref as never}
    {...(props as { toolCallId: string })}
    missing={<p>Loading the call…</p>}
    defaultOpen
  />
));
const AsChild = forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => (
  <ToolCall.Root ref={ref as never} {...(props as { toolCallId: string })} asChild>
    <article />
  </ToolCall.Root>
));

const SubagentAsChild = forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => (
  <SubagentRun.Root ref={ref as never} {...(props as { toolCallId: string })} asChild>
    <section />
  </SubagentRun.Root>
));

const CARDS: Readonly<Record<string, CardKind>> = {
  'ToolCall.Root': { card: ToolCall.Root as never, always: true },
  'ToolCall.Root missing text': { card: MissingNote as never, always: true, firstOnly: true },
  'ToolCall.Root missing element': {
    card: MissingElement as never,
    always: true,
    firstOnly: true,
  },
  'ToolCall.Root asChild': { card: AsChild as never, always: true, firstOnly: true },
  // `missing` is for a call the store lacks: a subagent card does not take it as an attribute.
  ToolCallCard: { card: ToolCallCard as never, always: true, props: { missing: <p>Loading…</p> } },
  'Transcript.ToolCall': {
    card: Transcript.ToolCall as never,
    always: true,
    props: { missing: 'Loading…' },
  },
  'SubagentRun.Root': {
    card: SubagentRun.Root as never,
    always: true,
    for: (kind) => kind === 'agent',
  },
  'SubagentRun.Root asChild': {
    card: SubagentAsChild as never,
    always: true,
    for: (kind) => kind === 'agent',
  },
  'WorkflowRun.Root': {
    card: WorkflowRun.Root as never,
    always: false,
    for: (kind) => kind === 'workflow',
  },
  'Approval.Root': { card: Approval.Root as never, always: false },
  'ResumeForm.Root': { card: ResumeForm.Root as never, always: false },
  'NetworkRun.Root': {
    card: NetworkRun.Root as never,
    always: false,
    by: 'run',
    for: (kind) => kind === 'network',
  },
  'Transcript.Run': {
    card: Transcript.Run as never,
    always: false,
    by: 'run',
    for: (kind) => kind !== 'nested',
  },
  'SubagentRun.Thread': {
    card: SubagentRun.Thread as never,
    always: false,
    by: 'run',
    for: (kind) => kind === 'nested',
  },
  'Transcript.Root': { card: Transcript.Root as never, always: true, by: 'store' },
};

const CASES = [...RECORDINGS.map((name) => [name]), ...SEQUENCES].map(
  (names) => [names.join(' then '), names] as const,
);

describe(`every card's ref and props in every state, on React ${version}`, () => {
  it.each(CASES)('%s', { timeout: 120_000 }, (_, names) => {
    const recordings = names.map((name) => loadFixture(name));
    const chunks = recordings.flat();
    const calls = callsOf(chunks);
    const store = storeFor(chunks);
    const probes: Probe[] = [];
    const cards: ReactNode[] = [];
    const targets = [
      ...[...calls].map(([id, kind]) => ({ by: 'call', id, kind })),
      ...runsOf(chunks).map(([id, kind]) => ({ by: 'run', id, kind })),
      { by: 'store', id: 'store', kind: undefined },
    ];
    // Each card is drawn once; object and callback refs take turns, so every card meets both
    // across the calls of a recording. The variants of `ToolCall.Root` (given `missing`, with
    // `asChild`) differ from it only for the first call.
    for (const [index, target] of targets.entries()) {
      for (const [cardIndex, [cardName, kind]] of Object.entries(CARDS).entries()) {
        const { card, always, for: applies, props, by = 'call', firstOnly } = kind;
        if (by !== target.by || (applies !== undefined && !applies(target.kind))) continue;
        if (firstOnly && index > 0) continue;
        const refKind = (index + cardIndex) % 2 === 0 ? 'object' : 'callback';
        const key = `${cardName} ${target.id} (${refKind} ref)`;
        const made = makeProbe(key, `probe-${probes.length}`, always, refKind);
        probes.push(made.probe);
        cards.push(
          createElement(card, {
            ...props,
            ...(by === 'call' ? { toolCallId: target.id, autoFocus: false } : {}),
            ...(by === 'run' ? { runId: target.id } : {}),
            key,
            ref: made.ref,
            ...made.props,
          }),
        );
      }
    }
    render(<ToolpaneProvider store={store}>{cards}</ToolpaneProvider>);

    const check = (state: string) => {
      expect(problems(probes), state).toEqual([]);
      expect(danglingReferences(), state).toEqual([]);
    };
    playChecking(store, recordings, act, check);
  });
});
