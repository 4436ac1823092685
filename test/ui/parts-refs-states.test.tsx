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
 * id reference names an element that is not in the document. Under React 19 (unit) and React 18.
 */

import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ToolpaneStore } from '@toolpane/client';
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

interface Placement {
  readonly card: CardName;
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
  'ToolCall.Root': { card: 'call', root: true },
  'ToolCall.Trigger': { card: 'call', host: 'button' },
  'ToolCall.Title': { card: 'call', host: 'h3' },
  'ToolCall.Status': { card: 'call', host: 'span' },
  'ToolCall.Duration': { card: 'call', host: 'span' },
  'ToolCall.Activity': { card: 'call' },
  'ToolCall.Content': { card: 'call' },
  'ToolCall.Input': { card: 'call', host: 'section' },
  'ToolCall.Progress': { card: 'call', host: 'section' },
  'ToolCall.Output': { card: 'call', host: 'section' },
  'ToolCall.Results': { card: 'call', host: 'section' },
  'ToolCall.ModelOutput': { card: 'call', host: 'section' },
  'ToolCall.Error': { card: 'call', host: 'section' },
  'ToolCall.Missing': { card: 'missing', props: (t) => ({ toolCallId: t.id }) },
  DisplayValueView: { card: 'call', props: () => ({ value: { kind: 'raw', value: VALUE } }) },
  ExactValue: { card: 'call', props: () => ({ value: VALUE, maxStringLength: 10 }) },
  JsonView: { card: 'call', props: () => ({ value: VALUE, defaultExpandDepth: 0 }) },
  'Approval.Root': { card: 'approval', root: true },
  'Approval.Prompt': { card: 'approval', host: 'p' },
  'Approval.Request': { card: 'approval' },
  'Approval.Actions': { card: 'approval' },
  'Approval.Approve': { card: 'approval', host: 'button' },
  'Approval.Decline': { card: 'approval', host: 'button' },
  'Approval.Reason': { card: 'approval', host: 'textarea' },
  'Approval.Error': { card: 'approval', host: 'p' },
  'Approval.Retry': { card: 'approval', host: 'button' },
  'Approval.Outcome': { card: 'approval', host: 'p' },
  DecisionExpired: { card: 'approval', host: 'p', props: () => ({ message: undefined }) },
  'ResumeForm.Root': { card: 'form', root: true },
  'ResumeForm.Fields': { card: 'form', host: 'fieldset' },
  'ResumeForm.Payload': { card: 'form' },
  'ResumeForm.Error': { card: 'form', host: 'p' },
  'ResumeForm.Submit': { card: 'form', host: 'button' },
  'ResumeForm.Sent': { card: 'form', host: 'div' },
  'SubagentRun.Root': { card: 'agent', root: true },
  'SubagentRun.Trigger': { card: 'agent', host: 'button' },
  'SubagentRun.Title': { card: 'agent', host: 'h3' },
  'SubagentRun.Content': { card: 'agent' },
  'SubagentRun.Task': { card: 'agent', host: 'section' },
  'SubagentRun.Answer': { card: 'agent', host: 'section' },
  'SubagentRun.Details': { card: 'agent', host: 'section' },
  'SubagentRun.Thread': {
    card: 'agent',
    when: (t) => t.runId !== undefined,
    props: (t) => ({ runId: t.runId }),
  },
  'WorkflowRun.Root': { card: 'workflow', root: true },
  'WorkflowRun.Header': { card: 'workflow' },
  'WorkflowRun.Steps': { card: 'workflow', host: 'ol' },
  'WorkflowRun.Step': {
    card: 'workflow',
    host: 'li',
    when: (t) => t.stepId !== undefined,
    props: (t) => ({ stepId: t.stepId }),
  },
  'NetworkRun.Root': { card: 'network', root: true },
  'NetworkRun.Header': { card: 'network' },
  'NetworkRun.Steps': { card: 'network', host: 'ol' },
  'NetworkRun.Result': { card: 'network', host: 'section' },
  'Transcript.Root': { card: 'store' },
  'Transcript.Run': { card: 'run', props: (t) => ({ runId: t.id }) },
  'Transcript.Part': {
    card: 'run',
    noAsChild: true,
    draw: (part, t) => <FirstPart key={`part ${t.id}`} runId={t.id} part={part} />,
  },
  'Transcript.ToolCall': { card: 'call', props: () => ({ autoFocus: false }) },
  ToolCallCard: { card: 'call', props: () => ({ autoFocus: false }) },
  ToolpaneAnnouncer: { card: 'store' },
  RunTree: { card: 'store', draw: (part) => <Tree key="tree" part={part} /> },
  StreamInspector: { card: 'store' },
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

/**
 * Every part, drawn as itself and with `asChild` inside its card, for each target it applies to,
 * and the probes to check.
 */
function drawAll(
  store: ToolpaneStore,
  targets: Readonly<Record<'call' | 'run' | 'store', readonly Target[]>>,
): { probes: Probe[]; tree: ReactNode[] } {
  const probes: Probe[] = [];
  const tree: ReactNode[] = [];
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
  return { probes, tree };
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

const check = (probes: readonly Probe[], state: string) => {
  expect(problems(probes), state).toEqual([]);
  expect(danglingReferences(), state).toEqual([]);
  expect(document.querySelectorAll('[aschild]'), state).toHaveLength(0);
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
    const { probes, tree } = drawAll(store, targetsOf(recordings));
    render(wrap(strict, <ToolpaneProvider store={store}>{tree}</ToolpaneProvider>));
    playChecking(store, recordings, act, (state) => check(probes, state), true);
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
    ['approval-request', 'approval-approve', /^Approve /, /^Try again/],
    ['suspend-request', 'suspend-resume', /^Resume /, /^Try again/],
  ] as const)(
    'when sending %s fails and then succeeds',
    { timeout: 120_000 },
    async (name, answer, send, again) => {
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
      const { probes, tree } = drawAll(store, targetsOf([chunks]));
      render(
        <StrictMode>
          <ToolpaneProvider session={session}>{tree}</ToolpaneProvider>
        </StrictMode>,
      );
      check(probes, 'waiting');
      // A resume form's required box is ticked in every form first.
      for (const box of screen.queryAllByRole('checkbox')) act(() => fireEvent.click(box));
      act(() => fireEvent.click(screen.getAllByRole('button', { name: send })[0] as HTMLElement));
      await waitFor(() => expect(sent).toHaveLength(1));
      await waitFor(() => expect(document.querySelector('[data-slot$="-error"]')).not.toBeNull());
      check(probes, 'failed');
      fail = false;
      const before = shape(store);
      act(() => fireEvent.click(screen.getAllByRole('button', { name: again })[0] as HTMLElement));
      await waitFor(() => expect(sent).toHaveLength(2));
      await waitFor(() => expect(shape(store)).not.toBe(before));
      await act(async () => {});
      check(probes, 'sent again');
    },
  );
});
