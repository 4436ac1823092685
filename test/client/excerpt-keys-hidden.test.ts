// @vitest-environment node
import { reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts } from '../utils/shown';

/*
 * A malformed chunk becomes an issue with an excerpt, which keeps no value the chunk carries: not
 * as a string, and not as a key either (a result keyed by an account id, a set of tokens as an
 * object's keys). Over every native recording with a call that hides a value, each chunk that
 * names such a call, made malformed with what the call hides as the keys of its arguments (each
 * shaped like a field name, `sk_live_1`): no excerpt, nothing shown, holds one of them.
 */

type Chunk = Record<string, unknown> & { type: string; payload?: Record<string, unknown> };

/** `text` shaped like a field name: what an excerpt could take for one. */
const fieldShaped = (text: string) => `k${text.replace(/\W/g, '_')}`.slice(0, 40);

const CASES = fixtureNames()
  .filter((name) => !isAiSdkRecording(name))
  .flatMap((name) => {
    const chunks = loadFixture(name) as Chunk[];
    const state = reduceAll([...chunks, END], recordingOptions(name));
    const ids = new Set(
      [...state.toolCalls.values()]
        .filter((call) => hiddenTexts(state, [call]).length > 0)
        .map((call) => call.toolCallId),
    );
    const secrets = hiddenTexts(state).map(fieldShaped);
    return chunks.flatMap((chunk, at) =>
      typeof chunk.payload?.toolCallId === 'string' && ids.has(chunk.payload.toolCallId)
        ? [{ name, chunks, at, secrets }]
        : [],
    );
  });

describe('an issue excerpt of a chunk whose arguments key an object by a hidden value', () => {
  it('is checked over many chunks', () => {
    expect(CASES.length).toBeGreaterThan(20);
  });

  it.each(CASES)('$name, chunk $at', ({ name, chunks, at, secrets }) => {
    const chunk = chunks[at]!;
    const args = Object.fromEntries(secrets.map((secret) => [secret, true]));
    // A numeric toolCallId: the chunk fails its check and is kept only as an issue.
    const broken = { ...chunk, payload: { ...chunk.payload, toolCallId: 7, args } };
    const state = reduceAll(
      [...chunks.slice(0, at), broken, ...chunks.slice(at + 1), END],
      recordingOptions(name),
    );
    expect(state.issues.some((issue) => issue.chunkType === chunk.type && issue.excerpt)).toBe(
      true,
    );
    const shown = everythingShown(state);
    for (const secret of secrets) expect(shown, secret).not.toContain(secret);
  });
});
