const tagOf = (value: object) => Object.prototype.toString.call(value);

/** How deep two values are compared; deeper (a cycle, say) counts as not the same. */
const MAX_DEPTH = 100_000;

/**
 * Whether two JSON-like values are equal: same keys and values, arrays in order. Values that are
 * not JSON compare by what they are, never by their (empty) list of keys: a `Date` equals a `Date`
 * of the same time only, and anything else that is neither an object nor an array (a `Map`, a
 * `RegExp`) equals only itself, so `{}` never passes for a `Date` or a `Map`. Walked with a stack
 * of its own, so values nested deeper than the call stack allows compare too; pairs nested more
 * than 100,000 levels deep (a cycle) count as not the same, which errs on the safe side.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  // Triples: a value, the value it is compared with, their depth.
  const stack: unknown[] = [a, b, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const y = stack.pop();
    const x = stack.pop();
    if (Object.is(x, y)) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    const tag = tagOf(x);
    if (tag !== tagOf(y)) return false;
    if (tag === '[object Date]') {
      if ((x as Date).getTime() !== (y as Date).getTime()) return false;
      continue;
    }
    if ((tag !== '[object Object]' && tag !== '[object Array]') || depth >= MAX_DEPTH) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      const u = (x as Record<string, unknown>)[key];
      const v = (y as Record<string, unknown>)[key];
      // Scalars are compared here; only pairs of objects wait on the stack.
      if (Object.is(u, v)) continue;
      if (typeof u !== 'object' || typeof v !== 'object') return false;
      stack.push(u, v, depth + 1);
    }
  }
  return true;
}
