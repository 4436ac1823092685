// How ExactValue and every other view escape text, so that nothing can pass for something else
// (see exact-value.tsx).

/**
 * Characters that would not show, or would change how the text around them reads: controls,
 * spaces other than the plain one, blank-looking fillers, and every format (`Cf`) and
 * default-ignorable character, tag characters included (they spell hidden ASCII).
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape.
  /[\u0000-\u001f\u007f-\u00a0\u00b7\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u2800\u3000]|\p{Cf}|\p{Default_Ignorable_Code_Point}/gu;

/** Format (`Cf`) and default-ignorable characters: direction overrides, zero-width ones, tags. */
const FORMAT = /\p{Cf}|\p{Default_Ignorable_Code_Point}/gu;

/** `\uXXXX` for each UTF-16 unit of the character. */
const hex = (char: string) => {
  let out = '';
  for (let i = 0; i < char.length; i++)
    out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
};

/** Words (letters with their marks, and digits) between the rest, as `split` keeps them. */
const WORDS = /([\p{L}\p{M}\p{Nd}]+)/u;
/** Runs of white space, as `split` keeps them: what is between them is judged as one token. */
const SPACES = /(\s+)/u;
/**
 * Letters that pass for Latin ones (Cyrillic `а`, Greek `ο`, Armenian `օ`, Cherokee `Ꭺ`): in a
 * word that also has Latin letters they are escaped, as browsers show such a domain as punycode,
 * so `pаypal` (Cyrillic `а`) cannot pass for `paypal`. A word in one script shows as written,
 * unless it is part of an address (below).
 */
