/**
 * An immutable map with cheap updates, for the large collections of the state (runs and tool calls).
 *
 * A hash array mapped trie: an update copies one node of at most 32 slots per level, so it costs
 * O(log32 n) instead of the O(n) of copying a `Map`, and snapshots share everything else. Nodes
 * created under the same `owner` token are edited in place, so a burst of updates between two
 * snapshots copies each node at most once. Iteration follows insertion order, as a `Map` does; the
 * order is rebuilt lazily, once per snapshot that is iterated. Keys are never removed from the
 * state, so removal is not supported.
 *
 * Written here because the persistent-collection libraries (Immutable.js, immer with Map support)
 * weigh more than this whole package and do not expose owner-scoped in-place edits.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;
const MAX_DEPTH = 7;

/** A token: nodes carrying the current owner may be edited in place. */
export type Owner = object;

interface Leaf<V> {
  readonly kind: 0;
  readonly hash: number;
  readonly key: string;
  value: V;
  readonly order: number;
}

interface Branch<V> {
  readonly kind: 1;
  bitmap: number;
  children: Node<V>[];
  owner: Owner | undefined;
}

interface Collision<V> {
  readonly kind: 2;
  readonly hash: number;
  leaves: Leaf<V>[];
  owner: Owner | undefined;
}

type Node<V> = Leaf<V> | Branch<V> | Collision<V>;

