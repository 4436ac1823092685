/**
 * The ref and the caller's props of every exported part (every component of every entry point in
 * the package's `exports`), mounted inside its card, in every state a recording passes through:
 * before the first chunk, after each chunk that changes the status of a call or a run, at each
 * end, and across a request and the recordings that answered it in one store (waiting for
 * approval or suspended, then decided or resumed, then done or failed); and a subagent card's
 * deeper view and back. Each part is drawn as itself and with `asChild` (an element of the
 * caller's), with object and callback refs in turn, under StrictMode for every other recording.
 * In each state the ref is the one connected element that carries the caller's className, id,
 * data-* and aria-* props, or null when no element does (the part shows nothing then), and no
 * id reference names an element that is not in the document; and a part the state says shows
 * (a card's header always, an input once the call has one, a result once it has one, an approval
 * once requested, a resume form once suspended, a retry once sending failed) is in the document.
 * Under React 19 (unit) and React 18.
 */

import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  type RunState,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { logChunks } from '@toolpane/client/inspect';
import { createAgentSession } from '@toolpane/client/session';
import { ToolpaneProvider, useRun, useToolpaneSelector } from '@toolpane/react';
import {
  Approval,
  MAX_NESTED_SUBAGENTS,
  NetworkRun,
  ResumeForm,
  SubagentRun,
  ToolCall,
  WorkflowRun,
} from '@toolpane/ui';
import {
  type ComponentType,
  createElement,
  type ReactElement,
  type ReactNode,
  StrictMode,
  version,
} from 'react';
import { describe, expect, it } from 'vitest';
import { deepChain } from '../utils/deep-chain.js';
import { components, UI_ENTRIES } from '../utils/exports.js';
import { loadFixture, recordedResponse } from '../utils/fixtures.js';
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
  shape,
  storeFor,
} from '../utils/refs.js';

type Part = ComponentType<Record<string, unknown>>;
type Props = Record<string, unknown>;

/** What a part is mounted in, drawn once per call (or run, or store) it applies to. */
type CardName =
  | 'call'
  | 'missing'
  | 'approval'
  | 'form'
  | 'agent'
  | 'workflow'
  | 'network'
  | 'run'
  | 'store';

interface Target {
  readonly id: string;
  readonly kind: string | undefined;
  /** Ids the parts of the target need: a subagent's thread, a workflow's first step. */
  readonly runId?: string;
  readonly stepId?: string;
}

interface Card {
  readonly by: 'call' | 'run' | 'store';
  readonly applies?: (kind: string | undefined) => boolean;
  /** The card with the parts inside it; `root` is its root part's probe props, if one has them. */
  readonly render: (target: Target, parts: ReactNode, root: RootProbe) => ReactNode;
}

/** The root's probe props and ref, and with `asChild` its host element. */
interface RootProbe {
  readonly props: Props;
  readonly asChild: boolean;
}

const host = (asChild: boolean, parts: ReactNode, tag = 'div') =>
  asChild ? createElement(tag, null, parts) : parts;

const CARDS: Readonly<Record<CardName, Card>> = {
  call: {
    by: 'call',
    render: (t, parts, root) => (
      <ToolCall.Root toolCallId={t.id} defaultOpen {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'article')}
      </ToolCall.Root>
    ),
  },
  missing: {
    by: 'call',
    render: (t, parts) => <ToolCall.Root toolCallId={t.id} missing={parts} />,
  },
  approval: {
    by: 'call',
    render: (t, parts, root) => (
      <Approval.Root toolCallId={t.id} autoFocus={false} {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'section')}
      </Approval.Root>
    ),
  },
  form: {
    by: 'call',
    render: (t, parts, root) => (
      <ResumeForm.Root toolCallId={t.id} autoFocus={false} {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'form')}
      </ResumeForm.Root>
    ),
  },
  agent: {
    by: 'call',
    applies: (kind) => kind === 'agent',
    render: (t, parts, root) => (
      <SubagentRun.Root toolCallId={t.id} {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'section')}
      </SubagentRun.Root>
    ),
  },
  workflow: {
    by: 'call',
    applies: (kind) => kind === 'workflow',
    render: (t, parts, root) => (
      <WorkflowRun.Root toolCallId={t.id} {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'section')}
      </WorkflowRun.Root>
    ),
  },
  network: {
    by: 'run',
    applies: (kind) => kind === 'network',
    render: (t, parts, root) => (
      <NetworkRun.Root runId={t.id} {...root.props} asChild={root.asChild}>
        {host(root.asChild, parts, 'section')}
      </NetworkRun.Root>
    ),
  },
  run: { by: 'run', render: (_, parts) => parts },
  store: { by: 'store', render: (_, parts) => parts },
};

