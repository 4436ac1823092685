// @vitest-environment node
import {
  argsToCome,
  type ClientTransforms,
  createToolpaneStore,
  type DisplayValue,
  HUMAN_TOOL_STATUSES,
  initialState,
  type RunState,
  reduce,
  reduceAll,
  selectPendingApprovals,
  TERMINAL_TOOL_STATUSES,
  type ToolCallState,
  type ToolCallStatus,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { runs } from '../utils/property';

/**
 * Property tests of the reducer: sequences made by mutating the real recordings (drop, duplicate,
 * reorder, truncate, retype and corrupt chunks, and client events at random points) must never
 * break the state's invariants. Every sequence is checked after each step and once more after a
 * final stream end.
 */

const isMap = (value: object): value is ReadonlyMap<unknown, unknown> =>
  typeof (value as Partial<ReadonlyMap<unknown, unknown>>).get === 'function' &&
  typeof (value as Partial<ReadonlyMap<unknown, unknown>>).values === 'function';

// Maps of published states whose entries were frozen: a map that changes is a new map.
const frozenMaps = new WeakSet<object>();

/** Freezes plain objects and arrays; a map stays as it is (it may cache), its entries are frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (isMap(value)) {
    if (frozenMaps.has(value)) return value;
    frozenMaps.add(value);
    for (const entry of value.values()) deepFreeze(entry);
    return value;
  }
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

// Frozen so that a reducer writing into a chunk it received fails loudly.
const load = (name: string) => deepFreeze(loadFixture(name));

/** The mutated recordings include AI SDK UI message streams. */
const AI = { formats: [aiSdk], families: [network] };
const END = deepFreeze({ type: 'toolpane/stream-end' });

/** Recordings played as a session would: a request stream, its end, the decision, the continuation. */
function withDecision(request: string, continuation: string, approved = true): unknown[] {
  const first = load(request);
  const pending = selectPendingApprovals(reduceAll([...first, END]));
  const decisions = pending.map((p) =>
    p.kind === 'approval'
      ? { type: 'toolpane/decision-sent', toolCallId: p.toolCallId, approved }
      : {
          type: 'toolpane/decision-sent',
          toolCallId: p.toolCallId,
          resumeData: { confirmed: true },
        },
  );
  expect(decisions.length).toBeGreaterThan(0);
  return [...first, END, ...deepFreeze(decisions), ...load(continuation)];
}

/** Every recording: networks, nested requests and AI SDK streams included. */
const SINGLE = fixtureNames();

/** The index of recording `name` among the scenarios: regressions name it, as indexes move. */
const scenarioNamed = (name: string): number => {
  const at = SINGLE.indexOf(name);
  if (at < 0) throw new Error(`no recording ${name}`);
  return at;
};

const SCENARIOS: readonly (readonly unknown[])[] = [
  ...SINGLE.map(load),
  withDecision('approval-request', 'approval-approved'),
  withDecision('approval-decline-request', 'approval-decline', false),
  withDecision('nested-approval-request', 'nested-approval-approve'),
  withDecision('subagent-approval-request', 'subagent-approval-approved'),
  withDecision('suspend-request', 'suspend-resume'),
  withDecision('workflow-suspend-request', 'workflow-suspend-resume'),
  withDecision('deep-subagent-suspend-request', 'deep-subagent-suspend-resume'),
  withDecision('subagents-mixed-requests-request', 'subagents-mixed-requests-approve-first'),
  // A continuation sent again (a reconnect, a response piped twice).
  [
    ...withDecision('nested-approval-request', 'nested-approval-approve'),
    END,
    ...load('nested-approval-approve'),
  ],
];

/** Ids, names and types seen in the recordings: corrupting with them confuses runs and calls. */
function harvest(): { ids: string[]; types: string[] } {
  const ids = new Set<string>();
  const types = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 8) return;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && ['runId', 'toolCallId', 'toolName', 'taskId'].includes(key))
        ids.add(child);
      if (key === 'type' && typeof child === 'string') types.add(child);
      walk(child, depth + 1);
    }
  };
  for (const scenario of SCENARIOS) walk(scenario, 0);
  return { ids: [...ids], types: [...types] };
}

const POOL = harvest();

/**
 * Client transforms for every other tool name of the recordings (sorted, so the choice is fixed):
 * a late name, a replay or a reordering must not show what they hide either.
 */
const HALF: ClientTransforms = Object.fromEntries(
  [...new Set(SCENARIOS.flatMap((chunks) => toolNames(chunks)))]
    .sort()
    .filter((_, i) => i % 2 === 0)
    .map((name) => {
      const hide = () => ({ hidden: name });
      return [name, { input: hide, output: hide, error: hide, approval: hide, suspend: hide }];
    }),
);

function toolNames(value: unknown, depth = 0, out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null || depth > 8) return out;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'toolName' && typeof child === 'string') out.push(child);
    else toolNames(child, depth + 1, out);
  }
  return out;
}

