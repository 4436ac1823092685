import { partAt, partCount } from '../state/run-record.js';
import type { RunPart, RunState } from '../state/state.js';

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

function add(index: PartIndex, part: RunPart, at: number): void {
  if (part.type === 'text' || part.type === 'reasoning') {
    index.last.set(textKey(part.type, part.id), at);
    if (part.state === 'streaming') index.open[part.type].push(at);
  } else if (part.type === 'data' && part.id !== undefined) {
    index.last.set(dataKey(part.name, part.id), at);
  }
}

/** The index of a run, brought up to date with its parts. */
export function partIndexOf(indexes: Map<string, PartIndex>, run: RunState): PartIndex {
  let index = indexes.get(run.runId);
  const count = partCount(run);
  if (index === undefined || count < index.read) {
    index = { read: 0, last: new Map(), open: { text: [], reasoning: [] } };
    indexes.set(run.runId, index);
  }
  for (let i = index.read; i < count; i++) add(index, partAt(run, i)!, i);
  index.read = count;
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
): number {
  const index = partIndexOf(indexes, run);
  const at = index.last.get(textKey(type, id));
  return at === undefined || lastOpen(index, run, type) > at ? -1 : at;
}

/** The newest part of `type` that is still streaming, or -1. */
export function lastOpen(index: PartIndex, run: RunState, type: 'text' | 'reasoning'): number {
  const open = index.open[type];
  while (open.length > 0) {
    const at = open[open.length - 1]!;
    const part = partAt(run, at);
    if (part !== undefined && part.type === type && part.state === 'streaming') return at;
    open.pop();
  }
  return -1;
}
