/*
 * The ways a tool may write a value it quotes, as tests make such quotes: written independently of
 * the client's own list (`reducer/forms.ts`), so that a form it forgets fails here.
 */

/** JSON as Python writes it by default: every character past ASCII as `\uXXXX`. */
export const asciiOnlyJson = (text: string): string =>
  text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * `text` escaped for HTML: `&`, `<`, `>` and `"` by name, an apostrophe as `apostrophe` (`&#39;`
 * as most escape functions write it, `&#x27;` as Python's `html.escape`).
 */
export const escapeHtml = (text: string, apostrophe = '&#39;'): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", apostrophe);

/**
 * `text` in base64 after `before` (which sets where it starts among the encoded bytes); `text`
 * itself when it is under six bytes, which the client does not search for in base64.
 */
export const base64After = (
  text: string,
  before = '',
  encoding: 'base64' | 'base64url' = 'base64',
): string => (Buffer.byteLength(text) < 6 ? text : Buffer.from(before + text).toString(encoding));