// Types no recording carries, so that retyping reaches every branch of the reducer.
const EXTRA_TYPES = [
  'tool-call-suspended',
  'tool-error',
  'tool-output-denied',
  'object',
  'object-result',
  'source',
  'file',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'workflow-step-suspended',
  'workflow-step-waiting',
  'workflow-step-output',
  'workflow-canceled',
  'workflow-paused',
  'background-task-failed',
  'background-task-suspended',
  'background-task-resumed',
  'background-task-cancelled',
  'background-task-progress',
  'toolpane/stream-end',
  'toolpane/abort',
  'toolpane/decision-sent',
  'toolpane/decision-failed',
  'toolpane/issue',
  'toolpane/stream-error',
  'toolpane/client-output',
  'constructor',
  '__proto__',
];

const TYPES = [...new Set([...POOL.types, ...EXTRA_TYPES])];

const idArb = fc.constantFrom(...POOL.ids);

/** Values a corrupted field may take: wrong types, confusing ids, hostile keys, odd numbers. */
const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    '',
    0,
    -1,
    Number.NaN,
    true,
    false,
    [],
    {},
    '__proto__',
    'constructor',
    'toString',
    'output-available',
    'approval-requested',
    'suspended',
    'running',
    'completed',
  ),
  idArb,
  fc.constantFrom(...TYPES),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
  fc.anything({ maxDepth: 2, maxKeys: 3, withNullPrototype: true, withDate: true }),
);

/** A client event, possibly about a call that does not exist or with missing fields. */
const eventArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ type: 'toolpane/stream-end' }),
  fc.record({ type: fc.constant('toolpane/stream-error'), message: fc.constant('socket hang up') }),
  fc.record({ type: fc.constant('toolpane/abort') }),
  fc.record({
    type: fc.constant('toolpane/decision-sent'),
    toolCallId: idArb,
    approved: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('toolpane/decision-sent'),
    toolCallId: idArb,
    resumeData: fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.record({
    type: fc.constant('toolpane/decision-failed'),
    toolCallId: idArb,
    error: fc.constant('HTTP 500'),
  }),
  fc.record({
    type: fc.constant('toolpane/client-output'),
    toolCallId: idArb,
    output: fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.record({
    type: fc.constant('toolpane/client-output'),
    toolCallId: idArb,
    errorText: fc.constant('The picker was closed'),
  }),
);

type Op =
  | { readonly op: 'drop'; readonly at: number }
  | { readonly op: 'duplicate'; readonly at: number; readonly to: number }
  | { readonly op: 'move'; readonly from: number; readonly to: number }
  | { readonly op: 'truncate'; readonly keep: number }
  | { readonly op: 'retype'; readonly at: number; readonly type: string }
  | {
      readonly op: 'corrupt';
      readonly at: number;
      readonly path: number;
      readonly remove: boolean;
      readonly value: unknown;
    }
  | { readonly op: 'event'; readonly at: number; readonly event: unknown }
  /** The stream breaks after `at` chunks and is sent again from its start (a reconnect). */
  | { readonly op: 'reconnect'; readonly at: number; readonly error: boolean };

const at = fc.nat();
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at }),
  fc.record({ op: fc.constant('duplicate' as const), at, to: at }),
  fc.record({ op: fc.constant('move' as const), from: at, to: at }),
  fc.record({ op: fc.constant('truncate' as const), keep: at }),
  fc.record({ op: fc.constant('retype' as const), at, type: fc.constantFrom(...TYPES) }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('corrupt' as const),
      at,
      path: at,
      remove: fc.boolean(),
      value: junkArb,
    }),
  },
  fc.record({ op: fc.constant('event' as const), at, event: eventArb }),
  fc.record({ op: fc.constant('reconnect' as const), at, error: fc.boolean() }),
);

/** Every path to a field inside a chunk, so that corruption can reach any depth. */
function fieldPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (typeof value !== 'object' || value === null || prefix.length > 6) return out;
  for (const key of Object.keys(value)) {
    const path = [...prefix, key];
    out.push(path);
    fieldPaths((value as Record<string, unknown>)[key], path, out);
  }
  return out;
}

function corrupt(chunk: unknown, pathIndex: number, remove: boolean, value: unknown): unknown {
  const paths = fieldPaths(chunk);
  if (paths.length === 0) return value;
  const path = paths[pathIndex % paths.length]!;
  const copy = structuredClone(chunk) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete parent[last];
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true });
  return deepFreeze(copy);
}

