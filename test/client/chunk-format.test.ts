// @vitest-environment node
import {
  createToolpaneStore,
  initialState,
  type ReduceOptions,
  reduce,
  reduceAll,
  type ToolpaneState,
} from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording } from '../utils/replays';

/*
 * Which format a chunk is of, for chunks that carry fields of both: a native envelope (`payload`,
 * `from`) makes a chunk native, a `runId` alone does not (an AI SDK chunk may carry one beside
 * its own fields), and an issue names the format the chunk looks like. Checked on every AI SDK
 * recording, through every path.
 */

const OPTIONS: ReduceOptions = { formats: [aiSdk], now: () => 0 };
const HINT = 'AI SDK UI message streams need `formats: [aiSdk]`';

type Chunk = Record<string, unknown> & { type: string };

const NAMES = fixtureNames().filter(isAiSdkRecording);

type Path = (chunks: readonly unknown[], options: ReduceOptions) => ToolpaneState;

const PATHS: Record<string, Path> = {
  reduceAll: (chunks, options) => reduceAll(chunks, options),
  store: (chunks, options) => {
    const store = createToolpaneStore(options);
    store.subscribe(() => {});
    for (const chunk of chunks) store.dispatch(chunk);
    return store.getState();
  },
  reduce: (chunks, options) =>
    chunks.reduce<ToolpaneState>((s, c) => reduce(s, c, options), initialState),
};

/** Every chunk of the recording with a `runId` beside its own fields. */
const withRunId = (name: string) =>
  (loadFixture(name) as Chunk[]).map((chunk) => ({ ...chunk, runId: 'run-from-server' }));

const json = (state: ToolpaneState) => JSON.stringify(state);

/**
 * The recordings of chats: an agent network's AI SDK stream is `data-*` parts only, and so is a
 * continuation that only asks again (a subagent's next suspension).
 */
const CHATS = NAMES.filter(
  (name) =>
    !name.includes('network') &&
    (loadFixture(name) as Chunk[]).some((chunk) => !chunk.type.startsWith('data-')),
);

describe('an AI SDK chunk that also carries a runId', () => {
  it('is found in many AI SDK recordings', () => {
    expect(NAMES.length).toBeGreaterThan(15);
  });

  it.each(NAMES)('%s: reads as the recording does', (name) => {
    const chunks = loadFixture(name);
    for (const [path, run] of Object.entries(PATHS)) {
      const before = run([...chunks, END], OPTIONS);
      const after = run([...withRunId(name), END], OPTIONS);
      expect(after.issues, path).toEqual(before.issues);
      expect(after.toolCalls.size, path).toBe(before.toolCalls.size);
      expect(after.unknownChunks, path).toHaveLength(before.unknownChunks.length);
      expect(json({ ...after, unknownChunks: [] }), path).toBe(
        json({ ...before, unknownChunks: [] }),
      );
    }
  });

  // A stream sent twice with no end between, each chunk carrying its message's id as `runId`:
  // the second `start` is an AI SDK one, which stops nothing (a native one would end the first,
  // and what it left open: a run that waits, or streams on).
  const OPEN = CHATS.filter((name) => {
    const chunks = loadFixture(name) as Chunk[];
    const state = reduceAll(chunks, OPTIONS);
    return (
      chunks[0]!.type === 'start' &&
      state.runs.get(String(chunks[0]!.messageId))?.status !== 'finished'
    );
  });

  it.each(OPEN)(
    '%s: sent twice, each chunk with its message id as runId, reads as without',
    (name) => {
      const chunks = loadFixture(name) as Chunk[];
      const runId = chunks[0]!.messageId;
      const twice = [...chunks, ...chunks];
      for (const [path, run] of Object.entries(PATHS)) {
        const before = run([...twice, END], OPTIONS);
        const after = run([...twice.map((chunk) => ({ ...chunk, runId })), END], OPTIONS);
        expect(json({ ...after, unknownChunks: [] }), path).toBe(
          json({ ...before, unknownChunks: [] }),
        );
      }
    },
  );

  it.each(CHATS)('%s: without the format, every issue it gives names the AI SDK format', (name) => {
    const state = reduceAll(withRunId(name));
    // `data-*` parts are a native stream's data parts too, and issues about them say so.
    const issues = state.issues.filter((issue) => !issue.chunkType?.startsWith('data-'));
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).toContain(HINT);
  });
});

/** The recording's first chunk of a type no native chunk has, as a native chunk would carry it. */
function enveloped(name: string): Chunk | undefined {
  for (const { type, ...payload } of loadFixture(name) as Chunk[]) {
    if (type.startsWith('data-') || reduceAll([{ type, runId: 'r' }]).unknownChunks.length === 0)
      continue;
    return { type, runId: 'run-1', from: 'AGENT', payload };
  }
  return undefined;
}

const ENVELOPED = NAMES.flatMap((name) => {
  const chunk = enveloped(name);
  return chunk === undefined ? [] : [[name, chunk] as const];
});

describe('an AI SDK chunk type in a native envelope', () => {
  it('is found in many AI SDK recordings', () => {
    expect(ENVELOPED.length).toBeGreaterThan(15);
  });

  it.each(ENVELOPED)('%s: is kept as received, and its issue says what it is', (_, bad) => {
    for (const [path, run] of Object.entries(PATHS)) {
      const state = run([bad], OPTIONS);
      expect(state.unknownChunks, path).toEqual([bad]);
      expect(
        state.issues.map((issue) => issue.message),
        path,
      ).toEqual([
        `Unknown chunk type "${bad.type}" kept as received; an ai-sdk chunk type, in a native envelope`,
      ]);
    }
  });
});
