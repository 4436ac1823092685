import { describe, expect, it } from 'vitest';
import { Stack } from '../../packages/client/src/state/stack.js';

describe('Stack', () => {
  it('pops latest first and takes oldest first', () => {
    const stack = new Stack<number>();
    for (const n of [1, 2, 3]) stack.push(n);
    expect(stack.size).toBe(3);
    expect(stack.pop()).toBe(3);
    expect(stack.take()).toEqual([1, 2]);
    expect(stack.size).toBe(0);
    expect(stack.pop()).toBeUndefined();
  });

  it('is empty after clear, and fills again from the bottom', () => {
    const stack = new Stack<string>();
    stack.push('a');
    stack.push('b');
    stack.clear();
    expect(stack.size).toBe(0);
    expect(stack.take()).toEqual([]);
    stack.push('c');
    expect(stack.take()).toEqual(['c']);
  });

  it('reads an item by its place, oldest first, and nothing past its top', () => {
    const stack = new Stack<string>();
    for (const item of ['a', 'b', 'c']) stack.push(item);
    expect([0, 1, 2].map((i) => stack.at(i))).toEqual(['a', 'b', 'c']);
    stack.pop();
    expect(stack.at(2)).toBeUndefined();
    stack.clear();
    expect(stack.at(0)).toBeUndefined();
  });

  it('holds nothing in the slots it emptied', () => {
    const stack = new Stack<object>();
    for (let n = 0; n < 4; n++) stack.push({ n });
    stack.pop();
    stack.clear();
    const slots = (stack as unknown as { slots: unknown[] }).slots;
    expect(slots.every((slot) => slot === undefined)).toBe(true);
  });
});
