import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Group, RunHiders, Tally } from './beside-index.js';
import { FAN } from './beside-shown.js';
import { hiddenTexts } from './echo.js';
import { setUndoably, toggleAllUndoably, type Undo } from './undo.js';

/*
 * What a call that hides tells `beside.ts` it hides, and the groups it is kept in (see the note
 * there).
 */

/**
 * What `hiddenTexts` reads of a call: when one of them changes, so may its texts. `reopens` tells
 * that a break ended the call and the stream that sends it again may yet name it ({@link untold}).
 */
export const sources = (call: ToolCallState, reopens: boolean): readonly unknown[] => [
  call.raw.input,
  call.raw.approvalArgs,
  call.raw.suspendPayload,
  call.raw.output,
  call.input,
  call.approval?.args,
  call.suspension?.payload,
  call.output,
  untold(call, reopens),
  call.displayTransform,
  call.brokenOff,
];

/**
 * Whether nothing tells which of `call`'s arguments it hides: they show nothing, and no view will
 * come (a stream that suppressed them, a transform that failed, a call that ended first). A call
 * a stream's break ended while a view could still come is not told yet while the stream sends its
 * run again (`reopens`): the view may come as the stream names it again, and what a value read
 * before shows must not depend on whether the stream broke first (a read broken off and sent
 * again reads as one read).
 */
export const untold = ({ input, status }: ToolCallState, reopens: boolean): boolean =>
  input.kind === 'hidden' &&
  (input.reason !== 'pending' || (TERMINAL_TOOL_STATUSES.has(status) && !reopens));

/**
 * What `call` hides from the values beside it: the texts its views tell it hides, or every text
 * of its arguments when nothing tells ({@link untold}); not all of them while a view may still
 * come (a value beside it that shows the same host or name as the view will would lose it).
 * Everywhere (`wide`) every text only when a display transform is known to apply; where
 * nothing says one does (an AI SDK stream tells nothing of a subagent's calls, whose arguments
 * then show nothing), in its own run only: everywhere every word of them would go.
 */
export function besideTexts(
  call: ToolCallState,
  wide: boolean,
  reopens: boolean,
): readonly string[] {
  const all = untold(call, reopens);
  const everywhere = call.displayTransform === 'display';
  if (wide) return all && everywhere ? hiddenTexts(call).all : hiddenTexts(call).known;
  return all && !everywhere ? hiddenTexts(call).all : [];
}

/** Whether two lists of texts hold the same texts in the same order. */
export const sameTexts = (a: readonly string[] | undefined, b: readonly string[]) =>
  a === b || (a?.length === b.length && a.every((text, i) => text === b[i]));

/** Whether what a call's texts are read from is what they were read from before. */
export const sameSources = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a?.every((value, i) => value === b[i]) === true;

const group = (keys: string[]): Group => ({ keys, matcher: undefined });

/**
 * Sets what call `key` hides to `texts` in `tally`, counting each text's calls; returns the texts
 * no other call of it hid. `undo` is given what sets them back.
 */
export function setTexts(
  tally: Tally,
  key: string,
  texts: readonly string[],
  undo?: Undo,
): string[] {
  const { counts } = tally;
  const before = tally.texts.get(key);
  undo?.push(() => {
    setTexts(tally, key, before ?? []);
    if (before === undefined) tally.texts.delete(key);
  });
  for (const text of before ?? []) {
    const count = counts.get(text)! - 1;
    if (count === 0) counts.delete(text);
    else counts.set(text, count);
  }
  tally.texts.set(key, texts);
  const added: string[] = [];
  for (const text of texts) {
    const count = counts.get(text) ?? 0;
    if (count === 0) added.push(text);
    counts.set(text, count + 1);
  }
  return added;
}

/** Whether the calls of `hiders` hide `text` from the data parts shown before (see `spared`). */
export const hidesFromData = (hiders: RunHiders, text: string): boolean =>
  (hiders.counts.get(text) ?? 0) > (hiders.spared.counts.get(text) ?? 0);

/**
 * Reads what `call` hides into `hiders` when what it is read from changed (`reopens` as
 * {@link untold} takes it); with `fresh`, a text no other call of it hid goes to its `fresh`, and
 * one it now hides from the data parts shown before to `spared.fresh`. Returns whether what it
 * hides from the values changed. `undo` is given what sets it back.
 */
export function readTexts(
  hiders: RunHiders,
  call: ToolCallState,
  reopens: boolean,
  fresh: boolean,
  undo: Undo,
): boolean {
  const { key } = call;
  const now = sources(call, reopens);
  if (sameSources(hiders.sources.get(key), now)) return false;
  setUndoably(undo, hiders.sources, key, now);
  const texts = besideTexts(call, hiders.wide, reopens);
  // What it hides from the data parts shown before: never every text of a call a break ended
  // (only such a call spares any: read for it alone).
  const forData = call.brokenOff && new Set(besideTexts(call, hiders.wide, true));
  const spared = forData ? texts.filter((text) => !forData.has(text)) : [];
  const changed = !sameTexts(hiders.texts.get(key), texts);
  if (!changed && sameTexts(hiders.spared.texts.get(key) ?? [], spared)) return false;
  const hidFromData = fresh && new Set(texts.filter((text) => hidesFromData(hiders, text)));
  const added = setTexts(hiders, key, texts, undo);
  // Kept only for the calls that spare a text: most never do.
  if (spared.length > 0 || hiders.spared.texts.has(key)) {
    setTexts(hiders.spared, key, spared, undo);
  }
  if (hidFromData) {
    toggleAllUndoably(undo, hiders.fresh, added, true);
    const forDataNow = texts.filter(
      (text) => !hidFromData.has(text) && hidesFromData(hiders, text),
    );
    toggleAllUndoably(undo, hiders.spared.fresh, forDataNow, true);
  }
  return changed;
}

/**
 * Adds call `key` to `hiders` in a group of its own, merging {@link FAN} groups of one size (its
 * texts are read by {@link readTexts}). `undo` is given what takes it out again.
 */
export function add(hiders: RunHiders, key: string, undo: Undo): void {
  const { groups, groupOf } = hiders;
  // The groups it merged, oldest first.
  const merged: Group[] = [];
  let last = group([key]);
  groupOf.set(key, last);
  groups.push(last);
  while (groups.length >= FAN && groups[groups.length - FAN]!.keys.length <= last.keys.length) {
    const taken = groups.splice(groups.length - FAN, FAN);
    // All but the last were there before: the last is the one this call made.
    merged.unshift(...taken.slice(0, -1));
    last = group(taken.flatMap((held) => held.keys));
    for (const k of last.keys) groupOf.set(k, last);
    groups.push(last);
  }
  undo.push(() => {
    groups.pop();
    groupOf.delete(key);
    for (const held of merged) {
      groups.push(held);
      for (const k of held.keys) groupOf.set(k, held);
    }
  });
}
