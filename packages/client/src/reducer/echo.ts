import { parsePartialJson } from '../partial-json/partial-json.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { type TextMatcher, textMatcher } from './text-match.js';

/*
 * Hidden values that come back inside another value of the same call. Mastra's input validation
 * answers with a result that quotes the arguments it refused ("Provided arguments: {…}", JSON cut
 * at 200 characters), and a tool's error or a suspension's message may quote what the tool was
 * given. A display transform that shows results or errors as they are would show them.
 *
 * When a call shows a transformed view of its arguments (approval arguments, suspension payload),
 * the strings and numbers of the raw value that the view does not contain are hidden, and every
 * value the call shows has them replaced by `[hidden]`. When it shows none of a value (an AI SDK
 * stream whose input deltas were suppressed, a transform that failed), nothing tells which parts
 * are secret: a result that finds a customer by name may show the name. Then only failures (the
 * error, a result `{ error: true, … }`) have every part of that value replaced. Replaced wherever
 * they occur: as written, as JSON escapes them (once or twice), and cut short where a quote was
 * truncated.
 */

/** What stands where a hidden value was. */
const HIDDEN_MARK = '[hidden]';

/** A message shown instead of one that was not searched for hidden values (see `affords`). */
export const WITHHELD =
  '[hidden: a message the reducer could not afford to search for hidden values]';

/**
 * A message shown instead of one that may quote a value a call hid before its raw values were
 * left out of a snapshot (`raw.withheld`): nothing is left to search it for.
 */
export const WITHHELD_UNSEARCHABLE =
  '[hidden: a message that may quote values hidden before this state was saved]';

/** Shorter values are too common to tell from the text around them. */
const MIN_LENGTH = 3;

/** Mastra's mark at the end of a quote it cut (`truncateForLogging`). */
const TRUNCATED = '... (truncated)';

type Visit = (text: string) => void;

/**
 * Calls `visit` with every string and number (as written) that `value` holds, at any depth; an
 * object met again (a cycle) is not walked twice.
 */
function eachLeaf(value: unknown, visit: Visit): void {
  const stack = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') visit(item);
    else if (typeof item === 'number' || typeof item === 'bigint') visit(String(item));
    else if (typeof item === 'object' && item !== null && !seen.has(item)) {
      seen.add(item);
      for (const child of Object.values(item)) stack.push(child);
    }
  }
}

/** The value a display value shows, as text to search; undefined when it shows the raw value. */
function shownText(display: DisplayValue): string | undefined {
  if (display.kind === 'raw' || display.kind === 'none') return undefined;
  if (display.kind === 'hidden') return '';
  const parts: string[] = [];
  eachLeaf(display.value, (text) => parts.push(text));
  return parts.join('\0');
}

/** Each hidden text as it may appear: as written, JSON-escaped, JSON-escaped twice. */
function addForms(out: Set<string>, text: string): void {
  const once = JSON.stringify(text).slice(1, -1);
  out.add(text).add(once).add(JSON.stringify(once).slice(1, -1));
}

/**
 * The texts of `value` (strings and numbers of at least three characters) that `text` does not
 * contain, in each of their forms, added to `out`. One pass over `text`, however many there are.
 */
function addUnshown(out: Set<string>, value: unknown, text: string): void {
  const leaves = new Set<string>();
  eachLeaf(value, (leaf) => {
    if (leaf.length >= MIN_LENGTH) leaves.add(leaf);
  });
  // A short text is searched once per value, a longer one once for all of them.
  const shown = text.length > 256 ? textMatcher(leaves).found(text) : undefined;
  for (const leaf of leaves) {
    if (!(shown?.has(leaf) ?? text.includes(leaf))) addForms(out, leaf);
  }
}

/** The texts a call hides: those a view tells (`known`), and with them those of unshown values. */
interface Hidden {
  readonly known: readonly string[];
  readonly all: readonly string[];
}

