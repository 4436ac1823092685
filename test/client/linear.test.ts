import {
  callKey,
  createToolpaneStore,
  type ReduceOptions,
  reduceAll,
  runKey,
} from '@toolpane/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SHAPES, shapeOptions } from '../../bench/shapes';
import { Vector } from '../../packages/client/src/state/vector.js';
import { ARRAY_SCANS, STRING_SEARCHES } from '../utils/count';

/**
 * Linearity without a clock: while a stream is applied, every array copy and scan (slice, concat,
 * spread, for…of, map, filter, find, findIndex, some, every, indexOf, includes, reduce) and every
 * Map copy or iteration counts the items it touches, and every Map read (get, has) and every item
 * read from a persistent vector counts one, and every search in a string (includes, indexOf,
 * split, …) its length. A per-chunk copy or scan of a growing list, or a per-chunk search that
 * tries key after key, makes ten times the chunks cost about a hundred times the items. The bound
 * leaves room for the O(log n) path copies of the persistent map's vector (one node of at most 32
 * slots per level, and 10k calls fill one level more than 1k do): ten times the chunks may cost at
 * most twenty times.
 */
const BOUND = 20;
const counted = { items: 0 };

type Patched = { target: object; key: PropertyKey; original: unknown };
const patched: Patched[] = [];

type Sized = { length?: number; size?: number };

/** Counts every call of `target[key]` as the items it touches: by default its length or size. */
function patch(
  target: object,
  key: PropertyKey,
  items = (self: Sized) => self.length ?? self.size ?? 0,
) {
  const original = (target as Record<PropertyKey, unknown>)[key] as (
    this: Sized,
    ...args: unknown[]
  ) => unknown;
  patched.push({ target, key, original });
  Object.defineProperty(target, key, {
    configurable: true,
    writable: true,
    value: function (this: Sized, ...args: unknown[]) {
      counted.items += items(this);
      return original.apply(this, args);
    },
  });
}

function countItems(work: () => void): number {
  for (const key of ARRAY_SCANS) patch(Array.prototype, key);
  patch(Map.prototype, Symbol.iterator);
  patch(Map.prototype, 'forEach');
  // A read of a native Map (the persistent map's key index included) counts one: a search that
  // tries key after key per chunk (a free name, say) is as quadratic as a scan.
  patch(Map.prototype, 'get', () => 1);
  patch(Map.prototype, 'has', () => 1);
  patch(Set.prototype, Symbol.iterator);
  // A walk over a persistent list (a run's parts, a network's steps) reads it item by item.
  patch(Vector.prototype, 'get', () => 1);
  // A search in a text reads its characters: a search per hidden value in a long text is as
  // quadratic as a scan per chunk of a long list.
  for (const key of STRING_SEARCHES) patch(String.prototype, key);
  counted.items = 0;
  try {
    work();
    return counted.items;
  } finally {
    restore();
  }
}

function restore() {
  for (const { target, key, original } of patched.splice(0).reverse()) {
    Object.defineProperty(target, key, { configurable: true, writable: true, value: original });
  }
}

afterEach(restore);

/** A store that publishes a snapshot after every chunk, as a subscribed UI makes it do. */
function publishEach(chunks: readonly unknown[], options: ReduceOptions) {
  const store = createToolpaneStore({ ...options, now: () => 0 });
  store.subscribe(() => {
    store.getState();
  });
  for (const chunk of chunks) store.dispatch(chunk);
  return store.getState();
}

/**
 * A store that publishes after every chunk to keyed subscribers, as a mounted UI makes it: one
 * subscriber per call and per run (a card each), added as they appear, each reading its entity
 * when woken.
 */
function publishEachKeyed(chunks: readonly unknown[], options: ReduceOptions) {
  const store = createToolpaneStore({ ...options, now: () => 0 });
  const subscribed = new Set<string>();
  let reads = 0;
  store.subscribe((changed) => {
    if (changed === null) return;
    for (const key of changed) {
      if (subscribed.has(key)) continue;
      subscribed.add(key);
      if (key.startsWith('call:')) {
        const id = key.slice('call:'.length);
        store.subscribeKey(callKey(id), () => {
          if (store.getState().toolCalls.get(id) !== undefined) reads++;
        });
      } else if (key.startsWith('run:')) {
        const id = key.slice('run:'.length);
        store.subscribeKey(runKey(id), () => {
          if (store.getState().runs.get(id) !== undefined) reads++;
        });
      }
    }
  });
  for (const chunk of chunks) store.dispatch(chunk);
  return { state: store.getState(), reads };
}

const SMALL = 1_000;
const LARGE = 10_000;

describe('every shape costs work linear in its chunks', () => {
  for (const shape of SHAPES) {
    describe(shape.name, () => {
      const small = shape.chunks(SMALL);
      const large = shape.chunks(LARGE);
      const options = shapeOptions(shape);

      it('through a store that publishes after every chunk', () => {
        const a = countItems(() => publishEach(small, options));
        const b = countItems(() => publishEach(large, options));
        expect(b / Math.max(a, SMALL)).toBeLessThanOrEqual(BOUND);
      });

      it('through a store that publishes to a keyed subscriber per call and run', () => {
        let readsSmall = 0;
        let readsLarge = 0;
        const a = countItems(() => {
          readsSmall = publishEachKeyed(small, options).reads;
        });
        const b = countItems(() => {
          readsLarge = publishEachKeyed(large, options).reads;
        });
        expect(b / Math.max(a, SMALL)).toBeLessThanOrEqual(BOUND);
        // Subscribers woken grow with the chunks, not with chunks × subscribers.
        expect(readsLarge / Math.max(readsSmall, SMALL)).toBeLessThanOrEqual(BOUND);
      });

      it('through reduceAll', () => {
        const a = countItems(() => reduceAll(small, options));
        const b = countItems(() => reduceAll(large, options));
        expect(b / Math.max(a, SMALL)).toBeLessThanOrEqual(BOUND);
      });
    });
  }

  it('counts the copies it is meant to catch', () => {
    // A list copied on every chunk: the counter must see quadratic work as quadratic.
    const grow = (n: number) => {
      let list: number[] = [];
      for (let i = 0; i < n; i++) {
        list = list.slice();
        list.push(i);
      }
      return list;
    };
    const a = countItems(() => grow(SMALL));
    const b = countItems(() => grow(LARGE));
    expect(b / a).toBeGreaterThan(50);
  });

  // Every shape once, each three ways: longer than a test's default 5 s on a busy machine.
  it('reads the same state whichever way it was built', { timeout: 30_000 }, () => {
    for (const shape of SHAPES) {
      const chunks = shape.chunks(SMALL);
      const options = shapeOptions(shape);
      expect(JSON.parse(JSON.stringify(publishEach(chunks, options)))).toEqual(
        JSON.parse(JSON.stringify(reduceAll(chunks, { ...options, now: () => 0 }))),
      );
    }
  });
});
