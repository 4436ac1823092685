import { RunRecord } from '../state/run-record.js';
import { type DisplayValue, TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { BesideIndex, Group, RunHiders } from './beside-index.js';
import { forget, mayQuote, noteShown, noValues, showsBack } from './beside-shown.js';
import type { Ctx } from './context.js';
import { hiddenTexts, leafTexts } from './echo.js';
import { affords, hidesValue } from './hide.js';
import { withholdModelOutput } from './redact.js';
import { scrubValue } from './scrub.js';
import { type TextMatcher, textMatcher } from './text-match.js';
import { shownValue, suppressedValue } from './transform.js';

/*
 * Hidden values that come back in a call beside the one that hides them: a tool's result, error
 * or suspension payload may quote what another call of the same run hid (a lookup that returns
 * the key a call beside it was given, a tool that returned a secret the model then passed to a
 * call that hides it). Each such value is searched for what the calls of its run hide: the texts
 * their views tell they hide, or, for a call whose arguments show nothing and never will, every
 * text of them (`besideTexts`). When a call of the run hides anew (its arguments or their view
 * came after the value, or it ended without a view), the values shown before that may quote it
 * are searched again (`beside-shown.ts`), once the value that told it is applied.
 *
 * Per run, the calls that hide are kept in groups whose sizes halve from the oldest to the
 * newest (a new call makes a group of one; two groups of one size become one), each with the
 * matcher of its calls' texts, built when first needed: a call's texts go into a matcher about
 * log(n) times, so a run of many calls that hide, each followed by a result, costs what it reads
 * times log(n). A group is built again when what one of its calls hides changed. Building and
 * searching again are paid from the reducer's budget (`affords`); a value whose search it refuses
 * shows nothing (`suppressed`). A run is read from the state when a call of it first hides a
 * value or a value of it is first searched (its values were searched when they came), then told
 * of every call written; a rollback drops what it touched, read again when next needed.
 */

/** What `hiddenTexts` reads of a call: when one of them changes, so may its texts. */
const sources = (call: ToolCallState): readonly unknown[] => [
  call.raw.input,
  call.raw.approvalArgs,
  call.raw.suspendPayload,
  call.input,
  call.approval?.args,
  call.suspension?.payload,
  untold(call),
];

/**
 * Whether nothing tells which of `call`'s arguments it hides: they show nothing, and no view will
 * come (a stream that suppressed them, a transform that failed, a call that ended first).
 */
const untold = ({ input, status }: ToolCallState): boolean =>
  input.kind === 'hidden' && (input.reason !== 'pending' || TERMINAL_TOOL_STATUSES.has(status));

/**
 * What `call` hides from the values beside it: the texts its views tell it hides, or every text
 * of its arguments when nothing tells ({@link untold}). Not all of them while a view may still
 * come: a value beside it that shows the same host or name as the view will would lose it.
 */
function besideTexts(call: ToolCallState): readonly string[] {
  const hidden = hiddenTexts(call);
  return untold(call) ? hidden.all : hidden.known;
}

const sameSources = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a?.every((value, i) => value === b[i]) === true;

const group = (keys: string[]): Group => ({ keys, matcher: undefined });

/** Adds `call` to `hiders` in a group of its own, merging groups of one size. */
function add(hiders: RunHiders, call: ToolCallState): void {
  const { groups, groupOf } = hiders;
  const { key } = call;
  hiders.sources.set(key, sources(call));
  let last = group([key]);
  groupOf.set(key, last);
  groups.push(last);
  while (groups.length > 1 && groups[groups.length - 2]!.keys.length <= last.keys.length) {
    groups.pop();
    const merged = group([...groups.pop()!.keys, ...last.keys]);
    for (const k of merged.keys) groupOf.set(k, merged);
    groups.push(merged);
    last = merged;
  }
}

/** The calls of run `runId` that hide and the values it shows, read from the state the first time. */
function runHiders(ctx: Ctx, index: BesideIndex, runId: string): RunHiders {
  const { runs } = index;
  let hiders = runs.get(runId);
  // What a rollback takes back may be read or changed here: read again after one (told once an
  // epoch, as a rollback ends the epoch too).
  const { epoch } = ctx.draft;
  if (hiders?.epoch !== epoch) ctx.draft.undo.push(() => runs.delete(runId));
  if (hiders !== undefined) {
    hiders.epoch = epoch;
    return hiders;
  }
  hiders = {
    groups: [],
    groupOf: new Map(),
    sources: new Map(),
    shown: noValues(),
    fresh: new Set(),
    epoch,
  };
  runs.set(runId, hiders);
  readRun(ctx, hiders, runId, true);
  // The values the state holds were searched for what its calls hid when each value was applied
  // (see `besideWritten`): only a call written since hides anew.
  return hiders;
}

/**
 * Reads run `runId`'s calls: those that hide (when `hiding`), and, once one does, the values the
 * others show (a run where none hides notes none: they are read when one first does).
 */
function readRun(ctx: Ctx, hiders: RunHiders, runId: string, hiding: boolean): void {
  const { root } = ctx.draft;
  const run = root.runs.get(runId);
  const ids = run === undefined ? { length: 0, at: () => undefined } : RunRecord.callIdsOf(run);
  const showing: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    const call = root.toolCalls.get(ids.at(i)!);
    if (call === undefined) continue;
    if (hiding && hidesValue(call)) add(hiders, call);
    if (showsAsCame(call) && showsBack(call)) showing.push(call.key);
  }
  if (hiders.groupOf.size > 0) for (const key of showing) noteShown(hiders.shown, key);
}