const LOOKALIKE = /[\p{sc=Cyrl}\p{sc=Grek}\p{sc=Armn}\p{sc=Cher}]/gu;
const LATIN = /\p{sc=Latn}/u;
/** A host name, an e-mail address: letters or digits on both sides of a dot or an `@`. */
const ADDRESS = /[\p{L}\p{Nd}][.@]+[\p{L}\p{Nd}]/u;
/** What a host cannot hold, so it ends one: a URL's slashes, quotes, brackets, separators. */
const NOT_HOST = /[/?#"'()<>,;=[\]{}\\|`]/;
/**
 * A word written only with letters that look like Latin ones (`аррӏе`, all Cyrillic), which a
 * browser would not show as written in a domain either: Chromium's Latin-alike Cyrillic letters,
 * their capitals, the Greek and Armenian ones, and the Cherokee syllabary.
 */
const LATIN_ALIKE_WORD =
  /^[\p{M}\p{Nd}асԁеһіјӏорԛѕԝхуъьЬҽпгѵѡАВЕНІЈКМОРЅСТХУԚԜӀαικνορυχϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿօսհոցզՕՍ\p{sc=Cher}]+$/u;

/** Latin letters with no decomposition that pass for ASCII ones: `ı`, `ȷ`, `ɑ`, `ɡ`, small capitals. */
const LATIN_ALIKE = /[\u0131\u01c0\u0237\u0251\u0261\u0269\u026a\u0274\u0280\u028f\u1d00-\u1d22]/u;
const MARK = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII, controls included.
const ASCII = /^[\u0000-\u007f]+$/;

/**
 * A word of a name with every letter that could pass for an ASCII one escaped: one that folds to
 * ASCII (`é`, fullwidth `ｐ`, mathematical `𝚊`, a ligature, a superscript digit), a Latin look-alike
 * with no decomposition (`ı`, `ɑ`), and the combining marks on an ASCII letter or an escaped one,
 * so `café` written with `é` and with `e` and a combining accent, or `admin` and `ɑdmın`, cannot
 * look the same.
 */
function escapeFolding(word: string): string {
  let out = '';
  let base = false;
  for (const char of word) {
    if (char.search(MARK) === 0) {
      out += base ? hex(char) : char;
      continue;
    }
    const folds =
      !ASCII.test(char) &&
      (LATIN_ALIKE.test(char) || ASCII.test(char.normalize('NFKD').replace(MARK, '')));
    base = folds || ASCII.test(char);
    out += folds ? hex(char) : char;
  }
  return out;
}

/**
 * Whether a token holds an address whose host could pass for another, judged as a browser judges
 * a domain: the host mixes look-alike letters with Latin ones (`аррӏе.com`), or one of its words
 * is written only with letters that look like Latin ones (`аррӏе.рф`). Every look-alike letter of
 * such a token is escaped; a host that is neither (`пример.рф`) shows as written, and so does a
 * path (`/wiki/Москва`). A name (a key, a tool's name) is judged whole, as a host is.
 */
function spoofed(token: string, name: boolean): boolean {
  return (name ? [token] : token.split(NOT_HOST)).some(
    (host) =>
      (name || ADDRESS.test(host)) &&
      host.search(LOOKALIKE) >= 0 &&
      (LATIN.test(host) ||
        host
          .split(WORDS)
          .some((word) => word.search(LOOKALIKE) >= 0 && LATIN_ALIKE_WORD.test(word))),
  );
}

/** Escapes `text` (see {@link escapeText}); `quote` writes what is not a word as JSON does. */
function escapeWith(text: string, name: boolean, quote: boolean): string {
  // A word needs no JSON escape; its look-alikes are judged on its own letters and its token's,
  // not on the letters of an escape beside it (`\nПривет` is one Cyrillic word after a newline).
  return text
    .split(SPACES)
    .map((token, index) => {
      const escapeAll = index % 2 === 0 && spoofed(token, name);
      return token
        .split(WORDS)
        .map((part, at) => {
          const written =
            at % 2 === 1
              ? (name ? escapeFolding : String)(
                  escapeAll || LATIN.test(part) ? part.replace(LOOKALIKE, hex) : part,
                )
              : quote
                ? JSON.stringify(part).slice(1, -1)
                : part;
          return written.replace(INVISIBLE, hex);
        })
        .join('');
    })
    .join('');
}

/**
 * A string as it is written in JSON, without the quotes, with every invisible or
 * direction-changing character escaped as well, and the look-alike letters of a word that mixes
 * them with Latin ones, or of an address that could pass for another.
 *
 * @param name Whether the text names something (an object's key, a tool): each of its tokens is
 *   then judged as a host is, so `рау_to` (Cyrillic `рау`) cannot pass for `pay_to`, and every
 *   letter that could pass for an ASCII one is escaped (`café` as `caf\u00e9`, `ɑdmın` as
 *   `\u0251dm\u0131n`), so two keys cannot look the same.
 * @example
 * escapeText('a\nb\u202e'); // 'a\\nb\\u202e'
 * escapeText('p\u0430ypal'); // 'p\\u0430ypal' (a Cyrillic а among Latin letters)
 * escapeText('\u0430\u0440\u0440\u04cf\u0435.com'); // every letter of аррӏе escaped
 */
export function escapeText(text: string, name = false): string {
  return escapeWith(text, name, true);
}

/**
 * One line of text to read as a sentence, escaped as {@link escapeText} escapes it except that
 * quotes and backslashes show as written: invisible and direction-changing characters (a line
 * break among them) as `\uXXXX`, and the look-alike letters that could pass for Latin ones.
 *
 * @example
 * escapeLine('Send $5 to \u202ebob'); // 'Send $5 to \\u202ebob'
 */
export function escapeLine(text: string): string {
  return escapeWith(text, false, false);
}

/**
 * `text` with every format and default-ignorable character (direction overrides and isolates,
 * zero-width characters, tag characters) as `\uXXXX`; line breaks, tabs and letters show as
 * written. For values a person browses rather than approves (`JsonView`): a direction override
 * cannot reorder a value or carry the text after it out of its place.
 *
 * @example
 * escapeFormat('total: 100\u202e0'); // 'total: 100\\u202e0'
 */
export function escapeFormat(text: string): string {
  return text.replace(FORMAT, hex);
}
