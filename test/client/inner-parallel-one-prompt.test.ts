// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  type ToolCallState,
  type ToolpaneState,
  type ToolpaneStore,
} from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureAsRun } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { everythingShown } from '../utils/shown';

/*
 * Edited copies of the recordings of a subagent's parallel calls (and of deeper subagents): a
 * decision goes to the top-level `agent-*` call whichever call inside asked, so exactly one call
 * may wait on it. A card must never show one call's arguments while the decision the person sends
 * answers another, and a decision sent while the request sat on an `agent-*` call stays sent when
 * the inner call's own request takes it over. Each case runs twice in one store (two runs of one
 * conversation).
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

/** The key the recordings' CRM lookup is given; its display transform hides it. */
const SECRET = 'sk-inner-parallel-secret-7310';

const native = (stream: string) => `subagent-inner-parallel-${stream}`;
const aiSdk = (stream: string) => `aisdk-v6-subagent-inner-parallel-${stream}`;

const read = (name: string, run: number) => fixtureAsRun(name, run) as Chunk[];

const waiting = (state: ToolpaneState): ToolCallState[] =>
  [...state.toolCalls.values()].filter(
    (call) => call.status === 'approval-requested' || call.status === 'suspended',
  );

/** The calls of run `run` (the recordings' ids end in `~run`) that wait for a person. */
const waitingIn = (state: ToolpaneState, run: number) =>
  waiting(state).filter((call) => call.runId.endsWith(`~${run}`));

/** Whether a chunk is a request nested in a `tool-output` at any depth (an inner call's own). */
function nestedRequest(chunk: Chunk): boolean {
  let inner = chunk;
  let depth = 0;
  while (inner.type === 'tool-output' && inner.payload?.output !== undefined) {
    inner = inner.payload.output as Chunk;
    depth++;
  }
  return depth > 0 && /^tool-call-(approval|suspended)$/.test(inner.type);
}

/** A request part or chunk with other arguments. */
function withArgs(chunk: Chunk, args: unknown): Chunk {
  if (chunk.type.startsWith('data-'))
    return { ...chunk, data: { ...(chunk.data as object), args } };
  return { ...chunk, payload: { ...chunk.payload, args } };
}

/** Sends a decision for every call that waits, as a session marks it before it posts. */
function decideAll(store: ToolpaneStore): void {
  for (const call of waiting(store.getState())) {
    store.dispatch({
      type: 'toolpane/decision-sent',
      toolCallId: call.key,
      ...(call.status === 'suspended' ? { resumeData: { confirmed: true } } : { approved: true }),
    } as never);
  }
}

/** Reads each run's streams into one store: `streams(run)` gives them, decisions sent between. */
function twoRuns(
  name: string,
  streams: (run: number) => Chunk[][],
  check: (state: ToolpaneState, run: number) => void,
  decide = decideAll,
): void {
  const store = createToolpaneStore(recordingOptions(name));
  for (const run of [1, 2]) {
    streams(run).forEach((chunks, i) => {
      if (i > 0) decide(store);
      store.dispatchMany(chunks as never[]);
    });
    check(store.getState(), run);
  }
}

describe('one decision, one card: a repeat with another call’s arguments', () => {
  const request = (format: (s: string) => string, run: number) =>
    read(format('two-approvals-request'), run);

  it('native: the inner chunk names one call and its repeat another’s arguments, in either order', () => {
    for (const order of ['inner first', 'repeat first'] as const) {
      twoRuns(
        native('two-approvals-request'),
        (run) => {
          const chunks = request(native, run);
          const repeat = withArgs(chunks.at(-1)!, { id: 'rec-b7' });
          const inner = chunks.at(-2)!;
          const body = chunks.slice(0, -2);
          return [order === 'inner first' ? [...body, inner, repeat] : [...body, repeat, inner]];
        },
        (state, run) => {
          const asked = waitingIn(state, run);
          expect(
            asked.map((call) => call.toolCallId),
            order,
          ).toEqual(['call-inpar-twin-del-a']);
          expect(asked[0]!.approval!.args, order).toEqual({ kind: 'raw', value: { id: 'rec-a7' } });
          expect(state.issues.length, order).toBeGreaterThan(0);
        },
      );
    }
  });

  it('AI SDK: a request part with the other call’s arguments before the one of the call that asked', () => {
    twoRuns(
      aiSdk('two-approvals-request'),
      (run) => {
        const chunks = request(aiSdk, run);
        const part = chunks.at(-1)!;
        return [[...chunks.slice(0, -1), withArgs(part, { id: 'rec-b7' }), part]];
      },
      (state, run) => {
        expect(waitingIn(state, run).map((call) => call.toolCallId)).toEqual([
          'call-inpar-twin-del-a',
        ]);
      },
    );
  });

  it('the next call’s request while the first still waits (no decision sent): only the later waits, and an issue says so', () => {
    for (const format of [native, aiSdk]) {
      twoRuns(
        format('two-approvals-request'),
        (run) => [request(format, run), read(format('two-approvals-next'), run)],
        (state, run) => {
          expect(
            waitingIn(state, run).map((call) => call.toolCallId),
            format('x'),
          ).toEqual(['call-inpar-twin-del-b']);
          expect(state.issues.length, format('x')).toBeGreaterThan(0);
        },
        () => {},
      );
    }
  });
});

