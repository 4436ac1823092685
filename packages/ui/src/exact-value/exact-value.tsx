'use client';
import { forwardRef, type ReactNode, useState } from 'react';
import { formatCount } from '../utils/format.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { firstEntries, scalarText, sizeOf } from '../utils/values.js';
import { escapeText } from './escape.js';

export { escapeFormat, escapeLine, escapeText } from './escape.js';

/*
 * A value shown whole and unambiguous, for what a person approves. Unlike JsonView, which is made
 * to browse large results, nothing here can pass for something else or hide:
 * - every string and key is quoted and escaped as in JSON, so a newline shows as \n and a string
 *   holding `\nkey: value` cannot read like another argument; invisible and direction-changing
 *   characters (zero-width, bidi overrides, BOM) show as \uXXXX too, and so do Cyrillic, Greek,
 *   Armenian and Cherokee letters inside a word with Latin ones (`pаypal` with a Cyrillic `а`), and
 *   in an address that could pass for another (`аррӏе.com`, all Cyrillic before `.com`);
 * - a string or key with right-to-left letters keeps its stored order on screen (`Ordered`), so
 *   the browser's bidirectional ordering cannot move a number inside it or beside it;
 * - a run of two or more spaces shows each space as a middle dot (a literal middle dot is escaped,
 *   so a dot always means a space), and text wraps rather than overflowing, so padding cannot push
 *   a tail out of sight;
 * - every cut (long strings, long lists, deep nesting) says what it leaves out and has a button that
 *   shows it, so it opens from the keyboard.
 */

/**
 * Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest of their
 * blocks, their presentation forms, and the right-to-left scripts beyond the first plane).
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * `text` as stored, character after character from left to right. Beside right-to-left letters,
 * the browser's bidirectional ordering moves what stands around them on screen: `5 ש 100` shows
 * as `100 ש 5`, and a number in one string can trade places with one in the next. A string or key
 * that holds such letters is set apart and kept in its stored order (`<bdo dir="ltr">`, which
 * needs no stylesheet): its right-to-left words show with their letters in stored order, and
 * nothing in it or around it moves.
 */
function Ordered({ text }: { text: string }): ReactNode {
  if (!RIGHT_TO_LEFT.test(text)) return <Spaced text={text} />;
  return (
    <bdo dir="ltr" {...partProps('exact-ordered')} title="Shown in stored order, left to right">
      <Spaced text={text} />
    </bdo>
  );
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
      "<Ordered text={cut ? escaped.slice(0, limits.maxStringLength) : escaped} />
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
                "<Ordered text={escapeText(key, true)} />"{': '}
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
