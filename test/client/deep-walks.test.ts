import { describe, expect, it } from 'vitest';
import { sameValue } from '../../packages/client/src/reducer/same-value.js';
import { TOO_DEEP, withinDepth } from '../../packages/client/src/state/json-depth.js';

/*
 * The walks over values a stream brings use stacks of their own: `JSON.parse` reads values
 * nested far deeper than a recursive walk can follow, and a server-side `fullStream` may hold a
 * value that contains itself. Through the whole pipeline: test/ui/deep-values.test.tsx.
 */

/** `[[[…"x"…]]]`, `levels` deep, built without recursion. */
const nested = (levels: number, leaf: unknown = 'x'): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('sameValue', () => {
  it('compares values nested 100,000 levels deep', () => {
    expect(sameValue(nested(100_000), nested(100_000))).toBe(true);
    expect(sameValue(nested(100_000), nested(100_000, 'y'))).toBe(false);
    expect(sameValue(nested(99_999), nested(100_000))).toBe(false);
  });

  it('tells values apart by keys, order of items and kind', () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
    expect(sameValue({ at: new Date(5) }, { at: new Date(6) })).toBe(false);
    expect(sameValue(new Map(), new Map())).toBe(false);
    expect(sameValue({}, new Date(0))).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });

  it('ends on values that hold themselves, as not the same', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const b: Record<string, unknown> = { name: 'a' };
    b.self = b;
    expect(sameValue(a, b)).toBe(false);
    expect(sameValue(a, a)).toBe(true);
  });
});

describe('withinDepth', () => {
  it('returns shallow values themselves', () => {
    const value = { a: [1, { b: 'c' }], at: new Date(0) };
    expect(withinDepth(value)).toBe(value);
  });

  it('cuts what nests deeper than the limit, keeping keys in order and the rest as it was', () => {
    const at = new Date(0);
    const value = { first: 1, deep: nested(5_000), shared: { at }, last: [1, 2, 3] };
    const cut = withinDepth(value, 10) as typeof value;
    expect(Object.keys(cut)).toEqual(['first', 'deep', 'shared', 'last']);
    expect(cut.shared.at).toBe(at);
    expect(cut.last).toEqual([1, 2, 3]);
    const text = JSON.stringify(cut);
    expect(text).toContain(JSON.stringify(TOO_DEEP));
    // Nine levels under `deep` survive (the object itself is the first), then the note.
    let node: unknown = cut.deep;
    for (let level = 1; level < 9; level++)
      node = Array.isArray(node) ? node[0] : (node as { a: unknown }).a;
    expect(Array.isArray(node) ? node[0] : (node as { a: unknown }).a).toBe(TOO_DEEP);
    // The original is untouched.
    expect(value.deep).not.toBe(cut.deep);
  });

  it('writes a value that holds itself with the note where it does', () => {
    const loop: Record<string, unknown> = { name: 'loop', list: [1] };
    loop.self = loop;
    const shared = { x: 1 };
    const cut = withinDepth({
      loop,
      again: shared,
      also: shared,
      deep: nested(2_000),
    }) as unknown as {
      loop: { name: string; self: unknown; list: number[] };
      again: unknown;
      also: unknown;
    };
    expect(cut.loop).toEqual({ name: 'loop', list: [1], self: TOO_DEEP });
    // A value met twice but not inside itself is written twice, as JSON writes it.
    expect(cut.again).toEqual({ x: 1 });
    expect(cut.also).toEqual({ x: 1 });
    expect(() => JSON.stringify(cut)).not.toThrow();
  });
});