const NOTHING: Hidden = { known: [], all: [] };

const cache = new WeakMap<object, { key: readonly unknown[]; hidden: Hidden }>();

/**
 * The texts `call` holds raw but does not show: the strings and numbers of its arguments (and of
 * its approval arguments and suspension payload) of at least three characters that the shown view
 * of the same value does not contain (see the note above).
 */
function hiddenTexts(call: ToolCallState): Hidden {
  const { raw, input, approval, suspension } = call;
  const key = [input, approval?.args, suspension?.payload];
  const cached = cache.get(raw);
  if (cached?.key.every((part, i) => part === key[i])) return cached.hidden;
  const known = new Set<string>();
  const unshown = new Set<string>();
  const pairs = [
    [raw.input, input],
    [raw.approvalArgs, approval?.args],
    [raw.suspendPayload, suspension?.payload],
  ] as const;
  for (const [value, shown] of pairs) {
    if (value === undefined || shown === undefined) continue;
    const text = shownText(shown);
    if (text === undefined) continue;
    addUnshown(shown.kind === 'hidden' ? unshown : known, value, text);
  }
  const hidden =
    known.size + unshown.size === 0 ? NOTHING : { known: [...known], all: [...known, ...unshown] };
  cache.set(raw, { key, hidden });
  return hidden;
}

