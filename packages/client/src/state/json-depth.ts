/*
 * A snapshot must go through `JSON.stringify` (and a framework's props), which write nested
 * values by recursion: a value nested some thousands of levels deep, which `JSON.parse` reads
 * from a stream without complaint, would overflow the call stack there, and a value that holds
 * itself (possible in a server-side `fullStream`) cannot be written at all.
 */

/** How deep a snapshot's values may nest, as deep as streamed arguments are parsed. */
export const MAX_JSON_DEPTH = 1000;

/** What stands where a snapshot's value nested deeper than {@link MAX_JSON_DEPTH}, or held itself. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

/** A plain object or an array: what a snapshot walks into (not a `Date`, a `Map`, …). */
function isContainer(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether `root` must be copied: it holds a plain object or array `limit` levels down (a cycle
 * always does), or a `bigint`, which `JSON.stringify` refuses (a server-side `fullStream` may
 * carry one, a database's 64-bit column say).
 */
function reaches(root: unknown, limit: number): boolean {
  if (!isContainer(root)) return false;
  // Only containers are pushed, with their depths beside them.
  const values: Record<string, unknown>[] = [root];
  const depths = [0];
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (depth >= limit) return true;
    for (const key in value) {
      const child = value[key];
      if (typeof child === 'bigint') return true;
      if (isContainer(child)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * `root` with every plain object or array nested `limit` levels down, and every one that holds
 * itself, replaced by {@link TOO_DEEP}, and every `bigint` by its digits as a string. Walked with a stack of its own; `root` itself when
 * nothing is that deep (the usual case), otherwise a copy of its plain objects and arrays.
 */
export function withinDepth<T>(root: T, limit = MAX_JSON_DEPTH): T {
  if (!reaches(root, limit)) return root;
  const top = { root } as Record<string, unknown>;
  // Entries: the copy to write into, the key, the original value, its depth. A value marks the
  // end of an object's children, when it stops being an ancestor.
  const stack: unknown[] = [top, 'root', root, 0];
  const ancestors = new Set<object>();
  const EXIT = {};
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const value = stack.pop();
    const key = stack.pop() as string;
    const into = stack.pop() as Record<string, unknown>;
    if (into === EXIT) {
      ancestors.delete(value as object);
      continue;
    }
    if (!isContainer(value)) {
      // A bigint is written as its digits.
      into[key] = typeof value === 'bigint' ? value.toString() : value;
      continue;
    }
    if (depth >= limit || ancestors.has(value)) {
      into[key] = TOO_DEEP;
      continue;
    }
    const entries = Object.entries(value);
    const copy = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
    // Children are written last first: the keys go in now, in their order.
    if (!Array.isArray(value)) for (const [name] of entries) copy[name] = undefined;
    into[key] = copy;
    ancestors.add(value);
    stack.push(EXIT, '', value, 0);
    for (const [name, child] of entries) stack.push(copy, name, child, depth + 1);
  }
  return top.root as T;
}
