import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  type ToolCallState,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import {
  type Ctx,
  createScratch,
  type Scratch,
} from '../../packages/client/src/reducer/context.js';
import { type Among, openNested } from '../../packages/client/src/reducer/open-nested.js';
import { createReducer } from '../../packages/client/src/reducer/reduce.js';
import { Draft } from '../../packages/client/src/state/draft.js';
import { TERMINAL_TOOL_STATUSES } from '../../packages/client/src/state/state.js';
import { countWork } from '../utils/count';
import { fixtureAsRun, fixtureNames } from '../utils/fixtures';
import { nestedCalls } from '../utils/nested-calls';

/*
 * A request for a person that surfaces on an `agent-*` call is matched to the open call inside
 * that asked it, among the open calls kept per top-level call (`reducer/open-nested.ts`), not by
 * walking every call the subagent ever made. The index must hold what a walk finds, read from a
 * state or kept up to date value by value, and a subagent with many calls must stay linear.
 */

const optionsFor = (name: string): ReduceOptions => ({
  formats: name.includes('aisdk') ? [aiSdk] : [],
  families: name.includes('network') ? [network] : [],
});

/** The kinds a search looks among, as the public state tells them. */
const kinds = (call: ToolCallState): [Among, (c: ToolCallState) => boolean][] => [
  [
    { asked: true },
    (c) =>
      c.status === 'approval-requested' ||
      c.status === 'suspended' ||
      c.approval !== undefined ||
      c.suspension !== undefined,
  ],
  [
    {},
    (c) =>
      (c.status.startsWith('input') || c.status === 'approval-responded') &&
      c.childRunIds.length === 0,
  ],
  [
    { tool: call.toolName },
    (c) =>
      (c.status.startsWith('input') || c.status === 'approval-responded') &&
      c.childRunIds.length === 0 &&
      c.toolName === call.toolName,
  ],
];

/** Checks every search of `state` through `scratch` against a walk of the public state. */
function expectIndexed(state: ToolpaneState, scratch: Scratch, what: string) {
  const ctx = { draft: new Draft(state), scratch } as unknown as Ctx;
  let checked = 0;
  for (const outer of state.toolCalls.values()) {
    if (outer.childRunIds.length === 0) continue;
    const nested = nestedCalls(state, outer).filter((c) => !TERMINAL_TOOL_STATUSES.has(c.status));
    for (const inner of [outer, ...nested]) {
      for (const [among, is] of kinds(inner)) {
        const found = openNested(ctx, outer, among, () => true).map((c) => c.key);
        const expected = nested
          .filter(is)
          .filter((c) => among.tool === undefined || c.toolName === among.tool);
        expect(new Set(found), `${what}: ${outer.key} ${JSON.stringify(among)}`).toEqual(
          new Set(expected.map((c) => c.key)),
        );
        checked++;
      }
    }
  }
  return checked;
}

describe('the open calls inside a top-level call', () => {
  it.each(fixtureNames())('are those a walk finds, kept up to date or read anew, in %s', (name) => {
    const chunks = [...fixtureAsRun(name, 1), ...fixtureAsRun(name, 2)];
    const options = optionsFor(name);
    const reducer = createReducer(initialState, options);
    // Read from the state after the first chunk, then kept up to date chunk by chunk.
    reducer.apply(chunks[0]);
    expectIndexed(reducer.publish(), reducer.scratch, `${name} at the start`);
    for (const [i, chunk] of chunks.slice(1).entries()) {
      reducer.apply(chunk);
      if (i % 7 === 0) expectIndexed(reducer.publish(), reducer.scratch, `${name} at ${i + 1}`);
    }
    const state = reducer.publish();
    expectIndexed(state, reducer.scratch, `${name} at the end`);
    expectIndexed(state, createScratch(state), `${name} read from the state`);
  });
});

