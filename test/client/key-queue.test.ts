import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyQueue } from '../../packages/client/src/state/key-queue.js';
import { runs } from '../utils/property';

/** What a queue holds, front first. */
const keysOf = (queue: KeyQueue) => Array.from({ length: queue.size }, (_, i) => queue.at(i));

/** An operation on a queue: add a key, take the front one, or forget every key. */
type Op = { add: string } | 'shift' | 'clear';

describe('KeyQueue', () => {
  it('holds each key once, in the order first added, and takes from the front', () => {
    const queue = new KeyQueue();
    for (const key of ['a', 'b', 'a', 'c', 'b']) queue.add(key);
    expect(keysOf(queue)).toEqual(['a', 'b', 'c']);
    expect(queue.shift()).toBe('a');
    // Taken, a key is added again at the back.
    queue.add('a');
    expect(keysOf(queue)).toEqual(['b', 'c', 'a']);
    expect(queue.has('b')).toBe(true);
    expect(queue.has('d')).toBe(false);
    expect(queue.at(3)).toBeUndefined();
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });

  it('keeps its order when it moves its keys to the front, never emptied', () => {
    const queue = new KeyQueue();
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    for (const key of keys) queue.add(key);
    for (const key of keys.slice(0, 70)) expect(queue.shift()).toBe(key);
    expect(keysOf(queue)).toEqual(keys.slice(70));
    queue.add('k99');
    queue.add('k0');
    expect(keysOf(queue)).toEqual([...keys.slice(70), 'k0']);
    expect(queue.has('k69')).toBe(false);
  });

  it('reads as an ordered set, many keys or few, never emptied or emptied often', () => {
    // Bursts of adds and of takes: few distinct keys keep it small; many pass the point where it
    // finds them through a set, and a queue seldom emptied the point where it moves its keys to
    // the front.
    const key = fc.oneof(
      fc.constantFrom('a', 'b', 'c'),
      fc.integer({ min: 0, max: 200 }).map((n) => `k${n}`),
    );
    const burst = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.array(
          key.map((k): Op => ({ add: k })),
          { maxLength: 40 },
        ),
      },
      {
        weight: 5,
        arbitrary: fc.integer({ min: 1, max: 30 }).map((n): Op[] => Array(n).fill('shift')),
      },
      { weight: 1, arbitrary: fc.constant<Op[]>(['clear']) },
    );
    const op = fc.array(burst, { maxLength: 60 }).map((bursts) => bursts.flat());
    fc.assert(
      fc.property(op, (ops) => {
        const queue = new KeyQueue();
        const model = new Set<string>();
        for (const each of ops) {
          if (each === 'clear') {
            queue.clear();
            model.clear();
          } else if (each === 'shift') {
            const front = model.values().next();
            expect(queue.shift()).toBe(front.done ? undefined : front.value);
            if (!front.done) model.delete(front.value);
          } else {
            queue.add(each.add);
            model.add(each.add);
          }
          expect(queue.size).toBe(model.size);
        }
        expect(keysOf(queue)).toEqual([...model]);
        for (const k of model) expect(queue.has(k)).toBe(true);
      }),
      runs(300),
    );
  });
});
