// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  TERMINAL_TOOL_STATUSES,
  type ToolpaneState,
} from '@toolpane/client';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import {
  END,
  isAiSdkRecording,
  keptState,
  recordingOptions,
  startedRecordings,
} from '../utils/replays';

/**
 * A stream that broke off and is sent again from its start (what a reconnect that replays the
 * stream does) reads as if it had never broken: the calls, runs and workflows the break ended go
 * on where they stood, arguments still streaming are read once, and nothing is added twice. Every
 * recording that sends its run's `start`, broken off after each of its chunks, by the stream's end
 * and by a transport error, through `reduceAll`, a store and the pure `reduce`, after a snapshot
 * taken at the break, and broken off twice.
 */

const STARTED = startedRecordings();
const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };
/** A state as it is kept (see `keptState`), without the transport issue a break adds. */
const kept = (state: ToolpaneState) => keptState(state, { transport: false });

/** The points a stream may break at: after each chunk but the last. */
const cuts = (chunks: readonly unknown[]) =>
  Array.from({ length: chunks.length - 1 }, (_, i) => i + 1);

describe('a stream broken off and sent again from its start', () => {
  it('covers every kind of recording', () => {
    expect(STARTED.length).toBeGreaterThan(100);
    expect(STARTED.filter(isAiSdkRecording).length).toBeGreaterThan(20);
  });

  it.each(STARTED)('%s: broken off after any chunk, reads as one read', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = kept(reduceAll([...chunks, END], options));
    for (const cut of cuts(chunks)) {
      for (const broke of [END, ERROR]) {
        const state = reduceAll([...chunks.slice(0, cut), broke, ...chunks, END], options);
        expect(kept(state), `broken off after chunk ${cut} by ${broke.type}`).toEqual(once);
      }
    }
  });

  it.each(STARTED.filter((name) => !isAiSdkRecording(name)))(
    '%s: sent again with no end between, whole or broken off, reads as one read',
    (name) => {
      // An app that pipes a reconnect's chunks into the store without `toolpane/stream-end`: the
      // run's `start` in the middle of a native stream ends the stream before it.
      const chunks = loadFixture(name);
      const options = recordingOptions(name);
      const once = kept(reduceAll([...chunks, END], options));
      for (const cut of [...cuts(chunks), chunks.length]) {
        const sequence = [...chunks.slice(0, cut), ...chunks, END];
        expect(kept(reduceAll(sequence, options)), `sent again after chunk ${cut}`).toEqual(once);
      }
      const store = createToolpaneStore(options);
      for (const chunk of [...chunks.slice(0, Math.ceil(chunks.length / 2)), ...chunks, END]) {
        store.dispatch(chunk);
      }
      expect(kept(store.getState()), 'through a store').toEqual(once);
    },
  );

  it.each(STARTED)('%s: broken off twice, reads as one read', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = kept(reduceAll([...chunks, END], options));
    const step = Math.max(1, Math.floor(chunks.length / 6));
    for (let first = 1; first < chunks.length; first += step) {
      for (let second = first; second < chunks.length; second += step) {
        const sequence = [
          ...chunks.slice(0, first),
          ERROR,
          ...chunks.slice(0, second),
          END,
          ...chunks,
          END,
        ];
        expect(kept(reduceAll(sequence, options)), `after ${first}, then ${second}`).toEqual(once);
      }
    }
  });

  it.each(STARTED)('%s: broken off again before it got as far, reads as one read', (name) => {
    // A connection that drops twice in a row: the stream sent again breaks before it names again
    // what the first break ended, which the third sending still finds where it stood.
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = kept(reduceAll([...chunks, END], options));
    const step = Math.max(1, Math.floor(chunks.length / 6));
    for (let first = 2; first < chunks.length; first += step) {
      for (let second = 1; second < first; second += step) {
        for (const broke of [END, ERROR]) {
          const sequence = [
            ...chunks.slice(0, first),
            broke,
            ...chunks.slice(0, second),
            broke,
            ...chunks,
            END,
          ];
          expect(kept(reduceAll(sequence, options)), `${first}, then ${second}`).toEqual(once);
        }
      }
    }
  });

  it.each(STARTED)('%s: a snapshot taken while it is sent again goes on', (name) => {
    // The cursor says which runs the stream sends again, so a page reloaded mid-way reopens what
    // the break ended as the rest of the stream names it.
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = kept(reduceAll([...chunks, END], options));
    const cut = Math.ceil((2 * chunks.length) / 3);
    for (const again of [1, Math.ceil(chunks.length / 3), cut]) {
      const before = reduceAll(
        [...chunks.slice(0, cut), ERROR, ...chunks.slice(0, again)],
        options,
      );
      const saved = JSON.parse(JSON.stringify(serializeState(before, { raw: true })));
      const restored = createToolpaneStore({ ...options, initialState: deserializeState(saved) });
      restored.dispatchMany([...chunks.slice(again), END]);
      expect(kept(restored.getState()), `snapshot after ${again} again`).toEqual(once);
    }
  });

  it.each(STARTED)('%s: the break ends what was open until the stream comes again', (name) => {
    // Between the break and the replay nothing stays open that a person does not hold: the calls
    // the break ended say so (`brokenOff`, the status they had) and are failed until then.
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    for (const cut of cuts(chunks)) {
      const open = reduceAll(chunks.slice(0, cut), options);
      const broken = reduceAll([...chunks.slice(0, cut), END], options);
      for (const call of broken.toolCalls.values()) {
        if (call.brokenOff === undefined) continue;
        expect(call.status).toBe('output-error');
        const before = open.toolCalls.get(call.key);
        expect(before?.status).toBe(call.brokenOff);
        expect(TERMINAL_TOOL_STATUSES.has(before!.status)).toBe(false);
      }
      for (const run of broken.runs.values()) expect(run.status).not.toBe('streaming');
    }
  });

  it.each(STARTED)('%s: a store, the pure reduce and a snapshot at the break agree', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = kept(reduceAll([...chunks, END], options));
    for (const cut of [1, Math.ceil(chunks.length / 3), Math.ceil((2 * chunks.length) / 3)]) {
      const sequence = [...chunks.slice(0, cut), END, ...chunks, END];
      const stepwise = sequence.reduce<ToolpaneState>(
        (state, chunk) => reduce(state, chunk, options),
        initialState,
      );
      expect(kept(stepwise), `reduce, broken off after ${cut}`).toEqual(once);
      const store = createToolpaneStore(options);
      for (const chunk of sequence) store.dispatch(chunk);
      expect(kept(store.getState()), `store, broken off after ${cut}`).toEqual(once);
      // A page reloaded at the break (its snapshot, raw values kept on the server) goes on.
      const atBreak = reduceAll([...chunks.slice(0, cut), END], options);
      const saved = JSON.parse(JSON.stringify(serializeState(atBreak, { raw: true })));
      const restored = createToolpaneStore({ ...options, initialState: deserializeState(saved) });
      restored.dispatchMany([...chunks, END]);
      expect(kept(restored.getState()), `snapshot, broken off after ${cut}`).toEqual(once);
    }
  });
});
