import { partAt, partCount } from '../state/run-record.js';
import type { RunPart, RunState } from '../state/state.js';
import { assignUndoably, pushUndoably, setUndoably, type Undo } from './undo.js';

/**
 * Where a run's text, reasoning and data parts sit, so that a chunk finds the part it edits in
 * O(1) however many parts the run holds. Parts are only appended or replaced in place, so the
 * index catches up by reading the parts appended since it last looked: every part is read once.
 * Kept in the reducer's working memory, per run; a pure `reduce` builds it on first use.
 */
export interface PartIndex {
  /** How many parts of the run have been read into the index. */
  read: number;
  /** The last part of each `type\0id` (text and reasoning) and `data\0name\0id` (data). */
  readonly last: Map<string, number>;
  /**
   * Indexes of text and reasoning parts that were streaming when read, oldest first. Parts only
   * ever go from streaming to done, so closed ones are dropped from the end when they surface.
   */
  readonly open: { text: number[]; reasoning: number[] };
}

/** The key of a text or reasoning part. */
export const textKey = (type: 'text' | 'reasoning', id: string): string => `${type}\0${id}`;

/** The key of a data part with an id. */
export const dataKey = (name: string, id: string): string => `data\0${name}\0${id}`;

/** Reads a part into the index. */
function add(index: PartIndex, part: RunPart, at: number, undo: Undo): void {
  if (part.type === 'text' || part.type === 'reasoning') {
    setUndoably(undo, index.last, textKey(part.type, part.id), at);
    if (part.state === 'streaming') pushUndoably(undo, index.open[part.type], at);
  } else if (part.type === 'data' && part.id !== undefined) {
    setUndoably(undo, index.last, dataKey(part.name, part.id), at);
  }
}

/**
 * The index of a run, brought up to date with its parts. What it reads a rollback takes back
 * (`undo`), so that the index follows the parts the draft goes back to without reading them again.
 */
export function partIndexOf(indexes: Map<string, PartIndex>, run: RunState, undo: Undo): PartIndex {
  let index = indexes.get(run.runId);
  const count = partCount(run);
  if (index === undefined || count < index.read) {
    index = { read: 0, last: new Map(), open: { text: [], reasoning: [] } };
    setUndoably(undo, indexes, run.runId, index);
  }
  const from = index.read;
  if (from < count) {
    for (let i = from; i < count; i++) add(index, partAt(run, i)!, i, undo);
    assignUndoably(undo, index, { read: count });
  }
  return index;
}

/**
 * Where the text or reasoning part with this id that a chunk edits sits, or -1 when a new one
 * starts (none has the id, or a newer part of the type is still streaming).
 */
export function textPartAt(
  indexes: Map<string, PartIndex>,
  run: RunState,
  type: 'text' | 'reasoning',
  id: string,
  undo: Undo,
): number {
  const index = partIndexOf(indexes, run, undo);
  const at = index.last.get(textKey(type, id));
  return at === undefined || lastOpen(index, run, type, undo) > at ? -1 : at;
}

/** The newest part of `type` that is still streaming, or -1. A rollback takes back what it drops. */
export function lastOpen(
  index: PartIndex,
  run: RunState,
  type: 'text' | 'reasoning',
  undo: Undo,
): number {
  const open = index.open[type];
  while (open.length > 0) {
    const at = open[open.length - 1]!;
    const part = partAt(run, at);
    if (part !== undefined && part.type === type && part.state === 'streaming') return at;
    open.pop();
    undo.push(() => open.push(at));
  }
  return -1;
}
