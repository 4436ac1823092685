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
import { describe, expect, it } from 'vitest';
import { fixtureAsRun, fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, keptState, recordingOptions } from '../utils/replays';
import { everythingShown } from '../utils/shown';

/**
 * A continuation (what Mastra streams after a decision, a resume or a client tool's result: the
 * same run, with no `start`) sent again reads as once: a reconnect sends it again from its first
 * chunk, and an app may pipe one response into a store twice. Every recorded continuation after
 * the request it answers, both formats: sent twice and three times, broken off after any chunk
 * (by the stream's end and by a transport error) and sent again, through a store, the pure
 * `reduce` and a snapshot taken at the break; and a continuation sent again before the next one
 * of the same run, which is read as a continuation of its own.
 */

type Chunk = { type?: string; runId?: string };
const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };
const opening = (chunks: readonly unknown[]) => (chunks[0] as Chunk | undefined)?.type;
const runOf = (chunks: readonly unknown[]) =>
  (chunks as Chunk[]).find((chunk) => typeof chunk.runId === 'string')?.runId;

/**
 * Each recorded continuation and the request it answers (the recording that starts its run).
 * AI SDK streams carry no runId: their pairs are named. Agent networks' continuations are read
 * by count: network-continuation-again.test.ts.
 */
const PAIRS: readonly (readonly [request: string, continuation: string])[] = (() => {
  const names = fixtureNames().filter((name) => !name.includes('network'));
  const native = names.filter((name) => !isAiSdkRecording(name));
  const requests = native.filter((name) => opening(loadFixture(name)) === 'start');
  const pairs: [string, string][] = [];
  for (const name of native) {
    const chunks = loadFixture(name);
    if (opening(chunks) === 'start') continue;
    for (const request of requests) {
      if (runOf(loadFixture(request)) === runOf(chunks)) pairs.push([request, name]);
    }
  }
  pairs.push(['aisdk-v6-parallel-approval-request', 'aisdk-v6-parallel-approval-approve']);
  pairs.push(['aisdk-v6-parallel-approval-request', 'aisdk-v6-parallel-approval-next']);
  return pairs;
})();

/** Continuations that answer one request in turn (`…-first`, then `…-second`). */
const CHAINS = PAIRS.flatMap(([request, first]) => {
  const second = first.endsWith('-first') ? `${first.slice(0, -'-first'.length)}-second` : '';
  return PAIRS.some(([r, c]) => r === request && c === second) ? [[request, first, second]] : [];
});

const kept = (state: ToolpaneState) => keptState(state, { transport: false });

/**
 * `sequence` and the decision for the call it leaves waiting, told to the store before it is sent,
 * as the session does.
 */
function decided(sequence: readonly unknown[], options: ReduceOptions): unknown[] {
  const waiting = [...reduceAll(sequence, options).toolCalls.values()].find((call) =>
    HUMAN_TOOL_STATUSES.has(call.status),
  );
  const decision = { type: 'toolpane/decision-sent', toolCallId: waiting?.toolCallId };
  return [...sequence, { ...decision, resumeData: {} }];
}

