/**
 * The lexical side of the JSON machine in `machine.ts`: character classes, escapes, literals and
 * the number grammar as a pure transition function. Everything here is O(1) per character.
 */

/** Inside a number: after '-', '0', 1-9 digits, '.', fraction digits, 'e', sign, exponent digits. */
export type NumberState =
  | 'minus'
  | 'zero'
  | 'int'
  | 'dot'
  | 'frac'
  | 'exp'
  | 'expSign'
  | 'expDigits';

/** What each single-character escape after '\\' decodes to. */
export const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
/** The value of each JSON literal. */
export const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };

/** JSON whitespace: space, line feed, carriage return, tab. */
export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** An ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The value of a hex digit, or -1. */
export function hexDigit(c: number): number {
  if (isDigit(c)) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** A character as an error message names it: quoted when printable, else U+XXXX. */
export function describe(c: number): string {
  if (c > 0x20 && c < 0x7f) return `'${String.fromCharCode(c)}'`;
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The number grammar: the state after character `c`, `'end'` when `c` ends the number and belongs
 * to what follows it, or what was expected when `c` cannot continue it.
 *
 * @example
 * nextNumberState('int', 0x2e); // 'dot'
 * nextNumberState('int', 0x2c); // 'end'
 * nextNumberState('minus', 0x61); // { expected: 'a digit' }
 */
export function nextNumberState(
  state: NumberState,
  c: number,
): NumberState | 'end' | { readonly expected: string } {
  const digit = isDigit(c);
  switch (state) {
    case 'minus':
      if (!digit) return { expected: 'a digit' };
      return c === 0x30 ? 'zero' : 'int';
    case 'dot':
      return digit ? 'frac' : { expected: 'a digit' };
    case 'expSign':
      return digit ? 'expDigits' : { expected: 'a digit' };
    case 'zero':
    case 'int':
    case 'frac':
      if (digit && state === 'zero') return { expected: "'.' or 'e'" };
      if (digit) return state;
      if (c === 0x2e && state !== 'frac') return 'dot';
      if (c === 0x65 || c === 0x45) return 'exp';
      return 'end';
    case 'exp':
      if (c === 0x2b || c === 0x2d) return 'expSign';
      return digit ? 'expDigits' : { expected: 'a digit or sign' };
    default:
      return digit ? 'expDigits' : 'end';
  }
}
