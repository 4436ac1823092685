import { setItem } from '../state/list-fields.js';
import { callAt, callCount } from '../state/run-record.js';
import type { DisplayValue, ToolCallState } from '../state/state.js';
import { add, besideTexts, sameSources, sameTexts, sources } from './beside-groups.js';
import type { BesideIndex, Group, RunHiders } from './beside-index.js';
import { scrubbed, scrubbedWith } from './beside-scrub.js';
import { forget, mayQuote, noteShown, noValues, showsBack } from './beside-shown.js';
import type { Ctx } from './context.js';
import { affords, hidesValue } from './hide.js';
import { withholdModelOutput } from './redact.js';
import { type TextMatcher, textMatcher } from './text-match.js';
import { suppressedValue } from './transform.js';
import { eachCallUnder, topRunOf } from './tree.js';

/*
 * Hidden values that come back in a call beside the one that hides them: a tool's result, error,
 * progress or suspension payload (or a data part a tool wrote, searched once, when it comes) may
 * quote what another call of the same tree of runs hid (a lookup that
 * returns the key a call beside it was given, a tool that returned a secret the model then passed
 * to a call that hides it, a sibling subagent's tool handed what another subagent's call hides). A
 * tree is a top-level run and every run nested under its calls, at any depth: a supervisor hands
 * its subagents what their siblings got back. Each such value is searched for the texts the views
 * of its tree's calls tell they hide, and for every text of the arguments of a call that shows
 * nothing of them and never will (`untold`): across the tree when a display transform is known to
 * apply to that call, else within its own run only (an AI SDK stream tells nothing of any
 * subagent's call, so across the tree every word of those would go; `besideTexts`). When a call
 * hides anew (its arguments or their view came after the value, or it ended without a view), the
 * values shown before that may quote it are searched again (`beside-shown.ts`), once the value that
 * told it is applied.
 *
 * The calls that hide are kept per tree and per run (for what only their run searches for), in
 * groups whose sizes halve from the oldest to the newest (a new call makes a group of one; two
 * groups of one size become one), each with the matcher of its calls' texts, built when first
 * needed: a call's texts go into a matcher about log(n) times, so a run of many calls that hide,
 * each followed by a result, costs what it reads times log(n). A group is built again when what one
 * of its calls hides changed. Building and searching again are paid from the reducer's budget
 * (`affords`); a value whose search it refuses shows nothing (`suppressed`). A tree or run is read
 * from the state when a call of it first hides a value or a value of it is first searched (its
 * values were searched when they came), then told of every call written; a rollback drops what it
 * touched, read again when next needed. Which tree a run is in is looked up once a run (`treeOf`).
 */

/** The top-level run of the tree run `runId` is in (see `topRunOf`). */
const treeOf = (ctx: Ctx, index: BesideIndex, runId: string): string =>
  topRunOf(ctx.draft.root, index.tops, ctx.draft.undo, runId);

/**
 * The calls that hide of the tree whose top-level run is `id` (`wide`) or of run `id`, and the
 * values they show, read from the state the first time.
 */
function scopeHiders(ctx: Ctx, index: BesideIndex, id: string, wide: boolean): RunHiders {
  const scopes = wide ? index.trees : index.runs;
  let hiders = scopes.get(id);
  // What a rollback takes back may be read or changed here: read again after one (told once an
  // epoch, as a rollback ends the epoch too).
  const { epoch } = ctx.draft;
  if (hiders?.epoch !== epoch) ctx.draft.undo.push(() => scopes.delete(id));
  if (hiders !== undefined) {
    hiders.epoch = epoch;
    return hiders;
  }
  hiders = {
    wide,
    groups: [],
    groupOf: new Map(),
    sources: new Map(),
    texts: new Map(),
    shown: noValues(),
    fresh: new Set(),
    epoch,
  };
  scopes.set(id, hiders);
  readScope(ctx, hiders, id, true);
  // The values the state holds were searched for what its calls hid when each value was applied
  // (see `besideWritten`): only a call written since hides anew.
  return hiders;
}

/**
 * Reads the calls of `hiders`' tree or run `id`: those that hide (when `hiding`), and, once one
 * does, the values the others show (where none hides, none is noted: they are read when one first
 * does).
 */
function readScope(ctx: Ctx, hiders: RunHiders, id: string, hiding: boolean): void {
  const { root } = ctx.draft;
  const showing: string[] = [];
  const read = (call: ToolCallState) => {
    if (hiding && joins(hiders, call)) add(hiders, call);
    if (showsAsCame(call) && showsBack(call)) showing.push(call.key);
  };
  if (hiders.wide) eachCallUnder(root, id, read);
  else {
    const run = root.runs.get(id);
    for (let i = 0, count = run === undefined ? 0 : callCount(run); i < count; i++) {
      const call = root.toolCalls.get(callAt(run!, i)!);
      if (call !== undefined) read(call);
    }
  }
  if (hiders.groupOf.size > 0) for (const key of showing) noteShown(hiders.shown, key);
}

/** The tree and the run of `call` (or of run `runId`), in that order. */
function scopesOf(ctx: Ctx, index: BesideIndex, call: { runId: string }): [string, RunHiders][] {
  const top = treeOf(ctx, index, call.runId);
  return [
    [top, scopeHiders(ctx, index, top, true)],
    [call.runId, scopeHiders(ctx, index, call.runId, false)],
  ];
}

