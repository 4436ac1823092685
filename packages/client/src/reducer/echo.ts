import { parsePartialJson } from '../partial-json/partial-json.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { addForms, withForms } from './forms.js';
import { HIDDEN_MARK, type Scrub, scrubText, scrubValue, TRUNCATED } from './scrub.js';
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
 * they occur: in each form a quote may take (escaped, encoded: see `forms.ts`), and cut short
 * where a quote was truncated.
 */

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

type Visit = (text: string) => void;

/**
 * Calls `visit` with every string and number (as written) that `value` holds, at any depth, and
 * with `keys` the keys of its objects too; an object met again (a cycle) is not walked twice.
 */
export function eachLeaf(value: unknown, visit: Visit, keys = false): void {
  const stack = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') visit(item);
    else if (typeof item === 'number' || typeof item === 'bigint') visit(String(item));
    else if (typeof item === 'object' && item !== null && !seen.has(item)) {
      seen.add(item);
      for (const [name, child] of Object.entries(item)) {
        if (keys) visit(name);
        stack.push(child);
      }
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

/** The texts of arguments shown as they came (none when they are not). */
function argsText(value: unknown, input: DisplayValue): string {
  if (input.kind !== 'raw') return '';
  const parts: string[] = [];
  eachLeaf(value ?? input.value, (text) => parts.push(text));
  return parts.join('\0');
}

/**
 * The texts of `value` (strings and numbers of at least three characters) that `text` does not
 * contain, added to `out`. One pass over `text`, however many there are.
 */
function addUnshown(out: Set<string>, value: unknown, text: string): void {
  const leaves = new Set<string>();
  eachLeaf(value, (leaf) => {
    if (leaf.length >= MIN_LENGTH) leaves.add(leaf);
  });
  // A short text is searched once per value, a longer one once for all of them; in any case, as
  // hidden texts are searched for.
  const shown = text.length > 256 ? textMatcher(leaves).found(text) : undefined;
  const lower = shown === undefined ? text.toLowerCase() : '';
  for (const leaf of leaves) {
    if (!(shown?.has(leaf) ?? lower.includes(leaf.toLowerCase()))) out.add(leaf);
  }
}

/**
 * The strings and numbers of at least three characters `value` holds, in each of their forms (see
 * {@link withoutEchoes}).
 */
export function leafTexts(value: unknown): Set<string> {
  const out = new Set<string>();
  eachLeaf(value, (leaf) => {
    if (leaf.length >= MIN_LENGTH) addForms(out, leaf);
  });
  return out;
}

/** Whether a view shows its value as it came, or none is kept: {@link shownText} has no text. */
const asCame = (view: DisplayValue | undefined): boolean =>
  view === undefined || view.kind === 'raw' || view.kind === 'none';

/**
 * The texts a call hides: those a view tells (`known`), and with them those of unshown values. As
 * written: a search looks for them in every form ({@link withForms}).
 */
export interface Hidden {
  readonly known: readonly string[];
  readonly all: readonly string[];
}

const NOTHING: Hidden = { known: [], all: [] };

const cache = new WeakMap<object, { key: readonly unknown[]; hidden: Hidden }>();

/**
 * The texts `call` holds raw but does not show: the strings and numbers of its arguments (and of
 * its approval arguments, suspension payload and result) of at least three characters that the
 * shown view of the same value does not contain (see the note above). A result's view is read with
 * the arguments' beside it: what a transform drops from the result but shows of the arguments
 * (the city a lookup was asked for) is not hidden.
 */
export function hiddenTexts(call: ToolCallState): Hidden {
  const { raw, input, approval, suspension, output } = call;
  // Values shown as they came (nearly every call) hide nothing: nothing is made then.
  if (asCame(input) && asCame(approval?.args) && asCame(suspension?.payload) && asCame(output))
    return NOTHING;
  const key = [input, approval?.args, suspension?.payload, output];
  const cached = cache.get(raw);
  if (cached?.key.every((part, i) => part === key[i])) return cached.hidden;
  const known = new Set<string>();
  const unshown = new Set<string>();
  const pairs = [
    [raw.input, input],
    [raw.approvalArgs, approval?.args],
    [raw.suspendPayload, suspension?.payload],
    [raw.output, output],
  ] as const;
  for (const [i, [value, shown]] of pairs.entries()) {
    if (value === undefined || shown === undefined) continue;
    let text = shownText(shown);
    if (text === undefined) continue;
    // The result (the last pair), read with the arguments' view beside it.
    if (i === pairs.length - 1) text += `\0${shownText(input) ?? argsText(raw.input, input)}`;
    addUnshown(shown.kind === 'hidden' ? unshown : known, value, text);
  }
  const hidden =
    known.size + unshown.size === 0 ? NOTHING : { known: [...known], all: [...known, ...unshown] };
  cache.set(raw, { key, hidden });
  return hidden;
}

/** Whether a shown value reports a failure: an error, or a result `{ error: true, … }`. */
const isFailure = (value: unknown) => (value as { error?: unknown } | null)?.error === true;

/** Where Mastra's validation message quotes the arguments it refused. */
const QUOTE = '\n\nProvided arguments: ';

/**
 * A failure that quotes the arguments as Mastra's validation does: the quoted values the shown
 * input of any of `calls` does not contain are hidden, also where the raw arguments are not known
 * (an AI SDK stream or a UI message brings the input already transformed).
 */
function quotedScrub(calls: readonly ToolCallState[], value: unknown, hidden: TextMatcher): Scrub {
  const message = (value as { message?: unknown }).message;
  const at = typeof message === 'string' ? message.lastIndexOf(QUOTE) : -1;
  if (at < 0) return { hidden: [hidden] };
  const quote = (message as string).slice(at + QUOTE.length);
  const cut = quote.endsWith(TRUNCATED) ? quote.slice(0, -TRUNCATED.length) : quote;
  const quoted = parsePartialJson(cut).value;
  const more = new Set<string>();
  // Arguments shown as they came are text to search as well.
  const shown = calls.map(({ input }) => {
    const text =
      shownText(input.kind === 'raw' ? { kind: 'transformed', value: input.value } : input) ?? '';
    addUnshown(more, quoted, text);
    return text;
  });
  return {
    hidden: [hidden, textMatcher(withForms(more))],
    unshown: (leaf) => shown.some((text) => !text.includes(leaf)),
  };
}

/** Where Mastra's validation message quotes the result it refused. */
const RESULT_QUOTE = '\n\nReturned output: ';

/**
 * A failure that quotes the result Mastra refused: that result never passed the display
 * transform, so when any of `calls` hides any of its values none of the quote shows.
 */
function withoutResultQuote(
  calls: readonly ToolCallState[],
  value: unknown,
  transformed: boolean,
): unknown {
  const message = (value as { message?: unknown }).message;
  const at = typeof message === 'string' ? message.lastIndexOf(RESULT_QUOTE) : -1;
  const hides = (call: ToolCallState) => {
    const { kind } = call.input;
    return call.displayTransform === 'display' || kind === 'hidden' || kind === 'transformed';
  };
  if (at < 0 || !(transformed || calls.some(hides))) return value;
  const kept = (message as string).slice(0, at + RESULT_QUOTE.length);
  return { ...(value as object), message: `${kept}${HIDDEN_MARK}` };
}

/**
 * `display` as `calls` (one call, or several whose values it may quote) may show it: with the
 * parts of their values that they do not show replaced by {@link HIDDEN_MARK} (see the note
 * above), searched for all of them at once: one after another, a shorter text hidden first would
 * leave the rest of a longer one that holds it. `failure` marks an error value; `transformed`
 * says a display transform made the value (a saved message's metadata tells, where the call does
 * not). The same object when nothing was replaced; a changed value shows as `transformed`.
 */
export function withoutEchoes(
  calls: ToolCallState | readonly ToolCallState[],
  display: DisplayValue,
  failure = false,
  transformed = false,
): DisplayValue {
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  const list: readonly ToolCallState[] = Array.isArray(calls) ? calls : [calls as ToolCallState];
  if (list.length === 0) return display;
  const failed = isFailure(display.value);
  const texts = new Set<string>();
  for (const call of list) {
    const { known, all } = hiddenTexts(call);
    for (const text of failure || failed ? all : known) texts.add(text);
  }
  if (texts.size === 0 && !failed) return display;
  // Built for each value rather than kept with the call: a matcher takes a few dozen bytes per
  // character it searches for, and building it costs what one search of the texts would.
  const matcher = textMatcher(withForms(texts));
  const scrub = failed ? quotedScrub(list, display.value, matcher) : { hidden: [matcher] };
  let value = failed ? withoutResultQuote(list, display.value, transformed) : display.value;
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
  const texts = new Set<string>();
  for (const call of calls) {
    if (call.raw.withheld === true) return WITHHELD_UNSEARCHABLE;
    const { all } = hiddenTexts(call);
    // What searching the message for the call's texts costs.
    if (affords !== undefined && !affords(1 + all.length)) return WITHHELD;
    for (const text of all) texts.add(text);
  }
  if (texts.size === 0) return message;
  // One search for every call's texts: one after another, a shorter text hidden first would
  // leave the rest of a longer one that holds it.
  if (affords !== undefined && !affords(Math.ceil(message.length / 256))) return WITHHELD;
  return scrubText(message, { hidden: [textMatcher(withForms(texts))] });
}
