// @vitest-environment node
import {
  createToolpaneStore,
  type DecisionTarget,
  type ToolCallState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { everythingShown } from '../utils/shown';

/*
 * A subagent runs several tool calls at once, and one or two of them wait for a person: Mastra
 * repeats the request one level up, on the `agent-*` call, and a decision goes to the top-level
 * runId and that call. The request shows once, on the inner call that asked, wherever something
 * names that call: its own nested chunk (native), or the tool and arguments an approval carries
 * (AI SDK, whose suspension part names only the parent). Where nothing does (an AI SDK
 * suspension; a native repeat whose inner chunk was lost, beside other open calls), it stays on
 * the `agent-*` call, never guessed onto one of the calls inside. The calls beside it keep their
 * own state, and what the CRM lookup's display transform hides never shows. Each recording is
 * read twice in one store (two runs of the conversation), each continuation after the decision a
 * session sends.
 */

/** The key the recordings' CRM lookup is given (`INNER_PARALLEL_SECRET` of their scenario). */
const INNER_PARALLEL_SECRET = 'sk-inner-parallel-secret-7310';

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

interface Case {
  /** The request stream, then the streams that answer each request, in order. */
  readonly streams: readonly string[];
  /** The `agent-*` call the desk agent made. */
  readonly outer: string;
  /** After each stream, the toolCallId of the one call that waits (none after the last). */
  readonly asks: readonly (string | undefined)[];
}

const OUTER = {
  approve: 'call-inpar-approve-errands-1',
  suspend: 'call-inpar-suspend-errands-1',
  two: 'call-inpar-two-errands-1',
  twin: 'call-inpar-twin-errands-1',
} as const;

const NATIVE: Record<string, Case> = {
  approval: {
    streams: ['approval-request', 'approval-approve'],
    outer: OUTER.approve,
    asks: ['call-inpar-approve-del-1', undefined],
  },
  suspension: {
    streams: ['suspend-request', 'suspend-resume'],
    outer: OUTER.suspend,
    asks: ['call-inpar-suspend-book-1', undefined],
  },
  'two suspensions': {
    streams: ['two-suspend-request', 'two-suspend-next', 'two-suspend-resume'],
    outer: OUTER.two,
    asks: ['call-inpar-two-book-a', 'call-inpar-two-book-b', undefined],
  },
  'two approvals of one tool': {
    streams: ['two-approvals-request', 'two-approvals-next', 'two-approvals-approve'],
    outer: OUTER.twin,
    asks: ['call-inpar-twin-del-a', 'call-inpar-twin-del-b', undefined],
  },
};

/** The AI SDK recordings: an approval names its tool and arguments, a suspension only the parent. */
const AI_SDK: Record<string, Case> = {
  approval: NATIVE.approval!,
  suspension: { ...NATIVE.suspension!, asks: [OUTER.suspend, undefined] },
  'two suspensions': { ...NATIVE['two suspensions']!, asks: [OUTER.two, OUTER.two, undefined] },
  'two approvals of one tool': NATIVE['two approvals of one tool']!,
};

const native = (stream: string) => `subagent-inner-parallel-${stream}`;
const aiSdk = (stream: string) => `aisdk-v6-subagent-inner-parallel-${stream}`;

const waiting = (state: ToolpaneState): ToolCallState[] =>
  [...state.toolCalls.values()].filter(
    (call) => call.status === 'approval-requested' || call.status === 'suspended',
  );

/** The run and call a decision goes to: the top-level run as its stream names it, and `outer`. */
function topTarget(chunks: readonly Chunk[], outer: string): DecisionTarget {
  const start = chunks.find((chunk) => chunk.type === 'start');
  if (start?.runId !== undefined) return { runId: String(start.runId), toolCallId: outer };
  const data = chunks.find((chunk) => chunk.type.startsWith('data-tool-call-'))!;
  return { runId: String((data.data as { runId: string }).runId), toolCallId: outer };
}

/** The decision a session sends for each call that waits. */
function decide(store: ToolpaneStore): void {
  for (const call of waiting(store.getState())) {
    store.dispatch({
      type: 'toolpane/decision-sent',
      toolCallId: call.key,
      ...(call.status === 'suspended' ? { resumeData: { confirmed: true } } : { approved: true }),
    } as never);
  }
}

/**
 * Reads a case's streams (`read` gives each as run `n`) into `store`, checking after each chunk
 * that the key never shows and after each stream where the request waits.
 */
function readCase(
  store: ToolpaneStore,
  { streams, outer, asks }: Case,
  read: (stream: string) => Chunk[],
): void {
  const first = read(streams[0]!);
  const target = topTarget(first, outer);
  streams.forEach((stream, i) => {
    if (i > 0) decide(store);
    const chunks = i === 0 ? first : read(stream);
    for (const [at, chunk] of [...chunks, END].entries()) {
      store.dispatch(chunk as never);
      expect(everythingShown(store.getState()), `${stream} chunk ${at}`).not.toContain(
        INNER_PARALLEL_SECRET,
      );
    }
    const state = store.getState();
    // This run's `agent-*` call (the newest with the id: every run repeats it) and the calls under it.
    const top = [...state.toolCalls.values()]
      .filter((call) => call.toolCallId === outer && call.parentToolCallId === null)
      .at(-1)!;
    const runCalls = [...state.toolCalls.values()].filter((call) => {
      for (let up: ToolCallState | undefined = call; up; ) {
        if (up === top) return true;
        up = up.parentToolCallId === null ? undefined : state.toolCalls.get(up.parentToolCallId);
      }
      return false;
    });
    const asked = waiting(state).filter((call) => runCalls.includes(call));
    const expected = asks[i];
    if (expected === undefined) {
      expect(asked, stream).toEqual([]);
      for (const call of runCalls) expect(call.status, call.toolCallId).toBe('output-available');
      return;
    }
    expect(
      asked.map((call) => call.toolCallId),
      stream,
    ).toEqual([expected]);
    const request = asked[0]!.approval ?? asked[0]!.suspension!;
    expect(request.target, stream).toEqual(target);
    // The calls beside it: still running, or waiting for the decision sent on an earlier request.
    for (const call of runCalls) {
      if (call === asked[0] || call.toolCallId === outer) continue;
      expect(call.status, `${stream}: ${call.toolCallId}`).toMatch(
        /^(input-available|approval-responded)$/,
      );
      if (call.status === 'input-available') {
        expect(call.approval, call.toolCallId).toBeUndefined();
        expect(call.suspension, call.toolCallId).toBeUndefined();
      }
    }
  });
}

/** A case's recordings, read twice into one store: runs 1 and 2 of one conversation. */
function twoRuns(c: Case, name: (stream: string) => string, edit = (chunks: Chunk[]) => chunks) {
  const store = createToolpaneStore(recordingOptions(name(c.streams[0]!)));
  for (const n of [1, 2]) {
    readCase(store, c, (stream) => edit(fixtureAsRun(name(stream), n) as Chunk[]));
  }
  return store.getState();
}

/** Whether a chunk is a request nested in a `tool-output` (the inner call's own). */
const nestedRequest = (chunk: Chunk): boolean =>
  chunk.type === 'tool-output' &&
  /^tool-call-(approval|suspended)$/.test(String((chunk.payload?.output as Chunk)?.type));

/** The stream with each nested request moved after the repeat one level up that follows it. */
function repeatFirst(chunks: Chunk[]): Chunk[] {
  const out = [...chunks];
  for (let i = 0; i < out.length - 1; i++) {
    if (nestedRequest(out[i]!) && /^tool-call-(approval|suspended)$/.test(out[i + 1]!.type)) {
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      i++;
    }
  }
  return out;
}

/** The request recordings of both formats. */
const REQUESTS = Object.values(NATIVE).flatMap((c) => [
  native(c.streams[0]!),
  aiSdk(c.streams[0]!),
]);

describe('a subagent running several calls, one or two asking a person', () => {
  it('native, as recorded and with the repeat one level up first: one prompt, on the call that asked', () => {
    for (const [label, c] of Object.entries(NATIVE)) {
      expect(() => twoRuns(c, native), label).not.toThrow();
      expect(() => twoRuns(c, native, repeatFirst), `${label}, repeat first`).not.toThrow();
    }
  });

  it('native, the inner call’s own request lost: an approval goes to the call its tool and arguments name, a suspension stays on the agent call', () => {
    const lost = (chunks: Chunk[]) => chunks.filter((chunk) => !nestedRequest(chunk));
    for (const [label, c] of Object.entries(NATIVE)) {
      const asks = c.asks.map((ask) =>
        ask === undefined || ask.includes('-del-') ? ask : c.outer,
      );
      let state: ToolpaneState | undefined;
      expect(() => {
        state = twoRuns({ ...c, asks }, native, lost);
      }, label).not.toThrow();
      expect(state!.issues, label).toEqual([]);
    }
  });

  it('AI SDK v6: on the call the request’s tool and arguments name, else on the agent call', () => {
    for (const [label, c] of Object.entries(AI_SDK)) {
      let state: ToolpaneState | undefined;
      expect(() => {
        state = twoRuns(c, aiSdk);
      }, label).not.toThrow();
      expect(state!.issues, label).toEqual([]);
    }
  });

  it('a failed decision’s message quoting what a call beside the one that asked hides shows none of it', () => {
    for (const name of REQUESTS) {
      const store = createToolpaneStore(recordingOptions(name));
      store.dispatchMany([...fixtureAsRun(name, 1), END] as never[]);
      const [call] = waiting(store.getState());
      store.dispatch({
        type: 'toolpane/decision-sent',
        toolCallId: call!.key,
        ...(call!.status === 'suspended'
          ? { resumeData: { confirmed: true } }
          : { approved: true }),
      } as never);
      store.dispatch({
        type: 'toolpane/decision-failed',
        toolCallId: call!.key,
        error: `HTTP 500: lookup with ${INNER_PARALLEL_SECRET} failed`,
      } as never);
      const shown = everythingShown(store.getState()) + JSON.stringify(store.getState().issues);
      expect(shown, name).not.toContain(INNER_PARALLEL_SECRET);
      expect(waiting(store.getState()), name).toHaveLength(1);
    }
  });
});
