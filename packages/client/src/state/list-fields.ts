import { Vector } from './vector.js';

/*
 * Internal: how the reducer stores the lists that grow inside a plain object of the state: a
 * tool call's `progress` and `childRunIds`, a network's `steps`. Not exported from the package:
 * the objects stay plain, and each list reads as a plain frozen array.
 */

/** The growing lists of plain objects of the state: a call's two, a network's steps. */
export type ListKey = 'progress' | 'childRunIds' | 'steps';

type Lists = { readonly [K in ListKey]?: Vector<unknown> };

/** Where an object keeps the persistent lists behind its getters (not enumerable: no copy sees it). */
const LISTS = Symbol('lists');

type Backed = { [LISTS]?: Lists };

const listsOf = (value: object): Lists | undefined => (value as Backed)[LISTS];

function setLists(value: object, lists: Lists): void {
  Object.defineProperty(value, LISTS, { value: lists, writable: true, configurable: true });
}

/** An own enumerable getter over one list: spreads, JSON and clones carry the plain array. */
function getter(key: ListKey): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: Backed): readonly unknown[] {
      return this[LISTS]![key]!.toArray();
    },
    set(this: Backed, items: readonly unknown[]): void {
      setLists(this, { ...this[LISTS], [key]: Vector.from(items) });
    },
  };
}

const KEYS: readonly ListKey[] = ['progress', 'childRunIds', 'steps'];
const GETTERS = Object.fromEntries(KEYS.map((key) => [key, getter(key)])) as Record<
  ListKey,
  PropertyDescriptor
>;

/**
 * Whether `key` names a growing list of a plain object of the state, which only
 * {@link pushItems} and {@link setItem} edit.
 */
export const isListKey = (key: PropertyKey): key is ListKey => KEYS.includes(key as ListKey);

/** The persistent list behind `value[key]`: the list itself, or one made of the array once. */
function listOf(value: object, key: ListKey): Vector<unknown> {
  return listsOf(value)?.[key] ?? Vector.from((value as Record<ListKey, unknown[]>)[key]);
}

function setList(value: object, key: ListKey, list: Vector<unknown>): void {
  const lists = listsOf(value);
  setLists(value, { ...lists, [key]: list });
  if (lists?.[key] === undefined) Object.defineProperty(value, key, GETTERS[key]);
}

/**
 * Appends to a list of a writable object in O(1). The first edit turns the field into a getter
 * over a persistent list (the array is copied once); the arrays are built on first read, once
 * per version, so a call with 20k progress reports takes one more per published snapshot without
 * copying the others.
 */
export function pushItems(value: object, key: ListKey, items: readonly unknown[]): void {
  let list = listOf(value, key);
  for (const item of items) list = list.push(item);
  setList(value, key, list);
}

/** Replaces the item at `index` of a list of a writable object: O(log items). */
export function setItem(value: object, key: ListKey, index: number, item: unknown): void {
  setList(value, key, listOf(value, key).set(index, item));
}

/**
 * A writable copy of an object. One whose lists are getters is copied field by field, the
 * getters sharing its persistent lists: a spread would build their arrays (O(items) per snapshot).
 */
export function copyListed<T extends object>(value: T): T {
  const lists = listsOf(value);
  if (lists === undefined) return { ...value };
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isListKey(key) && lists[key] !== undefined) Object.defineProperty(copy, key, GETTERS[key]);
    else copy[key] = value[key as keyof T];
  }
  setLists(copy, lists);
  return copy as T;
}

/** How many items `value[key]` holds, without building its array. */
export const countOf = <K extends ListKey>(
  value: { readonly [P in K]: readonly unknown[] },
  key: K,
) => listsOf(value)?.[key]?.length ?? value[key].length;

/** The item at `index` of `value[key]` (negative counts from the end), without building it. */
export function itemAt<V extends { readonly [P in K]: readonly unknown[] }, K extends ListKey>(
  value: V,
  key: K,
  index: number,
): V[K][number] | undefined {
  const list = listsOf(value)?.[key];
  if (list === undefined) return value[key].at(index);
  return list.get(index < 0 ? list.length + index : index);
}
