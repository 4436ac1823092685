/**
 * A map for what one publish changed (calls, runs): nearly always one entry, so the first is kept
 * in two fields and a `Map` is made only when a second key arrives. A `Map` costs a few hundred
 * bytes even when it holds one entry, and a store that publishes after every chunk makes one or
 * two of them per chunk. Insertion-ordered, as a `Map` is; nothing is ever removed.
 */
export class ChangeMap<V> implements ReadonlyMap<string, V> {
  private firstKey: string | undefined;
  private firstValue: V | undefined;
  private map: Map<string, V> | undefined;

  /** Sets `key` to `value`. */
  set(key: string, value: V): this {
    if (this.map !== undefined) this.map.set(key, value);
    else if (this.firstKey === undefined || this.firstKey === key) {
      this.firstKey = key;
      this.firstValue = value;
    } else {
      this.map = new Map([[this.firstKey, this.firstValue as V]]);
      this.map.set(key, value);
    }
    return this;
  }

  /** The value when the map holds exactly one entry, else undefined. */
  get single(): V | undefined {
    return this.map === undefined ? this.firstValue : undefined;
  }

  get size(): number {
    return this.map?.size ?? (this.firstKey === undefined ? 0 : 1);
  }

  get(key: string): V | undefined {
    if (this.map !== undefined) return this.map.get(key);
    return key === this.firstKey ? this.firstValue : undefined;
  }

  has(key: string): boolean {
    if (this.map !== undefined) return this.map.has(key);
    return this.firstKey !== undefined && key === this.firstKey;
  }

  *entries(): MapIterator<[string, V]> {
    if (this.map !== undefined) yield* this.map.entries();
    else if (this.firstKey !== undefined) yield [this.firstKey, this.firstValue as V];
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    if (this.map !== undefined) yield* this.map.values();
    else if (this.firstKey !== undefined) yield this.firstValue as V;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    if (this.map !== undefined) {
      for (const [key, value] of this.map) callback.call(thisArg, value, key, this);
    } else if (this.firstKey !== undefined) {
      callback.call(thisArg, this.firstValue as V, this.firstKey, this);
    }
  }

  get [Symbol.toStringTag](): string {
    return 'ChangeMap';
  }
}