/** A native chunk, and the same chunk as a subagent's, wrapped in its agent call's output. */
const chunk = (type: string, runId: string, payload: object) => ({
  type,
  runId,
  from: 'AGENT',
  payload,
});
const wrap = (inner: object) => ({
  type: 'tool-output',
  runId: 'top',
  from: 'USER',
  payload: { output: inner, toolCallId: 'call-agent', toolName: 'agent-ops' },
});
const opening = [
  chunk('start', 'top', { id: 'supervisor', messageId: 'm' }),
  chunk('tool-call', 'top', { toolCallId: 'call-agent', toolName: 'agent-ops', args: {} }),
  wrap(chunk('start', 'sub', { id: 'ops', messageId: 'm-sub' })),
];
/** Two levels down: a subagent's own agent call (`call-deep`) and its run, `sub2`. */
const wrapDeep = (inner: object) =>
  wrap({
    type: 'tool-output',
    runId: 'sub',
    from: 'USER',
    payload: { output: inner, toolCallId: 'call-deep', toolName: 'agent-deep' },
  });
const openingDeep = [
  ...opening,
  wrap(chunk('tool-call', 'sub', { toolCallId: 'call-deep', toolName: 'agent-deep', args: {} })),
  wrapDeep(chunk('start', 'sub2', { id: 'deep', messageId: 'm-sub2' })),
];
/** The opening, the run the inner calls are made in, and how their chunks are wrapped, by depth. */
const LEVELS = {
  'one level down': { open: opening, run: 'sub', wrapped: wrap },
  'two levels down': { open: openingDeep, run: 'sub2', wrapped: wrapDeep },
};
const inner = (i: number, tool = `tool${i}`) => ({
  toolCallId: `sub-${i}`,
  toolName: tool,
  args: { i },
});

/** Work of the store publishing after every chunk, and the state it ends with. */
function counted(chunks: readonly unknown[], options: ReduceOptions = {}) {
  const store = createToolpaneStore(options);
  store.subscribe(() => store.getState());
  const work = countWork(() => {
    for (const c of chunks) store.dispatch(c);
  });
  return { work, state: store.getState() };
}