function mutate(base: readonly unknown[], ops: readonly Op[]): unknown[] {
  const seq = base.slice();
  const index = (n: number, size = seq.length) => (size === 0 ? 0 : n % size);
  for (const op of ops) {
    switch (op.op) {
      case 'drop': {
        seq.splice(index(op.at), 1);
        break;
      }
      case 'duplicate': {
        if (seq.length > 0) seq.splice(index(op.to, seq.length + 1), 0, seq[index(op.at)]);
        break;
      }
      case 'move': {
        if (seq.length > 0) {
          const [chunk] = seq.splice(index(op.from), 1);
          seq.splice(index(op.to, seq.length + 1), 0, chunk);
        }
        break;
      }
      case 'truncate': {
        seq.length = index(op.keep, seq.length + 1);
        break;
      }
      case 'retype': {
        const i = index(op.at);
        if (seq.length > 0) seq[i] = deepFreeze({ ...(seq[i] as object), type: op.type });
        break;
      }
      case 'corrupt': {
        const i = index(op.at);
        if (seq.length > 0) seq[i] = corrupt(seq[i], op.path, op.remove, op.value);
        break;
      }
      case 'event': {
        seq.splice(index(op.at, seq.length + 1), 0, op.event);
        break;
      }
      case 'reconnect': {
        const cut = index(op.at, seq.length + 1);
        const broke = op.error ? { type: 'toolpane/stream-error', message: 'socket hang up' } : END;
        seq.splice(cut, seq.length - cut, broke, ...base);
        break;
      }
      default: {
        op satisfies never;
      }
    }
  }
  return seq;
}

/** Strings of a recording's hidden values: what its display transforms keep off the screen. */
function hiddenStrings(): ReadonlySet<string> {
  const out = new Set<string>();
  for (const name of [
    'transform-agent-policy',
    'transform-failed',
    'transform-input-streamed',
    'transform-input-whole',
  ]) {
    const state = reduceAll([...load(name), END]);
    for (const call of state.toolCalls.values()) {
      expect(call.displayTransform).toBe('display');
      const shown = JSON.stringify(displayValues(call));
      const leaves: string[] = [];
      const walk = (value: unknown) => {
        if (typeof value === 'string' && value.length >= 6) leaves.push(value);
        else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
      };
      walk(call.raw);
      for (const leaf of leaves) if (!shown.includes(leaf)) out.add(leaf);
    }
  }
  return out;
}

function displayValues(call: ToolCallState): DisplayValue[] {
  const values = [call.input, call.output, call.error, ...call.progress];
  if (call.approval !== undefined) values.push(call.approval.args);
  if (call.suspension !== undefined) values.push(call.suspension.payload);
  return values;
}

const HIDDEN = hiddenStrings();

it('finds the hidden values of the transform recordings', () => {
  expect([...HIDDEN]).toEqual(
    expect.arrayContaining(['sk-secret-123', 'tok-internal-42', 'hunter2', 'report.pdf']),
  );
});

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** What the checks remember between steps of one sequence. */
interface Tracker {
  /** Calls, and maps of calls, already checked: unchanged entities keep their identity. */
  readonly checked: WeakSet<object>;
  /** Per call key, its terminal status, and whether its stream's break ended it (`brokenOff`). */
  readonly terminal: Map<string, { status: ToolCallStatus; brokenOff: boolean }>;
  /** Per call key, the fields of `displayFields` that were hidden once. */
  readonly hidden: Map<string, Set<string>>;
  /** Per call key, what a call waiting for a decision was asked with (see `checkDecision`). */
  readonly asked: Map<string, { revision: number; input: DisplayValue; raw: unknown }>;
  issues: number;
}

const newTracker = (): Tracker => ({
  checked: new WeakSet(),
  terminal: new Map(),
  hidden: new Map(),
  asked: new Map(),
  issues: 0,
});

/** A call's display values by field. */
function displayFields(call: ToolCallState): [string, DisplayValue][] {
  const fields: [string, DisplayValue][] = [
    ['input', call.input],
    ['output', call.output],
    ['error', call.error],
  ];
  // A new request (the next revision) brings arguments of its own, as the stream shows them.
  if (call.approval !== undefined) {
    fields.push([`approval ${call.approval.revision}`, call.approval.args]);
  }
  if (call.suspension !== undefined) fields.push(['suspension', call.suspension.payload]);
  return fields;
}

/** A value hidden once is never shown raw afterwards, whatever chunk comes later. */
function checkStaysHidden(call: ToolCallState, tracker: Tracker): void {
  const hidden = tracker.hidden.get(call.key) ?? new Set<string>();
  tracker.hidden.set(call.key, hidden);
  for (const [field, value] of displayFields(call)) {
    if (value.kind === 'hidden') {
      hidden.add(field);
    } else if (value.kind === 'raw' && hidden.has(field)) {
      throw new Error(`${call.key} shows its ${field} raw after it was hidden`);
    }
  }
}

const seenValue = (value: DisplayValue) => value.kind === 'raw' || value.kind === 'transformed';
const waits = (call: ToolCallState) =>
  call.status === 'approval-requested' || call.status === 'approval-responded';

/**
 * While a call waits for a decision on one request (the same `revision`), the arguments it was
 * asked with do not change: the raw arguments where the stream carries them (a streamed input
 * may still be shown whole once they are known), else the shown input. A request whose
 * arguments are still to come (`argsToCome`) was asked with none yet, and cannot be approved.
 */