/**
 * The deep recording with a second call of the innermost tool beside the first (a copy of its
 * recorded `tool-call` under another id): a repeat without the inner request cannot tell which
 * of them asked, and stays on the middle `agent-*` call.
 */
function deepTwin(run: number): Chunk[] {
  const chunks = read('deep-subagent-suspend-request', run);
  const at = chunks.findIndex((chunk) =>
    JSON.stringify(chunk).includes('"toolName":"stampVisaTool","args"'),
  );
  const twin = JSON.parse(JSON.stringify(chunks[at]).replaceAll('call-stamp-1', 'call-stamp-2'));
  return [...chunks.slice(0, at + 1), twin, ...chunks.slice(at + 1)];
}

describe('a request left on an agent-* call moves to the inner call’s own request', () => {
  it('two levels down, the innermost request after (or in a later stream than) the repeats', () => {
    const cases: Record<string, (run: number) => Chunk[][]> = {
      'repeats first': (run) => {
        const chunks = deepTwin(run);
        return [[...chunks.filter((chunk) => !nestedDeep(chunk)), ...chunks.filter(nestedDeep)]];
      },
      'in a later stream': (run) => {
        const chunks = deepTwin(run);
        return [chunks.filter((chunk) => !nestedDeep(chunk)), chunks.filter(nestedDeep)];
      },
    };
    for (const [label, streams] of Object.entries(cases)) {
      twoRuns(
        'deep-subagent-suspend-request',
        streams,
        (state, run) => {
          expect(
            waitingIn(state, run).map((call) => call.toolCallId),
            label,
          ).toEqual(['call-stamp-1']);
        },
        () => {},
      );
    }
  });

  it('a decision sent while it sat there stays sent: no card asks again, native at depth 1 and 2', () => {
    const cases: Record<string, [string, (run: number) => Chunk[][], string]> = {
      'depth 1': [
        native('suspend-request'),
        (run) => {
          const chunks = read(native('suspend-request'), run);
          return [chunks.filter((chunk) => !nestedRequest(chunk)), chunks.filter(nestedRequest)];
        },
        'call-inpar-suspend-book-1',
      ],
      'depth 2': [
        'deep-subagent-suspend-request',
        (run) => {
          const chunks = deepTwin(run);
          return [chunks.filter((chunk) => !nestedDeep(chunk)), chunks.filter(nestedDeep)];
        },
        'call-stamp-1',
      ],
    };
    for (const [label, [name, streams, inner]] of Object.entries(cases)) {
      twoRuns(name, streams, (state, run) => {
        expect(waitingIn(state, run), label).toEqual([]);
        // The run's one suspension is the inner call's, with the data sent to resume it.
        const held = [...state.toolCalls.values()].filter(
          (call) => call.runId.endsWith(`~${run}`) && call.suspension !== undefined,
        );
        expect(
          held.map((call) => [call.toolCallId, call.status, call.suspension!.resumeData]),
          label,
        ).toEqual([[inner, 'approval-responded', { confirmed: true }]]);
      });
    }
  });
});

/** Whether a chunk is the innermost request of the deep recording (two wrappers). */
const nestedDeep = (chunk: Chunk): boolean =>
  nestedRequest(chunk) && nestedRequest(chunk.payload?.output as Chunk);

/** The recordings with the resume schema of each request quoting the CRM lookup's key. */
function quotingSchema(chunks: Chunk[]): Chunk[] {
  return JSON.parse(
    JSON.stringify(chunks)
      .replaceAll(
        '\\"approved\\":{\\"description\\":\\"',
        `\\"approved\\":{\\"description\\":\\"${SECRET} `,
      )
      .replaceAll(
        '{\\"type\\":\\"object\\"',
        `{\\"title\\":\\"${SECRET}\\",\\"type\\":\\"object\\"`,
      ),
  );
}

/** What the state shows of its calls' requests, everything shown besides, and the issues. */
const requestsShown = (state: ToolpaneState): string =>
  JSON.stringify([...state.toolCalls.values()].map((call) => [call.approval, call.suspension])) +
  everythingShown(state);

describe('a request’s schema that quotes what a call beside it hides, sent before that call', () => {
  const NAMES = ['approval-request', 'suspend-request', 'two-approvals-request'].flatMap(
    (stream) => [native(stream), aiSdk(stream)],
  );

  it('shows none of it once the call is known to hide it: store, reduceAll, reduce', () => {
    for (const name of NAMES) {
      const chunks = quotingSchema(read(name, 1));
      expect(JSON.stringify(chunks), name).toContain(SECRET);
      // The CRM lookup's chunks after every other: the requests come before its values.
      const crm = chunks.filter((chunk) => JSON.stringify(chunk).includes('-crm-1'));
      const stream = [...chunks.filter((chunk) => !crm.includes(chunk)), ...crm, END];
      const store = createToolpaneStore(recordingOptions(name));
      store.dispatchMany(stream as never[]);
      expect(requestsShown(store.getState()), `${name}: store`).not.toContain(SECRET);
      expect(
        requestsShown(reduceAll(stream, recordingOptions(name))),
        `${name}: reduceAll`,
      ).not.toContain(SECRET);
      let state = initialState;
      for (const chunk of stream) state = reduce(state, chunk, recordingOptions(name));
      expect(requestsShown(state), `${name}: reduce`).not.toContain(SECRET);
    }
  });
});
