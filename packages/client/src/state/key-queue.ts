/** Past this many keys a queue finds a key through a set rather than by looking at each. */
const FEW = 16;

/**
 * Keys in the order they were first added, each held once, taken from the front; it keeps its
 * room when emptied (see `Stack`). Nearly every value the reducer applies adds one key and takes
 * it: a `Set` that gives up its last key gives up its table too, to be allocated again at the
 * next add.
 */
export class KeyQueue {
  private readonly slots: (string | undefined)[] = [];
  private start = 0;
  private end = 0;
  /** The keys held, once there are more than a few. */
  private many: Set<string> | undefined;

  /** How many keys it holds. */
  get size(): number {
    return this.end - this.start;
  }

  /** Whether it holds `key`. */
  has(key: string): boolean {
    if (this.many !== undefined) return this.many.has(key);
    for (let at = this.start; at < this.end; at++) if (this.slots[at] === key) return true;
    return false;
  }

  /** Adds `key` at the back, unless it holds it already. */
  add(key: string): void {
    if (this.has(key)) return;
    this.slots[this.end++] = key;
    if (this.many !== undefined) this.many.add(key);
    else if (this.size > FEW)
      this.many = new Set(this.slots.slice(this.start, this.end) as string[]);
  }

  /** Takes the key at the front; undefined when empty. */
  shift(): string | undefined {
    if (this.start === this.end) return undefined;
    const key = this.slots[this.start]!;
    this.slots[this.start++] = undefined;
    this.many?.delete(key);
    if (this.start === this.end) this.clear();
    else if (this.start >= 64 && 2 * this.start >= this.end) {
      // Never emptied, it moves its keys to the front rather than grow.
      this.slots.copyWithin(0, this.start, this.end);
      this.slots.fill(undefined, this.end - this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
    return key;
  }

  /** The key at `index`, front first; undefined outside the queue. */
  at(index: number): string | undefined {
    return index < this.size ? this.slots[this.start + index] : undefined;
  }

  /** Forgets every key. */
  clear(): void {
    while (this.end > this.start) this.slots[--this.end] = undefined;
    this.start = this.end = 0;
    this.many = undefined;
  }
}
