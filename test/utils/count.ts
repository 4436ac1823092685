/** The array methods that copy or scan an array: each touches every item. */
export const ARRAY_SCANS: readonly PropertyKey[] = [
  'slice',
  'concat',
  'map',
  'filter',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'some',
  'every',
  'indexOf',
  'lastIndexOf',
  'includes',
  'reduce',
  'forEach',
  Symbol.iterator,
];

/** The string methods that search a string: each may read every character. */
export const STRING_SEARCHES: readonly PropertyKey[] = [
  'includes',
  'indexOf',
  'lastIndexOf',
  'split',
  'replace',
  'replaceAll',
  'search',
  'match',
  'matchAll',
];

/**
 * Work counted without a clock, for tests of linear cost: while `work` runs, every read of a
 * native `Map` (`get`, `has`; the persistent map's key index included) counts one, and every array
 * copy or scan (slice, concat, map, filter, find, findIndex, some, every, indexOf, includes,
 * forEach, iteration) counts the items of the array it touches, and every search in a string
 * (includes, indexOf, split, …) counts its characters. A per-chunk walk or copy of
 * something that grows with the stream makes ten times the chunks cost about a hundred times the
 * work; linear work grows ten times.
 */
export function countWork(work: () => void): number {
  let count = 0;
  const restore: (() => void)[] = [];
  const patch = (target: object, key: PropertyKey, cost: (self: unknown) => number) => {
    const original = (target as Record<PropertyKey, unknown>)[key] as (
      this: unknown,
      ...args: unknown[]
    ) => unknown;
    Object.defineProperty(target, key, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        count += cost(this);
        return original.apply(this, args);
      },
    });
    restore.push(() =>
      Object.defineProperty(target, key, { configurable: true, writable: true, value: original }),
    );
  };
  const one = () => 1;
  const length = (self: unknown) => (self as { length: number }).length;
  patch(Map.prototype, 'get', one);
  patch(Map.prototype, 'has', one);
  for (const key of ARRAY_SCANS) patch(Array.prototype, key, length);
  for (const key of STRING_SEARCHES) patch(String.prototype, key, length);
  try {
    work();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return count;
}
