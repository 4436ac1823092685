// @vitest-environment node
import {
  createToolpaneStore,
  HUMAN_TOOL_STATUSES,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';
import { END, keptState } from '../utils/replays';
import { everythingShown } from '../utils/shown';

/**
 * An agent network's continuation (what Mastra streams after a decision or a resume: the network's
 * run goes on, with no `start`) sent again reads as once: a reconnect sends it again from its
 * first chunk, and an app may pipe one response into a store twice. Every recorded network
 * continuation after the request it answers: sent twice and three times, broken off after any
 * chunk (by the stream's end and by a transport error) and sent again, through a store, the pure
 * `reduce` and a snapshot taken at the break, and after later turns of the chat.
 */

type Chunk = { type?: string; runId?: string };
const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };
const OPTIONS: ReduceOptions = { now: () => 0, families: [network] };
const runOf = (name: string) => (loadFixture(name)[0] as Chunk).runId;

/** Each recorded network continuation and the request it answers (the recording of its run). */
const PAIRS: readonly (readonly [request: string, continuation: string])[] = (() => {
  const names = fixtureNames().filter((name) => name.startsWith('network'));
  const opens = (name: string) => (loadFixture(name)[0] as Chunk).type === 'routing-agent-start';
  return names.flatMap((continuation) =>
    opens(continuation)
      ? []
      : names
          .filter((request) => opens(request) && runOf(request) === runOf(continuation))
          .map((request) => [request, continuation] as const),
  );
})();

const kept = (state: ToolpaneState) => keptState(state, { transport: false });

/** The request, its stream's end, and the decision for the call it left waiting. */
function decided(request: readonly unknown[]): unknown[] {
  const sequence = [...request, END];
  const waiting = [...reduceAll(sequence, OPTIONS).toolCalls.values()]
    .reverse()
    .find((call) => HUMAN_TOOL_STATUSES.has(call.status));
  expect(waiting, 'the request leaves a call waiting').toBeDefined();
  const decision = { type: 'toolpane/decision-sent', toolCallId: waiting?.key, resumeData: {} };
  return [...sequence, decision];
}

describe("an agent network's continuation sent again", () => {
  it('covers every recorded network continuation', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(6);
  });

  it.each(PAIRS)('%s, %s: sent twice or three times, reads as once', (request, continuation) => {
    const first = decided(loadFixture(request));
    const next = [...loadFixture(continuation), END];
    const once = kept(reduceAll([...first, ...next], OPTIONS));
    expect(kept(reduceAll([...first, ...next, ...next], OPTIONS)), 'twice').toEqual(once);
    expect(kept(reduceAll([...first, ...next, ...next, ...next], OPTIONS)), 'thrice').toEqual(once);
  });

  it.each(PAIRS)('%s, %s: broken off after any chunk, reads as once', (request, continuation) => {
    const first = decided(loadFixture(request));
    const next = loadFixture(continuation);
    const once = kept(reduceAll([...first, ...next, END], OPTIONS));
    for (let cut = 1; cut < next.length; cut++) {
      for (const broke of [END, ERROR]) {
        const sequence = [...first, ...next.slice(0, cut), broke, ...next, END];
        expect(kept(reduceAll(sequence, OPTIONS)), `after ${cut} by ${broke.type}`).toEqual(once);
        // Broken off twice: the second reading went further than the first.
        const further = Math.min(next.length, cut + 2);
        const twice = [...first, ...next.slice(0, cut), broke, ...next.slice(0, further), broke];
        expect(kept(reduceAll([...twice, ...next, END], OPTIONS)), `twice, ${cut}`).toEqual(once);
      }
    }
  });

  it.each(PAIRS)(
    '%s, %s: a store, the pure reduce and a snapshot at the break agree',
    (request, continuation) => {
      const first = decided(loadFixture(request));
      const next = loadFixture(continuation);
      const once = kept(reduceAll([...first, ...next, END], OPTIONS));
      for (const cut of [1, Math.ceil(next.length / 2), next.length]) {
        const sequence = [...first, ...next.slice(0, cut), END, ...next, END];
        const stepwise = sequence.reduce<ToolpaneState>(
          (state, chunk) => reduce(state, chunk, OPTIONS),
          initialState,
        );
        expect(kept(stepwise), `reduce, after ${cut}`).toEqual(once);
        const store = createToolpaneStore(OPTIONS);
        for (const chunk of sequence) store.dispatch(chunk);
        expect(kept(store.getState()), `store, after ${cut}`).toEqual(once);
        // A snapshot taken at the break, loaded, then the continuation sent again.
        const atBreak = reduceAll([...first, ...next.slice(0, cut), END], OPTIONS);
        const loaded = deserializeState(
          JSON.parse(JSON.stringify(serializeState(atBreak, { raw: true }))),
        );
        expect(kept(reduceAll([...next, END], OPTIONS, loaded)), `snapshot, ${cut}`).toEqual(once);
      }
    },
  );

  it.each(PAIRS)(
    '%s, %s: sent again, shows nothing a single read hides',
    (request, continuation) => {
      const first = decided(loadFixture(request));
      const next = loadFixture(continuation);
      const shown = everythingShown(reduceAll([...first, ...next, END], OPTIONS));
      for (let cut = 1; cut <= next.length; cut++) {
        const state = reduceAll([...first, ...next.slice(0, cut), END, ...next, END], OPTIONS);
        expect(everythingShown(state), `after ${cut}`).toBe(shown);
      }
    },
  );

  it.each(PAIRS)(
    '%s, %s: sent again after later turns of the chat, reads as once',
    (request, continuation) => {
      const next = [...loadFixture(continuation), END];
      const chat = [...decided(loadFixture(request)), ...next];
      // Later turns: a network that answers, and one that asks and goes on.
      for (let n = 1; n <= 2; n++) {
        chat.push(...fixtureAsRun('network', n), END);
        chat.push(...decided(fixtureAsRun('network-tool-approval-request', n)));
        chat.push(...fixtureAsRun('network-tool-approval-approve', n), END);
      }
      const once = kept(reduceAll(chat, OPTIONS));
      expect(kept(reduceAll([...chat, ...next], OPTIONS))).toEqual(once);
    },
  );

  it('takes any value as the first of a stream (regression: seed 1942439796, a null chunk)', () => {
    const [request] = PAIRS[0]!;
    const waiting = decided(loadFixture(request));
    const runId = runOf(request);
    const values = [
      null,
      undefined,
      0,
      'agent-execution-start',
      [],
      {},
      { type: null },
      { type: 'agent-execution-start' },
      { type: 'agent-execution-start', runId: 7 },
      { type: 'agent-execution-start', runId, payload: null },
      Object.create(null),
    ];
    for (const value of values) {
      const state = reduceAll([...waiting, value, END], OPTIONS);
      const thrown = state.issues.filter((issue) => issue.message.includes('could not be applied'));
      expect(thrown, String(JSON.stringify(value))).toEqual([]);
    }
  });
});
