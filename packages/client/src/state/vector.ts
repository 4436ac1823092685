/**
 * An immutable list with cheap appends and replacements, for a run's parts.
 *
 * A 32-way trie of full leaves plus a tail of at most 32 items, as in Clojure's persistent vector:
 * appending writes to the tail and, once per 32 items, adds it to the trie along one path;
 * replacing an item copies one path (O(log32 n) nodes of 32 slots). Versions share everything
 * else, so a snapshot published after every chunk costs O(1) whatever the run holds. Versions
 * also share the tail's buffer, as `AppendList` versions do: a version reads only the first
 * `length` items, so appending to the newest version writes in place, and appending to an older
 * one (or to a frozen buffer) copies the tail first. The plain array a version stands for is built
 * on first read and kept.
 *
 * Written here because persistent-collection libraries weigh more than this whole package.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

type Node<T> = readonly (Node<T> | T)[];

export class Vector<T> {
  private array: readonly T[] | undefined;

  private constructor(
    /** How many items this version holds. */
    readonly length: number,
    private readonly shift: number,
    private readonly root: Node<T>,
    private readonly tail: readonly T[],
  ) {}

  private static readonly EMPTY = new Vector<never>(0, BITS, [], Object.freeze([]));

  /** The empty vector. */
  static empty<T>(): Vector<T> {
    return Vector.EMPTY as Vector<T>;
  }

  /** A vector of `values`. */
  static from<T>(values: readonly T[]): Vector<T> {
    let vector = Vector.empty<T>();
    for (const value of values) vector = vector.push(value);
    return vector;
  }

  /** Index of the first item in the tail. */
  private tailOffset(): number {
    return this.length < WIDTH ? 0 : ((this.length - 1) >>> BITS) << BITS;
  }

  /** How many items of the tail's buffer are this version's. */
  private tailLength(): number {
    return this.length - this.tailOffset();
  }

  /** The item at `index`, or undefined outside the vector. */
  get(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    if (index >= this.tailOffset()) return this.tail[index & MASK];
    let node: Node<T> = this.root;
    for (let level = this.shift; level > 0; level -= BITS) {
      node = node[(index >>> level) & MASK] as Node<T>;
    }
    return node[index & MASK] as T;
  }

  /** The last item, or undefined when empty. */
  last(): T | undefined {
    return this.length === 0 ? undefined : this.tail[(this.length - 1) & MASK];
  }

  /** This vector with `item` appended. */
  push(item: T): Vector<T> {
    const count = this.tailLength();
    if (count < WIDTH) {
      let tail = this.tail as T[];
      // The newest version of a buffer appends in place; any other copies its own items first.
      if (count < tail.length || !Object.isExtensible(tail)) tail = tail.slice(0, count);
      tail.push(item);
      return new Vector(this.length + 1, this.shift, this.root, tail);
    }
    // The tail is full: it becomes a leaf of the trie, which grows a level when it is full.
    let root: Node<T>;
    let shift = this.shift;
    if (this.length >>> BITS > 1 << this.shift) {
      root = [this.root, pathTo(this.shift, this.tail)];
      shift += BITS;
    } else {
      root = pushLeaf(this.root, this.shift, this.length - 1, this.tail);
    }
    return new Vector(this.length + 1, shift, root, [item]);
  }

  /** This vector with the item at `index` replaced (an index outside it changes nothing). */
  set(index: number, item: T): Vector<T> {
    if (index < 0 || index >= this.length) return this;
    if (index >= this.tailOffset()) {
      const tail = this.tail.slice(0, this.tailLength());
      tail[index & MASK] = item;
      return new Vector(this.length, this.shift, this.root, tail);
    }
    return new Vector(
      this.length,
      this.shift,
      setIn(this.root, this.shift, index, item),
      this.tail,
    );
  }

  /** The items as a frozen array, built once per version. */
  toArray(): readonly T[] {
    if (this.array !== undefined) return this.array;
    const out: T[] = [];
    collect(this.root, this.shift, this.tailOffset(), out);
    const count = this.tailLength();
    for (let i = 0; i < count; i++) out.push(this.tail[i]!);
    const array = Object.freeze(out);
    // A deep-frozen vector cannot keep it; it is then built on each read.
    if (Object.isExtensible(this)) this.array = array;
    return array;
  }
}

function pathTo<T>(level: number, leaf: readonly T[]): Node<T> {
  return level === 0 ? leaf : [pathTo(level - BITS, leaf)];
}

/** Adds a full leaf to the trie: `lastIndex` is the index of the leaf's last item. */
function pushLeaf<T>(node: Node<T>, level: number, lastIndex: number, leaf: readonly T[]): Node<T> {
  const slot = (lastIndex >>> level) & MASK;
  const copy = node.slice();
  if (level === BITS) copy[slot] = leaf;
  else {
    const child = node[slot] as Node<T> | undefined;
    copy[slot] =
      child === undefined
        ? pathTo(level - BITS, leaf)
        : pushLeaf(child, level - BITS, lastIndex, leaf);
  }
  return copy;
}

function setIn<T>(node: Node<T>, level: number, index: number, item: T): Node<T> {
  const copy = node.slice();
  const slot = (index >>> level) & MASK;
  copy[slot] = level === 0 ? item : setIn(node[slot] as Node<T>, level - BITS, index, item);
  return copy;
}

function collect<T>(node: Node<T>, level: number, count: number, out: T[]): void {
  if (level === 0) {
    for (let i = 0; i < node.length && out.length < count; i++) out.push(node[i] as T);
    return;
  }
  for (let i = 0; i < node.length && out.length < count; i++) {
    collect(node[i] as Node<T>, level - BITS, count, out);
  }
}