function checkDecision(call: ToolCallState, tracker: Tracker): void {
  const asked = tracker.asked.get(call.key);
  if (call.approval === undefined || !waits(call) || argsToCome(call)) {
    tracker.asked.delete(call.key);
    return;
  }
  const { revision } = call.approval;
  if (asked === undefined || asked.revision !== revision) {
    tracker.asked.set(call.key, { revision, input: call.input, raw: call.raw.input });
    return;
  }
  if (asked.raw !== undefined && safeJson(asked.raw) !== safeJson(call.raw.input)) {
    throw new Error(`${call.key} changed its raw arguments under approval ${revision}`);
  }
  // Without raw arguments (AI SDK streams) what was shown is what the request was made for; an
  // input shown partly (still streaming when the request came) may be filled in with exactly the
  // arguments the request was made with.
  if (asked.raw === undefined && seenValue(asked.input) && seenValue(call.input)) {
    const filled =
      call.input.kind === 'raw' && safeJson(call.input.value) === safeJson(call.raw.approvalArgs);
    if (filled) asked.input = call.input;
    else if (safeJson(asked.input) !== safeJson(call.input)) {
      throw new Error(`${call.key} changed its shown input under approval ${revision}`);
    }
  }
  if (!seenValue(asked.input)) asked.input = call.input;
  if (asked.raw === undefined) asked.raw = call.raw.input;
}

/** Invariants that hold after every step. Calls that kept their identity were checked before. */
function checkStep(state: ToolpaneState, tracker: Tracker): void {
  deepFreeze(state);
  if (tracker.checked.has(state.toolCalls)) {
    checkIssues(state, tracker);
    return;
  }
  tracker.checked.add(state.toolCalls);
  for (const [id, call] of state.toolCalls) {
    if (tracker.checked.has(call)) continue;
    tracker.checked.add(call);
    if (call.key !== id) throw new Error(`${id} is stored as ${call.key}`);
    // Terminal stays terminal, but for a call its stream's break ended (`brokenOff`): that one
    // goes back to the status it had when the stream is sent again, and (in a batch of chunks) on.
    const terminal = tracker.terminal.get(id);
    if (terminal !== undefined && call.status !== terminal.status && !terminal.brokenOff) {
      throw new Error(`${id} left terminal status ${terminal.status} for ${call.status}`);
    }
    if (call.brokenOff !== undefined && call.status !== 'output-error') {
      throw new Error(`${id} is ${call.status}, yet marked as ended by its stream's break`);
    }
    if (TERMINAL_TOOL_STATUSES.has(call.status)) {
      tracker.terminal.set(id, { status: call.status, brokenOff: call.brokenOff !== undefined });
    } else tracker.terminal.delete(id);
    const run = state.runs.get(call.runId);
    if (run === undefined || !run.toolCallIds.includes(id)) {
      throw new Error(`${id} does not belong to its run ${call.runId}`);
    }
    if (call.parentToolCallId !== null && !state.toolCalls.has(call.parentToolCallId)) {
      throw new Error(`${id} has an unknown parent ${call.parentToolCallId}`);
    }
    checkStaysHidden(call, tracker);
    checkDecision(call, tracker);
    if (call.displayTransform === 'display') {
      const shown = displayValues(call);
      const raw = shown.find((value) => value.kind === 'raw');
      if (raw !== undefined) {
        const value = JSON.stringify(raw).slice(0, 200);
        throw new Error(`${id} shows a raw value under a display transform: ${value}`);
      }
      const text = safeJson(shown);
      for (const secret of HIDDEN) {
        if (text.includes(secret)) throw new Error(`${id} shows the hidden value ${secret}`);
      }
    }
  }
  checkIssues(state, tracker);
}

function checkIssues(state: ToolpaneState, tracker: Tracker): void {
  for (; tracker.issues < state.issues.length; tracker.issues++) {
    const issue = state.issues[tracker.issues];
    if (typeof issue?.kind !== 'string' || typeof issue.message !== 'string') {
      throw new Error(`malformed issue ${safeJson(issue)}`);
    }
    // The reducer turns its own exceptions into this message: it must never be needed.
    if (issue.message.startsWith('Chunk could not be applied')) throw new Error(issue.message);
  }
  if ('polluted' in {}) throw new Error('Object.prototype was polluted');
}

const ENDED = new Set(['finished', 'error', 'aborted', 'tripwire', 'interrupted']);
const OPEN_BACKGROUND = new Set(['started', 'running', 'suspended']);

function waitsForHuman(state: ToolpaneState, call: ToolCallState, depth = 0): boolean {
  if (HUMAN_TOOL_STATUSES.has(call.status)) return true;
  if (depth > 64) return false;
  return call.childRunIds.some((runId) =>
    (state.runs.get(runId)?.toolCallIds ?? []).some((id) => {
      const child = state.toolCalls.get(id);
      return child !== undefined && waitsForHuman(state, child, depth + 1);
    }),
  );
}

/** Invariants that hold once the stream ended. */
function checkEnded(state: ToolpaneState): void {
  for (const run of state.runs.values()) {
    if (run.status === 'streaming') throw new Error(`run ${run.runId} still streams after the end`);
    if (!ENDED.has(run.status)) continue;
    for (const id of run.toolCallIds) {
      const call = state.toolCalls.get(id)!;
      if (TERMINAL_TOOL_STATUSES.has(call.status) || waitsForHuman(state, call)) continue;
      // A call Mastra did not run waits for the app's result (a client-side tool).
      if (call.awaitingClient === true) continue;
      if (call.background !== undefined && OPEN_BACKGROUND.has(call.background.status)) continue;
      throw new Error(`${id} is ${call.status} although run ${run.runId} is ${run.status}`);
    }
  }
}