/** Brings the runs up to date with call `key`, written since. */
function note(ctx: Ctx, index: BesideIndex, key: string): void {
  const call = ctx.draft.root.toolCalls.get(key);
  if (call === undefined || !hidesValue(call)) return;
  const read = index.runs.has(call.runId);
  const hiders = runHiders(ctx, index, call.runId);
  const held = hiders.groupOf.get(key);
  if (held === undefined) {
    add(hiders, call);
    // The first of the run: what it showed was not noted.
    if (hiders.groupOf.size === 1) readRun(ctx, hiders, call.runId, false);
  } else if (read) {
    // Read with the run just now, it was written since the values were searched.
    if (sameSources(hiders.sources.get(key), sources(call))) return;
    hiders.sources.set(key, sources(call));
    held.matcher = undefined;
  }
  hiders.fresh.add(key);
  index.dirty.add(call.runId);
}

/** The index, with the calls written since it was last brought up to date noted. */
function upToDate(ctx: Ctx): BesideIndex {
  const index = ctx.scratch.beside;
  const { written } = index;
  while (index.seen < written.length) note(ctx, index, written[index.seen++]!);
  return index;
}

type Pay = (cost: number) => boolean;

/** What the calls `keys` hide from the values beside them, and what reading it cost. */
function textsOf(ctx: Ctx, keys: Iterable<string>): { texts: Set<string>; cost: number } {
  const texts = new Set<string>();
  let cost = 0;
  for (const key of keys) {
    cost++;
    const call = ctx.draft.root.toolCalls.get(key);
    if (call === undefined || !hidesValue(call)) continue;
    for (const text of besideTexts(call)) texts.add(text);
  }
  return { texts, cost: cost + texts.size };
}

/** The matcher of a group's texts; undefined when `pay` refuses. */
function matcherOf(ctx: Ctx, held: Group, pay: Pay): TextMatcher | undefined {
  if (held.matcher !== undefined) return held.matcher;
  const { texts, cost } = textsOf(ctx, held.keys);
  if (!pay(cost)) return undefined;
  held.matcher = textMatcher(texts);
  return held.matcher;
}

/**
 * `display`, a value of `call`, with what `matchers` find replaced but what the call was given
 * (see {@link except}); suppressed when it is nested too deep.
 */
function scrubbed(
  call: ToolCallState,
  display: DisplayValue,
  matchers: readonly TextMatcher[],
): DisplayValue {
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  const searched = matchers.filter((matcher) => !matcher.empty);
  if (searched.length === 0) return display;
  const given = leafTexts(call.raw.input ?? shownValue(call.input));
  const hidden = searched.map((matcher) => except(matcher, given));
  try {
    const value = scrubValue(display.value, { hidden });
    return value === display.value ? display : { kind: 'transformed', value };
  } catch (error) {
    // Nested deeper than the call stack allows: none of it shows.
    if (!(error instanceof RangeError)) throw error;
    return suppressedValue();
  }
}

