import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textMatcher } from '../../packages/client/src/reducer/text-match.js';
import { runs } from '../utils/property';

/*
 * The matcher that finds hidden values, against the plain definitions it stands for: every
 * occurrence found by `indexOf` from every position, every text's presence by `includes`, every
 * end of a text that begins a longer searched one by `startsWith`, every start that ends one by
 * `endsWith`, and every text inside one by `includes`, each in lower case: a text is found
 * whatever its case. Texts and strings are drawn from three letters, two of them in either case,
 * so occurrences overlap, nest and touch.
 */

const letters = fc.constantFrom('a', 'b', 'c', 'A', 'B');
const low = (text: string) => text.toLowerCase();
const word = (max: number) =>
  fc.array(letters, { minLength: 1, maxLength: max }).map((l) => l.join(''));
const texts = fc.array(word(5), { maxLength: 8 });
const subject = fc.oneof(word(40), fc.constant(''));

/** The covered stretches by definition: each position inside some occurrence, joined in runs. */
function naiveCover(patterns: readonly string[], text: string): [number, number][] {
  const covered = new Array<boolean>(text.length).fill(false);
  const lower = low(text);
  for (const pattern of patterns.map(low)) {
    for (let at = lower.indexOf(pattern); at !== -1; at = lower.indexOf(pattern, at + 1)) {
      covered.fill(true, at, at + pattern.length);
    }
  }
  const out: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) continue;
    const start = i;
    while (i < text.length && covered[i]) i++;
    out.push([start, i]);
  }
  return out;
}

/** Stretches joined where they overlap or touch. */
function joined(stretches: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of [...stretches].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

describe('textMatcher', () => {
  it('finds the stretches inside an occurrence of a searched text, and only those', () => {
    fc.assert(
      fc.property(texts, subject, (patterns, text) => {
        expect(joined(textMatcher(patterns).cover(text))).toEqual(naiveCover(patterns, text));
      }),
      runs(2000),
    );
  });

  it('finds exactly the searched texts a text contains', () => {
    fc.assert(
      fc.property(texts, subject, (patterns, text) => {
        const found = textMatcher(patterns).found(text);
        expect([...found].sort()).toEqual(
          [...new Set(patterns.filter((p) => low(text).includes(low(p))))].sort(),
        );
      }),
      runs(2000),
    );
  });

  it('tells every end of a text that begins a longer searched text, longest first', () => {
    fc.assert(
      fc.property(texts, subject, (patterns, text) => {
        const expected: number[] = [];
        for (let length = text.length; length > 0; length--) {
          const end = text.slice(text.length - length);
          if (patterns.some((p) => p.length > length && low(p).startsWith(low(end))))
            expected.push(length);
        }
        expect(textMatcher(patterns).cutEnds(text)).toEqual(expected);
      }),
      runs(2000),
    );
  });

  it('tells the longest end of a text that begins a longer searched text', () => {
    fc.assert(
      fc.property(texts, subject, (patterns, text) => {
        let expected = 0;
        for (let length = text.length; length > 0 && expected === 0; length--) {
          const end = text.slice(text.length - length);
          if (patterns.some((p) => p.length > length && low(p).startsWith(low(end))))
            expected = length;
        }
        expect(textMatcher(patterns).openEnd(text)).toBe(expected);
      }),
      runs(2000),
    );
  });

  it('tells the longest start of a text that ends a longer searched text', () => {
    fc.assert(
      fc.property(texts, subject, (patterns, text) => {
        let expected = 0;
        for (let length = text.length; length > 0 && expected === 0; length--) {
          const start = text.slice(0, length);
          if (patterns.some((p) => p.length > length && low(p).endsWith(low(start))))
            expected = length;
        }
        expect(textMatcher(patterns).openStart(text)).toBe(expected);
      }),
      runs(2000),
    );
  });

  it('tells whether a text occurs in a searched text', () => {
    fc.assert(
      fc.property(texts, word(6), (patterns, text) => {
        const expected = patterns.some((p) => low(p).includes(low(text)));
        expect(textMatcher(patterns).inside(text)).toBe(expected);
      }),
      runs(2000),
    );
  });

  it('matches code units, so a mark or half of a pair beside a text does not hide it', () => {
    const matcher = textMatcher(['e', '\ud83d']);
    expect(matcher.cover('cafe\u0301 \ud83d\ude00')).toEqual([
      [3, 4],
      [6, 7],
    ]);
    // The longest occurrence ending at each position, in order of their ends.
    expect(textMatcher(['abc', 'c', 'bcd']).cover('abcd')).toEqual([
      [0, 3],
      [1, 4],
    ]);
    expect(textMatcher([]).cover('anything')).toEqual([]);
    expect(textMatcher(['', 'x']).found('xx')).toEqual(new Set(['x']));
  });

  it('finds a text in another case, past ASCII too, where the case is one code unit', () => {
    const matcher = textMatcher(['Örbit', 'straße']);
    expect(matcher.cover('an ÖRBIT, an örbit')).toEqual([
      [3, 8],
      [13, 18],
    ]);
    expect(matcher.found('ÖRBIT')).toEqual(new Set(['Örbit']));
    // `ß` has no capital of one code unit: `STRASSE` is another text.
    expect(matcher.cover('STRASSE')).toEqual([]);
    expect(matcher.cover('STRAßE')).toEqual([[0, 6]]);
  });
});