const sequenceArb = fc.record({
  scenario: fc.nat(SCENARIOS.length - 1),
  // Most sequences start where the recording starts; a window keeps each one short.
  start: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
  length: fc.integer({ min: 1, max: 40 }),
  ops: fc.array(opArb, { maxLength: 6 }),
});

type SequenceInput = typeof sequenceArb extends fc.Arbitrary<infer T> ? T : never;

function sequenceOf(input: SequenceInput): unknown[] {
  const base = SCENARIOS[input.scenario]!;
  const start = input.start % base.length;
  return mutate(base.slice(start, start + input.length), input.ops);
}

describe('reducer properties on mutated recordings', () => {
  it('keeps every invariant when a store applies chunks one by one', () => {
    fc.assert(
      fc.property(sequenceArb, (input) => {
        const store = createToolpaneStore({ now: () => 0, formats: [aiSdk], families: [network] });
        const tracker = newTracker();
        for (const chunk of sequenceOf(input)) {
          store.dispatch(chunk);
          checkStep(store.getState(), tracker);
        }
        store.dispatch(END);
        const state = store.getState();
        checkStep(state, tracker);
        checkEnded(state);
      }),
      runs(60_000),
    );
  }, 240_000);

  it('keeps every invariant when a store applies chunks in batches', () => {
    fc.assert(
      fc.property(sequenceArb, fc.array(fc.nat(8), { maxLength: 12 }), (input, cuts) => {
        const store = createToolpaneStore({
          notify: () => undefined,
          now: () => 0,
          formats: [aiSdk],
          families: [network],
        });
        const tracker = newTracker();
        const seq = sequenceOf(input);
        let offset = 0;
        for (const cut of [...cuts, seq.length]) {
          store.dispatchMany(seq.slice(offset, offset + cut + 1));
          offset += cut + 1;
          checkStep(store.getState(), tracker);
          if (offset >= seq.length) break;
        }
        store.dispatch(END);
        const state = store.getState();
        checkStep(state, tracker);
        checkEnded(state);
      }),
      runs(20_000),
    );
  }, 240_000);

  it('keeps every invariant under client transforms for every other tool', () => {
    fc.assert(
      fc.property(sequenceArb, (input) => {
        const store = createToolpaneStore({
          now: () => 0,
          formats: [aiSdk],
          families: [network],
          transforms: HALF,
        });
        const tracker = newTracker();
        for (const chunk of sequenceOf(input)) {
          store.dispatch(chunk);
          checkStep(store.getState(), tracker);
        }
        store.dispatch(END);
        checkStep(store.getState(), tracker);
      }),
      runs(20_000),
    );
  }, 240_000);

  it('keeps every invariant when the pure reducer applies chunks one by one', () => {
    fc.assert(
      fc.property(sequenceArb, (input) => {
        const tracker = newTracker();
        let state = initialState;
        for (const chunk of sequenceOf(input)) {
          state = reduce(state, chunk, AI);
          checkStep(state, tracker);
        }
        state = reduce(state, END, AI);
        checkStep(state, tracker);
        checkEnded(state);
      }),
      runs(20_000),
    );
  }, 240_000);
});

/** Ids of a recording's runs: what a chunk names a run by (`runId`, `messageId`, a snapshot's `id`). */
function runIdsOf(chunks: readonly unknown[]): ReadonlySet<string> {
  const ids = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 8) return;
    const record = value as Record<string, unknown>;
    for (const key of ['runId', 'messageId']) {
      if (typeof record[key] === 'string') ids.add(record[key]);
    }
    if (record.type === 'data-tool-agent' && typeof record.id === 'string') ids.add(record.id);
    for (const child of Object.values(record)) walk(child, depth + 1);
  };
  for (const chunk of chunks) walk(chunk, 0);
  return ids;
}

/**
 * A recording replayed as another conversation turn: every run id gets a suffix, toolCallIds stay
 * as they are (models that number their calls per run repeat them).
 */
function asTurn(chunks: readonly unknown[], turn: number): unknown[] {
  if (turn === 0) return chunks.slice();
  const ids = runIdsOf(chunks);
  const rename = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return ids.has(value) ? `${value}~${turn}` : value;
    if (typeof value !== 'object' || value === null || depth > 12) return value;
    if (Array.isArray(value)) return value.map((item) => rename(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, rename(child, depth + 1)]),
    );
  };
  return chunks.map((chunk) => deepFreeze(rename(chunk, 0)));
}

/** Recordings that start a conversation turn, native and AI SDK, with subagents and approvals. */
const TURNS = [
  'aisdk-v5',
  'aisdk-v6',
  'aisdk-v7',
  'aisdk-v6-approval-two-level',
  'subagent-aisdk-ui-v5',
  'approval-request',
  'nested-approval-request',
  'parallel-same-tool',
  'subagent',
  'subagent-two-level',
  'suspend-request',
  'tool-then-text',
].map(load);

