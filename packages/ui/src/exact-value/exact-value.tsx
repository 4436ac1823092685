'use client';
import { forwardRef, type ReactNode, useState } from 'react';
import { formatCount } from '../utils/format.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { firstEntries, scalarText, sizeOf } from '../utils/values.js';

/*
 * A value shown whole and unambiguous, for what a person approves. Unlike JsonView, which is made
 * to browse large results, nothing here can pass for something else or hide:
 * - every string and key is quoted and escaped as in JSON, so a newline shows as \n and a string
 *   holding `\nkey: value` cannot read like another argument; invisible and direction-changing
 *   characters (zero-width, bidi overrides, BOM) show as \uXXXX too, and so do Cyrillic, Greek,
 *   Armenian and Cherokee letters inside a word with Latin ones (`pаypal` with a Cyrillic `а`), and
 *   in an address that could pass for another (`аррӏе.com`, all Cyrillic before `.com`);
 * - a run of two or more spaces shows each space as a middle dot (a literal middle dot is escaped,
 *   so a dot always means a space), and text wraps rather than overflowing, so padding cannot push
 *   a tail out of sight;
 * - every cut (long strings, long lists, deep nesting) says what it leaves out and has a button that
 *   shows it, so it opens from the keyboard.
 */

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

/** Shows runs of two or more spaces with a visible mark per space. */
function Spaced({ text }: { text: string }): ReactNode {
  const parts = text.split(/( {2,})/);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
      <span key={index} {...partProps('exact-spaces')} title={`${part.length} spaces`}>
        {'·'.repeat(part.length)}
      </span>
    ) : (
      part
    ),
  );
}

/** Limits of {@link ExactValue}: what shows before a button opens the rest. */
export interface ExactValueLimits {
  /** Characters of a string shown before "Show all" (default 400). */
  readonly maxStringLength?: number;
  /** Entries of an object or array shown before "Show more" (default 50). */
  readonly maxEntries?: number;
  /** Levels shown before a deeper value waits behind "Open" (default 8). */
  readonly maxDepth?: number;
}

type Limits = Required<ExactValueLimits>;

function QuotedString({ text, limits, label }: { text: string; limits: Limits; label: string }) {
  const [open, setOpen] = useState(false);
  const escaped = escapeText(text);
  const cut = !open && escaped.length > limits.maxStringLength;
  return (
    <span {...partProps('exact-string')}>
      "<Spaced text={cut ? escaped.slice(0, limits.maxStringLength) : escaped} />
      {cut ? (
        <>
          <span {...partProps('exact-cut')}>
            {' '}
            … {formatCount(escaped.length - limits.maxStringLength)} more characters
          </span>{' '}
          <button
            type="button"
            {...partProps('exact-open')}
            aria-label={`Show all ${formatCount(escaped.length)} characters of ${label}`}
            onClick={() => setOpen(true)}
          >
            Show all
          </button>
        </>
      ) : null}
      "
    </span>
  );
}

function Scalar({ value }: { value: unknown }) {
  const text = Object.is(value, -0) ? '-0' : scalarText(value);
  return (
    <span {...partProps('exact-scalar')} data-type={value === null ? 'null' : typeof value}>
      {text}
    </span>
  );
}

interface NodeProps {
  readonly value: unknown;
  readonly label: string;
  readonly depth: number;
  readonly limits: Limits;
  readonly ancestors: ReadonlySet<object>;
}

function Composite({ value, label, depth, limits, ancestors }: NodeProps & { value: object }) {
  const [shown, setShown] = useState(limits.maxEntries);
  const [opened, setOpened] = useState(false);
  const array = Array.isArray(value);
  const [start, end] = array ? ['[', ']'] : ['{', '}'];
  const size = sizeOf(value);
  if (size === 0) return <span {...partProps('exact-scalar')}>{start + end}</span>;
  if (ancestors.has(value))
    return <span {...partProps('exact-cut')}>{`${start}…${end} circular`}</span>;
  if (depth >= limits.maxDepth && !opened) {
    return (
      <span {...partProps('exact-deep')}>
        <span
          {...partProps('exact-cut')}
        >{`${start}… ${formatCount(size)} ${array ? 'items' : 'keys'} ${end}`}</span>{' '}
        <button
          type="button"
          {...partProps('exact-open')}
          aria-label={`Open ${label}`}
          onClick={() => setOpened(true)}
        >
          Open
        </button>
      </span>
    );
  }
  // Opening a deep value gives its content a fresh depth budget: each "Open" shows more levels.
  const base = opened ? 0 : depth + 1;
  const entries = firstEntries(value, shown);
  const inner = new Set(ancestors).add(value);
  const rest = size - entries.length;
  return (
    <span {...partProps('exact-composite')} data-type={array ? 'array' : 'object'}>
      {start}
      <ul {...partProps('exact-entries')}>
        {entries.map(([key, item]) => (
          <li key={key} {...partProps('exact-entry')}>
            {array ? null : (
              <span {...partProps('exact-key')}>
                "<Spaced text={escapeText(key, true)} />"{': '}
              </span>
            )}
            <ExactNode
              value={item}
              label={array ? `${label}[${key}]` : `${label}.${escapeText(key, true).slice(0, 60)}`}
              depth={base}
              limits={limits}
              ancestors={inner}
            />
          </li>
        ))}
        {rest > 0 ? (
          <li {...partProps('exact-more')}>
            <span {...partProps('exact-cut')}>
              … {formatCount(rest)} more {array ? 'items' : 'keys'}
            </span>{' '}
            <button
              type="button"
              {...partProps('exact-open')}
              aria-label={`Show ${formatCount(Math.min(rest, limits.maxEntries))} more of ${label}`}
              onClick={() => setShown((count) => count + limits.maxEntries)}
            >
              Show more
            </button>
          </li>
        ) : null}
      </ul>
      {end}
    </span>
  );
}

function ExactNode(props: NodeProps): ReactNode {
  const { value } = props;
  if (typeof value === 'string')
    return <QuotedString text={value} limits={props.limits} label={props.label} />;
  if (typeof value === 'object' && value !== null && !(value instanceof Date))
    return <Composite {...props} value={value} />;
  return <Scalar value={value} />;
}

/** Props of {@link ExactValue}. */
export interface ExactValueProps extends HostProps<'div'>, ExactValueLimits {
  /** Any value; shown as text, never as markup. */
  readonly value: unknown;
  /** Names the value in the labels of its buttons (default "the arguments"). */
  readonly label?: string;
}

/**
 * Shows a value whole and unambiguous, for a person to approve: strings quoted and escaped,
 * invisible characters and space padding made visible, and every cut behind a button that opens
 * it.
 *
 * @example
 * <ExactValue value={{ command: 'ls -la /tmp' }} label="the arguments of shellTool" />
 */
export const ExactValue = forwardRef<HTMLDivElement, ExactValueProps>(function ExactValue(
  {
    value,
    label = 'the arguments',
    maxStringLength = 400,
    maxEntries = 50,
    maxDepth = 8,
    asChild,
    children,
    ...props
  },
  ref,
) {
  const limits: Limits = { maxStringLength, maxEntries, maxDepth };
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      {...partProps('exact-value', props)}
    >
      <ExactNode value={value} label={label} depth={0} limits={limits} ancestors={new Set()} />
    </PartElement>
  );
});
