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
import { createToolpaneStore, type ToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
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
import { fixtureNames, loadFixture } from '../utils/fixtures.js';

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

const isAiSdk = (chunks: readonly unknown[]) =>
  chunks.some((chunk) => typeof chunk === 'object' && chunk !== null && !('runId' in chunk));

const storeFor = (chunks: readonly unknown[]): ToolpaneStore =>
  createToolpaneStore({ families: [network], ...(isAiSdk(chunks) ? { formats: [aiSdk] } : {}) });

/** Each call of the recording, with its kind, and each run, once the recording ended. */
function callsOf(chunks: readonly unknown[]): Map<string, string | undefined> {
  const store = storeFor(chunks);
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  return new Map([...store.getState().toolCalls].map(([id, call]) => [id, call.kind]));
}

/** Each run of the recording, once it ended, by the card that shows it on its own. */
function runsOf(chunks: readonly unknown[]): [string, string][] {
  const store = storeFor(chunks);
  store.dispatchMany(chunks);
  store.dispatch({ type: 'toolpane/stream-end' });
  return [...store.getState().runs].map(([id, run]) => [
    id,
    run.network !== undefined ? 'network' : run.depth === 0 ? 'top' : 'nested',
  ]);
}

/** What a card may change on: which calls and runs exist, and the status of each. */
const shape = (store: ToolpaneStore) =>
  [...store.getState().toolCalls, ...store.getState().runs]
    .map(([id, { status }]) => `${id}:${status}`)
    .join(',');

/** Id references whose element is not in the document. */
function danglingReferences(root: Document = document): string[] {
  const found: string[] = [];
  for (const attribute of ['aria-controls', 'aria-describedby', 'aria-labelledby', 'for']) {
    for (const element of root.querySelectorAll(`[${attribute}]`)) {
      for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
        if (root.getElementById(id) === null)
          found.push(`${element.getAttribute('data-slot')} ${attribute}=${id}`);
      }
    }
  }
  return found;
}

interface Probe {
  readonly always: boolean;
  readonly key: string;
  readonly id: string;
  /** An object ref, or the element a callback ref was last called with. */
  readonly ref: { current: HTMLElement | null };
}

/** The problems with each probe's ref and props, in this state. */
function problems(probes: readonly Probe[]): string[] {
  const found: string[] = [];
  for (const { key, always, id, ref } of probes) {
    const marked = [...document.querySelectorAll<HTMLElement>(`[data-probe="${key}"]`)];
    const element = marked[0] ?? null;
    const say = (what: string) => found.push(`${key}: ${what}`);
    if (marked.length > 1) say(`${marked.length} elements have its props`);
    if (always && element === null) say('no element has its props');
    if (ref.current !== element) say(`ref is ${ref.current?.getAttribute('data-slot') ?? 'null'}`);
    if (ref.current !== null && !ref.current.isConnected) say('ref detached');
    if (element === null) continue;
    if (element.id !== id) say(`id is ${element.id}`);
    if (!element.classList.contains('mine')) say('no className');
    if (element.getAttribute('aria-description') !== 'probe') say('no aria-description');
    if (element.hasAttribute('missing')) say('a `missing` attribute');
  }
  return found;
}

/** Recordings that give cards, in both formats. */
const RECORDINGS = fixtureNames().filter((name) => {
  try {
    return callsOf(loadFixture(name)).size > 0;
  } catch {
    return false;
  }
});
if (RECORDINGS.length < 50 || !RECORDINGS.some((name) => isAiSdk(loadFixture(name))))
  throw new Error('Expected recordings with calls, native and AI SDK');

/** A request and the streams that answered it, one after another in one store. */
const SEQUENCES: readonly (readonly string[])[] = [
  ['approval-request', 'approval-approve'],
  ['approval-decline-request', 'approval-decline'],
  ['approval-chain-request', 'approval-chain-approve-first', 'approval-chain-approve-second'],
  ['suspend-request', 'suspend-resume'],
  ['nested-approval-request', 'nested-approval-approve'],
  ['nested-suspend-request', 'nested-suspend-resume'],
  ['deep-subagent-suspend-request', 'deep-subagent-suspend-resume'],
  ['subagent-workflow-suspend-request', 'subagent-workflow-suspend-resume'],
  ['workflow-suspend-request', 'workflow-suspend-resume'],
  ['network-approval-request', 'network-approval-approve'],
  ['network-tool-approval-decline-request', 'network-tool-approval-decline'],
  ['aisdk-network-approval-request', 'aisdk-network-approval-approve'],
  ['aisdk-v6-parallel-approval-request', 'aisdk-v6-parallel-approval-approve'],
];

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
        const probe: Probe = {
          always,
          key: `${cardName} ${target.id} (${refKind} ref)`,
          id: `probe-${probes.length}`,
          ref: { current: null },
        };
        probes.push(probe);
        const ref =
          refKind === 'object'
            ? probe.ref
            : (element: HTMLElement | null) => {
                probe.ref.current = element;
              };
        cards.push(
          createElement(card, {
            ...props,
            ...(by === 'call' ? { toolCallId: target.id, autoFocus: false } : {}),
            ...(by === 'run' ? { runId: target.id } : {}),
            key: probe.key,
            ref,
            id: probe.id,
            className: 'mine',
            'data-probe': probe.key,
            'aria-description': 'probe',
          }),
        );
      }
    }
    render(<ToolpaneProvider store={store}>{cards}</ToolpaneProvider>);

    const check = (state: string) => {
      expect(problems(probes), state).toEqual([]);
      expect(danglingReferences(), state).toEqual([]);
    };
    check('every call missing');
    let last = shape(store);
    for (const [n, recording] of recordings.entries()) {
      for (const [index, chunk] of recording.entries()) {
        act(() => store.dispatch(chunk as never));
        const now = shape(store);
        if (now === last) continue;
        last = now;
        check(`recording ${n}, after chunk ${index}`);
      }
      act(() => store.dispatch({ type: 'toolpane/stream-end' }));
      check(`recording ${n} ended`);
    }
  });
});