function hashOf(key: string): number {
  // FNV-1a: fast and well spread for short ids.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const popcount = (x: number): number => {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

function lookup<V>(
  node: Node<V> | undefined,
  hash: number,
  key: string,
  shift: number,
): Leaf<V> | undefined {
  let current = node;
  let s = shift;
  while (current !== undefined) {
    if (current.kind === 0) return current.key === key ? current : undefined;
    if (current.kind === 2) return current.leaves.find((leaf) => leaf.key === key);
    const bit = 1 << ((hash >>> s) & MASK);
    if ((current.bitmap & bit) === 0) return undefined;
    current = current.children[popcount(current.bitmap & (bit - 1))];
    s += BITS;
  }
  return undefined;
}

function merge<V>(a: Leaf<V>, b: Leaf<V>, shift: number, owner: Owner | undefined): Node<V> {
  if (shift >= BITS * MAX_DEPTH || a.hash === b.hash) {
    return { kind: 2, hash: a.hash, leaves: [a, b], owner };
  }
  const ia = (a.hash >>> shift) & MASK;
  const ib = (b.hash >>> shift) & MASK;
  if (ia === ib) {
    return { kind: 1, bitmap: 1 << ia, children: [merge(a, b, shift + BITS, owner)], owner };
  }
  return {
    kind: 1,
    bitmap: (1 << ia) | (1 << ib),
    children: ia < ib ? [a, b] : [b, a],
    owner,
  };
}

/**
 * What one insert needs besides its arguments, the order a new key gets, and what it did: whether
 * it set a leaf (the key did not hold this value) and whether the key was new.
 */
interface Inserting {
  readonly nextOrder: number;
  changed: boolean;
  added: boolean;
}

function leafOf<V>(run: Inserting, hash: number, key: string, value: V, order: number): Leaf<V> {
  run.changed = true;
  return { kind: 0, hash, key, value, order };
}

/**
 * Sets `key` to `value` below `node` in one walk; returns the new node (the same one when edited
 * in place, or when the key already held this value). A key that was there keeps its order.
 */
function insert<V>(
  run: Inserting,
  node: Node<V> | undefined,
  hash: number,
  key: string,
  value: V,
  shift: number,
  owner: Owner | undefined,
): Node<V> {
  if (node === undefined) {
    run.added = true;
    return leafOf(run, hash, key, value, run.nextOrder);
  }
  if (node.kind === 0) {
    if (node.key === key)
      return node.value === value ? node : leafOf(run, hash, key, value, node.order);
    run.added = true;
    return merge(node, leafOf(run, hash, key, value, run.nextOrder), shift, owner);
  }
  if (node.kind === 2) {
    const index = node.leaves.findIndex((l) => l.key === key);
    if (index >= 0 && node.leaves[index]!.value === value) return node;
    const leaves = node.leaves.slice();
    if (index >= 0) leaves[index] = leafOf(run, hash, key, value, leaves[index]!.order);
    else {
      run.added = true;
      leaves.push(leafOf(run, hash, key, value, run.nextOrder));
    }
    if (owner !== undefined && node.owner === owner) {
      node.leaves = leaves;
      return node;
    }
    return { kind: 2, hash: node.hash, leaves, owner };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  const index = popcount(node.bitmap & (bit - 1));
  const present = (node.bitmap & bit) !== 0;
  let child: Node<V>;
  if (present) {
    const before = node.children[index];
    child = insert(run, before, hash, key, value, shift + BITS, owner);
    if (child === before) return node;
  } else {
    run.added = true;
    child = leafOf(run, hash, key, value, run.nextOrder);
  }
  const editable = owner !== undefined && node.owner === owner;
  const children = editable ? node.children : node.children.slice();
  if (present) children[index] = child;
  else children.splice(index, 0, child);
  if (editable) {
    node.bitmap |= bit;
    return node;
  }
  return { kind: 1, bitmap: node.bitmap | bit, children, owner };
}

function collect<V>(node: Node<V> | undefined, out: Leaf<V>[]): void {
  if (node === undefined) return;
  if (node.kind === 0) out.push(node);
  else if (node.kind === 2) out.push(...node.leaves);
  else for (const child of node.children) collect(child, out);
}

// Kept outside the instances so that frozen maps can still cache their order.
const orderCache = new WeakMap<object, unknown[]>();

/** An immutable, insertion-ordered map from string keys; see the module comment. */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  /** The empty map. */
  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(undefined, 0, 0);
  }

  /** A map with the entries of `entries`, in order. */
  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    const owner = {};
    for (const [key, value] of entries) map = map.set(key, value, owner);
    return map;
  }

  private constructor(
    private readonly root: Node<V> | undefined,
    readonly size: number,
    private readonly nextOrder: number,
  ) {}

  get(key: string): V | undefined {
    return lookup(this.root, hashOf(key), key, 0)?.value;
  }

  has(key: string): boolean {
    return lookup(this.root, hashOf(key), key, 0) !== undefined;
  }

  /**
   * A map with `key` set to `value`. With an `owner` token, nodes made under the same token are
   * reused in place: only pass a token while no snapshot made under it can still be read.
   */
  set(key: string, value: V, owner?: Owner): PersistentMap<V> {
    const run: Inserting = { nextOrder: this.nextOrder, changed: false, added: false };
    const root = insert(run, this.root, hashOf(key), key, value, 0, owner);
    // Nodes edited in place come back as they were: only a new leaf tells that something changed.
    if (!run.changed) return this;
    return run.added
      ? new PersistentMap(root, this.size + 1, this.nextOrder + 1)
      : new PersistentMap(root, this.size, this.nextOrder);
  }

  private leaves(): Leaf<V>[] {
    let ordered = orderCache.get(this) as Leaf<V>[] | undefined;
    if (ordered === undefined) {
      ordered = [];
      collect(this.root, ordered);
      ordered.sort((a, b) => a.order - b.order);
      orderCache.set(this, ordered);
    }
    return ordered;
  }

  *entries(): MapIterator<[string, V]> {
    for (const leaf of this.leaves()) yield [leaf.key, leaf.value];
  }

  *keys(): MapIterator<string> {
    for (const leaf of this.leaves()) yield leaf.key;
  }

  *values(): MapIterator<V> {
    for (const leaf of this.leaves()) yield leaf.value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const leaf of this.leaves()) callback.call(thisArg, leaf.value, leaf.key, this);
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }

  /** Plain JSON: an object of the entries, so states can be logged and snapshotted. */
  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const leaf of this.leaves()) {
      Object.defineProperty(out, leaf.key, {
        value: leaf.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
}