/**
 * Several turns in one store: windows of recordings one after the other, the same recording twice
 * repeating its toolCallIds in a run of its own, then mutated like single sequences.
 */
const turnsArb = fc.record({
  turns: fc.array(
    fc.record({
      recording: fc.nat(TURNS.length - 1),
      start: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
      length: fc.integer({ min: 1, max: 30 }),
    }),
    { minLength: 2, maxLength: 3 },
  ),
  ops: fc.array(opArb, { maxLength: 4 }),
});

type TurnsInput = typeof turnsArb extends fc.Arbitrary<infer T> ? T : never;

function turnsOf(input: TurnsInput): unknown[] {
  const seq = input.turns.flatMap((turn, n) => {
    const base = TURNS[turn.recording]!;
    const start = turn.start % base.length;
    return asTurn(base.slice(start, start + turn.length), n);
  });
  return mutate(seq, input.ops);
}

/** The keys of the entities a chunk names, with their ancestors: calls and the runs they sit in. */
function touchedBy(
  state: ToolpaneState,
  chunk: unknown,
): { calls: Set<string>; runs: Set<string> } {
  const text = safeJson(chunk);
  const calls = new Set<string>();
  const runs = new Set<string>();
  const touchRun = (runId: string) => {
    let id: string | undefined = runId;
    for (let hops = 0; id !== undefined && !runs.has(id) && hops < 100; hops++) {
      runs.add(id);
      const parent: string | null | undefined = state.runs.get(id)?.parentToolCallId;
      if (parent === null || parent === undefined) return;
      touchCall(parent);
      id = state.toolCalls.get(parent)?.runId;
    }
  };
  const touchCall = (key: string) => {
    let id: string | null = key;
    while (id !== null && !calls.has(id)) {
      calls.add(id);
      id = state.toolCalls.get(id)?.parentToolCallId ?? null;
    }
  };
  for (const call of state.toolCalls.values()) {
    if (text.includes(JSON.stringify(call.toolCallId))) touchCall(call.key);
  }
  // A run kept under another key (`<runId>@<call key>`, `<runId>@top`) is named by its wire id.
  const wireId = (run: RunState) => run.streamRunId ?? run.runId.split('@')[0]!;
  for (const run of state.runs.values()) {
    if (text.includes(JSON.stringify(wireId(run)))) touchRun(run.runId);
  }
  return { calls, runs };
}

/**
 * Throws when a call or a run the chunk does not touch is a new object with the same content (a
 * needless copy re-renders its card). A chunk touches the calls and runs whose ids it names, and
 * their ancestors.
 */
function checkIdentity(before: ToolpaneState, after: ToolpaneState, chunk: unknown): void {
  const touched = touchedBy(after, chunk);
  const copied = (kind: string, key: string) =>
    new Error(`${kind} ${key} was copied unchanged by ${safeJson(chunk).slice(0, 300)}`);
  for (const [key, was] of before.toolCalls) {
    const now = after.toolCalls.get(key);
    if (now === undefined || now === was || touched.calls.has(key)) continue;
    if (safeJson(now) === safeJson(was)) throw copied('call', key);
  }
  for (const [runId, was] of before.runs) {
    const now = after.runs.get(runId);
    if (now === undefined || now === was || touched.runs.has(runId)) continue;
    if (safeJson(now) === safeJson(was)) throw copied('run', runId);
  }
}

/**
 * Applies a sequence through a store (a dispatch per chunk), the pure `reduce` and `reduceAll`:
 * the three give the same state, and each `reduce` step keeps the identity of what it does not
 * touch.
 */
function checkPathsAgree(seq: readonly unknown[]): void {
  const options = { ...AI, now: () => 0 };
  const store = createToolpaneStore({ now: () => 0, formats: [aiSdk], families: [network] });
  let state = initialState;
  for (const chunk of seq) {
    const before = state;
    store.dispatch(chunk);
    state = reduce(state, chunk, options);
    checkIdentity(before, state, chunk);
  }
  const stepwise = safeJson(state);
  expect(safeJson(store.getState()), 'store and reduce differ').toBe(stepwise);
  expect(safeJson(reduceAll(seq, options)), 'reduceAll and reduce differ').toBe(stepwise);
}