/**
 * Whether `call` is kept in `hiders`: in a tree's when it hides a value, in a run's only when its
 * arguments show nothing and nothing says a display transform applies (see `besideTexts`).
 */
const joins = (hiders: RunHiders, call: ToolCallState): boolean =>
  hidesValue(call) &&
  (hiders.wide || (call.input.kind === 'hidden' && call.displayTransform !== 'display'));

/** Brings the trees and runs up to date with call `key`, written since. */
function note(ctx: Ctx, index: BesideIndex, key: string): void {
  const call = ctx.draft.root.toolCalls.get(key);
  if (call === undefined || !hidesValue(call)) return;
  const top = treeOf(ctx, index, call.runId);
  const read = [index.trees.has(top), index.runs.has(call.runId)];
  scopesOf(ctx, index, call).forEach(([id, hiders], i) => {
    const held = hiders.groupOf.get(key);
    if (held === undefined) {
      if (!joins(hiders, call)) return;
      add(hiders, call);
      // The first of its tree or run: what that showed was not noted.
      if (hiders.groupOf.size === 1) readScope(ctx, hiders, id, false);
    } else if (read[i]) {
      // Read with the tree or run just now, it was written since the values were searched.
      if (sameSources(hiders.sources.get(key), sources(call))) return;
      hiders.sources.set(key, sources(call));
      // Written without a change to what it hides (a request, a status): nothing to build again.
      const texts = besideTexts(call, hiders.wide);
      if (sameTexts(hiders.texts.get(key), texts)) return;
      hiders.texts.set(key, texts);
      held.matcher = undefined;
    }
    hiders.fresh.add(key);
    index.dirty.add(hiders);
  });
}

/** The index, with the calls written since it was last brought up to date noted. */
function upToDate(ctx: Ctx): BesideIndex {
  const index = ctx.scratch.beside;
  const { written } = index;
  while (index.seen < written.length) note(ctx, index, written[index.seen++]!);
  return index;
}

type Pay = (cost: number) => boolean;

/**
 * What the calls `keys` hide from the values beside them, across their tree (`wide`) or in their
 * run, and what reading it cost.
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
    for (const text of besideTexts(call, wide)) texts.add(text);
  }
  return { texts, cost: cost + texts.size };
}

/** The matcher of a group's texts; undefined when `pay` refuses. */
function matcherOf(ctx: Ctx, held: Group, wide: boolean, pay: Pay): TextMatcher | undefined {
  if (held.matcher !== undefined) return held.matcher;
  // Refused unread while the budget cannot cover what it cost last: each refusal would read it.
  if (Math.max(held.keys.length, held.refused ?? 0) > ctx.scratch.scrubBudget) return undefined;
  const { texts, cost } = textsOf(ctx, held.keys, wide);
  if (!pay(cost)) {
    held.refused = cost;
    return undefined;
  }
  held.matcher = textMatcher(texts);
  return held.matcher;
}

/** Whether `call` shows what it got back as it came: no display transform made its values. */
const showsAsCame = (call: ToolCallState): boolean => call.displayTransform !== 'display';

/**
 * `display`, a value `call` shows of what it got back, with what the calls of its tree hide
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

/** What the calls of run `runId`'s tree and run hide; undefined if refused. `shows` is noted. */
function matchersOf(ctx: Ctx, runId: string, shows?: string): TextMatcher[] | undefined {
  const scopes = scopesOf(ctx, upToDate(ctx), { runId });
  const matchers: TextMatcher[] = [];
  if (scopes.every(([, hiders]) => hiders.groupOf.size === 0)) return matchers;
  const pay = affords(ctx);
  for (const [, hiders] of scopes) {
    for (const held of hiders.groups) {
      const matcher = matcherOf(ctx, held, hiders.wide, pay);
      if (matcher === undefined) return undefined;
      matchers.push(matcher);
    }
    if (shows !== undefined && hiders.groupOf.size > 0) noteShown(hiders.shown, shows);
  }
  return matchers;
}

/**
 * `data`, what a `data-*` part of run `runId` carries, with what the calls of its tree and run hide
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
 * Searches again, for what the calls of a tree or run that hide anew hide, the values it showed
 * that may quote it (see `beside-shown.ts`); suppressed when the search is refused.
 */
function searchAgain(ctx: Ctx, hiders: RunHiders): void {
  if (hiders.fresh.size === 0) return;
  const { toolCalls } = ctx.draft.root;
  const { texts, cost } = textsOf(ctx, hiders.fresh, hiders.wide);
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
    const progress = call.progress.map(again);
    const same = progress.every((value, i) => value === call.progress[i]);
    if (
      same &&
      output === call.output &&
      error === call.error &&
      payload === call.suspension?.payload
    )
      continue;
    const editable = ctx.draft.toolCall(key)!;
    editable.output = output;
    editable.error = error;
    if (payload !== undefined) editable.suspension = { ...call.suspension!, payload };
    for (const [i, value] of progress.entries())
      if (value !== call.progress[i]) setItem(editable, 'progress', i, value);
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
  for (const hiders of index.dirty) searchAgain(ctx, hiders);
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
