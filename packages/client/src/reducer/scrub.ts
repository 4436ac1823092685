import type { TextMatcher } from './text-match.js';

/*
 * Hidden texts replaced in a value: each occurrence, and what lies around a mark already there
 * that may be the rest of a hidden text (see `withoutHidden`), keys of objects included. What to
 * hide is told by `echo.ts`.
 */

/** What stands where a hidden value was. */
export const HIDDEN_MARK = '[hidden]';

/** Mastra's mark at the end of a quote it cut (`truncateForLogging`). */
export const TRUNCATED = '... (truncated)';

/** What a scrub replaces: the hidden texts, and whether a cut-off fragment is hidden. */
export interface Scrub {
  readonly hidden: readonly TextMatcher[];
  /** For a quote of the arguments: whether a value it cut short is not among those shown. */
  readonly unshown?: (fragment: string) => boolean;
}

/**
 * The value a quote cut short ends with: what follows its last quotation mark (or the `: ` of a
 * number), when no other value follows.
 */
function cutValue(body: string): string | undefined {
  const fragment = body.slice(body.lastIndexOf('"') + 1).replace(/^: /, '');
  return fragment === '' || /[\n,{}[\]]/.test(fragment) ? undefined : fragment;
}

/** Stretches sorted by their start, with those that overlap or touch made one. */
function merged(spans: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * `text` with every stretch that lies inside an occurrence of a hidden text replaced by the mark,
 * and around each mark (one another search or this one put there) the text that could be the rest
 * of a hidden text the mark stands for part of (before it, after it, or between two marks):
 * searches for several calls' texts one after another (a value searched again for a call that
 * hides values late) would otherwise leave shown what a shorter text hidden first left of a longer
 * one (`[hidden]-456789` of `sk-leak-123-456789`, when `sk-leak-123` was hidden first).
 */
function withoutHidden(text: string, hidden: readonly TextMatcher[]): string {
  const found = hidden.flatMap((matcher) => matcher.cover(text));
  if (found.length === 0 && !text.includes(HIDDEN_MARK)) return text;
  // The marks already there.
  const between = text.split(HIDDEN_MARK);
  const marks: [number, number][] = [];
  let end = 0;
  for (const piece of between.slice(0, -1)) {
    end += piece.length + HIDDEN_MARK.length;
    marks.push([end - HIDDEN_MARK.length, end]);
  }
  // Marks, old and new, with what lies around them that may continue a hidden text.
  const spans = merged([...found, ...marks].sort((a, b) => a[0] - b[0]));
  const around = spans.map(([start, end], i): [number, number] => {
    const before = text.slice(spans[i - 1]?.[1] ?? 0, start);
    const next = spans[i + 1]?.[0];
    const after = text.slice(end, next ?? text.length);
    let back = 0;
    let on = 0;
    for (const matcher of hidden) {
      back = Math.max(back, matcher.openEnd(before));
      // Between two marks, a part of a hidden text that held both.
      if (next !== undefined && matcher.inside(after)) on = after.length;
      on = Math.max(on, matcher.openStart(after));
    }
    return [start - back, end + on];
  });
  let out = '';
  // `text` before `at` is written.
  let at = 0;
  for (const [start, end] of merged(around)) {
    out += text.slice(at, start) + HIDDEN_MARK;
    at = end;
  }
  return out + text.slice(at);
}

/** `text` with every hidden text replaced, and a quote cut inside one ending in the mark. */
export function scrubText(text: string, { hidden, unshown }: Scrub): string {
  // Mastra's mark is not part of what it quoted.
  if (!text.endsWith(TRUNCATED)) return withoutHidden(text, hidden);
  const body = withoutHidden(text.slice(0, -TRUNCATED.length), hidden);
  const out = `${body}${TRUNCATED}`;
  const cutAt = (start: number) => `${body.slice(0, start)}${HIDDEN_MARK}${TRUNCATED}`;
  // The longest end of the quote that begins a hidden text, where a value begins.
  let cut = -1;
  for (const matcher of hidden) {
    for (const length of matcher.cutEnds(body)) {
      const start = body.length - length;
      if (`" :`.includes(body[start - 1] ?? '')) {
        if (cut === -1 || start < cut) cut = start;
        break;
      }
    }
  }
  if (cut !== -1) return cutAt(cut);
  const fragment = cutValue(body);
  return fragment !== undefined && unshown?.(fragment) ? cutAt(body.length - fragment.length) : out;
}

/** `value` with its strings (keys included) and numbers scrubbed; itself when nothing changed. */
export function scrubValue(value: unknown, scrub: Scrub): unknown {
  if (typeof value === 'string') return scrubText(value, scrub);
  if (typeof value === 'number' || typeof value === 'bigint') {
    // A number is searched as written: the digits of a hidden one (or of a string) show marked.
    const text = String(value);
    const scrubbed = scrubText(text, scrub);
    return scrubbed === text ? value : scrubbed;
  }
  if (typeof value !== 'object' || value === null) return value;
  let changed = false;
  const pairs = Object.entries(value).map(([key, child]) => {
    const next = [scrubText(key, scrub), scrubValue(child, scrub)] as const;
    changed ||= next[0] !== key || next[1] !== child;
    return next;
  });
  if (!changed) return value;
  return Array.isArray(value) ? pairs.map(([, child]) => child) : Object.fromEntries(pairs);
}
