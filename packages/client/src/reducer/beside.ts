import { callAt, callCount, partCount } from '../state/run-record.js';
import type { DisplayValue, RunState, ToolCallState } from '../state/state.js';
import { searchAgain, showsAsCame } from './beside-again.js';
import { add, besideTexts, hidesFromData, readTexts } from './beside-groups.js';
import type { BesideIndex, Group, RunHiders } from './beside-index.js';
import { scrubbed, scrubbedWith, stepThrough } from './beside-scrub.js';
import { dataAt, noteShown, noValues, type Shown, showsBack } from './beside-shown.js';
import type { Ctx } from './context.js';
import { withForms } from './forms.js';
import { affords, hidesValue } from './hide.js';
import { mayReopen } from './reopen.js';
import { type TextMatcher, textMatcher } from './text-match.js';
import { suppressedValue } from './transform.js';
import { assignUndoably, setUndoably, toggleAllUndoably, toggleUndoably } from './undo.js';

/*
 * Hidden values that come back in a call beside the one that hides them: a tool's result, error,
 * progress or suspension payload (or a data part a tool wrote) may quote what another call of the
 * state hid (a lookup that returns the key a call beside it was given, a tool that returned a
 * secret the model then passed to a call that hides it, a sibling subagent's tool handed what
 * another subagent's call hides, a later turn's tool that reads the thread's memory of what an
 * earlier turn's call hid). Each such value is searched for the texts
 * the views of the state's calls tell they hide, in every run of every turn (a supervisor hands
 * its subagents what their siblings got back, and the model of a later turn is given the
 * conversation), and for every text of the arguments of a call that shows nothing of them and
 * never will (`untold`): everywhere when a display transform is known to apply to that call, else
 * within its own run only (an AI SDK stream tells nothing of any subagent's call, so everywhere
 * every word of those would go; `besideTexts`). When a call hides anew (its arguments or their
 * view came after the value, or it ended without a view), the values shown before that may quote
 * it are searched again (`beside-shown.ts`), once the value that told it is applied. A data part
 * shown before is searched again for the same, but for every text of a call a stream's break
 * ended (`RunHiders.spared`): a part without an id is not read again when the stream is sent again,
 * and the call, named again, may tell it hides less.
 *
 * The calls that hide are kept for the state and per run (for what only their run searches for), in
 * groups whose sizes are powers of four, falling from the oldest to the newest (a new call makes a
 * group of one; four groups of one size become one), each with the matcher of its calls' texts,
 * built when first needed: a call's texts go into a matcher about log₄(n) times, and a value is
 * searched by at most three groups of each size, so a run of many calls that hide, each followed by
 * a result, costs what it reads times log(n). Four rather than two: building a matcher costs
 * several times what a search of as many characters does. A group is built again when what one of
 * its calls hides changed. Building and searching again are paid from the reducer's budget
 * (`affords`); a value whose search it refuses shows nothing (`suppressed`). The state's scope, or
 * a run's, is read from the state when a call of it first hides a value or a value of it is first
 * searched (its values were searched when they came), then told of every call written. A rollback
 * takes back each change to them since the last publish (`Draft.undo`), matchers built included:
 * the budget goes back as well, and what was built before is not paid for again.
 */

/** The key of the state's scope: every run of every turn. */
const ALL = '';

/**
 * The calls that hide of the whole state (`wide`, `id` {@link ALL}) or of run `id`, and the
 * values they show, read from the state the first time.
 */
function scopeHiders(ctx: Ctx, index: BesideIndex, id: string, wide: boolean): RunHiders {
  const scopes = wide ? index.wide : index.runs;
  let hiders = scopes.get(id);
  if (hiders !== undefined) return hiders;
  hiders = {
    wide,
    groups: [],
    groupOf: new Map(),
    sources: new Map(),
    texts: new Map(),
    counts: new Map(),
    fresh: new Set(),
    spared: { texts: new Map(), counts: new Map(), fresh: new Set() },
    shown: noValues(),
    readNow: new Set(),
  };
  setUndoably(ctx.draft.undo, scopes, id, hiders);
  readScope(ctx, hiders, id, true);
  // The values the state holds were searched for what its calls hid when each value was applied
  // (see `besideWritten`): only a call written since hides anew.
  return hiders;
}