/** The first part of a run, as the transcript draws it, once the run has one. */
function FirstPart({ runId, part }: { runId: string; part: (props: Props) => ReactElement }) {
  const first = useRun(runId)?.parts[0];
  return first === undefined ? null : part({ part: first });
}

/** The run tree, given the store's state. */
function Tree({ part }: { part: (props: Props) => ReactElement }) {
  const state = useToolpaneSelector((s) => s);
  return part({ state, selection: undefined, highlighted: new Set(), onSelect: () => {} });
}

/** What a part is drawn for, as the store has it now. */
interface Now {
  readonly state: ToolpaneState;
  readonly target: Target;
  /** The target's call or run, if the store has it. */
  readonly call: ToolCallState | undefined;
  readonly run: RunState | undefined;
  /** Whether a decision failed to send in this state (its error and retry are shown). */
  readonly failed: boolean;
}

/** Whether a call is still at work: the card is busy and its activity shows. */
const busy = (call: ToolCallState | undefined) =>
  call !== undefined &&
  !TERMINAL_TOOL_STATUSES.has(call.status) &&
  call.status !== 'approval-requested' &&
  call.status !== 'suspended' &&
  call.awaitingClient !== true;

const always = () => true;
const hasCall = ({ call }: Now) => call !== undefined;
/** A call that asks for approval only (one that suspends as well shows a resume form). */
const approving = ({ call }: Now) => call?.approval !== undefined && call.suspension === undefined;
const suspending = ({ call }: Now) => call?.suspension !== undefined && call.approval === undefined;
/** An approval or suspension waiting for its answer (or with one on its way). */
const waiting = ({ call }: Now, status: 'approval-requested' | 'suspended') =>
  call !== undefined &&
  ((call.status === status && (call.approval?.expired ?? call.suspension?.expired) === undefined) ||
    call.status === 'approval-responded');
