// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  type StreamIssue,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { network } from '@toolpane/client/network';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { hostile, random } from '../utils/hostile';
import { SEED } from '../utils/property';

/*
 * A chunk whose application throws part way (a value read from it throws: a proxy's trap, a
 * getter, as in chunks an app dispatches from a server-side `fullStream` by hand) changes nothing
 * but the issue it adds: the state after it is the state before it plus that issue, and the chunks
 * after it read as if it had never come. Checked in every recording at every chunk, with a hostile
 * copy of the chunk put before it that throws at a read chosen by the seed, through `reduceAll`, a
 * store and the pure `reduce`.
 */

/** Every recording reads with the AI SDK format and the network family. */
const OPTIONS: ReduceOptions = { formats: [aiSdk], families: [network], now: () => 0 };

/** How many reads applying a copy of chunk `i` makes after the chunks before it. */
function readsOf(chunks: readonly unknown[], i: number): number {
  const reads = { count: 0 };
  reduce(reduceAll(chunks.slice(0, i), OPTIONS), hostile(chunks[i], Infinity, reads), OPTIONS);
  return reads.count;
}

type Path = (chunks: readonly unknown[]) => ToolpaneState;

const PATHS: Record<string, Path> = {
  reduceAll: (chunks) => reduceAll(chunks, OPTIONS),
  // No subscriber: the store publishes only when read, so a rollback goes back past many chunks.
  store: (chunks) => {
    const store = createToolpaneStore(OPTIONS);
    for (const chunk of chunks) store.dispatch(chunk);
    return store.getState();
  },
  reduce: (chunks) => chunks.reduce<ToolpaneState>((s, c) => reduce(s, c, OPTIONS), initialState),
};

/** A state as JSON, without its issues, and its issues. */
function parts(state: ToolpaneState): { rest: string; issues: StreamIssue[] } {
  const json = JSON.parse(JSON.stringify(state)) as { issues: StreamIssue[] };
  const { issues, ...rest } = json;
  return { rest: JSON.stringify(rest), issues };
}

const COULD_NOT = /^(Chunk could not be applied|The chunk could not be validated): /;

/** `after` is `before` plus one issue saying that a chunk could not be applied. */
function expectOneIssueMore(
  after: ToolpaneState,
  before: ToolpaneState,
  message = COULD_NOT,
): void {
  const a = parts(after);
  const b = parts(before);
  expect(a.rest).toBe(b.rest);
  expect(a.issues).toHaveLength(b.issues.length + 1);
  const at = a.issues.findIndex(
    (issue, i) => JSON.stringify(issue) !== JSON.stringify(b.issues[i]),
  );
  expect(a.issues[at]?.message).toMatch(message);
  expect(a.issues.filter((_, i) => i !== at)).toEqual(b.issues);
}

console.info(`chunk-atomic: seed ${SEED} (replay: FC_SEED=${SEED})`);

describe('a chunk that throws part way changes nothing but the issue it adds', () => {
  it.each(fixtureNames())('in %s, before each of its chunks, on every path', (name) => {
    const chunks = loadFixture(name);
    const next = random(SEED ^ [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 31), 7));
    const baselines = Object.fromEntries(
      Object.entries(PATHS).map(([path, run]) => [path, run(chunks)]),
    );
    for (let i = 0; i < chunks.length; i++) {
      // A read among those applying the chunk makes: the first is the chunk's check.
      const at = 1 + Math.floor(next() * readsOf(chunks, i));
      for (const [path, run] of Object.entries(PATHS)) {
        const sequence = [...chunks.slice(0, i), hostile(chunks[i], at), ...chunks.slice(i)];
        let state: ToolpaneState | undefined;
        expect(() => {
          state = run(sequence);
        }, `${path}, chunk ${i}, read ${at}`).not.toThrow();
        try {
          expectOneIssueMore(state!, baselines[path]!);
        } catch (error) {
          throw new Error(
            `${path}, chunk ${i} (${(chunks[i] as { type?: string }).type}), read ${at}: ${error}`,
          );
        }
      }
    }
  });
});

