import type { Undo } from './stack.js';

/**
 * An immutable list that only grows, for the growing lists of the state (`runOrder`,
 * `toolCallOrder`, `issues`, `unknownChunks`) and a run's tool call ids.
 *
 * Versions share one buffer: a version is the buffer and its length, so appending to the newest
 * version writes in place and costs O(1), and every older version still sees only its own items.
 * Appending to an older version (a pure `reduce` on an old snapshot) or to a frozen buffer copies
 * its items first. The plain array a version stands for is built on first read and kept, so a
 * snapshot nobody reads costs nothing, where copying the array on every snapshot made long streams
 * quadratic.
 *
 * A draft's rollback takes back the appends in place it made (see `Draft.undo`; a buffer frozen
 * meanwhile stays as it is): the version it goes back to is then its buffers' newest again, and
 * appends to it stay in place instead of copying what the run holds. Only the appender's own
 * versions saw those items: another version appending to the buffer meanwhile found it longer than
 * itself and copied it.
 */
export class AppendList<T> {
  private array: readonly T[] | undefined;

  private constructor(
    private readonly items: T[],
    /** How many items this version holds. */
    readonly length: number,
  ) {}

  /**
   * An empty list whose first append makes a buffer of its own: a shared empty list (in the
   * initial state, say) then holds no one's items.
   */
  static empty<T>(): AppendList<T> {
    return new AppendList(Object.freeze([]) as unknown as T[], 0);
  }

  /** A list of `values` (copied). */
  static from<T>(values: readonly T[]): AppendList<T> {
    return new AppendList(values.slice(), values.length);
  }

  /**
   * This list with `item` appended; `undo` (a draft's, see `Draft.undo`) is given what takes an
   * append in place back.
   */
  append(item: T, undo?: Undo): AppendList<T> {
    // A published state may have been deep-frozen by its reader: then the buffer is copied too.
    const items =
      this.items.length === this.length && Object.isExtensible(this.items)
        ? this.items
        : this.items.slice(0, this.length);
    const { length } = this;
    if (items === this.items) {
      undo?.push(() => {
        if (Object.isExtensible(items)) items.length = length;
      });
    }
    items.push(item);
    return new AppendList(items, this.length + 1);
  }

  /** The item at `index`; negative indexes count from the end. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    return i >= 0 && i < this.length ? this.items[i] : undefined;
  }

  /** The items as a frozen array, built once per version. */
  toArray(): readonly T[] {
    if (this.array !== undefined) return this.array;
    const array = Object.freeze(this.items.slice(0, this.length));
    // A deep-frozen list cannot keep it; it is then built on each read.
    if (Object.isExtensible(this)) this.array = array;
    return array;
  }
}
