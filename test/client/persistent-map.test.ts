import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from '../../packages/client/src/state/persistent-map.js';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

/** Freezes an object and everything it holds, as a reader of a published state may. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}

describe('PersistentMap', () => {
  it('behaves like an insertion-ordered Map and never changes an older version', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 200 }),
        (ops) => {
          const reference = new Map<string, number>();
          let map = PersistentMap.empty<number>();
          const versions: [PersistentMap<number>, [string, number][]][] = [];
          for (const [key, value] of ops) {
            reference.set(key, value);
            map = map.set(key, value);
            versions.push([map, [...reference]]);
          }
          expect([...map]).toEqual([...reference]);
          expect(map.size).toBe(reference.size);
          for (const [key, value] of reference) expect(map.get(key)).toBe(value);
          for (const [version, entries] of versions)
            expect([...version.entries()]).toEqual(entries);
        },
      ),
    );
  });

  it('keeps every version intact when older versions are set again (forks)', () => {
    const op = fc.record({
      from: fc.nat(),
      key: fc.string({ maxLength: 3 }),
      value: fc.integer(),
      freeze: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const versions: [PersistentMap<number>, Map<string, number>][] = [
          [PersistentMap.empty(), new Map()],
        ];
        for (const o of ops) {
          // Mostly the newest version, sometimes an older one (a fork), now and then frozen deep.
          const at = o.from % 3 === 0 ? o.from % versions.length : versions.length - 1;
          const [map, reference] = versions[at]!;
          if (o.freeze && o.from % 7 === 0) deepFreeze(map);
          versions.push([map.set(o.key, o.value), new Map(reference).set(o.key, o.value)]);
        }
        for (const [map, reference] of versions) {
          expect([...map]).toEqual([...reference]);
          expect([...map.keys()]).toEqual([...reference.keys()]);
          expect([...map.values()]).toEqual([...reference.values()]);
          expect(map.size).toBe(reference.size);
          for (const [key, value] of reference) expect(map.get(key)).toBe(value);
          for (const o of ops) expect(map.has(o.key)).toBe(reference.has(o.key));
        }
      }),
    );
  });

  it('shares the index when an older version adds the key a newer one added there', () => {
    const base = PersistentMap.empty<number>().set('a', 1);
    const first = base.set('b', 2);
    const again = base.set('b', 3);
    const other = base.set('c', 4);
    expect([...first]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([...again]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    expect([...other]).toEqual([
      ['a', 1],
      ['c', 4],
    ]);
    expect(other.has('b')).toBe(false);
    expect(first.has('c')).toBe(false);
    expect([...first.set('c', 5)]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 5],
    ]);
  });

  describe('a rollback takes back the keys appended in place', () => {
    /** Undoes what `log` noted, newest first, as a draft's rollback does. */
    const takeBack = (log: (() => void)[]) => {
      for (let undo = log.pop(); undo; undo = log.pop()) undo();
    };
    /** The shared key index of a version. */
    const index = (map: PersistentMap<number>) => (map as unknown as { keys_: unknown }).keys_;
    it('so the version it goes back to appends in place again', () => {
      const base = PersistentMap.empty<number>().set('a', 1);
      const log: (() => void)[] = [];
      base.set('b', 2, log).set('c', 3, log);
      takeBack(log);
      expect(log).toEqual([]);
      const next = base.set('x', 0);
      expect(index(next)).toBe(index(base));
      expect([...next]).toEqual([
        ['a', 1],
        ['x', 0],
      ]);
      expect(next.has('b')).toBe(false);
      expect(base.has('x')).toBe(false);
    });

    it('but keeps a key another version shared meanwhile, and what versions before it read', () => {
      const base = PersistentMap.empty<number>().set('a', 1);
      const log: (() => void)[] = [];
      base.set('b', 2, log).set('c', 3, log);
      // Another reader adds the key appended at its size: the index is shared.
      const shared = base.set('b', 9);
      expect(index(shared)).toBe(index(base));
      takeBack(log);
      expect([...shared.set('d', 4)]).toEqual([
        ['a', 1],
        ['b', 9],
        ['d', 4],
      ]);
      expect([...base.set('x', 0)]).toEqual([
        ['a', 1],
        ['x', 0],
      ]);
      expect([...base]).toEqual([['a', 1]]);
    });

    it('and leaves an index frozen meanwhile as it is', () => {
      const base = PersistentMap.empty<number>().set('a', 1);
      const log: (() => void)[] = [];
      base.set('b', 2, log);
      deepFreeze(base);
      expect(() => takeBack(log)).not.toThrow();
      expect([...base.set('x', 0)]).toEqual([
        ['a', 1],
        ['x', 0],
      ]);
    });
  });

  it('keeps colliding and deep keys apart', () => {
    let map = PersistentMap.empty<number>();
    for (let i = 0; i < 5000; i++) map = map.set(`call-${i}`, i);
    expect(map.size).toBe(5000);
    expect(map.get('call-4321')).toBe(4321);
    expect(map.has('call-5000')).toBe(false);
    expect([...map.keys()].slice(0, 3)).toEqual(['call-0', 'call-1', 'call-2']);
  });

  it('returns itself when a key is set to the value it already has', () => {
    const value = { a: 1 };
    const map = PersistentMap.empty<object>().set('k', value);
    expect(map.set('k', value)).toBe(map);
  });

  it('stores __proto__ as an ordinary key and serialises to an own property', () => {
    const map = PersistentMap.empty<number>().set('__proto__', 1).set('constructor', 2);
    expect(map.get('__proto__')).toBe(1);
    const json = map.toJSON();
    expect(Object.hasOwn(json, '__proto__')).toBe(true);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(json)).toBe('{"__proto__":1,"constructor":2}');
  });
});