describe('reducer paths agree', () => {
  it('store, reduce and reduceAll give the same state on one mutated recording', () => {
    fc.assert(
      fc.property(sequenceArb, (input) => checkPathsAgree([...sequenceOf(input), END])),
      runs(3_000),
    );
  }, 120_000);

  it('agree when a stream ends between any two chunks of any recording, or between all, and goes on', () => {
    // Found by the property above: a subagent snapshot after the end reopened a closed text part,
    // which the store's part index did not see, so a later end left it streaming there only.
    for (const name of SINGLE) {
      const chunks = load(name);
      for (let at = 0; at <= chunks.length; at++) {
        checkPathsAgree([...chunks.slice(0, at), END, ...chunks.slice(at), END]);
      }
      // Ended after every chunk, compared at every chunk: a run ended, reopened and ended again.
      const options = { ...AI, now: () => 0 };
      const store = createToolpaneStore(options);
      let state = initialState;
      for (const chunk of chunks.flatMap((chunk) => [chunk, END])) {
        store.dispatch(chunk);
        state = reduce(state, chunk, options);
        expect(safeJson(store.getState()), `${name}: store and reduce differ`).toBe(
          safeJson(state),
        );
      }
    }
  }, 120_000);

  it('copies nothing a chunk sent twice does not change, at every chunk of every recording', () => {
    // Found by the property above: a repeated network, data, abort or suspension part gave calls
    // and runs it did not change a new identity (a needless render of their cards).
    for (const name of SINGLE) {
      let state = initialState;
      for (const chunk of load(name)) {
        state = reduce(state, chunk, { ...AI, now: () => 0 });
        checkIdentity(state, reduce(state, chunk, { ...AI, now: () => 0 }), chunk);
      }
    }
  });

  it('store, reduce and reduceAll give the same state over turns that repeat toolCallIds', () => {
    fc.assert(
      fc.property(turnsArb, (input) => checkPathsAgree([...turnsOf(input), END])),
      runs(1_500),
    );
  }, 120_000);

  it('regression: a call a break ended finds its workflow again when it reopens (seeds 3434, 4545)', () => {
    // Found by the property above: an AI SDK workflow snapshot that came after the break dropped
    // the ended call from the store's index of open workflow calls, so once the stream came again
    // the store left the workflow unbound where the pure reducer bound it to the reopened call.
    const inputs = [
      {
        scenario: scenarioNamed('workflow-deep-hidden-aisdk'),
        start: 0,
        length: 26,
        ops: [
          {
            op: 'event',
            at: 333917352,
            event: { type: 'toolpane/stream-error', message: 'socket hang up' },
          },
          { op: 'reconnect', at: 191294476, error: false },
        ],
      },
      {
        scenario: scenarioNamed('workflow-nested-aisdk'),
        start: 0,
        length: 17,
        ops: [
          { op: 'reconnect', at: 1800734230, error: false },
          {
            op: 'event',
            at: 754335275,
            event: { type: 'toolpane/stream-error', message: 'socket hang up' },
          },
        ],
      },
    ] satisfies readonly SequenceInput[];
    for (const input of inputs) checkPathsAgree([...sequenceOf(input), END]);
  });

  it('regression: a workflow snapshot sent again in a later run of the same call (seed 1942439796)', () => {
    const input = {
      scenario: scenarioNamed('workflow-parallel-aisdk'),
      start: 208205445,
      length: 26,
      ops: [
        { op: 'move', from: 0, to: 1 },
        { op: 'reconnect', at: 109561966, error: false },
        { op: 'duplicate', at: 829061062, to: 836000333 },
      ],
    } satisfies SequenceInput;
    checkPathsAgree([...sequenceOf(input), END]);
  });

  it('regression: a background task handed again to the call a reconnect made again (seed 1942439796)', () => {
    // Found by the property above: a pure reducer read which call holds a task from the state's
    // calls, the first that had it, where the store kept the latest it was handed to; once the
    // stream came again, the task's completion ended the first call on one path and the call
    // made again on the other.
    const input = {
      scenario: scenarioNamed('background-task'),
      start: 1,
      length: 30,
      ops: [{ op: 'reconnect', at: 877616164, error: false }],
    } satisfies SequenceInput;
    checkPathsAgree([...sequenceOf(input), END]);
  });

  it('regression: a request repeated one level up after a replay names the same call (seed 101)', () => {
    // Found by the property above: where the latest request went was the store's own memory, so
    // after a waiting run was sent again the store and the pure reducer aimed the repeat of a
    // subagent's approval at different calls. It is part of the stream's cursor now.
    const input = {
      turns: [
        { recording: 6, start: 0, length: 18 },
        { recording: 6, start: 400772043, length: 9 },
        { recording: 0, start: 0, length: 16 },
      ],
      ops: [
        { op: 'reconnect', at: 940242675, error: false },
        { op: 'truncate', keep: 629025754 },
      ],
    } as const satisfies TurnsInput;
    checkPathsAgree([...turnsOf(input), END]);
  });
});

describe('reducer properties on arbitrary values', () => {
  const settled = reduceAll(load('subagent-two-level'));

  it('never throws on any single value, against an empty or a full state', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withNullPrototype: true,
          withObjectString: true,
          withSet: true,
          withSparseArray: true,
          withTypedArray: true,
        }),
        (value) => {
          for (const state of [initialState, settled]) {
            const next = reduce(state, value);
            checkStep(next, newTracker());
          }
        },
      ),
      runs(10_000),
    );
  }, 120_000);

  it('never throws on chunk-shaped values of every known type', () => {
    const valueArb = fc.anything({ maxDepth: 3, withBigInt: true, withNullPrototype: true });
    const chunkArb = fc.record(
      {
        type: fc.constantFrom(...TYPES),
        runId: fc.oneof(idArb, valueArb),
        from: fc.constantFrom('AGENT', 'WORKFLOW', 'USER', 'NETWORK'),
        payload: fc.oneof(
          valueArb,
          fc.record(
            {
              toolCallId: fc.oneof(idArb, valueArb),
              toolName: fc.oneof(idArb, valueArb),
              taskId: fc.oneof(idArb, valueArb),
              id: fc.oneof(idArb, valueArb),
              output: valueArb,
              args: valueArb,
              result: valueArb,
              error: valueArb,
            },
            { requiredKeys: [] },
          ),
        ),
        metadata: valueArb,
        issue: valueArb,
        toolCallId: fc.oneof(idArb, valueArb),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(chunkArb, (value) => {
        for (const state of [initialState, settled]) {
          const next = reduce(state, value);
          checkStep(next, newTracker());
        }
      }),
      runs(10_000),
    );
  }, 120_000);
});

