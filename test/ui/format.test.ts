// @vitest-environment node
import { formatDuration, formatElapsed } from '@toolpane/ui';
import { describe, expect, it } from 'vitest';

/** Durations as the cards show them: a finished step's or call's, and one still running. */
describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [640, '640 ms'],
    [1_530, '1.5 s'],
    [60_000, '1 min'],
    [65_400, '1 min 5 s'],
    // Rounded to the second before splitting: never `1 min 60 s`.
    [119_600, '2 min'],
    [3_600_000, '60 min'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('says the same as formatElapsed from a minute on, rounded rather than cut', () => {
    expect(formatDuration(65_400)).toBe(formatElapsed(65_400));
    expect(formatDuration(65_600)).toBe('1 min 6 s');
    expect(formatElapsed(65_600)).toBe('1 min 5 s');
  });
});
