function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether two values are equal one level deep: the same value, or two arrays (or two plain
 * objects) whose items are `Object.is`-equal. Pass it to {@link useToolpaneSelector} when a
 * selector builds a new array or object from unchanged parts.
 *
 * @example
 * shallowEqual(['a', 'b'], ['a', 'b']); // true
 * shallowEqual({ status: 'streaming' }, { status: 'streaming' }); // true
 * shallowEqual([{ id: 1 }], [{ id: 1 }]); // false: the items are different objects
 */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !Object.is(a[key], b[key])) return false;
  }
  return true;
}

/**
 * Whether two arrays have the same length and pairwise {@link shallowEqual} items: for selectors
 * that build a fresh object per item, such as `selectPendingApprovals`.
 *
 * @example
 * shallowEqualItems([{ id: 'a', call }], [{ id: 'a', call }]); // true when `call` is the same object
 */
export function shallowEqualItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!shallowEqual(a[i], b[i])) return false;
  return true;
}
