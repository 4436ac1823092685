import type { ToolCallState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { topLevelCall } from '../../packages/client/src/state/repeats.js';

/** Calls by key, each naming its parent (as hostile input may, in a cycle). */
const callsOf = (parents: Record<string, string | null>) =>
  new Map(
    Object.entries(parents).map(([key, parentToolCallId]) => [
      key,
      { key, parentToolCallId } as ToolCallState,
    ]),
  );

const topOf = (parents: Record<string, string | null>, key = 'a') => {
  const calls = callsOf(parents);
  return topLevelCall(calls, calls.get(key)!).key;
};

describe('topLevelCall', () => {
  it('walks up to the call at top level, however deep', () => {
    expect(topOf({ a: null })).toBe('a');
    expect(topOf({ a: 'b', b: null })).toBe('b');
    expect(topOf({ a: 'b', b: 'c', c: 'd', d: null })).toBe('d');
  });

  it('stops at a parent the state does not hold', () => {
    expect(topOf({ a: 'b', b: 'gone' })).toBe('b');
  });

  it('stops where a cycle comes back, at every length', () => {
    expect(topOf({ a: 'a' })).toBe('a');
    expect(topOf({ a: 'b', b: 'a' })).toBe('b');
    expect(topOf({ a: 'b', b: 'c', c: 'b' })).toBe('c');
    expect(topOf({ a: 'b', b: 'c', c: 'd', d: 'c' })).toBe('d');
    expect(topOf({ a: 'b', b: 'c', c: 'd', d: 'b' })).toBe('d');
  });
});