/** What a scrub replaces: the hidden texts, and whether a cut-off fragment is hidden. */
interface Scrub {
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

/** `text` with every stretch that lies inside an occurrence of a hidden text replaced by the mark. */
function withoutHidden(text: string, hidden: readonly TextMatcher[]): string {
  const found = hidden.flatMap((matcher) => matcher.cover(text));
  if (found.length === 0) return text;
  found.sort((a, b) => a[0] - b[0]);
  let out = '';
  // `text` before `at` is written.
  let at = 0;
  for (const [start, end] of found) {
    if (start >= at) out += text.slice(at, start) + HIDDEN_MARK;
    at = Math.max(at, end);
  }
  return out + text.slice(at);
}

/** `text` with every hidden text replaced, and a quote cut inside one ending in the mark. */
function scrubText(text: string, { hidden, unshown }: Scrub): string {
  const out = withoutHidden(text, hidden);
  if (!out.endsWith(TRUNCATED)) return out;
  const body = out.slice(0, -TRUNCATED.length);
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

/** `value` with its strings (keys included) scrubbed; itself when nothing changed. */
function scrubValue(value: unknown, scrub: Scrub): unknown {
  if (typeof value === 'string') return scrubText(value, scrub);
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

/** Whether a shown value reports a failure: an error, or a result `{ error: true, … }`. */
const isFailure = (value: unknown) => (value as { error?: unknown } | null)?.error === true;

/** Where Mastra's validation message quotes the arguments it refused. */
const QUOTE = '\n\nProvided arguments: ';

/**
 * A failure that quotes the arguments as Mastra's validation does: the quoted values the call's
 * shown input does not contain are hidden, also where the raw arguments are not known (an AI SDK
 * stream or a UI message brings the input already transformed).
 */
function quotedScrub(call: ToolCallState, value: unknown, hidden: TextMatcher): Scrub {
  const message = (value as { message?: unknown }).message;
  const at = typeof message === 'string' ? message.lastIndexOf(QUOTE) : -1;
  if (at < 0) return { hidden: [hidden] };
  const quote = (message as string).slice(at + QUOTE.length);
  const cut = quote.endsWith(TRUNCATED) ? quote.slice(0, -TRUNCATED.length) : quote;
  const { input } = call;
  // Arguments shown as they came are text to search as well.
  const shown =
    shownText(input.kind === 'raw' ? { kind: 'transformed', value: input.value } : input) ?? '';
  const more = new Set<string>();
  addUnshown(more, parsePartialJson(cut).value, shown);
  return { hidden: [hidden, textMatcher(more)], unshown: (leaf) => !shown.includes(leaf) };
}

/** Where Mastra's validation message quotes the result it refused. */
const RESULT_QUOTE = '\n\nReturned output: ';

/**
 * A failure that quotes the result Mastra refused: that result never passed the display
 * transform, so a call that hides any of its values shows none of the quote.
 */
function withoutResultQuote(call: ToolCallState, value: unknown, transformed: boolean): unknown {
  const message = (value as { message?: unknown }).message;
  const at = typeof message === 'string' ? message.lastIndexOf(RESULT_QUOTE) : -1;
  const { kind } = call.input;
  const hides =
    transformed ||
    call.displayTransform === 'display' ||
    kind === 'hidden' ||
    kind === 'transformed';
  if (at < 0 || !hides) return value;
  const kept = (message as string).slice(0, at + RESULT_QUOTE.length);
  return { ...(value as object), message: `${kept}${HIDDEN_MARK}` };
}

/**
 * `display` as `call` may show it: with the parts of the call's values that it does not show
 * replaced by {@link HIDDEN_MARK} (see the note above). `failure` marks an error value;
 * `transformed` says a display transform made the value (a saved message's metadata tells, where
 * the call does not). The same object when nothing was replaced; a changed value shows as
 * `transformed`.
 */
export function withoutEchoes(
  call: ToolCallState,
  display: DisplayValue,
  failure = false,
  transformed = false,
): DisplayValue {
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  const { known, all } = hiddenTexts(call);
  const failed = isFailure(display.value);
  const texts = failure || failed ? all : known;
  if (texts.length === 0 && !failed) return display;
  // Built for each value rather than kept with the call: a matcher takes a few dozen bytes per
  // character it searches for, and building it costs what one search of the texts would.
  const matcher = textMatcher(texts);
  const scrub = failed ? quotedScrub(call, display.value, matcher) : { hidden: [matcher] };
  let value = failed ? withoutResultQuote(call, display.value, transformed) : display.value;
  if (scrub.unshown !== undefined || scrub.hidden.some((matcher) => !matcher.empty)) {
    try {
      value = scrubValue(value, { hidden: scrub.hidden });
      if (scrub.unshown !== undefined) {
        // Mastra cuts short only the message that quotes the arguments.
        const { message } = value as { message: string };
        const cut = scrubText(message, scrub);
        if (cut !== message) value = { ...(value as object), message: cut };
      }
    } catch (error) {
      // Nested deeper than the call stack allows (or a cycle): none of it shows. A value that
      // throws when read fails its chunk, which then changes nothing.
      if (!(error instanceof RangeError)) throw error;
      value = HIDDEN_MARK;
    }
  }
  return value === display.value ? display : { kind: 'transformed', value };
}

/**
 * A message about `calls` (a run's error, a failed decision) with what any of them hides replaced
 * by {@link HIDDEN_MARK}: an error may quote the arguments of a call whose transform hides them.
 * With `affords`, asked for what each call's search costs before it is made, a message whose
 * search it refuses shows as {@link WITHHELD}, whole: nothing unsearched is shown. A call whose
 * hidden values a snapshot left out makes it {@link WITHHELD_UNSEARCHABLE}.
 */
export function messageWithoutEchoes(
  calls: Iterable<ToolCallState>,
  message: string,
  affords?: (cost: number) => boolean,
): string {
  let out = message;
  for (const call of calls) {
    if (call.raw.withheld === true) return WITHHELD_UNSEARCHABLE;
    // What searching the message for the call's texts costs: the texts, and the message itself.
    const cost = 1 + hiddenTexts(call).all.length + Math.ceil(out.length / 256);
    if (affords !== undefined && !affords(cost)) return WITHHELD;
    const shown = withoutEchoes(call, { kind: 'raw', value: out }, true);
    if (shown.kind === 'transformed' && typeof shown.value === 'string') out = shown.value;
  }
  return out;
}
