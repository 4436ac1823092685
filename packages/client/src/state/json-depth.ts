/*
 * A snapshot must go through `JSON.stringify` (and a framework's props), which write nested
 * values by recursion: a value nested some thousands of levels deep, which `JSON.parse` reads
 * from a stream without complaint, would overflow the call stack there, and a value that holds
 * itself (possible in a server-side `fullStream`) cannot be written at all. Nor can a value that
 * throws when read: a getter, a `toJSON` or a proxy's trap that throws.
 */

/** How deep a snapshot's values may nest, as deep as streamed arguments are parsed. */
export const MAX_JSON_DEPTH = 1000;

/** What stands where a snapshot's value nested deeper than {@link MAX_JSON_DEPTH}, or held itself. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

/** What stands where a snapshot's value threw when read (a getter, a `toJSON`, a proxy's trap). */
export const UNREADABLE = '[value that could not be read]';

const LEAF = 0;
const OPEN = 1;
const COPY = 2;

/**
 * How a snapshot writes `value`: as it is ({@link LEAF}: not an object, or a `Date` itself), by
 * its entries ({@link OPEN}: a plain object or an array), or only in a copy ({@link COPY}: a
 * `bigint`, an object with a `toJSON` other than a `Date`'s, or any other object, a class instance
 * say, written as `JSON.stringify` writes it). Throws where reading it does (a proxy's trap).
 */
function kindOf(value: unknown): number {
  if (typeof value === 'bigint') return COPY;
  if (typeof value !== 'object' || value === null) return LEAF;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  // A proxy of a `Date` is no `Date` here: `JSON.stringify` throws on it.
  if (toJSON === Date.prototype.toJSON && Object.prototype.toString.call(value) === '[object Date]')
    return LEAF;
  if (toJSON !== undefined) return COPY;
  if (Array.isArray(value)) return OPEN;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? OPEN : COPY;
}

/**
 * Whether `root` must be copied: it holds a plain object or array `limit` levels down (a cycle
 * always does), a value only a copy writes (a `bigint`, which `JSON.stringify` refuses, or an
 * object that is not plain: see {@link kindOf}), or one that throws when read.
 */
function reaches(root: unknown, limit: number): boolean {
  try {
    const kind = kindOf(root);
    if (kind !== OPEN) return kind === COPY;
    // Only containers are pushed, with their depths beside them.
    const values: Record<string, unknown>[] = [root as Record<string, unknown>];
    const depths = [0];
    while (values.length > 0) {
      const value = values.pop()!;
      const depth = depths.pop()!;
      if (depth >= limit) return true;
      for (const key in value) {
        const child = value[key];
        const kind = kindOf(child);
        if (kind === COPY) return true;
        if (kind === OPEN) {
          values.push(child as Record<string, unknown>);
          depths.push(depth + 1);
        }
      }
    }
    return false;
  } catch {
    return true;
  }
}

/**
 * `root` as `JSON.stringify` can write it, however it was made: every plain object or array nested
 * `limit` levels down, and every one that holds itself, replaced by {@link TOO_DEEP}; every
 * `bigint` by its digits as a string; what an object's `toJSON` returns (a `Date`'s aside) in its
 * place; any other object that is not plain (a class instance, say) by a copy of its own
 * enumerable properties; and whatever throws when read (a getter, a `toJSON`, a proxy's trap) by
 * {@link UNREADABLE}, its siblings kept. Walked with a stack of its own, in time linear in the
 * value (a property is read at most twice, a `toJSON` called once): `root` itself when there is
 * nothing to replace (the usual case), otherwise a copy of its objects and arrays.
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
    const value = stack.pop() as Record<string, unknown>;
    const key = stack.pop() as string;
    const into = stack.pop() as Record<string, unknown>;
    if (into === EXIT) {
      ancestors.delete(value);
      continue;
    }
    let names: string[];
    let array: boolean;
    try {
      const kind = kindOf(value);
      if (kind === LEAF) {
        into[key] = value;
        continue;
      }
      if (typeof value === 'bigint') {
        into[key] = (value as bigint).toString();
        continue;
      }
      if (depth >= limit || ancestors.has(value)) {
        into[key] = TOO_DEEP;
        continue;
      }
      const toJSON = value.toJSON;
      if (typeof toJSON === 'function') {
        // Its `toJSON` is read in its place, a level down (a `toJSON` may return another).
        stack.push(into, key, toJSON.call(value, key), depth + 1);
        continue;
      }
      array = Array.isArray(value);
      names = Object.keys(value);
    } catch {
      into[key] = UNREADABLE;
      continue;
    }
    const copy = (array ? [] : {}) as Record<string, unknown>;
    into[key] = copy;
    ancestors.add(value);
    stack.push(EXIT, '', value, 0);
    for (const name of names) {
      let child: unknown;
      try {
        child = value[name];
      } catch {
        child = UNREADABLE;
      }
      // Children are written last first: the keys go in now, in their order.
      if (!array) copy[name] = undefined;
      stack.push(copy, name, child, depth + 1);
    }
  }
  return top.root as T;
}