/** A proxy whose every trap throws: reading it in any way throws. */
function trapped(): object {
  const boom = () => {
    throw new Error('a hostile value was read');
  };
  return new Proxy({}, new Proxy({}, { get: () => boom }));
}

/** A proxy already revoked: any operation on it throws a `TypeError`. */
function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** An object whose `key` is a getter that throws `thrown`. */
function throwing(fields: Record<string, unknown>, key: string, thrown: unknown = new Error('no')) {
  const copy = { ...fields };
  delete copy[key];
  return Object.defineProperty(copy, key, {
    enumerable: true,
    get() {
      throw thrown;
    },
  });
}

type Chunk = { type: string; payload: Record<string, unknown> } & Record<string, unknown>;

/** The chunk at `i` of a recording with its payload field `key` (an object's, nested) replaced. */
function withPayload(chunks: readonly unknown[], i: number, key: string, value: unknown): Chunk {
  const chunk = structuredClone(chunks[i]) as Chunk;
  return { ...chunk, payload: { ...chunk.payload, [key]: value } };
}

/**
 * `bad`, put before chunk `i` of a recording, changes nothing but the issue it adds, read alone
 * by the pure `reduce`, and on every path over the whole recording.
 */
function expectRejected(
  chunks: readonly unknown[],
  i: number,
  bad: unknown,
  message = COULD_NOT,
): ToolpaneState {
  const before = reduceAll(chunks.slice(0, i), OPTIONS);
  let after: ToolpaneState | undefined;
  expect(() => {
    after = reduce(before, bad, OPTIONS);
  }).not.toThrow();
  expectOneIssueMore(after!, before, message);
  for (const run of Object.values(PATHS)) {
    let state: ToolpaneState | undefined;
    expect(() => {
      state = run([...chunks.slice(0, i), bad, ...chunks.slice(i)]);
    }).not.toThrow();
    expectOneIssueMore(state!, run(chunks), message);
  }
  return after!;
}

const indexOf = (chunks: readonly unknown[], type: string, from = 0) =>
  chunks.findIndex((chunk, i) => i >= from && (chunk as Chunk).type === type);

describe('a chunk with a value that throws when read', () => {
  const CHUNKS = loadFixture('tool-then-text');
  const CALL = indexOf(CHUNKS, 'tool-call');
  const RESULT = indexOf(CHUNKS, 'tool-result');

  it('a tool-result whose result is a proxy whose traps throw leaves the call as it was; a throwing getter in a tool-result, a tool-call or an AI SDK chunk is refused', () => {
    const after = expectRejected(CHUNKS, RESULT, withPayload(CHUNKS, RESULT, 'result', trapped()));
    expect(after.toolCalls.get('call-weather-1')?.status).toBe('input-available');
    expect(after.issues.at(-1)?.message).toBe(
      'Chunk could not be applied: a hostile value was read',
    );
    // Where the check reads the value, the chunk is refused before anything is applied.
    const result = throwing(withPayload(CHUNKS, RESULT, 'x', 0).payload, 'result');
    expectRejected(CHUNKS, RESULT, { ...(CHUNKS[RESULT] as object), payload: result });
    const args = throwing(withPayload(CHUNKS, CALL, 'x', 0).payload, 'args');
    expectRejected(CHUNKS, CALL, { ...(CHUNKS[CALL] as object), payload: args });
    // And in an AI SDK stream.
    const chunks = loadFixture('aisdk-v5') as Record<string, unknown>[];
    const at = indexOf(chunks, 'tool-output-available');
    expectRejected(chunks, at, { ...chunks[at], output: trapped() });
    expectRejected(chunks, at, throwing(chunks[at]!, 'output'));
  });

  it('a subagent chunk wrapped in a tool-output, its tool-result a proxy whose traps throw', () => {
    const chunks = loadFixture('subagent') as Chunk[];
    const at = chunks.findIndex(
      (chunk) =>
        chunk.type === 'tool-output' && (chunk.payload.output as Chunk).type === 'tool-result',
    );
    const inner = chunks[at]!.payload.output as Chunk;
    const bad = withPayload(chunks, at, 'output', {
      ...inner,
      payload: { ...inner.payload, result: trapped() },
    });
    expectRejected(chunks, at, bad);
  });

  it('a revoked proxy, as a chunk or as a result, is an issue', () => {
    expectRejected(CHUNKS, RESULT, revoked());
    expectRejected(CHUNKS, RESULT, withPayload(CHUNKS, RESULT, 'result', revoked()));
  });
});

