/**
 * An immutable map with cheap updates, for the large collections of the state (runs and tool calls).
 *
 * Keys are never removed from the state, so a map is its values in insertion order, kept in a
 * persistent {@link Vector}, and an index from each key to its position. Versions of one map share
 * the index: it is only ever appended to, and a version reads the positions below its own size
 * only. Setting a key copies one path of the vector (the tail of at most 32 values, or one node
 * of 32 slots per level) instead of the whole map, lookups are native `Map` lookups, and
 * iteration follows insertion order without sorting.
 *
 * Adding a key to the newest version appends to the shared index in place. Adding one to an
 * older version (a pure `reduce` on an old snapshot) copies the index first, unless the key is
 * the very one the newer version added at that position (the same chunk applied twice, as React
 * does with a reducer in strict mode), which is then shared as it is. A deep-frozen index is
 * copied too. A draft's rollback takes back the keys it appended in place (see
 * {@link PersistentMap.set}), unless a version shared them meanwhile.
 *
 * Written here because the persistent-collection libraries (Immutable.js, immer with Map support)
 * weigh more than this whole package.
 */

import type { Undo } from './stack.js';
import { Vector } from './vector.js';

/**
 * The keys of a map and of every version made from it, in insertion order; only appended to, but
 * for a rollback taking back its own appends (see {@link PersistentMap.set}).
 */
interface Keys {
  readonly positions: Map<string, number>;
  readonly order: string[];
  /** The size of the largest version that shared a key another version appended, if any. */
  shared?: number;
}

/** Whether `keys` may take a new key at `at` in place (the version of size `at` is its newest). */
const appendable = (keys: Keys, at: number): boolean =>
  keys.order.length === at && Object.isExtensible(keys.order);

/** A copy of the first `size` keys of `keys`. */
function copyKeys(keys: Keys | undefined, size: number): Keys {
  const order = keys === undefined ? [] : keys.order.slice(0, size);
  return { positions: new Map(order.map((key, i) => [key, i])), order };
}

/** An immutable, insertion-ordered map from string keys; see the module comment. */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  /** The empty map. */
  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(undefined, Vector.empty());
  }

  /** A map with the entries of `entries`, in order. */
  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  private constructor(
    /** The shared index (none until a key is added, so empty maps share nothing). */
    private readonly keys_: Keys | undefined,
    private readonly values_: Vector<V>,
  ) {}

  /** How many entries this version holds. */
  get size(): number {
    return this.values_.length;
  }

  /** The position of `key` in this version (the order keys were first set in), or -1. */
  positionOf(key: string): number {
    const at = this.keys_?.positions.get(key);
    return at !== undefined && at < this.values_.length ? at : -1;
  }

  get(key: string): V | undefined {
    const at = this.positionOf(key);
    return at < 0 ? undefined : this.values_.get(at);
  }

  has(key: string): boolean {
    return this.positionOf(key) >= 0;
  }

  /**
   * A map with `key` set to `value` (this map when the key already holds this value); `undo` (a
   * draft's, see `Draft.undo`) is given what takes a key appended to the index in place back.
   */
  set(key: string, value: V, undo?: Undo): PersistentMap<V> {
    const values = this.values_;
    const at = this.positionOf(key);
    if (at >= 0) {
      return values.get(at) === value ? this : new PersistentMap(this.keys_, values.set(at, value));
    }
    const size = values.length;
    let keys = this.keys_;
    if (keys === undefined || keys.order[size] !== key) {
      if (keys === undefined || !appendable(keys, size)) keys = copyKeys(keys, size);
      else {
        // A rollback takes the keys from here on back out, unless a version of another reader
        // shared one of them or the index was frozen meanwhile: they then stay, unread.
        const index = keys;
        undo?.push(() => {
          const { order } = index;
          if (index.shared! > size || !Object.isExtensible(index) || !Object.isExtensible(order))
            return;
          for (const key of order.splice(size)) index.positions.delete(key);
        });
      }
      keys.positions.set(key, size);
      keys.order.push(key);
    } else if (Object.isExtensible(keys)) keys.shared = Math.max(keys.shared ?? 0, size + 1);
    return new PersistentMap(keys, values.push(value));
  }

  *entries(): MapIterator<[string, V]> {
    const values = this.values_.toArray();
    const order = this.keys_?.order;
    for (let i = 0; i < values.length; i++) yield [order![i]!, values[i]!];
  }

  *keys(): MapIterator<string> {
    const order = this.keys_?.order;
    for (let i = 0; i < this.size; i++) yield order![i]!;
  }

  *values(): MapIterator<V> {
    yield* this.values_.toArray();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }

  /** Plain JSON: an object of the entries, so states can be logged and snapshotted. */
  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [key, value] of this.entries()) {
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
}

/** `keys` in the order `map` (a state's persistent map) first set them. */
export function inMapOrder(keys: Iterable<string>, map: ReadonlyMap<string, unknown>): string[] {
  const positions = map as PersistentMap<unknown>;
  return [...keys].sort((a, b) => positions.positionOf(a) - positions.positionOf(b));
}
