/**
 * Where a write that a rollback must take back puts what takes it back (`Draft.undo`), run latest
 * first. A plain array serves as well, for a write whose taking back nobody runs.
 */
export interface Undo {
  push(takeBack: () => void): unknown;
}

/**
 * A stack that keeps its room when emptied. The draft empties its log and its undo stack at every
 * publish, nearly every value in a store; an array emptied by setting its length gives its room
 * back, to be allocated again at the next push.
 */
export class Stack<T> {
  private readonly slots: (T | undefined)[] = [];
  /** How many items it holds. */
  size = 0;

  /** Adds an item on top. */
  push(item: T): void {
    this.slots[this.size++] = item;
  }

  /** The item at `index`, oldest first; undefined outside the stack. */
  at(index: number): T | undefined {
    return index < this.size ? this.slots[index] : undefined;
  }

  /** Removes and returns the top item; undefined when empty. */
  pop(): T | undefined {
    if (this.size === 0) return undefined;
    const item = this.slots[--this.size];
    this.slots[this.size] = undefined;
    return item;
  }

  /** The items, oldest first, which it forgets. */
  take(): T[] {
    const items = this.slots.slice(0, this.size) as T[];
    this.clear();
    return items;
  }

  /** Forgets every item, slot by slot: it keeps no item alive. */
  clear(): void {
    while (this.size > 0) this.slots[--this.size] = undefined;
  }
}
