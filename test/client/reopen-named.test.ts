// @vitest-environment node
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { CONVERSATION } from '../../bench/conversation-shapes';
import { loadFixture } from '../utils/fixtures';
import { END, keptState } from '../utils/replays';

/*
 * A stream sent again after a break reopens each call the break ended when it names that call
 * again, not at its `start`: a call it does not name again stays as the break left it, so a run
 * sent again stream after stream costs what each stream carries, not every call any break left.
 */

const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };
/** A real stream: a call whose arguments stream (chunks 2 to 5), its result (6), then text. */
const chunks = loadFixture('tool-call-then-text');
const KEY = 'call-1';
/** A fixed clock, so states built two ways compare. */
const options = { now: () => 0 };

describe('a call a break ended reopens when the stream names it again', () => {
  it('shows as the break left it until the stream sent again names it', () => {
    const store = createToolpaneStore(options);
    store.dispatchMany([...chunks.slice(0, 4), ERROR]);
    expect(store.getState().toolCalls.get(KEY)).toMatchObject({
      status: 'output-error',
      brokenOff: 'input-streaming',
    });
    // The stream comes again: its run streams, the call waits for its chunks.
    store.dispatchMany(chunks.slice(0, 2));
    const [run] = store.getState().runs.values();
    expect(run?.status).toBe('streaming');
    expect(store.getState().toolCalls.get(KEY)?.status).toBe('output-error');
    // Named again, it goes on where it stood, its arguments read again from their start.
    store.dispatch(chunks[2]);
    const reopened = store.getState().toolCalls.get(KEY)!;
    expect(reopened.status).toBe('input-streaming');
    expect(reopened.brokenOff).toBeUndefined();
    expect(reopened.inputText).toBe('');
    store.dispatchMany([...chunks.slice(3), END]);
    expect(keptState(store.getState(), { transport: false })).toEqual(
      keptState(reduceAll([...chunks, END], options), { transport: false }),
    );
  });

  it('stays as the break left it when the stream sent again does not name it', () => {
    const state = reduceAll([...chunks.slice(0, 6), ERROR, ...chunks.slice(0, 2), ERROR]);
    expect(state.toolCalls.get(KEY)).toMatchObject({
      status: 'output-error',
      brokenOff: 'input-available',
    });
    // A third sending that gets as far reopens it.
    const after = reduceAll([
      ...chunks.slice(0, 6),
      ERROR,
      ...chunks.slice(0, 2),
      ERROR,
      ...chunks,
    ]);
    expect(after.toolCalls.get(KEY)?.status).toBe('output-available');
  });

  it('reopens only while the stream that sends its run again lasts', () => {
    // The stream sent again stops before it names the call; a later stream without the run's
    // `start` (its result alone) is not the run sent again, so the call stays as the break left it.
    const state = reduceAll([
      ...chunks.slice(0, 6),
      ERROR,
      ...chunks.slice(0, 2),
      ERROR,
      chunks[6],
      END,
    ]);
    expect(state.toolCalls.get(KEY)).toMatchObject({
      status: 'output-error',
      brokenOff: 'input-available',
    });
  });

  it('reopens nothing named by a stream that is not sent again', () => {
    // Another run's stream, read after the break, names no call of the broken run.
    const other = chunks.map((chunk) => ({ ...(chunk as object), runId: 'run-other' }));
    const state = reduceAll([...chunks.slice(0, 6), ERROR, ...other, END]);
    const calls = [...state.toolCalls.values()];
    expect(calls.map((call) => [call.key, call.status])).toEqual([
      [KEY, 'output-error'],
      [`${KEY}#2`, 'output-available'],
    ]);
  });

  it.each(
    CONVERSATION.filter((shape) => shape.name.includes('one run sent again')).map(
      (shape) => [shape.name, shape] as const,
    ),
  )('%s: each stream reopens only what it names', (_, shape) => {
    const state = reduceAll(shape.chunks(300));
    const calls = [...state.toolCalls.values()];
    expect(calls.length).toBeGreaterThan(50);
    const [run] = state.runs.values();
    expect(run?.toolCallIds).toHaveLength(calls.length);
    for (const call of calls.slice(0, -1)) {
      expect(call.status === 'output-available' || call.brokenOff === 'input-available').toBe(true);
    }
  });
});
