import type { DisplayValue, ToolCallState } from '../state/state.js';

/*
 * The values a run's calls showed of what they got back, kept so that a call that hides a value
 * later has only those that may quote it searched again (see `beside.ts`). They are kept in groups
 * whose sizes halve from the oldest to the newest, each with a filter of the texts its values hold,
 * raw and as shown (the raw value holds all of a text a mark in the shown one cut short): every
 * six characters in a row, hashed into a set of bits eight times as many as the characters read,
 * and every three characters in a row, for a text shorter than six. A text one of whose sixes (or
 * threes) a group lacks occurs in none of its values; one whose every six a group has may (one in
 * eight of the bits a six finds set, so a long text is seldom taken for another). A group is
 * read again when two merge: a value is read about log(n) times.
 */

/** Values searched together again, and the filter of what they hold. */
interface Group {
  readonly keys: readonly string[];
  readonly bits: Uint32Array;
  readonly threes: Set<number>;
}

/** The calls of a state, by key. */
interface Calls {
  get(key: string): ToolCallState | undefined;
}

/** What a run's calls showed: read into groups, and shown since the last read. */
export interface ShownValues {
  readonly groups: Group[];
  readonly unread: string[];
}

/** No values. */
export const noValues = (): ShownValues => ({ groups: [], unread: [] });

/** Notes that call `key` shows what it got back, as it shows it now. */
export function noteShown(values: ShownValues, key: string): void {
  values.unread.push(key);
}

/** The values a call got back and shows. */
const BACK = ['output', 'error'] as const;

/** Whether `call` shows a value it got back (a result, an error, a suspension's payload). */
export const showsBack = (call: ToolCallState): boolean =>
  BACK.some((key) => call[key].kind === 'raw' || call[key].kind === 'transformed') ||
  call.suspension?.payload.kind === 'raw' ||
  call.suspension?.payload.kind === 'transformed';

const three = (text: string, i: number): number =>
  text.charCodeAt(i) * 0x100000000 + text.charCodeAt(i + 1) * 0x10000 + text.charCodeAt(i + 2);

/** A hash of the six characters of `text` from `i`. */
function six(text: string, i: number): number {
  let hash = 0x811c9dc5;
  for (let j = i; j < i + 6; j++) hash = Math.imul(hash ^ text.charCodeAt(j), 0x01000193);
  return hash >>> 0;
}

/** Calls `visit` with every string (keys too) and number `value` holds. */
function eachText(value: unknown, visit: (text: string) => void): void {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') visit(item);
    else if (typeof item === 'number') visit(String(item));
    else if (typeof item === 'object' && item !== null && !seen.has(item)) {
      seen.add(item);
      for (const [name, child] of Object.entries(item)) {
        visit(name);
        stack.push(child);
      }
    }
  }
}

const shownOf = (display: DisplayValue | undefined): unknown =>
  display?.kind === 'raw' || display?.kind === 'transformed' ? display.value : undefined;

/** The texts the values of call `key` hold, raw and as shown. */
function textsOf(calls: Calls, key: string, into: string[]): void {
  const call = calls.get(key);
  if (call === undefined) return;
  const visit = (text: string) => {
    if (text.length >= 3) into.push(text);
  };
  const { raw } = call;
  for (const value of [raw.output, raw.error, raw.suspendPayload]) eachText(value, visit);
  for (const display of [call.output, call.error, call.suspension?.payload])
    eachText(shownOf(display), visit);
}

/** A group of the values of `keys`, read now. */
function groupOf(calls: Calls, keys: readonly string[]): Group {
  const texts: string[] = [];
  for (const key of keys) textsOf(calls, key, texts);
  let chars = 0;
  for (const text of texts) chars += text.length;
  // Eight bits per character, a power of two words.
  let words = 2;
  while (words * 32 < chars * 8) words *= 2;
  const bits = new Uint32Array(words);
  const mask = words * 32 - 1;
  const threes = new Set<number>();
  for (const text of texts) {
    for (let i = 0; i + 2 < text.length; i++) threes.add(three(text, i));
    for (let i = 0; i + 5 < text.length; i++) {
      const bit = six(text, i) & mask;
      bits[bit >>> 5]! |= 1 << (bit & 31);
    }
  }
  return { keys, bits, threes };
}

/** Reads the values shown since the last read into groups, merging groups of one size. */
function readUnread(values: ShownValues, calls: Calls): void {
  const { groups, unread } = values;
  for (const key of unread) {
    let keys: readonly string[] = [key];
    while (groups.length > 0 && groups[groups.length - 1]!.keys.length <= keys.length) {
      keys = [...groups.pop()!.keys, ...keys];
    }
    groups.push(groupOf(calls, keys));
  }
  unread.length = 0;
}

/** Whether `text` may occur in a group's values (see the note above). */
function mayHold(group: Group, text: string): boolean {
  if (text.length < 6) {
    for (let i = 0; i + 2 < text.length; i++) if (!group.threes.has(three(text, i))) return false;
    return true;
  }
  const mask = group.bits.length * 32 - 1;
  for (let i = 0; i + 5 < text.length; i++) {
    const bit = six(text, i) & mask;
    if ((group.bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}

/** The calls whose values may hold a text: the groups that may, and their calls. */
export interface Found {
  readonly groups: ReadonlySet<Group>;
  readonly keys: ReadonlySet<string>;
  /** What finding them cost: the groups asked about each text, and the calls found. */
  readonly cost: number;
}

/** The calls whose values may hold one of `texts` (read from `calls` first). */
export function mayQuote(values: ShownValues, calls: Calls, texts: Iterable<string>): Found {
  readUnread(values, calls);
  const groups = new Set<Group>();
  const keys = new Set<string>();
  let cost = 0;
  for (const text of texts) {
    for (const group of values.groups) {
      cost++;
      if (groups.has(group) || !mayHold(group, text)) continue;
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
export function forget(values: ShownValues, found: Found): void {
  const kept = values.groups.filter((group) => !found.groups.has(group));
  values.groups.length = 0;
  values.groups.push(...kept);
}
