// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  TERMINAL_TOOL_STATUSES,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { deserializeState, serializeState } from '@toolpane/client/history';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';

/**
 * A stream that broke off and is sent again from its start (what a reconnect that replays the
 * stream does) reads as if it had never broken: the calls, runs and workflows the break ended go
 * on where they stood, arguments still streaming are read once, and nothing is added twice. Every
 * recording that sends its run's `start`, broken off after each of its chunks, by the stream's end
 * and by a transport error, through `reduceAll`, a store and the pure `reduce`, after a snapshot
 * taken at the break, and broken off twice.
 */

type Chunk = Record<string, unknown>;
const END = { type: 'toolpane/stream-end' };
const ERROR = { type: 'toolpane/stream-error', message: 'socket hang up' };
const isAi = (name: string) => name.includes('aisdk');
const optionsOf = (name: string): ReduceOptions => ({
  now: () => 0,
  ...(isAi(name) ? { formats: [aiSdk] } : {}),
});

/** Recordings that open with their run's `start`: those a reconnect can send again whole. */
const STARTED = fixtureNames().filter((name) => {
  const [first] = loadFixture(name) as Chunk[];
  return first?.type === 'start' && (!isAi(name) || typeof first.messageId === 'string');
});

/**
 * A state as it is kept: every run and call, without the chunks kept uninterpreted and the
 * transport issue a stream error adds (the break happened; it stays said).
 */
function kept(state: ToolpaneState): unknown {
  const json = serializeState(state, { raw: true }) as unknown as Record<string, unknown>;
  const { unknownChunks: _unknown, cursor: _cursor, issues, ...rest } = json;
  return { ...rest, issues: (issues as { kind: string }[]).filter((i) => i.kind !== 'transport') };
}

/** The points a stream may break at: after each chunk but the last. */
const cuts = (chunks: readonly unknown[]) =>
  Array.from({ length: chunks.length - 1 }, (_, i) => i + 1);

describe('a stream broken off and sent again from its start', () => {
  it('covers every kind of recording', () => {
    expect(STARTED.length).toBeGreaterThan(100);
    expect(STARTED.filter(isAi).length).toBeGreaterThan(20);
  });

  it.each(STARTED)('%s: broken off after any chunk, reads as one read', (name) => {
    const chunks = loadFixture(name);
    const options = optionsOf(name);
    const once = kept(reduceAll([...chunks, END], options));
    for (const cut of cuts(chunks)) {
      for (const broke of [END, ERROR]) {
        const state = reduceAll([...chunks.slice(0, cut), broke, ...chunks, END], options);
        expect(kept(state), `broken off after chunk ${cut} by ${broke.type}`).toEqual(once);
      }
    }
  });

  it.each(STARTED)('%s: broken off twice, reads as one read', (name) => {
    const chunks = loadFixture(name);
    const options = optionsOf(name);
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

  it.each(STARTED)('%s: the break ends what was open until the stream comes again', (name) => {
    // Between the break and the replay nothing stays open that a person does not hold: the calls
    // the break ended say so (`brokenOff`, the status they had) and are failed until then.
    const chunks = loadFixture(name);
    const options = optionsOf(name);
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
    const options = optionsOf(name);
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