describe('a continuation sent again', () => {
  it('covers every recorded continuation', () => {
    expect(PAIRS.length).toBeGreaterThan(35);
    expect(new Set(PAIRS.map(([request]) => request)).size).toBeGreaterThan(25);
    expect(CHAINS.length).toBeGreaterThanOrEqual(3);
  });

  it.each(PAIRS)('%s, %s: sent twice or three times, reads as once', (request, continuation) => {
    const first = [...loadFixture(request), END];
    const next = [...loadFixture(continuation), END];
    const options = recordingOptions(request);
    const once = kept(reduceAll([...first, ...next], options));
    expect(kept(reduceAll([...first, ...next, ...next], options)), 'twice').toEqual(once);
    expect(kept(reduceAll([...first, ...next, ...next, ...next], options)), 'thrice').toEqual(once);
  });

  it.each(PAIRS)('%s, %s: broken off after any chunk, reads as once', (request, continuation) => {
    const first = [...loadFixture(request), END];
    const next = loadFixture(continuation);
    const options = recordingOptions(request);
    const once = kept(reduceAll([...first, ...next, END], options));
    for (let cut = 1; cut < next.length; cut++) {
      for (const broke of [END, ERROR]) {
        const sequence = [...first, ...next.slice(0, cut), broke, ...next, END];
        expect(kept(reduceAll(sequence, options)), `after ${cut} by ${broke.type}`).toEqual(once);
      }
    }
  });

  it.each(PAIRS)(
    '%s, %s: a store, the pure reduce and a snapshot at the break agree',
    (request, continuation) => {
      const first = [...loadFixture(request), END];
      const next = loadFixture(continuation);
      const options = recordingOptions(request);
      const once = kept(reduceAll([...first, ...next, END], options));
      for (const cut of [1, Math.ceil(next.length / 2), next.length]) {
        const sequence = [...first, ...next.slice(0, cut), END, ...next, END];
        const stepwise = sequence.reduce<ToolpaneState>(
          (state, chunk) => reduce(state, chunk, options),
          initialState,
        );
        expect(kept(stepwise), `reduce, after ${cut}`).toEqual(once);
        const store = createToolpaneStore(options);
        for (const chunk of sequence) store.dispatch(chunk);
        expect(kept(store.getState()), `store, after ${cut}`).toEqual(once);
        // A page reloaded at the break (its snapshot, raw values kept on the server) goes on.
        const atBreak = reduceAll([...first, ...next.slice(0, cut), END], options);
        const saved = JSON.parse(JSON.stringify(serializeState(atBreak, { raw: true })));
        const restored = createToolpaneStore({ ...options, initialState: deserializeState(saved) });
        restored.dispatchMany([...next, END]);
        expect(kept(restored.getState()), `snapshot, after ${cut}`).toEqual(once);
      }
    },
  );

  it.each(CHAINS)('%s: %s sent again before %s, reads as once', (request, first, second) => {
    const options = recordingOptions(request);
    const [a, b, c] = [request, first, second].map((name) => [...loadFixture(name), END]);
    // The app tells the store of each decision before it sends it, as the session does.
    const afterA = decided(a!, options);
    const once = reduceAll([...decided([...afterA, ...b!], options), ...c!], options);
    const twice = reduceAll([...decided([...afterA, ...b!, ...b!], options), ...c!], options);
    expect(kept(twice)).toEqual(kept(once));
    // The second continuation is read as one of its own: every step of the run is there.
    const top = runOf(a!)!;
    const steps = [a, b, c].flat().filter((chunk) => {
      const { type, runId } = chunk as Chunk;
      return type === 'step-start' && runId === top;
    });
    expect(once.runs.get(top)?.steps.length).toBe(steps.length);
  });

  it.each(CHAINS)(
    '%s: after a decision, %s opening again is a continuation of its own',
    (request, first) => {
      const options = recordingOptions(request);
      const [a, b] = [request, first].map((name) => [...loadFixture(name), END]);
      const top = runOf(a!)!;
      const stepsOf = (state: ToolpaneState) => state.runs.get(top)?.steps.length;
      const decide = (sequence: unknown[]) => decided(sequence, options);
      const once = reduceAll([...decide(a!), ...b!], options);
      const added = stepsOf(once)! - stepsOf(reduceAll(a!, options))!;
      // Without a decision between, it is the continuation sent again; with one, the next.
      expect(stepsOf(reduceAll([...decide(a!), ...b!, ...b!], options))).toBe(stepsOf(once));
      const next = reduceAll([...decide([...decide(a!), ...b!]), ...b!], options);
      expect(stepsOf(next)).toBe(stepsOf(once)! + added);
    },
  );

  it.each(PAIRS)(
    '%s, %s: sent again, shows nothing a single read hides',
    (request, continuation) => {
      const first = [...loadFixture(request), END];
      const next = loadFixture(continuation);
      const options = recordingOptions(request);
      const shown = everythingShown(reduceAll([...first, ...next, END], options));
      for (let cut = 1; cut <= next.length; cut++) {
        const state = reduceAll([...first, ...next.slice(0, cut), END, ...next, END], options);
        expect(everythingShown(state), `after ${cut}`).toBe(shown);
      }
    },
  );

  it.each(PAIRS)(
    '%s, %s: sent again after later turns of the chat, reads as once',
    (request, continuation) => {
      // A chat goes on after the continuation: turns that answer, and turns that ask and go on.
      const ai = isAiSdkRecording(request);
      const [plain, asks, goesOn] = ai
        ? ['aisdk-v6', 'aisdk-v6-parallel-approval-request', 'aisdk-v6-parallel-approval-approve']
        : ['tool-call-then-text', 'approval-request', 'approval-approved'];
      const options = recordingOptions(request);
      const turns = (before: readonly unknown[]) => {
        const out = [...before];
        for (let n = 1; n <= 3; n++) {
          out.push(...fixtureAsRun(plain, n), END, ...fixtureAsRun(asks, n), END);
          // The decision for the call this turn asked (the newest that waits).
          const waiting = [...reduceAll(out, options).toolCalls.values()]
            .reverse()
            .find((call) => HUMAN_TOOL_STATUSES.has(call.status));
          out.push({ type: 'toolpane/decision-sent', toolCallId: waiting?.key, resumeData: {} });
          out.push(...fixtureAsRun(goesOn, n), END);
        }
        return out;
      };
      const next = [...loadFixture(continuation), END];
      const chat = turns([...decided([...loadFixture(request), END], options), ...next]);
      const once = kept(reduceAll(chat, options));
      expect(kept(reduceAll([...chat, ...next], options))).toEqual(once);
      // Broken off half-way when it is sent again, then sent whole.
      const half = next.slice(0, Math.ceil((next.length - 1) / 2));
      expect(kept(reduceAll([...chat, ...half, ERROR, ...next], options))).toEqual(once);
    },
  );
});