describe('sequences the properties once broke', () => {
  const typeOf = (chunk: unknown) => (chunk as { type: string }).type;

  it('keeps a request that came before its agent call hidden once a call inside hides (seed 90210)', () => {
    // Found by the store property: Mastra's repeat of a nested approval one level up, sent before
    // anything else, made its `agent-*` call a plain tool call; once the inner call turned out to
    // hide its arguments the request hid them, and the repeat coming again showed them raw.
    const input = {
      scenario: scenarioNamed('nested-transform-approval-request'),
      start: 0,
      length: 22,
      ops: [{ op: 'duplicate', at: 2064958322, to: 0 }],
    } satisfies SequenceInput;
    const store = createToolpaneStore({ now: () => 0, ...AI });
    const tracker = newTracker();
    for (const chunk of sequenceOf(input)) {
      store.dispatch(chunk);
      checkStep(store.getState(), tracker);
    }
    const call = store.getState().toolCalls.get('call-vault-agent-1');
    expect(call?.approval?.args).toEqual({ kind: 'hidden', reason: 'suppressed' });
  });

  it('reports a chunk whose fields would trip a naive validator as invalid', () => {
    // Only a JavaScript source can send this: a `length` whose comparison throws.
    const state = reduce(initialState, { type: 'start', runId: { length: [Object.create(null)] } });
    expect(state.issues).toEqual([
      expect.objectContaining({
        kind: 'invalid-chunk',
        message: 'runId: expected a non-empty string, received object',
        chunkType: 'start',
      }),
    ]);
  });

  it('reports a chunk whose getter throws during validation as invalid', () => {
    const payload = {
      id: 't1',
      get text(): string {
        throw new Error('boom');
      },
    };
    const state = reduce(initialState, { type: 'text-delta', runId: 'r1', payload });
    expect(state.issues).toEqual([
      expect.objectContaining({
        kind: 'invalid-chunk',
        message: 'The chunk could not be validated: boom',
        chunkType: 'text-delta',
      }),
    ]);
  });

  it('keeps a background call terminal when its task completes after the run was aborted', () => {
    const chunks = load('background-task');
    const call = chunks.findIndex((chunk) => typeOf(chunk) === 'tool-call');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, call + 1));
    store.dispatch({ type: 'toolpane/abort' });
    store.dispatchMany(chunks.slice(call + 1));
    expect(store.getState().toolCalls.get('call-index-1')).toMatchObject({
      status: 'output-aborted',
      error: { kind: 'none' },
    });
  });

  it('ends calls whose chunks arrive after their run ended, once the stream ends', () => {
    const chunks = load('nested-approval-request');
    const store = createToolpaneStore();
    store.dispatch(chunks[0]);
    store.dispatch({ type: 'toolpane/abort' });
    store.dispatchMany(chunks.slice(1, 9));
    store.dispatch(END);
    const state = store.getState();
    expect(state.toolCalls.get('call-ops-1')?.status).toBe('output-aborted');
    expect([...state.runs.values()].map((run) => run.status)).toEqual(['aborted', 'interrupted']);
    checkEnded(state);
  });

  it('shows the message of a call ended by its run as hidden under a display transform', () => {
    const state = reduceAll([...load('transform-agent-policy').slice(0, 4), END]);
    expect(state.toolCalls.get('call-login-1')).toMatchObject({
      displayTransform: 'display',
      status: 'output-error',
      error: {
        kind: 'hidden',
        reason: 'failed',
        message: 'The stream ended before the run finished',
      },
    });
  });

  it('shows a background failure under a display transform as a placeholder only', () => {
    const chunks = load('background-task').map((chunk) =>
      typeOf(chunk) === 'background-task-completed'
        ? {
            ...(chunk as object),
            type: 'background-task-failed',
            payload: {
              ...(chunk as { payload: object }).payload,
              error: { message: 'token sk-live-999 rejected' },
            },
          }
        : chunk,
    );
    const store = createToolpaneStore({ transforms: { indexRepoTool: { input: () => '…' } } });
    store.dispatchMany(chunks);
    const call = store.getState().toolCalls.get('call-index-1')!;
    expect(call.status).toBe('output-error');
    expect(call.raw.error).toEqual({ message: 'token sk-live-999 rejected' });
    expect(JSON.stringify([displayValues(call), call.background])).not.toContain('sk-live-999');
  });
});