/**
 * `matcher` finding none of `given`: a call's value that quotes what the call itself was given is
 * its own to hide or show (`echo.ts`), whatever a call beside it hides of the same (two calls given
 * the same host, one of whose arguments show nothing).
 */
function except(matcher: TextMatcher, given: ReadonlySet<string>): TextMatcher {
  if (given.size === 0) return matcher;
  return {
    ...matcher,
    cover: (text) =>
      matcher.cover(text).filter(([start, end]) => !given.has(text.slice(start, end))),
  };
}

/** Whether `call` shows what it got back as it came: no display transform made its values. */
const showsAsCame = (call: ToolCallState): boolean => call.displayTransform !== 'display';

/**
 * `display`, a value `call` shows of what it got back, with what the calls of its run hide
 * replaced (see the note above); suppressed when the search is refused. A display transform's
 * view is what its transform chose to show, not searched.
 */
export function withoutBesideEchoes(
  ctx: Ctx,
  call: ToolCallState,
  display: DisplayValue,
): DisplayValue {
  if (display.kind !== 'raw' && display.kind !== 'transformed') return display;
  if (!showsAsCame(call)) return display;
  const index = upToDate(ctx);
  const hiders = runHiders(ctx, index, call.runId);
  if (hiders.groupOf.size === 0) return display;
  const pay = affords(ctx);
  const matchers: TextMatcher[] = [];
  for (const held of hiders.groups) {
    const matcher = matcherOf(ctx, held, pay);
    if (matcher === undefined) return suppressedValue();
    matchers.push(matcher);
  }
  noteShown(hiders.shown, call.key);
  return scrubbed(call, display, matchers);
}

/**
 * Searches again, for what the calls of run `runId` that hide anew hide, the values the run showed
 * that may quote it (see `beside-shown.ts`); suppressed when the search is refused.
 */
function searchAgain(ctx: Ctx, index: BesideIndex, runId: string): void {
  const hiders = index.runs.get(runId);
  if (hiders === undefined || hiders.fresh.size === 0) return;
  const { toolCalls } = ctx.draft.root;
  const { texts, cost } = textsOf(ctx, hiders.fresh);
  hiders.fresh.clear();
  if (texts.size === 0) return;
  const found = mayQuote(hiders.shown, toolCalls, texts);
  if (found.keys.size === 0) return;
  const paid = affords(ctx)(cost + found.cost);
  const matcher = paid ? textMatcher(texts) : undefined;
  for (const key of found.keys) {
    const call = toolCalls.get(key);
    if (call === undefined || !showsAsCame(call)) continue;
    const again = (display: DisplayValue) =>
      matcher === undefined
        ? display.kind === 'none' || display.kind === 'hidden'
          ? display
          : suppressedValue()
        : scrubbed(call, display, [matcher]);
    const output = again(call.output);
    const error = again(call.error);
    const payload = call.suspension && again(call.suspension.payload);
    if (output === call.output && error === call.error && payload === call.suspension?.payload)
      continue;
    const editable = ctx.draft.toolCall(key)!;
    editable.output = output;
    editable.error = error;
    if (payload !== undefined) editable.suspension = { ...call.suspension!, payload };
    withholdModelOutput(editable);
    if (matcher !== undefined) noteShown(hiders.shown, key);
  }
  if (matcher === undefined) forget(hiders.shown, found);
}

/** Makes the reducer's draft tell the calls it writes to the index. */
export function watchBeside(ctx: Ctx): void {
  const told = ctx.draft.onWrite;
  ctx.draft.onWrite = (field, id) => {
    told?.(field, id);
    if (field === 'calls') ctx.scratch.beside.written.push(id);
  };
}

/**
 * Notes the calls the value just applied wrote, and searches again what the runs of those that
 * hide anew showed (see the note above).
 */
export function besideWritten(ctx: Ctx): void {
  const index = upToDate(ctx);
  for (const runId of index.dirty) searchAgain(ctx, index, runId);
  index.dirty.clear();
  // Searching again writes calls: noted, they change nothing more.
  upToDate(ctx);
  index.written.length = 0;
  index.seen = 0;
}

/** After a rollback: the calls written by what it took back are not told. */
export function besideRolledBack(ctx: Ctx): void {
  const index = ctx.scratch.beside;
  index.written.length = 0;
  index.seen = 0;
  index.dirty.clear();
}