/**
 * Reads the calls of `hiders`' scope (the state, or run `id`): those that hide (when `hiding`),
 * and, once one does, the values the others show and the data parts shown (where none hides,
 * none is noted: they are read when one first does).
 */
function readScope(ctx: Ctx, hiders: RunHiders, id: string, hiding: boolean): void {
  const { root, undo } = ctx.draft;
  const { beside } = ctx.scratch;
  const showing: Shown[] = [];
  const read = (call: ToolCallState) => {
    // Every run with a call that hides has its scope once the state's has one: a run without is
    // known to hide nothing without one made for it (see `runHiders`).
    if (hiding && hiders.wide && hidesValue(call)) scopeHiders(ctx, beside, call.runId, false);
    if (hiding && joins(hiders, call)) {
      add(hiders, call.key, undo);
      readTexts(hiders, call, mayReopen(ctx, call), false, undo);
      hiders.readNow.add(call.key);
      beside.readNow.add(hiders);
      if (call.brokenOff !== undefined) toggleUndoably(undo, beside.broken, call.key, true);
    }
    if (showsAsCame(call) && showsBack(call)) showing.push(call.key);
  };
  const readRun = (run: RunState) => {
    for (let at = 0, count = partCount(run); at < count; at++) {
      const key = { runId: run.runId, at };
      if (dataAt(root, key)) showing.push(key);
    }
  };
  if (hiders.wide) {
    for (const [, call] of root.toolCalls) read(call);
    for (const [, run] of root.runs) readRun(run);
  } else {
    const run = root.runs.get(id);
    for (let i = 0, count = run === undefined ? 0 : callCount(run); i < count; i++) {
      const call = root.toolCalls.get(callAt(run!, i)!);
      if (call !== undefined) read(call);
    }
    if (run !== undefined) readRun(run);
  }
  if (hiders.groupOf.size > 0) for (const key of showing) noteShown(hiders.shown, key, undo);
}

/**
 * Run `runId`'s scope, or undefined when no call of it hides (as its scope would tell: none is
 * made for a run without, which most are). Asked after the state's scope is made, which makes
 * one for each run whose calls hide, as noting a call that hides does.
 */
const runHiders = (index: BesideIndex, runId: string): RunHiders | undefined =>
  index.runs.get(runId);

/** The state's scope and the run of `call` (or of run `runId`), in that order. */
function scopesOf(ctx: Ctx, index: BesideIndex, call: { runId: string }): [string, RunHiders][] {
  return [
    [ALL, scopeHiders(ctx, index, ALL, true)],
    [call.runId, scopeHiders(ctx, index, call.runId, false)],
  ];
}

/**
 * Whether `call` is kept in `hiders`: in the state's when it hides a value, in a run's only when its
 * arguments show nothing and nothing says a display transform applies (see `besideTexts`).
 */
const joins = (hiders: RunHiders, call: ToolCallState): boolean =>
  hidesValue(call) &&
  (hiders.wide || (call.input.kind === 'hidden' && call.displayTransform !== 'display'));

