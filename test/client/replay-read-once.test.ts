// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  reduce,
  reduceAll,
  selectRunText,
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
import { everythingShown, neverShows } from '../utils/shown';

/**
 * A run sent again from its `start` (a reconnect replays a stream from the beginning; an app may
 * pipe one stream into a store twice) reads as once: its steps, text, reasoning, sources, files,
 * data parts, errors, the runs inside its calls and their progress are not added again. Every
 * recording that sends its run's `start` (an AI SDK one with its messageId, the run's identity), read
 * whole and then sent again, or broken off after any chunk and sent again from the start.
 */

const STARTED = startedRecordings();

/** Each run's text, by run id. */
const textsOf = (state: ToolpaneState) =>
  Object.fromEntries([...state.runs.keys()].map((id) => [id, selectRunText(state, id)]));

/** The strings of a recording that name a secret. */
function secretsIn(chunks: readonly unknown[]): string[] {
  const found = new Set<string>();
  JSON.stringify(chunks, (_key, value) => {
    if (typeof value === 'string' && /secret/i.test(value) && value.length < 80) found.add(value);
    return value;
  });
  return [...found];
}

describe('a run sent again from its start', () => {
  it('covers every kind of recording', () => {
    expect(STARTED.length).toBeGreaterThan(100);
    expect(STARTED.filter(isAiSdkRecording).length).toBeGreaterThan(20);
  });

  it.each(STARTED)('%s: reads as once, sent twice or three times', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = keptState(reduceAll([...chunks, END], options));
    expect(keptState(reduceAll([...chunks, END, ...chunks, END], options))).toEqual(once);
    // Without the stream's end between: a run still streaming may get a `start` again mid-way,
    // which is not read as sent again; one that finished is.
    const open = [...reduceAll(chunks, options).runs.values()].some(
      (run) => run.status === 'streaming',
    );
    if (!open) expect(keptState(reduceAll([...chunks, ...chunks, END], options))).toEqual(once);
    expect(keptState(reduceAll([...chunks, END, ...chunks, END, ...chunks, END], options))).toEqual(
      once,
    );
    // Chunk by chunk through a store, which publishes after each.
    const store = createToolpaneStore(options);
    for (const chunk of [...chunks, END, ...chunks, END]) store.dispatch(chunk);
    expect(keptState(store.getState())).toEqual(once);
  });

  it.each(STARTED)('%s: sent again after later runs of a chat, reads as once', (name) => {
    // Several runs in one store: the recording, then every other recording of its format as
    // later turns, then the first sent again; the later runs' replays do not carry over.
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const later = STARTED.filter(
      (other) => other !== name && isAiSdkRecording(other) === isAiSdkRecording(name),
    )
      .slice(0, 3)
      .flatMap((other) => [...loadFixture(other), END]);
    const chat = [...chunks, END, ...later];
    const once = keptState(reduceAll(chat, options));
    expect(keptState(reduceAll([...chat, ...chunks, END], options))).toEqual(once);
    // Nothing the chat hides shows once the first run comes again.
    const shown = everythingShown(reduceAll(chat, options));
    const hidden = secretsIn(chat).filter((secret) => !shown.includes(secret));
    neverShows([...chat, ...chunks, END], hidden, options);
  });

  it.each(STARTED)('%s: reads as once after a snapshot taken half-way through it', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const once = keptState(reduceAll([...chunks, END], options));
    const half = Math.ceil(chunks.length / 2);
    const before = reduceAll([...chunks, END, ...chunks.slice(0, half)], options);
    const saved = JSON.parse(JSON.stringify(serializeState(before, { raw: true })));
    const store = createToolpaneStore({ ...options, initialState: deserializeState(saved) });
    store.dispatchMany([...chunks.slice(half), END]);
    expect(keptState(store.getState())).toEqual(once);
  });

  it.each(STARTED)('%s: broken off anywhere and sent again, shows its text once', (name) => {
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const texts = textsOf(reduceAll([...chunks, END], options));
    for (let cut = 1; cut < chunks.length; cut++) {
      const state = reduceAll([...chunks.slice(0, cut), END, ...chunks, END], options);
      expect(textsOf(state), `broken off after chunk ${cut}`).toEqual(texts);
    }
  });

  it.each(STARTED)('%s: sent again, reads the same chunk by chunk through `reduce`', (name) => {
    // Where a replay stands is part of the state: the pure reducer, which keeps nothing between
    // chunks, reads a stream sent again as a store does, whole or broken off half-way.
    const chunks = loadFixture(name);
    const options = recordingOptions(name);
    const half = Math.ceil(chunks.length / 2);
    for (const sequence of [
      [...chunks, END, ...chunks, END],
      [...chunks.slice(0, half), END, ...chunks, END],
    ]) {
      const stepwise = sequence.reduce<ToolpaneState>(
        (state, chunk) => reduce(state, chunk, options),
        initialState,
      );
      expect(keptState(stepwise)).toEqual(keptState(reduceAll(sequence, options)));
    }
  });

  it.each(STARTED.filter((name) => secretsIn(loadFixture(name)).length > 0))(
    '%s: broken off anywhere and sent again, shows nothing a single read hides',
    (name) => {
      const chunks = loadFixture(name);
      const options = recordingOptions(name);
      const shown = everythingShown(reduceAll([...chunks, END], options));
      const hidden = secretsIn(chunks).filter((secret) => !shown.includes(secret));
      for (let cut = 1; cut <= chunks.length; cut++) {
        neverShows([...chunks.slice(0, cut), END, ...chunks, END], hidden, options);
      }
    },
  );
});
