import { reduce, reduceAll, type ToolpaneState } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { CONVERSATION } from '../../bench/conversation-shapes';
import { shapeOptions } from '../../bench/shapes';
import {
  HUMAN_TOOL_STATUSES,
  TERMINAL_TOOL_STATUSES,
} from '../../packages/client/src/state/state.js';
import { StateRoot } from '../../packages/client/src/state/state-root.js';
import { fixtureAsRun, fixtureNames } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';

/*
 * A stream's stop (its end, its break, an abort) looks only at what was written since the last
 * stop and at what that stop left open, so that a long chat's stops cost what each stream did. It
 * must do exactly what a look at every run and call does: each stop of every recording played as
 * a chat, broken off at many places and sent again, is compared with the same stop made on the
 * same state without the note of what was written (a state made elsewhere, whose stop looks at
 * everything), and the whole chat read in one batch with the chat read chunk by chunk that way.
 */

/** A recording's options, with the network family for an agent network's. */
const optionsOf = (name: string) => ({
  ...recordingOptions(name),
  ...(name.includes('network') ? { families: [network] } : {}),
});

const BROKE = { type: 'toolpane/stream-error', message: 'The connection closed' };
const ABORT = { type: 'toolpane/abort', reason: 'Stopped' };
const STOPS = [END, BROKE, ABORT] as const;
const isStop = (value: unknown) => STOPS.some((stop) => stop.type === (value as Stop).type);
type Stop = { type: string };

/** The same state with no note of what was written since the last stop. */
function withoutNote(state: ToolpaneState): ToolpaneState {
  const copy = StateRoot.copy(state as StateRoot);
  StateRoot.setLists(copy, { ...StateRoot.lists(state as StateRoot), sinceStop: undefined });
  return copy;
}

const json = (state: ToolpaneState): unknown =>
  JSON.parse(JSON.stringify(serializeState(state, { raw: true })));

/** What any stop leaves: no run streams, and an ended run's open calls are held by someone. */
function nothingLeftOpen(state: ToolpaneState): string[] {
  const wrong: string[] = [];
  for (const run of state.runs.values()) {
    if (run.status === 'streaming') wrong.push(`run ${run.runId} streams`);
  }
  for (const call of state.toolCalls.values()) {
    const run = state.runs.get(call.runId);
    if (run === undefined || run.status === 'waiting' || TERMINAL_TOOL_STATUSES.has(call.status)) {
      continue;
    }
    const held =
      HUMAN_TOOL_STATUSES.has(call.status) ||
      call.awaitingClient === true ||
      call.background !== undefined ||
      call.childRunIds.length > 0;
    if (!held) wrong.push(`call ${call.key} is ${call.status} in a run that ${run.status}`);
  }
  return wrong;
}

/**
 * A recording as three turns of a chat: the first ended, the second broken off after each of
 * `cuts` chunks (by an end, a break and an abort in turn) and sent again whole, the third ended.
 */
function chatOf(name: string, cuts: number): unknown[] {
  const [first, second, third] = [1, 2, 3].map((n) => fixtureAsRun(name, n));
  const out: unknown[] = [...first!, END];
  const step = Math.max(1, Math.floor(second!.length / cuts));
  for (let cut = 1, k = 0; cut <= second!.length; cut += step, k++) {
    out.push(...second!.slice(0, cut), STOPS[k % STOPS.length]);
  }
  out.push(...second!, END, ...third!, END);
  return out;
}

/** Reads `values` chunk by chunk; each stop is made twice and the two must agree. */
function readComparingStops(values: readonly unknown[], options: object) {
  let state: ToolpaneState = reduceAll([], options);
  expect(StateRoot.lists(state as StateRoot).sinceStop).toBeDefined();
  let stops = 0;
  for (const value of values) {
    if (!isStop(value)) {
      state = reduce(state, value, options);
      continue;
    }
    const noted = reduce(state, value, options);
    const looked = reduce(withoutNote(state), value, options);
    expect(json(noted)).toEqual(json(looked));
    expect(nothingLeftOpen(noted)).toEqual([]);
    state = noted;
    stops++;
  }
  return { state, stops };
}

describe('a stream stop does what a look at every run and call does', () => {
  it.each(fixtureNames())('%s played as a chat broken off and sent again', (name) => {
    const options = optionsOf(name);
    const chunks = chatOf(name, 12);
    const { state, stops } = readComparingStops(chunks, options);
    expect(stops).toBeGreaterThanOrEqual(4);
    // One batch (one copy-on-write epoch across every stop) reads the same.
    expect(json(reduceAll(chunks, options))).toEqual(json(state));
  });

  it.each(CONVERSATION.map((shape) => [shape.name, shape] as const))('%s', (_, shape) => {
    const options = { ...shapeOptions(shape), now: () => 0 };
    const chunks = shape.chunks(400);
    const { state, stops } = readComparingStops(chunks, options);
    expect(stops).toBeGreaterThan(20);
    expect(json(reduceAll(chunks, options))).toEqual(json(state));
  });

  it.each(fixtureNames())(
    '%s: a stop after a stream that carried nothing leaves the state as it was',
    (name) => {
      // The session tells an empty stream by the state it leaves: the very same object.
      const options = optionsOf(name);
      // (A break is said in `issues` even then.)
      for (const stop of [END, ABORT]) {
        const read = reduceAll([...fixtureAsRun(name, 1), stop], options);
        expect(reduce(read, stop, options)).toBe(read);
        // A state made elsewhere, whose stop looks at everything, too.
        const loaded = deserializeState(serializeState(read, { raw: true }));
        expect(reduce(loaded, END, options)).toBe(loaded);
      }
    },
  );
});
