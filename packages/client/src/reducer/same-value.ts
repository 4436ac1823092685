const tagOf = (value: object) => Object.prototype.toString.call(value);

/**
 * Whether two JSON-like values are equal: same keys and values, arrays in order. Values that are
 * not JSON compare by what they are, never by their (empty) list of keys: a `Date` equals a `Date`
 * of the same time only, and anything else that is neither an object nor an array (a `Map`, a
 * `RegExp`) equals only itself, so `{}` never passes for a `Date` or a `Map`.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (tag === '[object Date]') return (a as Date).getTime() === (b as Date).getTime();
  if (tag !== '[object Object]' && tag !== '[object Array]') return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
