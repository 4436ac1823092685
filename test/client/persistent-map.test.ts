import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from '../../packages/client/src/state/persistent-map.js';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

describe('PersistentMap', () => {
  it('behaves like an insertion-ordered Map and never changes an older version', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 200 }),
        fc.boolean(),
        (ops, withOwner) => {
          const owner = withOwner ? {} : undefined;
          const reference = new Map<string, number>();
          let map = PersistentMap.empty<number>();
          const versions: [PersistentMap<number>, [string, number][]][] = [];
          for (const [key, value] of ops) {
            reference.set(key, value);
            map = map.set(key, value, owner);
            if (!withOwner) versions.push([map, [...reference]]);
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
