/**
 * What a notification says changed: the keys it touched, or `null` when anything may have changed
 * (a reset, or a listener that does not track keys).
 */
export type Changed<K> = ReadonlySet<K> | null;

/** A listener to every notification; it may read which keys changed. */
export type ChangeListener<K> = (changed: Changed<K>) => void;

/**
 * Something to subscribe to, as a whole or by key: the shape shared by the store, the session and
 * `@toolpane/react`'s provider.
 */
export interface Subscribable<K> {
  /** Calls `listener` on every notification; returns the unsubscribe function. */
  subscribe(listener: ChangeListener<K>): () => void;
  /**
   * Calls `listener` only for notifications that name `key` (or name nothing, i.e. everything);
   * returns the unsubscribe function.
   */
  subscribeKey(key: K, listener: () => void): () => void;
}

/** A set of listeners, global and keyed, with `emit` to notify them. */
export interface Emitter<K> extends Subscribable<K> {
  /**
   * Notifies every global listener, and the keyed listeners of the given keys (all of them for
   * `null`). Work is proportional to the keys given and the listeners woken, not to the listeners
   * subscribed. Listeners added during an emit are not called by it.
   */
  emit(changed?: Changed<K>): void;
  /** Whether anyone listens. */
  readonly listening: boolean;
}

/**
 * Creates an {@link Emitter}: the one listener set behind the store, the session and the
 * provider's batched view.
 *
 * @example
 * const emitter = createEmitter<string>();
 * emitter.subscribeKey('call:1', () => console.log('call 1 changed'));
 * emitter.emit(new Set(['call:1'])); // logs
 * emitter.emit(new Set(['call:2'])); // does not
 */
export function createEmitter<K>(): Emitter<K> {
  const everyone = new Set<ChangeListener<K>>();
  // What an emit walks: a copy of `everyone`, made again only after someone subscribed or left,
  // so a listener that does either during an emit does not change that round, and an emit in a
  // steady state copies nothing.
  let walked: readonly ChangeListener<K>[] | undefined;
  // Only keys with listeners are here, so `listening` needs no counter.
  const byKey = new Map<K, Set<() => void>>();
  return {
    get listening() {
      return everyone.size + byKey.size > 0;
    },
    subscribe(listener) {
      everyone.add(listener);
      walked = undefined;
      return () => {
        if (everyone.delete(listener)) walked = undefined;
      };
    },
    subscribeKey(key, listener) {
      const set = byKey.get(key) ?? new Set();
      byKey.set(key, set.add(listener));
      return () => {
        if (set.delete(listener) && set.size === 0 && byKey.get(key) === set) byKey.delete(key);
      };
    },
    emit(changed = null) {
      // Who to call is fixed before anyone is called, so a listener that subscribes or
      // unsubscribes others does not change this round; a listener of several keys is called once.
      let woken: Set<() => void> | undefined;
      if (changed === null) {
        for (const listeners of byKey.values()) {
          woken ??= new Set();
          for (const listener of listeners) woken.add(listener);
        }
      } else if (byKey.size > 0) {
        for (const key of changed) {
          const listeners = byKey.get(key);
          if (listeners === undefined) continue;
          woken ??= new Set();
          for (const listener of listeners) woken.add(listener);
        }
      }
      if (everyone.size > 0) {
        walked ??= [...everyone];
        for (const listener of walked) listener(changed);
      }
      if (woken !== undefined) for (const listener of woken) listener();
    },
  };
}

/**
 * Adds `changed` to what a batch has collected so far (`undefined`: nothing yet). The sets given
 * are never modified.
 */
export function mergeChanged<K>(
  collected: Set<K> | null | undefined,
  changed: Changed<K>,
): Set<K> | null {
  if (collected === null || changed === null) return null;
  if (collected === undefined) return new Set(changed);
  for (const key of changed) collected.add(key);
  return collected;
}
