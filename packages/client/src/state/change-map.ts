/**
 * A map for what one publish changed (calls, runs): nearly always one entry, so the first is kept
 * in two fields and a `Map` is made only when a second key arrives. A `Map` costs a few hundred
 * bytes even when it holds one entry, and a store that publishes after every chunk made one or
 * two of them per chunk. Insertion-ordered, as a `Map` is; nothing is removed, and no value is
 * `undefined`.
 */
export class ChangeMap<V> {
  private key: string | undefined;
  private value: V | undefined;
  private map: Map<string, V> | undefined;

  /** Sets `key` to `value` (never `undefined`). */
  set(key: string, value: V): void {
    if (this.map !== undefined) this.map.set(key, value);
    else if (this.key === undefined || this.key === key) {
      this.key = key;
      this.value = value;
    } else this.map = new Map([[this.key, this.value as V]]).set(key, value);
  }

  /** The value when the map holds exactly one entry, else undefined. */
  get single(): V | undefined {
    return this.map === undefined ? this.value : undefined;
  }

  get size(): number {
    return this.map?.size ?? (this.key === undefined ? 0 : 1);
  }

  get(key: string): V | undefined {
    return this.map !== undefined ? this.map.get(key) : key === this.key ? this.value : undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  *[Symbol.iterator](): Generator<[string, V]> {
    if (this.map !== undefined) yield* this.map;
    else if (this.key !== undefined) yield [this.key, this.value as V];
  }

  *values(): Generator<V> {
    for (const [, value] of this) yield value;
  }
}