/** Brings the state's scope and the runs' up to date with call `key`, written since. */
function note(ctx: Ctx, index: BesideIndex, key: string): void {
  const { root, undo } = ctx.draft;
  const call = root.toolCalls.get(key);
  if (call === undefined || !hidesValue(call)) return;
  toggleUndoably(undo, index.broken, key, call.brokenOff !== undefined);
  const reopen = mayReopen(ctx, call);
  for (const [id, hiders] of scopesOf(ctx, index, call)) {
    if (!hiders.groupOf.has(key)) {
      if (!joins(hiders, call)) continue;
      add(hiders, key, undo);
      // The first of its scope: what that showed was not noted.
      if (hiders.groupOf.size === 1) readScope(ctx, hiders, id, false);
    }
    // Written without a change to what it hides (a request, a status): nothing to build again.
    if (readTexts(hiders, call, reopen, true, undo)) {
      assignUndoably(undo, hiders.groupOf.get(key)!, { matcher: undefined });
    }
    // Read with its scope since the values were last searched (the first call written since
    // may have made the scope): all it hides is new to them.
    if (hiders.readNow.delete(key)) {
      const texts = hiders.texts.get(key) ?? [];
      toggleAllUndoably(undo, hiders.fresh, texts, true);
      const forData = texts.filter((text) => hidesFromData(hiders, text));
      toggleAllUndoably(undo, hiders.spared.fresh, forData, true);
    }
    if (hiders.fresh.size + hiders.spared.fresh.size > 0) index.dirty.add(hiders);
  }
}

/**
 * The index, with the calls written since it was last brought up to date noted, and those a break
 * ended read again when the stream that may name them again began or ended.
 */
function upToDate(ctx: Ctx): BesideIndex {
  const index = ctx.scratch.beside;
  const { reopening } = ctx.draft.cursor();
  if (index.reopening !== reopening) {
    assignUndoably(ctx.draft.undo, index, { reopening });
    for (const key of index.broken) note(ctx, index, key);
  }
  const { written } = index;
  while (index.seen < written.size) note(ctx, index, written.at(index.seen++)!);
  return index;
}

type Pay = (cost: number) => boolean;

/**
 * What the calls `keys` hide from the values beside them, everywhere (`wide`) or in their run,
 * and what reading it cost.
 */
function textsOf(
  ctx: Ctx,
  keys: Iterable<string>,
  wide: boolean,
): { texts: Set<string>; cost: number } {
  const texts = new Set<string>();
  let cost = 0;
  for (const key of keys) {
    cost++;
    const call = ctx.draft.root.toolCalls.get(key);
    if (call === undefined || !hidesValue(call)) continue;
    for (const text of besideTexts(call, wide, mayReopen(ctx, call))) texts.add(text);
  }
  const forms = withForms(texts);
  return { texts: forms, cost: cost + forms.size };
}

/** The matcher of a group's texts; undefined when `pay` refuses. */
function matcherOf(ctx: Ctx, held: Group, wide: boolean, pay: Pay): TextMatcher | undefined {
  if (held.matcher !== undefined) return held.matcher;
  // Refused unread while the budget cannot cover what it cost last: each refusal would read it.
  if (Math.max(held.keys.length, held.refused ?? 0) > ctx.scratch.scrubBudget) return undefined;
  const { texts, cost } = textsOf(ctx, held.keys, wide);
  const paid = pay(cost);
  assignUndoably(ctx.draft.undo, held, paid ? { matcher: textMatcher(texts) } : { refused: cost });
  return held.matcher;
}

/**
 * `display`, a value `call` shows of what it got back, with what the calls of the state hide
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
  const matchers = matchersOf(ctx, call.runId, call.key);
  if (matchers === undefined) return suppressedValue();
  return matchers.length === 0 ? display : scrubbed(call, display, matchers);
}

/**
 * A value a `workflow-*` call shows of its run (a step's input, output or payload, its result)
 * with what the calls beside it hide replaced (see {@link withoutBesideEchoes}), searched again
 * when one hides later; hidden when the search is refused.
 */
export function stepWithoutBesideEchoes(ctx: Ctx, call: ToolCallState, value: unknown): unknown {
  return value === undefined
    ? value
    : stepThrough(value, withoutBesideEchoes.bind(null, ctx, call));
}

const NO_MATCHERS: readonly TextMatcher[] = [];