describe('requests that name only the agent call stay linear however many calls it made', () => {
  it.each(Object.entries(LEVELS))(
    'natively, %s: many open calls, each request told at the top only',
    (_, level) => {
      const stream = (count: number) => [
        ...level.open,
        ...Array.from({ length: count }, (_, i) =>
          level.wrapped(chunk('tool-call', level.run, inner(i))),
        ),
        ...Array.from({ length: count }, (_, i) =>
          chunk('tool-call-approval', 'top', { ...inner(i), toolCallId: 'call-agent' }),
        ),
      ];
      const run = (count: number) => {
        const { work, state } = counted(stream(count));
        // Each request goes to the one open call of the tool it names.
        for (const i of [0, count >> 1, count - 1]) {
          expect(state.toolCalls.get(`sub-${i}`)?.approval?.toolName).toBe(`tool${i}`);
        }
        expect(state.toolCalls.get('call-agent')?.approval).toBeUndefined();
        return work;
      };
      expect(run(3_000) / run(300)).toBeLessThan(20);
    },
  );

  it('natively: suspensions told one level up among many open calls stay on the agent call', () => {
    const stream = (count: number) => [
      ...opening,
      ...Array.from({ length: count }, (_, i) => wrap(chunk('tool-call', 'sub', inner(i, 'ask')))),
      ...Array.from({ length: count }, (_, i) =>
        chunk('tool-call-suspended', 'top', {
          toolCallId: 'call-agent',
          toolName: 'agent-ops',
          suspendPayload: { i },
        }),
      ),
    ];
    const run = (count: number) => {
      const { work, state } = counted(stream(count));
      // Nothing tells which of the open calls suspended: none is guessed.
      expect(state.toolCalls.get('call-agent')?.status).toBe('suspended');
      for (const i of [0, count - 1]) {
        expect(state.toolCalls.get(`sub-${i}`)?.status).toBe('input-available');
      }
      return work;
    };
    expect(run(3_000) / run(300)).toBeLessThan(20);
  });

  it.each(Object.entries(LEVELS))(
    'natively, %s: rounds of asking whose decisions are taken, expire or fail',
    (_, level) => {
      const end = { type: 'toolpane/stream-end' };
      const rounds = (count: number) => [
        ...level.open,
        ...Array.from({ length: count }, (_, i) => {
          const call = inner(i, 'deleteTool');
          const aim = { key: `sub-${i}`, toolCallId: 'call-agent' };
          const sent = { type: 'toolpane/decision-sent', ...aim, approved: true };
          const decision = [
            [sent, { type: 'toolpane/decision-failed', ...aim, error: 'refused' }],
            [{ type: 'toolpane/decision-expired', toolCallId: 'call-agent', reason: 'gone' }],
            [sent, { type: 'toolpane/decision-failed', ...aim, error: 'taken', accepted: true }],
          ][i % 3]!;
          return [
            level.wrapped(chunk('tool-call', level.run, call)),
            level.wrapped(chunk('tool-call-approval', level.run, call)),
            chunk('tool-call-approval', 'top', { ...call, toolCallId: 'call-agent' }),
            end,
            ...decision,
            level.wrapped(chunk('tool-result', level.run, { ...call, result: { ok: true } })),
          ];
        }).flat(),
      ];
      const run = (count: number) => {
        const { work, state } = counted(rounds(count));
        // The last round's decision was taken: nothing waits.
        expect(state.toolCalls.get(`sub-${count - 1}`)?.status).not.toBe('approval-requested');
        return work;
      };
      expect(run(1_500) / run(150)).toBeLessThan(20);
    },
  );

  it('natively: failed decisions, each searched for what a call beside it hides', () => {
    const hider = { toolCallId: 'vault-1', toolName: 'vault', args: { key: 'sk-open-nested-1' } };
    const metadata = {
      mastra: {
        toolPayloadTransform: { display: { 'input-available': { transformed: { key: '…' } } } },
      },
    };
    const rounds = (count: number) => [
      ...opening,
      wrap({ ...chunk('tool-call', 'sub', hider), metadata }),
      ...Array.from({ length: count }, (_, i) => {
        const call = inner(i, 'deleteTool');
        const decision = { key: `sub-${i}`, toolCallId: 'call-agent' };
        return [
          wrap(chunk('tool-call', 'sub', call)),
          wrap(chunk('tool-call-approval', 'sub', call)),
          chunk('tool-call-approval', 'top', { ...call, toolCallId: 'call-agent' }),
          { type: 'toolpane/stream-end' },
          { type: 'toolpane/decision-sent', ...decision, approved: true },
          { type: 'toolpane/decision-failed', ...decision, error: 'refused: sk-open-nested-1' },
          wrap(chunk('tool-result', 'sub', { ...call, result: { ok: true } })),
        ];
      }).flat(),
    ];
    const run = (count: number) => {
      const { work, state } = counted(rounds(count));
      const shown = JSON.stringify([...state.toolCalls.values()].map((c) => c.approval));
      expect(shown).not.toContain('sk-open-nested-1');
      expect(shown).toContain('refused');
      return work;
    };
    expect(run(1_500) / run(150)).toBeLessThan(20);
  });

  it('in an AI SDK stream: many open calls of one snapshot, each request naming the agent call', () => {
    const agent = 'call-agent';
    const stream = (count: number) => [
      { type: 'start', messageId: 'm' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: agent, toolName: 'agent-ops', input: { p: 1 } },
      {
        type: 'data-tool-agent',
        id: 'snapshot',
        data: {
          id: 'ops-agent',
          text: '',
          toolCalls: Array.from({ length: count }, (_, i) => inner(i)),
          pendingToolCalls: [],
          toolResults: [],
          toolErrors: [],
          steps: [],
          status: 'running',
        },
        ancestry: [{ toolCallId: agent, toolName: 'agent-ops', agentId: 'ops' }],
        depth: 1,
      },
      ...Array.from({ length: count }, (_, i) => ({
        type: 'data-tool-call-approval',
        id: `${agent}-${i}`,
        data: {
          state: 'data-tool-call-approval',
          runId: 'run-1',
          toolCallId: agent,
          toolName: `tool${i}`,
          args: { i },
        },
      })),
    ];
    const run = (count: number) => {
      const { work, state } = counted(stream(count), { formats: [aiSdk] });
      const [last] = [...state.toolCalls.values()].filter((c) => c.status === 'approval-requested');
      // One decision for the agent call: the latest request waits, on the call it names.
      expect(last?.toolName).toBe(`tool${count - 1}`);
      expect(last?.parentToolCallId).toBe(agent);
      return work;
    };
    expect(run(3_000) / run(300)).toBeLessThan(20);
  });
});
