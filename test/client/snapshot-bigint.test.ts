// @vitest-environment node
import { reduceAll } from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { inspectState } from '@toolpane/client/inspect';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { END } from '../utils/replays';

/*
 * A server that reads an agent's `fullStream` in process gets values as the tools returned them: a
 * tool that reads a database may return a `bigint` (a 64-bit id column), which `JSON.stringify`
 * refuses. A snapshot is made to go through it: each bigint is written as its digits, at any depth
 * and in every value a call holds, and nothing else of the state changes.
 */

type Chunk = { type: string; payload?: Record<string, unknown> };

const ID = 9_007_199_254_740_993n;

/** `tool-then-text` with every tool result carrying bigints, at the top and nested. */
function withBigints(): unknown[] {
  return (loadFixture('tool-then-text') as Chunk[]).map((chunk) =>
    chunk.type === 'tool-result'
      ? {
          ...chunk,
          payload: {
            ...chunk.payload,
            result: { id: ID, rows: [{ id: ID + 1n, nested: { total: 12n } }] },
          },
        }
      : chunk,
  );
}

describe('a snapshot of values a tool returned as bigints', () => {
  const state = reduceAll([...withBigints(), END]);

  it('goes through JSON.stringify, each bigint as its digits', () => {
    const json = JSON.stringify(serializeState(state, { raw: true }));
    expect(json).toContain('"id":"9007199254740993"');
    expect(json).toContain('"total":"12"');
    const back = deserializeState(JSON.parse(json));
    const call = [...back.toolCalls.values()][0]!;
    expect(call.output).toEqual({
      kind: 'raw',
      value: {
        id: '9007199254740993',
        rows: [{ id: '9007199254740994', nested: { total: '12' } }],
      },
    });
  });

  it('also without the raw values, and in what inspect prints', () => {
    expect(() => JSON.stringify(serializeState(state))).not.toThrow();
    expect(JSON.stringify(inspectState(state))).toContain('9007199254740993');
  });

  it('leaves the state itself as it was', () => {
    const call = [...state.toolCalls.values()][0]!;
    expect((call.output as { value: { id: unknown } }).value.id).toBe(ID);
  });
});
