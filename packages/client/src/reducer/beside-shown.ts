import { partAt } from '../state/run-record.js';
import type { DataPart, RunState, ToolCallState } from '../state/state.js';
import { mapWorkflowValues } from '../state/workflow-record.js';
import { eachLeaf } from './echo.js';
import { TRUNCATED } from './scrub.js';
import { fold } from './text-match.js';
import { shownValue } from './transform.js';
import { assignUndoably, pushUndoably, type Undo } from './undo.js';

/*
 * The values a scope's calls showed of what they got back, kept so that a call that hides a value
 * later has only those that may quote it searched again (see `beside.ts`). They are kept in groups
 * whose sizes are powers of four, falling from the oldest to the newest, each with a filter of the
 * texts its values hold, raw and as shown (the raw value holds all of a text a mark in the shown
 * one cut short): every six characters in a row, and every three for a text shorter than six,
 * hashed into sets of bits eight times as many as the characters read. A text one of whose sixes
 * (or threes) a group lacks occurs in none of its values; one whose every six a group has may
 * (about one in eight of the bits is set, so a long text is seldom taken for another). A group with
 * a quote Mastra cut short (`… (truncated)`, which may end with the start of any text) may hold
 * every text. A group is read again when four merge: a value is read about log₄(n) times.
 */

/**
 * How many groups of one size become one, here and for the calls that hide (`beside-groups.ts`):
 * what a group holds is read again about log(n) / log(FAN) times, and a search asks at most
 * FAN - 1 groups of each size.
 */
export const FAN = 4;

/** A run's data part, by its place among the run's parts. */
export interface DataAt {
  readonly runId: string;
  readonly at: number;
}

/** What showed a value: a call (by its key), or a data part. */
export type Shown = string | DataAt;

/** Values searched together again, and the filter of what they hold. */
interface Group {
  readonly keys: readonly Shown[];
  /** The bits of the sixes, then those of the threes. */
  readonly bits: Uint32Array;
  /**
   * Whether a value holds a quote Mastra cut short (`… (truncated)`): it may end inside any
   * hidden text, with only its start, so the group may hold every text.
   */
  readonly cut: boolean;
}

/** The calls and runs of a state. */
interface Root {
  readonly toolCalls: { get(key: string): ToolCallState | undefined };
  readonly runs: { get(runId: string): RunState | undefined };
}

/** What a scope's calls and data parts showed: read into groups, and shown since the last read. */
export interface ShownValues {
  groups: Group[];
  unread: Shown[];
}

/** No values. */
export const noValues = (): ShownValues => ({ groups: [], unread: [] });

/**
 * Notes that call `key` shows what it got back (or a data part what it carries), as it shows it
 * now; `undo` takes it back.
 */
export function noteShown(values: ShownValues, key: Shown, undo: Undo): void {
  pushUndoably(undo, values.unread, key);
}

/** Gives `undo` what sets `values` back to what they are now, before they are read or forgotten. */
function keep(values: ShownValues, undo: Undo): void {
  assignUndoably(undo, values, { groups: [...values.groups], unread: [...values.unread] });
}

/** The values a call got back and shows. */
const BACK = ['output', 'error'] as const;

/**
 * Whether `call` shows a value it got back (a result, an error, a suspension's payload, its
 * workflow's step values) or wrote on its way (progress).
 */
export const showsBack = (call: ToolCallState): boolean =>
  BACK.some((key) => call[key].kind === 'raw' || call[key].kind === 'transformed') ||
  call.progress.length > 0 ||
  (call.workflow !== undefined &&
    (call.workflow.steps.size > 0 ||
      call.workflow.result !== undefined ||
      call.workflow.error !== undefined)) ||
  call.suspension?.payload.kind === 'raw' ||
  call.suspension?.payload.kind === 'transformed';

const BASE = 0x01000193;
/** BASE to the fifth and to the second power: what the first of six, or three, counts for. */
const FIRST = [
  Math.imul(Math.imul(BASE, BASE), Math.imul(Math.imul(BASE, BASE), BASE)),
  Math.imul(BASE, BASE),
];

/** `x` with its bits mixed, so that its low bits depend on all of them. */
const mixed = (x: number): number => {
  const y = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  return (y ^ (y >>> 13)) >>> 0;
};

/**
 * Calls `visit` with a hash of every six characters in a row of `text` (`which` 0), or every
 * three (`which` 1), in one pass: each hash made from the one before. In lower case, as texts are
 * searched for (see `text-match.ts`).
 */
function eachGram(text: string, which: 0 | 1, visit: (hash: number) => unknown): boolean {
  const n = which === 0 ? 6 : 3;
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= n) hash = (hash - Math.imul(fold(text.charCodeAt(i - n)), FIRST[which]!)) | 0;
    hash = (Math.imul(hash, BASE) + fold(text.charCodeAt(i))) | 0;
    if (i >= n - 1 && visit(mixed(hash)) === false) return false;
  }
  return true;
}

