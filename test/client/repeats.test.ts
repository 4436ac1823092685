// @vitest-environment node
import {
  createToolpaneStore,
  type ReduceOptions,
  reduce,
  reduceAll,
  selectCallsWithId,
  selectDecisionCall,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWork } from '../utils/count';
import { fixtureAsRun } from '../utils/fixtures';
import { runs } from '../utils/property';

/*
 * Conversations whose runs repeat toolCallIds (models that number their calls per run). A state
 * the reducer made finds the calls of a repeated id through its repeats index; a state made
 * elsewhere (a plain copy, or one read back from JSON) is searched key by key. Both must name the
 * same calls, give new calls the same keys, and cost O(1) per chunk however long the chat is.
 */

const NATIVE = [
  'approval-request',
  'approval-approved',
  'subagent',
  'subagent-three-deep',
  'subagent-approval-request',
  'subagent-approval-approved',
  'parallel-same-tool',
  'suspend-request',
  'suspend-resume',
  'workflow-tool',
];
const AI_SDK = ['aisdk-v6-approval-two-level', 'aisdk-v7-nested-suspend', 'subagent-aisdk-ui-v6'];

/** A state with the same fields as plain data: no index, no getters (a spread, say). */
const plain = (state: ToolpaneState): ToolpaneState => ({
  format: state.format,
  runs: new Map(state.runs),
  runOrder: [...state.runOrder],
  toolCalls: new Map(state.toolCalls),
  toolCallOrder: [...state.toolCallOrder],
  issues: [...state.issues],
  unknownChunks: [...state.unknownChunks],
});

const json = (state: ToolpaneState) => JSON.parse(JSON.stringify(serializeState(state)));

/** Every lookup by toolCallId, as a view and a decision make them. */
function lookups(state: ToolpaneState) {
  const ids = new Set([...state.toolCalls.values()].map((call) => call.toolCallId));
  return [...ids].map((id) => ({
    id,
    calls: selectCallsWithId(state, id).map((call) => call.key),
    decision: selectDecisionCall(state, id)?.key,
  }));
}

/** A conversation: each named recording as the next run, its toolCallIds as recorded. */
const conversation = (names: readonly string[]) =>
  names.flatMap((name, i) => fixtureAsRun(name, i + 1));

describe.each([
  ['native', NATIVE, {}],
  ['AI SDK', AI_SDK, { formats: [aiSdk] }],
] as const)('a %s conversation that repeats toolCallIds', (_, names, options: ReduceOptions) => {
  it('has each repeated call under its own key, in every turn', () => {
    const chunks = conversation([...names, ...names, ...names]);
    const state = reduceAll(chunks, options);
    const repeated = [...state.toolCalls.values()].filter((call) => call.key !== call.toolCallId);
    expect(repeated.length).toBeGreaterThan(names.length);
    for (const call of repeated) {
      expect(selectCallsWithId(state, call.toolCallId)).toContain(call);
    }
  });

  it('names the same calls from its index as from a plain copy, and reads back from JSON', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...names), { minLength: 2, maxLength: 7 }),
        fc.nat(),
        (picked, cut) => {
          const chunks = conversation(picked);
          const at = cut % (chunks.length + 1);
          const before = reduceAll(chunks.slice(0, at), options);
          expect(lookups(plain(before))).toEqual(lookups(before));
          const back = deserializeState(json(before));
          expect(json(back)).toEqual(json(before));
          expect(lookups(back)).toEqual(lookups(before));
          // Going on from each gives the same calls under the same keys.
          const rest = chunks.slice(at);
          const whole = json(reduceAll(rest, options, before));
          expect(whole).toEqual(json(reduceAll(chunks, options)));
          // A plain copy has no cursor (it goes on from its newest run): the rest is the same.
          const { cursor: _, ...uncursored } = whole;
          expect({ ...json(reduceAll(rest, options, plain(before))), cursor: undefined }).toEqual({
            ...uncursored,
            cursor: undefined,
          });
          expect(json(reduceAll(rest, options, back))).toEqual(whole);
        },
      ),
      runs(40),
    );
  });
});

