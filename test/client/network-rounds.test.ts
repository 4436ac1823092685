// @vitest-environment node
import {
  createToolpaneStore,
  selectPendingApprovals,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { countWork } from '../utils/count';
import { loadFixture } from '../utils/fixtures';
import { END } from '../utils/replays';

/*
 * An agent of a network that asks for approval round after round: each approval is answered by
 * a stream whose new execution run continues the same execution call, gives the last call its
 * result and asks again (the recorded request and approval streams, with a run and a call id of
 * their own per round), until the last answer ends the execution. The latest run that waited goes
 * on in the new one and ends with it; the earlier ones end, so that each round costs what it
 * brings, not every round before it.
 */

const REQUEST = loadFixture('network-approval-request');
const APPROVE = loadFixture('network-approval-approve');
/** The recorded execution runs and the inner call that asks. */
const ASKED_RUN = '33b7fee2-fcb7-42e4-821c-460211e8dce4';
const ANSWER_RUN = '8b83a32c-a938-42d4-96dd-8d570219ff09';
const CALL = 'call-net-del-1';

type Chunk = { type: string };

/** `chunks` with the recorded ids replaced as `ids` says. */
const renamed = (chunks: readonly unknown[], ids: Record<string, string>): Chunk[] => {
  let text = JSON.stringify(chunks);
  for (const [from, to] of Object.entries(ids)) text = text.split(from).join(to);
  return JSON.parse(text);
};

const run = (round: number) => `exec-run-${round}`;
const call = (round: number) => `call-del-${round}`;

/** The chunks of the request stream from the execution's start to its request. */
const asking = REQUEST.slice(
  REQUEST.findIndex((c) => (c as Chunk).type === 'agent-execution-start'),
);
/** The approval stream's start of its execution, its result of the call that waited, its step. */
const answering = APPROVE.slice(0, 4);
/** The request stream's call and request, after its execution and step began. */
const askingAgain = asking.slice(
  asking.findIndex((c) => (c as Chunk).type.includes('tool-call-input-streaming-start')),
);

/** The streams of `rounds` rounds: the first request, each answer that asks again. */
function rounds(count: number): Chunk[][] {
  const head = REQUEST.slice(0, REQUEST.indexOf(asking[0]!)) as Chunk[];
  const out: Chunk[][] = [
    [...head, ...renamed(asking, { [ASKED_RUN]: run(0), [CALL]: call(0) }), END],
  ];
  for (let round = 1; round < count; round++) {
    out.push([
      ...renamed(answering, { [ANSWER_RUN]: run(round), [CALL]: call(round - 1) }),
      ...renamed(askingAgain, { [ASKED_RUN]: run(round), [CALL]: call(round) }),
      END,
    ]);
  }
  return out;
}

/** The last answer, as recorded: the result of the last call, the agent's text, the end. */
const lastAnswer = (count: number) => [
  ...renamed(APPROVE, { [ANSWER_RUN]: run(count), [CALL]: call(count - 1) }),
  END,
];

/**
 * Plays `count` rounds, each answered by approving the call that asked (and, with `fails`, the
 * decision failing after the server took it: the stream that answers it came anyway); returns
 * the work of each round (its decision and its stream) and the state at the end.
 */
function play(count: number, after?: (state: ToolpaneState, round: number) => void, fails = false) {
  const store: ToolpaneStore = createToolpaneStore({ families: [network], now: () => 0 });
  store.subscribe(() => store.getState());
  const work: number[] = [];
  for (const [round, stream] of rounds(count).entries()) {
    work.push(
      countWork(() => {
        if (round > 0) {
          const decision = { toolCallId: call(round - 1), approved: true };
          store.dispatch({ type: 'toolpane/decision-sent', ...decision });
          if (fails) {
            const failed = { toolCallId: call(round - 1), error: 'ended', accepted: true };
            store.dispatch({ type: 'toolpane/decision-failed', ...failed });
          }
        }
        store.dispatchMany(stream);
      }),
    );
    after?.(store.getState(), round);
  }
  store.dispatch({ type: 'toolpane/decision-sent', toolCallId: call(count - 1), approved: true });
  store.dispatchMany(lastAnswer(count));
  return { work, state: store.getState() };
}

describe('a network agent asking round after round', () => {
  it('waits on the latest request only, and ends every run once the last answer ends', () => {
    const count = 6;
    const { state } = play(count, (at, round) => {
      expect(selectPendingApprovals(at).map((p) => p.toolCallId)).toEqual([call(round)]);
      // The latest run waits, with the one before it that goes on in it; earlier ones ended.
      for (let earlier = 0; earlier < round - 1; earlier++) {
        expect(at.runs.get(run(earlier))?.status, `round ${round}: ${run(earlier)}`).toBe(
          'finished',
        );
      }
      expect(at.runs.get(run(round))?.status).toBe('waiting');
    });
    expect(selectPendingApprovals(state)).toEqual([]);
    for (let round = 0; round <= count; round++) {
      expect(state.runs.get(run(round))?.status, run(round)).toBe('finished');
    }
    for (let round = 0; round < count; round++) {
      expect(state.toolCalls.get(call(round))?.status, call(round)).toBe('output-available');
    }
    const top = [...state.runs.values()].find((r) => r.network !== undefined)!;
    expect(top.status).toBe('finished');
    expect(state.issues).toEqual([]);
  });

  it('costs each round what it brings, however many rounds came before', () => {
    const { work } = play(300);
    const early = work[10]!;
    const late = work[299]!;
    console.info(`network rounds of asking: round 10 ${early}, round 299 ${late}`);
    expect(late / early).toBeLessThanOrEqual(2);
  });

  it('costs each round what it brings when each decision fails after the server took it', () => {
    // A decision that fails once the server took it asks whether anything of the top-level run
    // still waits: with few calls asking, those are looked at, not every round's calls.
    const { work } = play(300, undefined, true);
    const early = work[10]!;
    const late = work[299]!;
    console.info(`network rounds whose decisions fail: round 10 ${early}, round 299 ${late}`);
    expect(late / early).toBeLessThanOrEqual(2);
  });
});
