import { TERMINAL_TOOL_STATUSES, type ToolCallState } from '../state/state.js';
import type { Group, RunHiders } from './beside-index.js';
import { hiddenTexts } from './echo.js';
import { setUndoably, type Undo } from './undo.js';

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
 * Sets what call `key` of `hiders` hides to `texts`, counting each text's calls; returns the texts
 * no other call of `hiders` hid. `undo` is given what sets them back.
 */
export function setTexts(
  hiders: RunHiders,
  key: string,
  texts: readonly string[],
  undo?: Undo,
): string[] {
  const { counts } = hiders;
  const before = hiders.texts.get(key);
  undo?.push(() => {
    setTexts(hiders, key, before ?? []);
    if (before === undefined) hiders.texts.delete(key);
  });
  for (const text of before ?? []) {
    const count = counts.get(text)! - 1;
    if (count === 0) counts.delete(text);
    else counts.set(text, count);
  }
  hiders.texts.set(key, texts);
  const added: string[] = [];
  for (const text of texts) {
    const count = counts.get(text) ?? 0;
    if (count === 0) added.push(text);
    counts.set(text, count + 1);
  }
  return added;
}

/**
 * Adds `call` to `hiders` in a group of its own, merging groups of one size (see `sources`);
 * returns the texts no other call of `hiders` hid. `undo` is given what takes it out again.
 */
export function add(
  hiders: RunHiders,
  call: ToolCallState,
  reopens: boolean,
  undo: Undo,
): string[] {
  const { groups, groupOf } = hiders;
  const { key } = call;
  setUndoably(undo, hiders.sources, key, sources(call, reopens));
  const added = setTexts(hiders, key, besideTexts(call, hiders.wide, reopens), undo);
  // The groups it merged, oldest first.
  const merged: Group[] = [];
  let last = group([key]);
  groupOf.set(key, last);
  groups.push(last);
  while (groups.length > 1 && groups[groups.length - 2]!.keys.length <= last.keys.length) {
    groups.pop();
    const older = groups.pop()!;
    merged.unshift(older);
    last = group([...older.keys, ...last.keys]);
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
  return added;
}
