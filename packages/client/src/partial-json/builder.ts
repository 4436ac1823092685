/**
 * Mutable builders behind the immutable values of `partial-json.ts`.
 *
 * A builder holds the members of one JSON array or object whose closing bracket has not arrived
 * yet. Its `keys` and `values` are append-only and every stored value is complete, already
 * materialized and frozen, so a snapshot can describe an open container by just `(builder, count,
 * key of the open member, value of the open member)` and build the plain array or object later,
 * when somebody reads it. A duplicate key appends a second entry; materializing assigns the
 * entries in order, which reproduces `JSON.parse` (last value wins, first position kept).
 */

/**
 * Marks "no open member" in {@link ContainerBuilder.materialize}; it is never a JSON value.
 *
 * @example
 * builder.materialize(builder.size, '', NONE); // only the complete members
 */
export const NONE: unique symbol = Symbol('partial-json.none');

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Adds an own enumerable data property; `__proto__` and friends never reach a setter. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (UNSAFE_KEYS.has(key)) {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * Collects the members of one open JSON array or object and materializes frozen plain values.
 *
 * Materializing copies the `count` complete members once (O(count)), but only when the visible
 * content differs from the last value it built; otherwise it returns that value again, so a
 * container whose content did not change keeps its identity.
 *
 * @example
 * const b = new ContainerBuilder(true);
 * b.append('', 1);
 * b.materialize(1, '', 'ab'); // [1, 'ab'] (frozen)
 */
export class ContainerBuilder {
  /** Keys of the complete members (objects only), in input order. */
  readonly keys: string[] = [];
  /** Values of the complete members, each frozen and final. */
  readonly values: unknown[] = [];
  /** Key of the member whose value is being parsed (objects only). */
  key = '';

  private cacheCount = -1;
  private cacheKey = '';
  private cacheChild: unknown = NONE;
  private cacheValue: unknown;

  /**
   * Starts an empty array (`true`) or object (`false`) builder.
   *
   * @example
   * const object = new ContainerBuilder(false);
   */
  constructor(readonly isArray: boolean) {}

  /**
   * Number of complete members so far.
   *
   * @example
   * builder.size; // 0 right after '['
   */
  get size(): number {
    return this.values.length;
  }

  /**
   * Records a complete member; `value` must already be frozen and is never copied again.
   *
   * @example
   * builder.append('city', 'Paris');
   */
  append(key: string, value: unknown): void {
    if (!this.isArray) this.keys.push(key);
    this.values.push(value);
  }

  /**
   * Returns the frozen array or object made of the first `count` members plus, unless `child` is
   * {@link NONE}, the open member `child` (at index `count`, or under `key`).
   *
   * @example
   * builder.materialize(builder.size, builder.key, 'Par'); // { ..., city: 'Par' }
   */
  materialize(count: number, key: string, child: unknown): unknown {
    if (this.sameAsCache(count, key, child)) {
      // Same content, possibly reached by completing the open member: remember the new shape.
      this.cacheCount = count;
      this.cacheKey = key;
      this.cacheChild = child;
      return this.cacheValue;
    }
    let value: unknown[] | Record<string, unknown>;
    if (this.isArray) {
      if (child !== NONE && count === this.values.length) {
        // One exact-size copy: growing a copy by one would reallocate it, which costs more.
        this.values.push(child);
        value = this.values.slice();
        this.values.pop();
      } else {
        value = this.values.slice(0, count);
        if (child !== NONE) value.push(child);
      }
    } else {
      value = {};
      for (let i = 0; i < count; i++) setOwn(value, this.keys[i]!, this.values[i]);
      if (child !== NONE) setOwn(value, key, child);
    }
    Object.freeze(value);
    this.cacheCount = count;
    this.cacheKey = key;
    this.cacheChild = child;
    this.cacheValue = value;
    return value;
  }

  private sameAsCache(count: number, key: string, child: unknown): boolean {
    if (this.cacheCount < 0) return false;
    if (count === this.cacheCount) {
      return (
        Object.is(child, this.cacheChild) &&
        (child === NONE || this.isArray || key === this.cacheKey)
      );
    }
    // The member that was open last time has completed with exactly the value shown then.
    return (
      count === this.cacheCount + 1 &&
      child === NONE &&
      this.cacheChild !== NONE &&
      Object.is(this.values[count - 1], this.cacheChild) &&
      (this.isArray || this.keys[count - 1] === this.cacheKey)
    );
  }
}
