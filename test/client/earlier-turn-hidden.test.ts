// @vitest-environment node
import { createToolpaneStore, reduceAll, type ToolpaneState } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * A chat's later turn may fail with an error that quotes what an earlier turn hid: the model is
 * given the conversation, and a provider's error may quote it. Every recording with a call that
 * hides a value, as the first turn of a chat whose second turn (a recording of the same format)
 * fails quoting each hidden text: the second run's error shows none of it.
 */

type Chunk = Record<string, unknown> & { type: string };

const CASES = fixtureNames()
  .map((name) => {
    const state = reduceAll([...loadFixture(name), END], recordingOptions(name));
    return { name, secrets: hiddenTexts(state) };
  })
  .filter(({ secrets }) => secrets.length > 0);

/** The second turn: a plain recording of the same format, its run failing quoting `quote`. */
function secondTurn(name: string, quote: string): unknown[] {
  if (isAiSdkRecording(name)) {
    const chunks = loadFixture('aisdk-v6') as Chunk[];
    return [...chunks.slice(0, -1), { type: 'error', errorText: `provider said: ${quote}` }];
  }
  const chunks = loadFixture('tool-then-text') as Chunk[];
  const runId = chunks[0]!.runId;
  return [
    ...chunks.slice(0, -1),
    {
      type: 'error',
      runId,
      from: 'AGENT',
      payload: { error: { message: `provider said: ${quote}` } },
    },
  ];
}

const runErrors = (state: ToolpaneState) =>
  [...state.runs.values()].map((run) => run.error ?? '').join('\n');

describe("a later turn's error quoting what an earlier turn hid", () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.length).toBeGreaterThan(10);
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
  });

  describe.each(CASES)('$name', ({ name, secrets }) => {
    const chunks = [...loadFixture(name), END, ...secondTurn(name, secrets.join(' and ')), END];

    it('shows none of it, through a store and through reduceAll', () => {
      const store = createToolpaneStore(recordingOptions(name));
      for (const chunk of chunks) store.dispatch(chunk);
      for (const state of [store.getState(), reduceAll(chunks, recordingOptions(name))]) {
        expect(runErrors(state)).toContain('provider said: ');
        const shown = everythingShown(state) + runErrors(state);
        for (const secret of secrets) expect(shown, secret).not.toContain(secret);
      }
    });
  });
});
