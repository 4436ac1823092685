import type { DraftChanges } from '../state/draft.js';
import type { ToolpaneState } from '../state/state.js';
import { keysOf, type StoreKey } from './keys.js';

/** One publish whose keys are not named yet: what it changed, and the state it published. */
interface Pending {
  readonly changes: DraftChanges;
  readonly state: ToolpaneState;
}

/**
 * The keys one or more publishes touched, named on first read. A store hands this set to its
 * listeners instead of naming the keys at every publish: when nobody reads it (no keyed
 * subscriber, and global listeners that ignore which keys changed), a publish builds no key at
 * all. What it holds is immutable once published (a draft starts new change sets every epoch), so
 * the set reads the same whenever it is read.
 */
export class ChangedKeys implements ReadonlySet<StoreKey> {
  // The first publish in fields of its own: most sets hold one, and need no list.
  private readonly changes: DraftChanges;
  private readonly state: ToolpaneState;
  private more: Pending[] | undefined;
  private named: Set<StoreKey> | undefined;

  /** A set of the keys `changes` touched in `state`. */
  constructor(changes: DraftChanges, state: ToolpaneState) {
    this.changes = changes;
    this.state = state;
  }

  /** Adds the keys of one more publish (a batch collects several). */
  add(changes: DraftChanges, state: ToolpaneState): this {
    if (this.named !== undefined) keysOf(changes, state, this.named);
    else if (this.more === undefined) this.more = [{ changes, state }];
    else this.more.push({ changes, state });
    return this;
  }

  private keys_(): Set<StoreKey> {
    let named = this.named;
    if (named === undefined) {
      named = keysOf(this.changes, this.state);
      for (const { changes, state } of this.more ?? []) keysOf(changes, state, named);
      this.named = named;
      this.more = undefined;
    }
    return named;
  }

  get size(): number {
    return this.keys_().size;
  }

  has(key: StoreKey): boolean {
    return this.keys_().has(key);
  }

  forEach(
    callback: (value: StoreKey, key: StoreKey, set: ReadonlySet<StoreKey>) => void,
    thisArg?: unknown,
  ): void {
    for (const key of this.keys_()) callback.call(thisArg, key, key, this);
  }

  entries(): SetIterator<[StoreKey, StoreKey]> {
    return this.keys_().entries();
  }

  keys(): SetIterator<StoreKey> {
    return this.keys_().keys();
  }

  values(): SetIterator<StoreKey> {
    return this.keys_().values();
  }

  [Symbol.iterator](): SetIterator<StoreKey> {
    return this.keys_().values();
  }
}

// Newer runtimes give sets `union`, `isSubsetOf` and the like; a listener may call them on the
// set it is given, so they answer from the named keys as well.
for (const method of [
  'union',
  'intersection',
  'difference',
  'symmetricDifference',
  'isSubsetOf',
  'isSupersetOf',
  'isDisjointFrom',
]) {
  const native: unknown = Reflect.get(Set.prototype, method);
  if (typeof native !== 'function') continue;
  Object.defineProperty(ChangedKeys.prototype, method, {
    configurable: true,
    writable: true,
    value(this: ChangedKeys, ...args: unknown[]): unknown {
      return Reflect.apply(native, new Set(this), args);
    },
  });
}
