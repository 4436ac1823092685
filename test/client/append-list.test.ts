import { createToolpaneStore, initialState, reduce, reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { AppendList } from '../../packages/client/src/state/append-list.js';
import { loadFixture } from '../utils/fixtures';

describe('AppendList', () => {
  it('keeps every version as it was when later versions append in place', () => {
    const a = AppendList.from(['x']);
    const b = a.append('y');
    const c = b.append('z');
    expect([a.toArray(), b.toArray(), c.toArray()]).toEqual([['x'], ['x', 'y'], ['x', 'y', 'z']]);
  });

  it('copies when an older version is appended to, so the versions fork cleanly', () => {
    const a = AppendList.from(['x']);
    const b = a.append('y');
    const fork = a.append('other');
    expect(b.toArray()).toEqual(['x', 'y']);
    expect(fork.toArray()).toEqual(['x', 'other']);
    expect(b.append('z').toArray()).toEqual(['x', 'y', 'z']);
  });

  it('copies a buffer that a reader froze, and still reads a frozen list', () => {
    const a = AppendList.from(['x']);
    Object.freeze(a);
    Object.freeze((a as unknown as { items: string[] }).items);
    expect(a.toArray()).toEqual(['x']);
    expect(a.append('y').toArray()).toEqual(['x', 'y']);
  });

  it('goes back to appending in place once a rollback took back the appends noted', () => {
    const a = AppendList.from(['x']);
    const log: (() => void)[] = [];
    a.append('y', log).append('z', log);
    const fork = a.append('copied');
    // Undone newest first, as a draft's rollback does.
    for (let undo = log.pop(); undo; undo = log.pop()) undo();
    const items = (list: AppendList<string>) => (list as unknown as { items: unknown }).items;
    const next = a.append('w');
    expect(items(next)).toBe(items(a));
    expect([a.toArray(), next.toArray(), fork.toArray()]).toEqual([
      ['x'],
      ['x', 'w'],
      ['x', 'copied'],
    ]);
  });

  it('reads items by index from either end, and builds its array once', () => {
    const list = AppendList.from(['a', 'b', 'c']);
    expect([list.at(0), list.at(-1), list.at(3), list.at(-4)]).toEqual([
      'a',
      'c',
      undefined,
      undefined,
    ]);
    expect(list.toArray()).toBe(list.toArray());
    expect(Object.isFrozen(list.toArray())).toBe(true);
  });
});

describe('state orders', () => {
  const chunks = loadFixture('subagents-parallel');

  it('are arrays to JSON and equality', () => {
    const state = reduceAll(chunks);
    expect(state.toolCallOrder).toEqual([...state.toolCalls.keys()]);
    const json = JSON.parse(JSON.stringify(state));
    expect(json.runOrder).toEqual(state.runOrder);
    expect(json.toolCallOrder).toEqual(state.toolCallOrder);
    expect(state).toEqual(reduceAll(chunks));
  });

  it('are rebuilt from the maps for a spread copy, which has none', () => {
    const state = reduceAll(chunks);
    const next = reduce({ ...state }, { type: 'start', runId: 'run-next', payload: {} });
    expect(next.runOrder).toEqual([...state.runOrder, 'run-next']);
    expect(next.toolCallOrder).toEqual(state.toolCallOrder);
  });

  it('never change in a published snapshot when the store reads on', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 8));
    const before = store.getState();
    const order = [...before.toolCallOrder];
    store.dispatchMany(chunks.slice(8));
    expect(store.getState().toolCallOrder.length).toBeGreaterThan(order.length);
    expect(before.toolCallOrder).toEqual(order);
  });

  it('fork when the pure reducer continues an old snapshot', () => {
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 3));
    const old = store.getState();
    store.dispatchMany(chunks.slice(3));
    const forked = reduce(old, { type: 'start', runId: 'run-fork', payload: {} });
    expect(forked.runOrder).toEqual([...old.runOrder, 'run-fork']);
    expect(store.getState().runOrder).not.toContain('run-fork');
    expect(initialState.runOrder).toEqual([]);
  });

  it('are adopted from a state rebuilt from JSON', () => {
    const state = reduceAll(chunks);
    const rebuilt = {
      ...JSON.parse(JSON.stringify({ ...state, runs: [], toolCalls: [] })),
      runs: new Map(state.runs),
      toolCalls: new Map(state.toolCalls),
    };
    const next = reduce(rebuilt, { type: 'start', runId: 'run-next', payload: {} });
    expect(next.runOrder).toEqual([...state.runOrder, 'run-next']);
    expect(next.toolCallOrder).toEqual(state.toolCallOrder);
  });

  it('an empty list shared by many versions lends its buffer to none', () => {
    const empty = AppendList.empty<string>();
    const a = empty.append('a').append('b');
    const b = empty.append('c');
    expect([a.toArray(), b.toArray(), empty.toArray()]).toEqual([['a', 'b'], ['c'], []]);
    // Neither wrote into the shared list: a third reads it empty and makes its own.
    expect(empty.append('d').toArray()).toEqual(['d']);
    expect(a.append('e').toArray()).toEqual(['a', 'b', 'e']);
  });
});
