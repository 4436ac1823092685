// @vitest-environment node
import { reduceAll, type ToolpaneState } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { inspectState } from '@toolpane/client/inspect';
import { describe, expect, it } from 'vitest';
import { TOO_DEEP, UNREADABLE, withinDepth } from '../../packages/client/src/state/json-depth.js';
import { loadFixture } from '../utils/fixtures';
import { END } from '../utils/replays';

/*
 * A server that reads an agent's `fullStream` in process gets values as the tools returned them:
 * live objects, not parsed JSON. One may throw when read (a getter, a `toJSON`, a proxy's trap),
 * or hold itself through a class instance (an ORM's record, a response). A snapshot of such a
 * state is still written, whole: what cannot be read stands as `[value that could not be read]`
 * (a value that holds itself as the depth note, as before), its siblings and the rest of the state
 * as they were, and it goes through `JSON.stringify` and back through `deserializeState`.
 */

type Chunk = { type: string; payload?: Record<string, unknown> };

const boom = (): never => {
  throw new Error('not readable');
};

/** A class instance that holds itself, as JSON would write it were it not a cycle. */
class Row {
  name = 'row';
  me: unknown = this;
}

/** Each hostile result (made fresh per use), and the plain value its snapshot must equal. */
const HOSTILE: readonly (readonly [string, () => unknown, unknown])[] = [
  [
    'a throwing getter',
    () => ({
      city: 'Paris',
      get secret() {
        return boom();
      },
      after: 1,
    }),
    { city: 'Paris', secret: UNREADABLE, after: 1 },
  ],
  [
    'a throwing toJSON',
    () => ({ city: 'Paris', inner: { toJSON: boom } }),
    { city: 'Paris', inner: UNREADABLE },
  ],
  [
    'a toJSON that returns a bigint inside',
    () => ({ city: 'Paris', inner: { toJSON: () => ({ id: 5n }) } }),
    { city: 'Paris', inner: { id: '5' } },
  ],
  [
    'a proxy whose every trap throws',
    () => ({
      city: 'Paris',
      inner: new Proxy(
        {},
        { get: boom, ownKeys: boom, getPrototypeOf: boom, getOwnPropertyDescriptor: boom },
      ),
    }),
    { city: 'Paris', inner: UNREADABLE },
  ],
  [
    'a revoked proxy',
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return { city: 'Paris', list: [1, proxy, 3] };
    },
    { city: 'Paris', list: [1, UNREADABLE, 3] },
  ],
  [
    'a proxy of a Date',
    () => ({ city: 'Paris', at: new Proxy(new Date(0), {}) }),
    { city: 'Paris', at: UNREADABLE },
  ],
  [
    'a plain object that holds itself',
    () => {
      const loop: Record<string, unknown> = { city: 'Paris' };
      loop.self = loop;
      return loop;
    },
    { city: 'Paris', self: TOO_DEEP },
  ],
  [
    'a class instance that holds itself',
    () => ({ city: 'Paris', rows: [new Row()] }),
    { city: 'Paris', rows: [{ name: 'row', me: TOO_DEEP }] },
  ],
];

/** `tool-then-text` with its tool's result replaced by `result()`. */
function recording(result: () => unknown): unknown[] {
  return (loadFixture('tool-then-text') as Chunk[]).map((chunk) =>
    chunk.type === 'tool-result'
      ? { ...chunk, payload: { ...chunk.payload, result: result() } }
      : chunk,
  );
}

/** A snapshot as JSON text, without the clock's times (each reduce stamps its own). */
const text = (state: ToolpaneState, raw: boolean) =>
  JSON.stringify(serializeState(state, { raw }), (key, value) =>
    key === 'startedAt' || key === 'endedAt' ? undefined : value,
  );

describe('a snapshot of values a server-side tool returned that cannot all be read', () => {
  it.each(HOSTILE)(
    '%s: written as the plain value, the rest of the state as it was',
    (_, make, plain) => {
      const state = reduceAll([...recording(make), END]);
      const expected = reduceAll([...recording(() => plain), END]);
      for (const raw of [true, false]) {
        expect(text(state, raw)).toBe(text(expected, raw));
        const back = deserializeState(JSON.parse(text(state, raw)));
        expect(back.issues).toEqual(expected.issues);
        expect(back.runOrder).toEqual(expected.runOrder);
        const call = back.toolCalls.get('call-weather-1')!;
        expect(call).toMatchObject({
          status: 'output-available',
          output: { kind: 'raw', value: plain },
        });
        expect(back.runs.get(back.runOrder[0]!)?.parts).toEqual(
          expected.runs.get(expected.runOrder[0]!)?.parts,
        );
      }
      expect(() => JSON.stringify(inspectState(state))).not.toThrow();
    },
  );

  it('also in tool arguments and in a chunk Toolpane does not know', () => {
    // The call's arguments from its `tool-call` and `tool-result` only, not streamed.
    const chunks = (loadFixture('tool-then-text') as Chunk[])
      .filter((chunk) => !chunk.type.startsWith('tool-call-'))
      .map((chunk) =>
        chunk.type === 'tool-call' || chunk.type === 'tool-result'
          ? { ...chunk, payload: { ...chunk.payload, args: HOSTILE[0]![1]() } }
          : chunk,
      );
    const unknown = { type: 'made-up', payload: { ok: true, inner: HOSTILE[1]![1]() } };
    const state = reduceAll([...chunks, unknown, END]);
    const json = JSON.parse(text(state, true)) as { unknownChunks: unknown[] };
    expect(json.unknownChunks).toEqual([
      { type: 'made-up', payload: { ok: true, inner: { city: 'Paris', inner: UNREADABLE } } },
    ]);
    const back = deserializeState(json);
    expect(back.toolCalls.get('call-weather-1')?.raw.input).toEqual(HOSTILE[0]![2]);
    expect(back.toolCalls.get('call-weather-1')?.status).toBe('output-available');
  });

  it('reads each property at most twice and calls each toJSON once, the state left as it was', () => {
    let reads = 0;
    let calls = 0;
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      i,
      get seen() {
        reads++;
        return i;
      },
      inner: { toJSON: () => ++calls },
    }));
    const state = reduceAll([...recording(() => ({ rows })), END]);
    reads = 0;
    calls = 0;
    const json = JSON.stringify(serializeState(state));
    // At most one read to tell whether a copy is needed, one in the copy; `toJSON` in the copy.
    expect(reads).toBeGreaterThanOrEqual(1_000);
    expect(reads).toBeLessThanOrEqual(2_000);
    expect(calls).toBe(1_000);
    expect(json).toContain('{"i":999,"seen":999,"inner":');
    const output = state.toolCalls.get('call-weather-1')!.output as { value: { rows: unknown[] } };
    expect(output.value.rows[0]).toBe(rows[0]);
  });

  it('keeps a Date as it is, and copies nothing when nothing needs it', () => {
    const value = { at: new Date(0), list: [1, { a: 'b' }] };
    expect(withinDepth(value)).toBe(value);
    const cut = withinDepth({ at: value.at, bad: { toJSON: boom } });
    expect(cut.at).toBe(value.at);
    expect(cut.bad).toBe(UNREADABLE);
  });

  it('writes a class instance as a plain object of its own properties, as JSON does', () => {
    class Point {
      x = 1;
      y = 2;
      get sum() {
        return this.x + this.y;
      }
    }
    const cut = withinDepth({ point: new Point() }) as { point: object };
    expect(Object.getPrototypeOf(cut.point)).toBe(Object.prototype);
    expect(cut.point).toEqual({ x: 1, y: 2 });
  });
});
