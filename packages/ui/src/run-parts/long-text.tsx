'use client';
import { memo, type ReactNode, useMemo, useRef } from 'react';
import { partProps } from '../utils/part.js';

/*
 * A text that grows by deltas, shown so that a commit costs the browser what changed rather than
 * the whole text. A text node set anew is shaped and laid out whole: in Chromium a 100 KB answer
 * cost about 20 ms of style and layout per update, 1 MB about 150 ms. Cut into pieces of a few
 * kilobytes, each closed piece keeps its node and only the last is set; pieces that end a line are
 * blocks of their own, so the browser lays out the last one alone (0.3 ms at 100 KB, 0.7 ms at
 * 1 MB).
 *
 * A piece ends at the first line break at least MIN characters after it begins, and is then a
 * block when the piece before it also ended a line: a block's text begins a line wherever it
 * stands, so the lines fall where they fall in one text node. A line longer than MAX characters is
 * cut after a space (or, without one, between two characters, never inside a surrogate pair)
 * into inline pieces, which still spare the browser shaping the text again. A piece is closed
 * once text beyond it decides where it ends, so closed pieces never change as the text grows.
 * The pieces hold the text exactly: the element's textContent, its height and what a selection
 * copies are those of one text node (checked in Chromium by the long-answer story).
 */

/** A piece is at least this long before it ends at a line break. */
const MIN = 2048;

/** A line longer than this is cut into inline pieces. */
const MAX = 8192;

/** One piece of a text: where it begins, its text, and whether it is a block of its own. */
interface Piece {
  readonly start: number;
  readonly text: string;
  readonly block: boolean;
}

/** The closed pieces of a text, where the open last one begins, and whether it may be a block. */
interface Pieces {
  /** The text up to `open`, which the closed pieces hold. */
  readonly closedText: string;
  readonly closed: readonly Piece[];
  readonly open: number;
  /** Whether the text before `open` ends a line (or is empty). */
  readonly atLineStart: boolean;
}

const NONE: Pieces = { closedText: '', closed: [], open: 0, atLineStart: true };

/** Where the piece that begins at `start` ends, or -1 while the text does not decide it yet. */
function pieceEnd(text: string, start: number): number {
  if (text.length - start <= MIN) return -1;
  const lineBreak = text.indexOf('\n', start + MIN - 1);
  if (lineBreak !== -1 && lineBreak < start + MAX) return lineBreak + 1;
  if (text.length < start + MAX) return -1;
  const space = text.lastIndexOf(' ', start + MAX - 1);
  let end = space >= start + MIN - 1 ? space + 1 : start + MAX;
  const last = text.charCodeAt(end - 1);
  // A high surrogate stays with the low one after it.
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return end;
}

/**
 * The pieces of `text`: those of `before` kept when `text` goes on from them (a text that grew),
 * and the pieces after them found anew. Linear in what is new, plus one comparison of the kept
 * prefix.
 *
 * @example
 * splitText(NONE, 'short').closed; // []
 */
export function splitText(before: Pieces, text: string): Pieces {
  const from = text.startsWith(before.closedText) ? before : NONE;
  let { open, atLineStart } = from;
  let end = pieceEnd(text, open);
  // Most updates close no piece: the pieces found before are kept as they are.
  if (end === -1) return from;
  const closed = [...from.closed];
  for (; end !== -1; end = pieceEnd(text, open)) {
    const endsLine = text.charCodeAt(end - 1) === 10;
    closed.push({ start: open, text: text.slice(open, end), block: endsLine && atLineStart });
    atLineStart = endsLine;
    open = end;
  }
  return { closedText: text.slice(0, open), closed, open, atLineStart };
}

/** One closed or open piece; memoised, so a closed one renders once. */
const TextPiece = memo(function TextPiece({ text, block }: Omit<Piece, 'start'>) {
  return <span {...partProps(block ? 'long-text-block' : 'long-text-run')}>{text}</span>;
});

/**
 * A text that may grow long, as the children of the element that shows it (see the note above):
 * the text itself while it is short, pieces of it once it is long.
 */
export function LongText({ text }: { readonly text: string }): ReactNode {
  const last = useRef(NONE);
  // The pieces depend on the text alone; the ref only spares finding the closed ones again.
  const pieces = useMemo(() => {
    last.current = splitText(last.current, text);
    return last.current;
  }, [text]);
  if (pieces.closed.length === 0) return text;
  return (
    <>
      {pieces.closed.map((piece) => (
        <TextPiece key={piece.start} text={piece.text} block={piece.block} />
      ))}
      {pieces.open < text.length ? (
        <TextPiece key={pieces.open} text={text.slice(pieces.open)} block={false} />
      ) : null}
    </>
  );
}