describe('the issue of a chunk that throws is made whatever the chunk holds', () => {
  const CHUNKS = loadFixture('tool-then-text');
  const RESULT = indexOf(CHUNKS, 'tool-result');

  /** Nested `depth` levels deep. */
  const deep = (depth: number) => {
    let value: unknown = {};
    for (let i = 0; i < depth; i++) value = { value };
    return value;
  };
  const cycle = (): object => {
    const value: Record<string, unknown> = { n: 1n };
    value.self = value;
    return value;
  };

  it.each([
    ['a proxy whose every trap throws', () => trapped()],
    ['a revoked proxy', () => revoked()],
    ['a getter that throws a proxy whose every trap throws', () => throwing({}, 'x', trapped())],
    ['a getter that throws a revoked proxy', () => throwing({}, 'x', revoked())],
    ['a getter that throws a symbol', () => throwing({}, 'x', Symbol('no'))],
    ['a cycle and a bigint beside a throwing getter', () => ({ ...cycle(), bad: trapped() })],
    ['200,000 levels beside a throwing getter', () => ({ deep: deep(200_000), bad: trapped() })],
  ])('%s, as a chunk, beside a result that throws, and thrown', (_, make) => {
    const as = [
      make(),
      { ...withPayload(CHUNKS, RESULT, 'result', trapped()), extra: make() },
      throwing({ ...(CHUNKS[RESULT] as object), extra: make() }, 'payload', make()),
    ];
    for (const bad of as) {
      const before = reduceAll(CHUNKS.slice(0, RESULT), OPTIONS);
      const store = createToolpaneStore({ ...OPTIONS, initialState: before });
      expect(() => store.dispatch(bad)).not.toThrow();
      expect(store.getState().issues).toHaveLength(before.issues.length + 1);
      expect(typeof store.getState().issues.at(-1)?.excerpt).toBe('string');
      expectRejected(CHUNKS, RESULT, bad, /./);
    }
  });
});

describe('values that throw only when applied again keep their issues through later rollbacks', () => {
  // Two copies of a chunk read whole once, then throwing at their next read (when a later
  // failure applies them again), and a third copy that throws at its last read: the state is the
  // recording's plus three issues, none lost to the rollbacks that follow one another.
  it.each(fixtureNames())('in %s', (name) => {
    const chunks = loadFixture(name);
    const next = random(SEED ^ [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 17), 3));
    // Within the first 256 chunks, which are applied again after a failure among them.
    const i = Math.floor(next() * Math.min(chunks.length, 200));
    const counts = [{ count: 0 }, { count: 0 }, { count: 0 }];
    const copies = counts.map((reads) => hostile(chunks[i], Infinity, reads));
    reduceAll([...chunks.slice(0, i), ...copies], OPTIONS);
    const [a, c, b] = counts.map((reads) => reads.count);
    const hostiles = [
      hostile(chunks[i], a! + 1),
      hostile(chunks[i], c! + 1),
      hostile(chunks[i], b!),
    ];
    for (const path of ['reduceAll', 'store'] as const) {
      const run = PATHS[path]!;
      const state = run([...chunks.slice(0, i), ...hostiles, ...chunks.slice(i)]);
      const before = parts(run(chunks));
      const after = parts(state);
      expect(after.rest, `${path}, chunk ${i}`).toBe(before.rest);
      const added = after.issues.filter((issue) => COULD_NOT.test(issue.message));
      expect(added, `${path}, chunk ${i}`).toHaveLength(
        before.issues.filter((issue) => COULD_NOT.test(issue.message)).length + 3,
      );
    }
  });
});