const asking = (now: Now) => approving(now) && waiting(now, 'approval-requested');
const asked = (now: Now) => suspending(now) && waiting(now, 'suspended');
/** The answer the subagent of an `agent-*` call gave so far: the text of its latest run. */
const answer = ({ state, call }: Now) =>
  (state.runs.get(call?.childRunIds.at(-1) ?? '')?.parts ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
const network = ({ run }: Now) => run?.network;

interface Placement {
  readonly card: CardName;
  /** Whether the state says the part shows: then an element must carry the caller's props. */
  readonly shows: (now: Now) => boolean;
  /** The card's root: the probe goes on the card itself rather than on a part inside it. */
  readonly root?: true;
  /** The element the caller gives with `asChild`. */
  readonly host?: string;
  /** Props of its own. */
  readonly props?: (target: Target) => Props;
  /** Draws the part (`part(props)`, with the probe's ref and props) where it needs to be. */
  readonly draw?: (part: (props: Props) => ReactElement, target: Target) => ReactNode;
  /** Takes no `asChild` (its element depends on the part it shows): drawn as itself twice. */
  readonly noAsChild?: true;
  /** Drawn for targets with this id (a run's part needs the run). */
  readonly when?: (target: Target) => boolean;
}

const VALUE = { city: 'Paris', list: [1, 2, { deep: 'x'.repeat(300) }] };

/** Where each part is mounted, by one of its export names. */
const PLACEMENTS: Readonly<Record<string, Placement>> = {
  'ToolCall.Root': { card: 'call', root: true, shows: always },
  'ToolCall.Trigger': { card: 'call', host: 'button', shows: hasCall },
  'ToolCall.Title': { card: 'call', host: 'h3', shows: hasCall },
  'ToolCall.Status': { card: 'call', host: 'span', shows: hasCall },
  'ToolCall.Duration': {
    card: 'call',
    host: 'span',
    shows: ({ call }) =>
      call?.startedAt !== undefined && (call.endedAt !== undefined || busy(call)),
  },
  'ToolCall.Activity': { card: 'call', shows: ({ call }) => busy(call) },
  'ToolCall.Content': { card: 'call', shows: hasCall },
  'ToolCall.Input': {
    card: 'call',
    host: 'section',
    shows: ({ call }) =>
      call !== undefined && (call.input.kind !== 'none' || call.status === 'input-streaming'),
  },
  'ToolCall.Progress': {
    card: 'call',
    host: 'section',
    shows: ({ call }) => (call?.progress.length ?? 0) > 0,
  },
  'ToolCall.Output': {
    card: 'call',
    host: 'section',
    shows: ({ call }) => (call?.output.kind ?? 'none') !== 'none',
  },
  'ToolCall.Results': {
    card: 'call',
    host: 'section',
    shows: ({ call }) => (call?.output.kind ?? 'none') !== 'none',
  },
  'ToolCall.ModelOutput': {
    card: 'call',
    host: 'section',
    // Not while the result is hidden, nor under a display transform (the model's is the raw one's).
    shows: ({ call }) =>
      call?.modelOutput !== undefined &&
      call.output.kind !== 'hidden' &&
      call.displayTransform !== 'display',
  },
  'ToolCall.Error': {
    card: 'call',
    host: 'section',
    shows: ({ call }) => (call?.error.kind ?? 'none') !== 'none',
  },
  'ToolCall.Missing': {
    card: 'missing',
    props: (t) => ({ toolCallId: t.id }),
    shows: ({ call }) => call === undefined,
  },
  DisplayValueView: {
    card: 'call',
    props: () => ({ value: { kind: 'raw', value: VALUE } }),
    shows: hasCall,
  },
  ExactValue: {
    card: 'call',
    props: () => ({ value: VALUE, maxStringLength: 10 }),
    shows: hasCall,
  },
  JsonView: {
    card: 'call',
    props: () => ({ value: VALUE, defaultExpandDepth: 0 }),
    shows: hasCall,
  },
  'Approval.Root': { card: 'approval', root: true, shows: approving },
  'Approval.Prompt': { card: 'approval', host: 'p', shows: asking },
  'Approval.Request': { card: 'approval', shows: asking },
  'Approval.Actions': { card: 'approval', shows: asking },
  'Approval.Approve': { card: 'approval', host: 'button', shows: asking },
  'Approval.Decline': { card: 'approval', host: 'button', shows: asking },
  'Approval.Reason': {
    card: 'approval',
    host: 'textarea',
    // Gone once an approval is on its way.
    shows: (now) => approving(now) && now.call?.status !== 'approval-responded',
  },
  'Approval.Error': {
    card: 'approval',
    host: 'p',
    shows: (now) =>
      asking(now) &&
      now.call?.status === 'approval-requested' &&
      (now.failed || now.call.approval?.error !== undefined),
  },
  'Approval.Retry': {
    card: 'approval',
    host: 'button',
    shows: (now) => asking(now) && now.failed,
  },
  'Approval.Outcome': {
    card: 'approval',
    host: 'p',
    shows: (now) =>
      approving(now) &&
      !['approval-requested', 'approval-responded', 'suspended'].includes(now.call?.status ?? ''),
  },
  DecisionExpired: {
    card: 'approval',
    host: 'p',
    props: () => ({ message: undefined }),
    shows: approving,
  },
  'ResumeForm.Root': { card: 'form', root: true, shows: suspending },
  'ResumeForm.Fields': { card: 'form', host: 'fieldset', shows: asked },
  'ResumeForm.Payload': {
    card: 'form',
    shows: (now) => suspending(now) && now.call?.suspension?.payload.kind !== 'none',
  },
  'ResumeForm.Error': {
    card: 'form',
    host: 'p',
    shows: (now) =>
      asked(now) &&
      now.call?.status === 'suspended' &&
      (now.failed || now.call.suspension?.error !== undefined),
  },
  'ResumeForm.Submit': { card: 'form', host: 'button', shows: asked },
  'ResumeForm.Sent': {
    card: 'form',
    host: 'div',
    shows: (now) =>
      suspending(now) &&
      now.call?.suspension?.resumeData !== undefined &&
      !['suspended', 'approval-requested', 'output-denied'].includes(now.call.status),
  },
  'SubagentRun.Root': { card: 'agent', root: true, shows: always },
  'SubagentRun.Trigger': { card: 'agent', host: 'button', shows: always },
  'SubagentRun.Title': { card: 'agent', host: 'h3', shows: always },
  'SubagentRun.Content': { card: 'agent', shows: always },
  'SubagentRun.Task': {
    card: 'agent',
    host: 'section',
    shows: ({ call }) => (call?.input.kind ?? 'none') !== 'none',
  },
  'SubagentRun.Answer': {
    card: 'agent',
    host: 'section',
    shows: (now) => answer(now) !== '',
  },
  'SubagentRun.Details': {
    card: 'agent',
    host: 'section',
    shows: ({ call }) => (call?.output.kind ?? 'none') !== 'none',
  },
  'SubagentRun.Thread': {
    card: 'agent',
    when: (t) => t.runId !== undefined,
    props: (t) => ({ runId: t.runId }),
    shows: ({ state, target }) => {
      const run = state.runs.get(target.runId ?? '');
      return run !== undefined && (run.parts.length > 0 || run.status === 'streaming');
    },
  },
  'WorkflowRun.Root': {
    card: 'workflow',
    root: true,
    shows: ({ call }) => call?.workflow !== undefined,
  },
  'WorkflowRun.Header': { card: 'workflow', shows: ({ call }) => call?.workflow !== undefined },
  'WorkflowRun.Steps': {
    card: 'workflow',
    host: 'ol',
    shows: ({ call }) => (call?.workflow?.stepIds.length ?? 0) > 0,
  },
  'WorkflowRun.Step': {
    card: 'workflow',
    host: 'li',
    when: (t) => t.stepId !== undefined,
    props: (t) => ({ stepId: t.stepId }),
    shows: ({ call, target }) => call?.workflow?.steps.has(target.stepId ?? '') === true,
  },
  'NetworkRun.Root': { card: 'network', root: true, shows: (now) => network(now) !== undefined },
  'NetworkRun.Header': { card: 'network', shows: (now) => network(now) !== undefined },
  'NetworkRun.Steps': {
    card: 'network',
    host: 'ol',
    shows: (now) => (network(now)?.steps.length ?? 0) > 0,
  },
  'NetworkRun.Result': {
    card: 'network',
    host: 'section',
    shows: (now) => network(now)?.result !== undefined,
  },
  'Transcript.Root': { card: 'store', shows: always },
  'Transcript.Run': {
    card: 'run',
    props: (t) => ({ runId: t.id }),
    shows: ({ run }) => run !== undefined,
  },
  'Transcript.Part': {
    card: 'run',
    noAsChild: true,
    draw: (part, t) => <FirstPart key={`part ${t.id}`} runId={t.id} part={part} />,
    shows: ({ run }) => (run?.parts.length ?? 0) > 0,
  },
  'Transcript.ToolCall': { card: 'call', props: () => ({ autoFocus: false }), shows: hasCall },
  ToolCallCard: { card: 'call', props: () => ({ autoFocus: false }), shows: hasCall },
  ToolpaneAnnouncer: { card: 'store', shows: always },
  RunTree: { card: 'store', draw: (part) => <Tree key="tree" part={part} />, shows: always },
  StreamInspector: { card: 'store', shows: always },
};

/** Each exported part, under the name its placement has. */
function parts(): [string, Part][] {
  return [...components()].map(([part, names]) => [
    names.find((name) => PLACEMENTS[name] !== undefined) ?? names.join(', '),
    part as Part,
  ]);
}

const CASES = [...RECORDINGS.map((name) => [name]), ...SEQUENCES].map(
  (names, index) => [names.join(' then '), names, index % 2 === 0] as const,
);

/** The stores each recording plays into, with the log the stream inspector shows. */
const logs = new WeakMap<ToolpaneStore, unknown>();
function loggedStore(chunks: readonly unknown[]): ToolpaneStore {
  const { store, log } = logChunks(storeFor(chunks));
  logs.set(store, log);
  return store;
}

/** A probe with what says whether its part shows in the store's state now. */
interface Shown {
  readonly key: string;
  /** The card drawn around it (its name, then the probe's tag). */
  readonly card: string;
  readonly shows: (failed: boolean) => boolean;
}

/**
 * Every part, drawn as itself and with `asChild` inside its card, for each target it applies to,
 * and the probes to check.
 */
function drawAll(
  store: ToolpaneStore,
  targets: Readonly<Record<'call' | 'run' | 'store', readonly Target[]>>,
): { probes: Probe[]; tree: ReactNode[]; shown: Shown[] } {
  const probes: Probe[] = [];
  const tree: ReactNode[] = [];
  const shown: Shown[] = [];
  const all = parts();
  for (const [cardName, card] of Object.entries(CARDS) as [CardName, Card][]) {
    for (const [index, target] of targets[card.by].entries()) {
      if (card.applies !== undefined && !card.applies(target.kind)) continue;
      for (const asChild of [false, true]) {
        const refKind = (index + Number(asChild)) % 2 === 0 ? 'object' : 'callback';
        const tag = `${asChild ? ' asChild' : ''} ${target.id} (${refKind} ref)`;
        const inside: ReactNode[] = [];
        let root: RootProbe = { props: {}, asChild: false };
        for (const [name, part] of all) {
          const placement = PLACEMENTS[name];
          if (placement?.card !== cardName) continue;
          if (placement.when !== undefined && !placement.when(target)) continue;
          const made = makeProbe(`${name}${tag}`, `probe-${probes.length}`, false, refKind);
          probes.push(made.probe);
          shown.push({
            key: made.probe.key,
            card: `${cardName}${tag}`,
            shows: (failed) => {
              const state = store.getState();
              const by = card.by;
              const call = by === 'call' ? state.toolCalls.get(target.id) : undefined;
              const run = by === 'run' ? state.runs.get(target.id) : undefined;
              return placement.shows({ state, target, call, run, failed });
            },
          });
          const own = {
            ...placement.props?.(target),
            ...(cardName === 'store' && name === 'StreamInspector' ? { log: logs.get(store) } : {}),
            ...made.props,
            ref: made.ref,
          };
          if (placement.root) {
            root = { props: own, asChild };
            continue;
          }
          const slotted = asChild && !placement.noAsChild;
          const draw = (props: Props) =>
            createElement(
              part,
              { key: name, ...props, ...(slotted ? { asChild } : {}) },
              slotted ? createElement(placement.host ?? 'div') : undefined,
            );
          inside.push(placement.draw?.((props) => draw({ ...props, ...own }), target) ?? draw(own));
        }
        if (inside.length > 0 || root.props.ref !== undefined)
          tree.push(<div key={`${cardName}${tag}`}>{card.render(target, inside, root)}</div>);
      }
    }
  }
  return { probes, tree, shown };
}

/**
 * The targets of a recording: its store, its runs, and of its calls the first of each kind that
 * passes through each sequence of statuses (with its thread and first step), so each way a card
 * changes is drawn once and the test stays quick.
 */
function targetsOf(recordings: readonly (readonly unknown[])[]) {
  const chunks = recordings.flat();
  const played = storeFor(chunks);
  const statuses = new Map<string, string[]>();
  const note = () => {
    for (const [id, call] of played.getState().toolCalls) {
      const seen = statuses.get(id) ?? statuses.set(id, []).get(id)!;
      if (seen.at(-1) !== call.status) seen.push(call.status);
    }
  };
  for (const recording of recordings) {
    for (const chunk of recording) {
      played.dispatch(chunk as never);
      note();
    }
    played.dispatch({ type: 'toolpane/stream-end' });
    note();
  }
  const { toolCalls } = played.getState();
  const ways = new Set<string>();
  const calls = [...callsOf(chunks)].filter(([id, kind]) => {
    const way = `${kind} ${statuses.get(id)?.join(' ')}`;
    return !ways.has(way) && ways.add(way) !== undefined;
  });
  return {
    call: calls.map(([id, kind]) => {
      const call = toolCalls.get(id);
      return { id, kind, runId: call?.childRunIds[0], stepId: call?.workflow?.stepIds[0] };
    }),
    run: runsOf(chunks).map(([id, kind]) => ({ id, kind })),
    store: [{ id: 'store', kind: undefined }],
  };
}

/**
 * The probes whose part the state says shows (`failed`: the cards in which sending a decision
 * failed) and no element carries the props of.
 */
function unshown(shown: readonly Shown[], failed: ReadonlySet<string> = new Set()): string[] {
  const marked = new Set(
    [...document.querySelectorAll('[data-probe]')].map((element) =>
      element.getAttribute('data-probe'),
    ),
  );
  return shown
    .filter(({ key, card, shows }) => shows(failed.has(card)) && !marked.has(key))
    .map(({ key }) => `${key}: not shown`);
}

const check = (
  probes: readonly Probe[],
  state: string,
  shown?: readonly Shown[],
  failed?: ReadonlySet<string>,
) => {
  expect(problems(probes), state).toEqual([]);
  expect(danglingReferences(), state).toEqual([]);
  expect(document.querySelectorAll('[aschild]'), state).toHaveLength(0);
  if (shown !== undefined) expect(unshown(shown, failed), state).toEqual([]);
};

const wrap = (strict: boolean, node: ReactNode) =>
  strict ? <StrictMode>{node}</StrictMode> : node;

describe(`every exported part, in its card, in every state, on React ${version}`, () => {
  it('covers every component of every entry point the package exports', () => {
    const manifest = JSON.parse(readFileSync('packages/ui/package.json', 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const entries = Object.entries(manifest.exports)
      .filter(([, target]) => typeof target === 'object')
      .map(([key]) => key);
    expect(Object.keys(UI_ENTRIES).sort()).toEqual(entries.sort());
    const unplaced = parts()
      .map(([name]) => name)
      .filter((name) => PLACEMENTS[name] === undefined);
    expect(unplaced).toEqual([]);
    const used = new Set(parts().map(([name]) => name));
    expect(Object.keys(PLACEMENTS).filter((name) => !used.has(name))).toEqual([]);
  });

  it.each(CASES)('%s', { timeout: 120_000 }, (_, names, strict) => {
    const recordings = names.map((name) => loadFixture(name));
    const chunks = recordings.flat();
    const store = loggedStore(chunks);
    const { probes, tree, shown } = drawAll(store, targetsOf(recordings));
    render(wrap(strict, <ToolpaneProvider store={store}>{tree}</ToolpaneProvider>));
    playChecking(store, recordings, act, (state) => check(probes, state, shown), true);
  });

  it.each([false, true])(
    "in a subagent card's deeper view and back (StrictMode: %s)",
    { timeout: 120_000 },
    (strict) => {
      const chunks = deepChain(MAX_NESTED_SUBAGENTS + 5);
      const store = logChunks(storeFor(chunks)).store;
      store.dispatchMany(chunks);
      const agents = [...store.getState().toolCalls.values()].filter((c) => c.kind === 'agent');
      expect(agents.length).toBeGreaterThan(MAX_NESTED_SUBAGENTS);
      const { probes, tree } = drawAll(store, {
        call: [
          { id: 'agent-0', kind: 'agent', runId: agents[0]?.childRunIds[0] },
          { id: 'inner', kind: undefined },
        ],
        run: [],
        store: [],
      });
      render(wrap(strict, <ToolpaneProvider store={store}>{tree}</ToolpaneProvider>));
      check(probes, 'the outermost levels');
      const open = screen.getAllByRole('button', { name: 'Open what it did' });
      expect(open.length).toBeGreaterThan(0);
      for (const button of open) act(() => fireEvent.click(button));
      check(probes, 'the deeper views');
      for (const back of screen.queryAllByRole('button', { name: /^Back to/ }))
        act(() => fireEvent.click(back));
      expect(screen.queryAllByRole('button', { name: /^Back to/ })).toEqual([]);
      check(probes, 'back');
      store.dispatch({ type: 'toolpane/stream-end' });
      check(probes, 'ended');
    },
  );

  it.each([
    ['approval-request', 'approval-approve', 'Approval.Approve', /^Approve /, /^Try again/],
    ['suspend-request', 'suspend-resume', 'ResumeForm.Submit', /^Resume /, /^Try again/],
  ] as const)(
    'when sending %s fails and then succeeds',
    { timeout: 120_000 },
    async (name, answer, button, send, again) => {
      const chunks = loadFixture(name);
      const store = loggedStore(chunks);
      store.dispatchMany(chunks);
      store.dispatch({ type: 'toolpane/stream-end' });
      let fail = true;
      const sent: string[] = [];
      const session = createAgentSession({
        baseUrl: 'https://mastra.test',
        agentId: 'agent',
        store,
        fetch: async (url) => {
          sent.push(url);
          return fail
            ? new Response('{"error":"Service unavailable"}', {
                status: 503,
                headers: { 'content-type': 'application/json' },
              })
            : recordedResponse(answer);
        },
      });
      const { probes, tree, shown } = drawAll(store, targetsOf([chunks]));
      render(
        <StrictMode>
          <ToolpaneProvider session={session}>{tree}</ToolpaneProvider>
        </StrictMode>,
      );
      check(probes, 'waiting', shown);
      // A resume form's required box is ticked in every form first.
      for (const box of screen.queryAllByRole('checkbox')) act(() => fireEvent.click(box));
      // The decision is sent from the button drawn as a part of its card, whose error and retry
      // then show.
      const sender = shown.find(
        ({ key }) => key.startsWith(`${button} `) && !/ asChild /.test(key),
      );
      const element = document.querySelector(`[data-probe="${sender?.key}"]`) as HTMLElement;
      expect(element).toHaveAccessibleName(send);
      act(() => fireEvent.click(element));
      await waitFor(() => expect(sent).toHaveLength(1));
      await waitFor(() => expect(document.querySelector('[data-slot$="-error"]')).not.toBeNull());
      check(probes, 'failed', shown, new Set([sender?.card ?? '']));
      fail = false;
      const before = shape(store);
      act(() => fireEvent.click(screen.getAllByRole('button', { name: again })[0] as HTMLElement));
      await waitFor(() => expect(sent).toHaveLength(2));
      await waitFor(() => expect(shape(store)).not.toBe(before));
      await act(async () => {});
      check(probes, 'sent again', shown);
    },
  );
});
