import { createToolpaneStore } from '@toolpane/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Vector } from '../../packages/client/src/state/vector.js';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

describe('Vector', () => {
  it('matches a copied array through any sequence of pushes and replacements', () => {
    const op = fc.oneof(
      fc.record({ push: fc.integer() }),
      fc.record({ set: fc.nat(5_000), value: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3_000 }), (ops) => {
        const versions: [Vector<number>, number[]][] = [[Vector.empty(), []]];
        for (const o of ops) {
          const [vector, array] = versions[versions.length - 1]!;
          if ('push' in o) versions.push([vector.push(o.push), [...array, o.push]]);
          else if (o.set < array.length) {
            const copy = array.slice();
            copy[o.set] = o.value;
            versions.push([vector.set(o.set, o.value), copy]);
          }
        }
        // Every older version still holds what it held.
        for (const [vector, array] of versions) {
          expect(vector.length).toBe(array.length);
          expect(vector.toArray()).toEqual(array);
          expect(vector.last()).toBe(array[array.length - 1]);
          for (let i = 0; i < array.length; i += 97) expect(vector.get(i)).toBe(array[i]);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('matches copied arrays when any older version is pushed to or replaced in (forks)', () => {
    const op = fc.record({
      from: fc.nat(),
      push: fc.option(fc.integer(), { nil: undefined }),
      set: fc.nat(200),
      value: fc.integer(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), (ops) => {
        const versions: [Vector<number>, number[]][] = [[Vector.empty(), []]];
        for (const o of ops) {
          // Mostly the newest version (in-place appends), sometimes an older one (a fork).
          const at = o.from % 4 === 0 ? o.from % versions.length : versions.length - 1;
          const [vector, array] = versions[at]!;
          if (o.push !== undefined) versions.push([vector.push(o.push), [...array, o.push]]);
          else if (o.set < array.length) {
            const copy = array.slice();
            copy[o.set] = o.value;
            versions.push([vector.set(o.set, o.value), copy]);
          }
        }
        for (const [vector, array] of versions) {
          expect(vector.toArray()).toEqual(array);
          expect(vector.last()).toBe(array[array.length - 1]);
          for (let i = 0; i < array.length; i++) expect(vector.get(i)).toBe(array[i]);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('appends to its newest version in place, sharing the tail, and copies a frozen tail', () => {
    const tailOf = (v: Vector<number>) => (v as unknown as { tail: number[] }).tail;
    const a = Vector.from([1, 2, 3]);
    const b = a.push(4);
    expect(tailOf(b)).toBe(tailOf(a));
    expect([a.toArray(), b.toArray()]).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4],
    ]);
    const fork = a.push(9);
    expect(tailOf(fork)).not.toBe(tailOf(a));
    expect([b.toArray(), fork.toArray(), a.last(), b.last()]).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 9],
      3,
      4,
    ]);
    const frozen = b.push(5);
    Object.freeze(tailOf(frozen));
    expect(frozen.push(6).toArray()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Vector.empty<number>().push(1).toArray()).toEqual([1]);
    expect(Vector.empty<number>().toArray()).toEqual([]);
  });

  it('reads across several trie levels, and builds its array once', () => {
    const values = Array.from({ length: 40_000 }, (_, i) => i);
    const vector = Vector.from(values);
    expect(vector.toArray()).toEqual(values);
    expect(vector.get(33_333)).toBe(33_333);
    expect(vector.set(1_025, -1).get(1_025)).toBe(-1);
    expect(vector.get(1_025)).toBe(1_025);
    expect(vector.toArray()).toBe(vector.toArray());
    expect(Object.isFrozen(vector.toArray())).toBe(true);
    expect([vector.get(-1), vector.get(40_000)]).toEqual([undefined, undefined]);
  });
});

describe('runs keep their parts and call ids as persistent lists', () => {
  it('leaves every published run as it was, and serialises whole', () => {
    const store = createToolpaneStore();
    const snapshots = [];
    store.dispatch({ type: 'start', runId: 'r', from: 'AGENT', payload: { id: 'a' } });
    for (let i = 0; i < 100; i++) {
      store.dispatch({ type: 'text-start', runId: 'r', from: 'AGENT', payload: { id: `t${i}` } });
      store.dispatch({
        type: 'text-delta',
        runId: 'r',
        from: 'AGENT',
        payload: { id: `t${i}`, text: 'a' },
      });
      store.dispatch({
        type: 'tool-call',
        runId: 'r',
        from: 'AGENT',
        payload: { toolCallId: `c${i}`, toolName: 'x', args: {} },
      });
      snapshots.push(store.getState().runs.get('r')!);
    }
    snapshots.forEach((run, i) => {
      expect(run.parts).toHaveLength(2 * (i + 1));
      expect(run.toolCallIds).toHaveLength(i + 1);
      expect(run.parts[2 * i]).toEqual({
        type: 'text',
        id: `t${i}`,
        text: 'a',
        state: 'streaming',
      });
    });
    const last = snapshots[snapshots.length - 1]!;
    expect(JSON.parse(JSON.stringify(last)).parts).toEqual(last.parts);
    expect(last).toMatchObject({ runId: 'r', agentId: 'a', toolCallIds: last.toolCallIds });
  });
});