describe('a toolCallId that is also another id with #n', () => {
  it('keeps the wire id `c#2` apart from the second call named `c`', () => {
    const call = (runId: string, toolCallId: string) => [
      { type: 'start', runId, from: 'AGENT', payload: { id: 'a', messageId: runId } },
      { type: 'tool-call', runId, from: 'AGENT', payload: { toolCallId, toolName: 't', args: {} } },
    ];
    const chunks = [
      ...call('r1', 'c'),
      ...call('r2', 'c#3'),
      ...call('r3', 'c'),
      ...call('r4', 'c#2'),
      ...call('r5', 'c'),
      ...call('r6', 'c'),
    ];
    for (const state of [
      reduceAll(chunks),
      chunks.reduce<ToolpaneState>((state, chunk) => reduce(state, chunk), plain(reduceAll([]))),
    ]) {
      expect([...state.toolCalls.values()].map((c) => [c.key, c.toolCallId])).toEqual([
        ['c', 'c'],
        ['c#3', 'c#3'],
        ['c#2', 'c'],
        ['c#2#2', 'c#2'],
        ['c#4', 'c'],
        ['c#5', 'c'],
      ]);
      expect(selectCallsWithId(state, 'c').map((c) => c.runId)).toEqual(['r1', 'r3', 'r5', 'r6']);
      expect(selectCallsWithId(state, 'c#2').map((c) => c.runId)).toEqual(['r4']);
    }
  });
});

const turnsOf = {
  native: (turns: number) =>
    Array.from({ length: turns }, (_, i) => {
      const runId = `run-${i}`;
      const chunk = (type: string, payload: object) => ({ type, runId, from: 'AGENT', payload });
      return [
        chunk('start', { id: 'agent', messageId: `m-${i}` }),
        chunk('tool-call', { toolCallId: 'call-1', toolName: 'lookup', args: { i } }),
        chunk('tool-result', { toolCallId: 'call-1', toolName: 'lookup', result: i }),
        chunk('tool-call', { toolCallId: 'call-2', toolName: 'lookup', args: { i } }),
        chunk('tool-result', { toolCallId: 'call-2', toolName: 'lookup', result: i }),
        chunk('finish', { stepResult: { reason: 'stop' } }),
      ];
    }).flat(),
  'AI SDK': (turns: number) =>
    Array.from({ length: turns }, (_, i) => [
      { type: 'start', messageId: `m-${i}` },
      { type: 'tool-input-start', toolCallId: 'call-1', toolName: 'lookup' },
      { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: `{"i":${i}}` },
      { type: 'tool-input-available', toolCallId: 'call-1', toolName: 'lookup', input: { i } },
      { type: 'tool-output-available', toolCallId: 'call-1', output: i },
      { type: 'finish' },
    ]).flat(),
};

describe.each([
  ['native', {}],
  ['AI SDK', { formats: [aiSdk] }],
] as const)('a long %s chat that repeats the same toolCallIds every turn', (format, options) => {
  const make = turnsOf[format];

  it('costs work linear in its chunks, through reduceAll and a store', () => {
    for (const apply of [
      (chunks: unknown[]) => reduceAll(chunks, options),
      (chunks: unknown[]) => {
        const store = createToolpaneStore(options);
        store.subscribe(() => store.getState());
        for (const chunk of chunks) store.dispatch(chunk);
      },
    ]) {
      const small = make(300);
      const large = make(3_000);
      const growth = countWork(() => apply(large)) / countWork(() => apply(small));
      expect(growth).toBeLessThan(20);
    }
  });
});

describe('a bare toolCallId named by a decision of one kind', () => {
  it('reaches the newest call with that id that waits for that kind of decision', () => {
    // Turn 1 asks to approve call-del-1; turn 2's tool, called call-del-1 as well, suspends.
    const suspended = JSON.parse(
      JSON.stringify(fixtureAsRun('suspend-request', 2)).replaceAll('call-book-1', 'call-del-1'),
    ) as unknown[];
    const state = reduceAll([...fixtureAsRun('approval-request', 1), ...suspended]);
    expect([...state.toolCalls.values()].map((call) => [call.key, call.status])).toEqual([
      ['call-del-1', 'approval-requested'],
      ['call-del-1#2', 'suspended'],
    ]);
    expect(selectDecisionCall(state, 'call-del-1')?.key).toBe('call-del-1');
    expect(selectDecisionCall(state, 'call-del-1', 'approve')?.key).toBe('call-del-1');
    expect(selectDecisionCall(state, 'call-del-1', 'resume')?.key).toBe('call-del-1#2');
  });
});