/** The bit of `hash` in half `half` (0 for sixes, 1 for threes) of `bits`. */
const bitOf = (bits: Uint32Array, half: number, hash: number): number => {
  const size = bits.length * 16;
  return half * size + (hash & (size - 1));
};

/** Run `runId`'s data part `at`, when it shows what it carries. */
export function dataAt(root: Root, { runId, at }: DataAt): DataPart | undefined {
  const run = root.runs.get(runId);
  const part = run && partAt(run, at);
  return part?.type === 'data' && part.hidden !== true ? part : undefined;
}

/** The texts the values of call `key` hold, raw and as shown (or those a data part shows). */
function textsOf(root: Root, key: Shown, into: string[]): void {
  const visit = (text: string) => {
    if (text.length >= 3) into.push(text);
  };
  if (typeof key !== 'string') {
    eachLeaf(dataAt(root, key)?.data, visit, true);
    return;
  }
  const call = root.toolCalls.get(key);
  if (call === undefined) return;
  const { raw } = call;
  for (const value of [raw.output, raw.error, raw.suspendPayload]) eachLeaf(value, visit, true);
  for (const display of [call.output, call.error, call.suspension?.payload, ...call.progress])
    eachLeaf(display && shownValue(display), visit, true);
  // A workflow's step values, as shown (each `mapWorkflowValues` reads).
  if (call.workflow !== undefined) {
    const read = <T>(value: T): T => {
      eachLeaf(value, visit, true);
      return value;
    };
    mapWorkflowValues(call.workflow, read, read);
  }
}

/** A group of the values of `keys`, read now. */
function groupOf(root: Root, keys: readonly Shown[]): Group {
  const texts: string[] = [];
  for (const key of keys) textsOf(root, key, texts);
  let chars = 0;
  for (const text of texts) chars += text.length;
  // Eight bits per character for each of the two, a power of two words.
  let words = 4;
  while (words * 16 < chars * 8) words *= 2;
  const bits = new Uint32Array(words);
  const set = (half: number, hash: number) => {
    const bit = bitOf(bits, half, hash);
    bits[bit >>> 5]! |= 1 << (bit & 31);
  };
  for (const text of texts) {
    eachGram(text, 1, (hash) => set(1, hash));
    if (text.length >= 6) eachGram(text, 0, (hash) => set(0, hash));
  }
  return { keys, bits, cut: texts.some((text) => text.endsWith(TRUNCATED)) };
}

/** Reads the values shown since the last read into groups, merging `FAN` groups of one size. */
function readUnread(values: ShownValues, root: Root): void {
  const { groups, unread } = values;
  for (const key of unread) {
    let keys: readonly Shown[] = [key];
    const older = FAN - 1;
    while (groups.length >= older && groups[groups.length - older]!.keys.length <= keys.length) {
      keys = [...groups.splice(groups.length - older, older).flatMap((held) => held.keys), ...keys];
    }
    groups.push(groupOf(root, keys));
  }
  unread.length = 0;
}

/** Whether `text` may occur in a group's values (see the note above). */
function mayHold(group: Group, text: string): boolean {
  const which = text.length < 6 ? 1 : 0;
  return eachGram(text, which, (hash) => {
    const bit = bitOf(group.bits, which, hash);
    return (group.bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  });
}

/** The calls and data parts whose values may hold a text: the groups that may, and their keys. */
export interface Found {
  readonly groups: ReadonlySet<Group>;
  readonly keys: ReadonlySet<Shown>;
  /** What finding them cost: the groups asked about each text, and the calls found. */
  readonly cost: number;
}

/** The calls and data parts whose values may hold one of `texts` (`undo` as above). */
export function mayQuote(
  values: ShownValues,
  root: Root,
  texts: Iterable<string>,
  undo: Undo,
): Found {
  if (values.unread.length > 0) keep(values, undo);
  readUnread(values, root);
  const groups = new Set<Group>();
  const keys = new Set<Shown>();
  let cost = 0;
  for (const text of texts) {
    for (const group of values.groups) {
      cost++;
      if (groups.has(group) || !(group.cut || mayHold(group, text))) continue;
      groups.add(group);
      for (const key of group.keys) keys.add(key);
    }
  }
  return { groups, keys, cost: cost + keys.size };
}

/**
 * Forgets the groups `found` names: their values no longer show anything (a search of them was
 * refused), so nothing is left to search again, and they cost nothing more.
 */
export function forget(values: ShownValues, found: Found, undo: Undo): void {
  keep(values, undo);
  const kept = values.groups.filter((group) => !found.groups.has(group));
  values.groups.length = 0;
  values.groups.push(...kept);
}
