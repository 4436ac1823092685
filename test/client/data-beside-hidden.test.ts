// @vitest-environment node
import { reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, isAiSdkRecording, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts, TOLD_LATE } from '../utils/shown';

/*
 * What a tool or workflow step writes (`writer.custom`, a `data-*` part) is no call's own value:
 * Mastra applies no transform to it, and a bare one names no call, so it lands on the run a
 * reader can tell (the subagent run still streaming, else the top-level run). Wherever it lands,
 * it shows none of what a call of its tree hides. Over every recording with a call that hides a
 * value through a display transform, in both formats: a bare data part quoting each hidden value, sent once the value is
 * hidden (at the end of the stream, and after the stream ended), shows none of it, and shows the
 * rest of what it carries.
 */

const SAID = 'written near 7781';

const CASES = fixtureNames().flatMap((name) => {
  if (TOLD_LATE.has(name)) return [];
  const chunks = loadFixture(name);
  const state = reduceAll([...chunks, END], recordingOptions(name));
  // Of calls a display transform is known to apply to: where nothing says one does (an AI SDK
  // stream tells nothing of a subagent's calls), only values of the same run are searched for
  // every word of their arguments (client README, "Security").
  // Nor while a view of its arguments may still come: what it will show is not known yet.
  const known = [...state.toolCalls.values()].filter(
    (call) =>
      call.displayTransform === 'display' &&
      !(call.input.kind === 'hidden' && call.input.reason === 'pending'),
  );
  const secrets = hiddenTexts(state, known);
  return secrets.length === 0 ? [] : [{ name, chunks, secrets }];
});

/** A bare data part, as a tool's `writer.custom` sends it, quoting `secret`. */
const dataPart = (secret: string) => ({
  type: 'data-handoff',
  data: { note: SAID, quoted: `${SAID}: ${secret}`, nested: [{ again: secret }] },
});

describe('a data part quoting what a call of its tree hides', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.some(({ name }) => isAiSdkRecording(name))).toBe(true);
    expect(CASES.some(({ name }) => !isAiSdkRecording(name))).toBe(true);
  });

  it.each(CASES)('$name: shows none of it', ({ name, chunks, secrets }) => {
    for (const secret of secrets) {
      const part = dataPart(secret);
      for (const read of [
        [...chunks.slice(0, -1), part, ...chunks.slice(-1), END],
        [...chunks, END, part],
      ]) {
        const state = reduceAll(read, recordingOptions(name));
        const shown = everythingShown(state);
        expect(shown, secret).not.toContain(secret);
        // What it carries beside the hidden value still shows (or the part shows hidden whole).
        const parts = [...state.runs.values()].flatMap((run) => run.parts);
        const data = parts.find((p) => p.type === 'data' && p.name === 'handoff');
        expect(data).toBeDefined();
        if (data?.type === 'data' && data.hidden !== true) {
          expect(JSON.stringify(data.data)).toContain(SAID);
        }
      }
    }
  });
});