/** What the calls of the state and of run `runId` hide; undefined if refused. `shows` is noted. */
function matchersOf(ctx: Ctx, runId: string, shows?: string): readonly TextMatcher[] | undefined {
  const index = upToDate(ctx);
  // Nearly always no call hides in either scope: nothing is made then.
  const wide = scopeHiders(ctx, index, ALL, true);
  const own = runHiders(index, runId);
  if (wide.groupOf.size === 0 && (own?.groupOf.size ?? 0) === 0) return NO_MATCHERS;
  const matchers: TextMatcher[] = [];
  const pay = affords(ctx);
  for (const hiders of own === undefined ? [wide] : [wide, own]) {
    for (const held of hiders.groups) {
      const matcher = matcherOf(ctx, held, hiders.wide, pay);
      if (matcher === undefined) return undefined;
      matchers.push(matcher);
    }
    if (shows !== undefined && hiders.groupOf.size > 0)
      noteShown(hiders.shown, shows, ctx.draft.undo);
  }
  return matchers;
}

/**
 * `data`, what a `data-*` part of run `runId` carries, with what the calls of the state and the run hide
 * replaced; undefined when the search is refused or it is too deep. Searched once, when it comes.
 */
export function dataWithoutBesideEchoes(
  ctx: Ctx,
  runId: string,
  data: unknown,
): { data: unknown } | undefined {
  const matchers = matchersOf(ctx, runId)?.filter((matcher) => !matcher.empty);
  if (matchers === undefined) return undefined;
  if (matchers.length === 0) return { data };
  const scrubbed = scrubbedWith(data, matchers);
  return scrubbed === undefined ? undefined : { data: scrubbed.value };
}

/**
 * Notes that run `runId`'s data part `at` shows what it carries, searched when it came (see
 * {@link dataWithoutBesideEchoes}): searched again when a call hides later.
 */
export function besideShowsData(ctx: Ctx, runId: string, at: number): void {
  const index = upToDate(ctx);
  for (const hiders of [scopeHiders(ctx, index, ALL, true), runHiders(index, runId)]) {
    if (hiders !== undefined && hiders.groupOf.size > 0)
      noteShown(hiders.shown, { runId, at }, ctx.draft.undo);
  }
}

/** The values are searched: the calls the scopes read since were read before them (see `note`). */
function forgetReadNow(index: BesideIndex): void {
  // Guarded: clearing allocates a new table even when the set is empty, and this runs per value.
  if (index.readNow.size === 0) return;
  for (const hiders of index.readNow) hiders.readNow.clear();
  index.readNow.clear();
}

/** Makes the reducer's draft tell the calls it writes to the index. */
export function watchBeside(ctx: Ctx): void {
  const told = ctx.draft.onWrite;
  ctx.draft.onWrite = (field, id) => {
    told?.(field, id);
    if (field !== 'calls') return;
    // A call told again before the index looked at it is noted once: it is read as it then is.
    const index = ctx.scratch.beside;
    const { written } = index;
    if (written.size === index.seen || written.at(written.size - 1) !== id) written.push(id);
  };
}

/**
 * Notes the calls the value just applied wrote, and searches again what the runs of those that
 * hide anew showed (see the note above).
 */
export function besideWritten(ctx: Ctx): void {
  const index = upToDate(ctx);
  if (index.dirty.size > 0) {
    for (const hiders of index.dirty) searchAgain(ctx, hiders);
    index.dirty.clear();
    // Searching again writes calls: noted, they change nothing more.
    upToDate(ctx);
  }
  index.written.clear();
  index.seen = 0;
  forgetReadNow(index);
}

/** After a rollback: the calls written by what it took back are not told. */
export function besideRolledBack(ctx: Ctx): void {
  const index = ctx.scratch.beside;
  index.written.clear();
  index.seen = 0;
  index.dirty.clear();
  forgetReadNow(index);
}
