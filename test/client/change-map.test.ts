import { describe, expect, it } from 'vitest';
import { ChangeMap } from '../../packages/client/src/state/change-map.js';

describe('ChangeMap', () => {
  it('reads as a Map through any sequence of sets, one entry inline and more in a Map', () => {
    const keys = ['a', 'a', 'b', 'a', 'c', 'b', 'd'];
    const map = new ChangeMap<number>();
    const expected = new Map<string, number>();
    expect([map.size, map.single, map.has('a'), map.get('a'), [...map]]).toEqual([
      0,
      undefined,
      false,
      undefined,
      [],
    ]);
    keys.forEach((key, i) => {
      map.set(key, i);
      expected.set(key, i);
      expect(map.size).toBe(expected.size);
      expect([...map]).toEqual([...expected]);
      expect([...map.values()]).toEqual([...expected.values()]);
      expect(map.single).toBe(expected.size === 1 ? i : undefined);
      for (const k of ['a', 'b', 'c', 'd', 'e']) {
        expect([map.has(k), map.get(k)]).toEqual([expected.has(k), expected.get(k)]);
      }
    });
  });

  it('tells an empty key apart from no entry', () => {
    const map = new ChangeMap<number>();
    map.set('', 1);
    expect([map.size, map.has(''), map.get(''), map.has('x'), map.single]).toEqual([
      1,
      true,
      1,
      false,
      1,
    ]);
  });
});
