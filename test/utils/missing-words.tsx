import type { ReactNode } from 'react';

/** What the note for a call the store does not have says by default. */
export const DEFAULT_MISSING = (id: string) => `Tool call ${id} is not in this conversation.`;

/**
 * Each set of words a missing call's note can get (a card's `missing`, the note's children), and
 * the text it says: null for no note at all (React renders the words as nothing).
 */
export const MISSING_WORDS: readonly [string, ReactNode, (id: string) => string | null][] = [
  ['undefined', undefined, DEFAULT_MISSING],
  ['false', false, () => null],
  ['null', null, () => null],
  ['true', true, () => null],
  ["''", '', () => null],
  ['[]', [], () => null],
  ['[undefined]', [undefined], () => null],
  ["[null, [false, '', true, undefined]]", [null, [false, '', true, undefined]], () => null],
  ['text', 'Loading the call…', () => 'Loading the call…'],
  ['an element', <em key="em">Loading the call…</em>, () => 'Loading the call…'],
  ["['', text]", ['', 'Loading the call…'], () => 'Loading the call…'],
  ['0', 0, () => '0'],
];
