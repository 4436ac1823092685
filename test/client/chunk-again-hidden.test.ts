// @vitest-environment node
import { createToolpaneStore, reduceAll } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from '../utils/fixtures';
import { END, recordingOptions } from '../utils/replays';
import { everythingShown, hiddenTexts, TOLD_LATE } from '../utils/shown';

/*
 * A chunk that carries a hidden value, sent again once its call ended (a duplicated chunk, a
 * stream sent again in part), may read as a later call that reuses the id: that call shows none
 * of what the call it repeats hid. Over every recording that hides a value, in both formats: each
 * chunk that carries a hidden text sent again right after itself, before the last chunk and at
 * the end; what is shown is checked after every chunk from the copy on (a value a call hides only
 * after another showed it, from the first chunk that hid what showed it).
 */

const CASES = fixtureNames().flatMap((name) => {
  const chunks = loadFixture(name) as { type: string }[];
  const secrets = hiddenTexts(reduceAll([...chunks, END], recordingOptions(name)));
  if (secrets.length === 0) return [];
  return chunks.flatMap((chunk, at) => {
    const text = JSON.stringify(chunk);
    return secrets.some((secret) => text.includes(secret))
      ? [{ name, at, type: chunk.type, chunks, secrets }]
      : [];
  });
});

describe('a chunk carrying a hidden value, sent again', () => {
  it('is checked over recordings of both formats', () => {
    expect(CASES.some(({ name }) => name.includes('aisdk'))).toBe(true);
    expect(CASES.some(({ name }) => !name.includes('aisdk'))).toBe(true);
  });

  it.each(CASES)('$name, chunk $at ($type): shows none of it', ({ name, at, chunks, secrets }) => {
    for (const where of [at + 1, chunks.length - 1, chunks.length]) {
      const read = [...chunks.slice(0, where), chunks[at], ...chunks.slice(where), END];
      const store = createToolpaneStore(recordingOptions(name));
      // A value a call hides only after another showed it shows until then (`TOLD_LATE`).
      const told = new Set(TOLD_LATE.has(name) ? [] : secrets);
      const seen = new Set<string>();
      for (const [i, value] of read.entries()) {
        store.dispatch(value);
        const shown = everythingShown(store.getState());
        for (const secret of secrets) {
          if (shown.includes(secret)) seen.add(secret);
          else if (seen.has(secret)) told.add(secret);
        }
        if (i < where) continue;
        for (const secret of told) {
          expect(shown, `copy at ${where}, after ${i}`).not.toContain(secret);
        }
      }
      // At the end nothing hidden shows, told late or never shown at all.
      const shown = everythingShown(store.getState());
      for (const secret of secrets) expect(shown).not.toContain(secret);
    }
  });
});
