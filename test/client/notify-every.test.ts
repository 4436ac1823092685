import { batchScheduler, createToolpaneStore, type NotifySchedule } from '@toolpane/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../utils/fixtures';

describe('notify: { every }', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells subscribers once per interval, with every change since the last time', () => {
    const store = createToolpaneStore({ notify: { every: 33 } });
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.getState().toolCalls.size));
    const chunks = loadFixture('parallel-tools-error');
    const half = Math.floor(chunks.length / 2);
    for (const chunk of chunks.slice(0, half)) store.dispatch(chunk);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(32);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toHaveLength(1);
    // Nothing new, nothing heard; the next chunk starts a new interval.
    vi.advanceTimersByTime(100);
    expect(heard).toHaveLength(1);
    for (const chunk of chunks.slice(half)) store.dispatch(chunk);
    vi.advanceTimersByTime(33);
    expect(heard).toHaveLength(2);
    expect(store.getState().toolCalls.size).toBeGreaterThan(1);
    expect(heard[1]).toBe(store.getState().toolCalls.size);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], ['33']])(
    'refuses %s milliseconds with a clear error',
    (every) => {
      const schedule = { every } as unknown as NotifySchedule;
      expect(() => createToolpaneStore({ notify: schedule })).toThrow(
        /"every" is a number of milliseconds, 0 or more/,
      );
      expect(() => batchScheduler(schedule as Exclude<NotifySchedule, 'sync'>)).toThrow(TypeError);
    },
  );
});
