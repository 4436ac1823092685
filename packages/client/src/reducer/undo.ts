/*
 * Working memory a rollback takes back. The reducer keeps indexes and records beside the state (a
 * run's parts by id, the calls of background tasks, the runs it ended, …); a value that throws part
 * way sends the draft back to its last publish, and each write to that memory since is taken back
 * with it, in reverse order (`Draft.undo`), rather than the memory being built again from the whole
 * state.
 */

import type { Undo } from '../state/stack.js';

/** What a rollback runs, newest first, to take back working memory written since the last publish. */
export type { Undo };

/** Sets `key` of a map of working memory; a rollback sets it back. */
export function setUndoably<K, V>(undo: Undo, map: Map<K, V>, key: K, value: V): void {
  const before = map.get(key);
  const had = before !== undefined || map.has(key);
  map.set(key, value);
  undo.push(had ? () => map.set(key, before as V) : () => map.delete(key));
}

/** Appends to a list of working memory; a rollback takes it out again. */
export function pushUndoably<T>(undo: Undo, list: T[], value: T): void {
  list.push(value);
  undo.push(() => list.pop());
}

/**
 * Puts `item` in `set` (`member`) or takes it out; a rollback sets it back. Returns whether the set
 * changed.
 */
export function toggleUndoably<T>(
  undo: Undo,
  set: Set<T> | WeakSet<T & object>,
  item: T,
  member: boolean,
): boolean {
  const s = set as Set<T>;
  if (s.has(item) === member) return false;
  if (member) s.add(item);
  else s.delete(item);
  undo.push(() => toggleUndoably([], s, item, !member));
  return true;
}

/** Puts each of `items` in `set` (`member`) or takes it out; a rollback sets them back at once. */
export function toggleAllUndoably<T>(
  undo: Undo,
  set: Set<T>,
  items: Iterable<T>,
  member: boolean,
): void {
  const changed = [...items].filter((item) => toggleUndoably([], set, item, member));
  if (changed.length > 0) undo.push(() => toggleAllUndoably([], set, changed, !member));
}

/** Sets the fields `values` names of `target`; a rollback sets them back. */
export function assignUndoably<T extends object>(undo: Undo, target: T, values: Partial<T>): void {
  const before: Partial<T> = {};
  for (const key in values) before[key] = target[key];
  undo.push(() => Object.assign(target, before));
  Object.assign(target, values);
}
