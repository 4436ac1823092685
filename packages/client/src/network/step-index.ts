import type { Ctx } from '../reducer/context.js';
import { assignUndoably, setUndoably } from '../reducer/undo.js';
import { countOf, itemAt } from '../state/list-fields.js';
import type { NetworkState, NetworkStep } from './state.js';

/*
 * Finding a network's step. A chunk names the step it continues: a routing step by its run id, an
 * execution by its id or by its primitive, the open completion check. That step is nearly always
 * among the last few, so a short walk back finds it; a step that is not there (a new primitive on
 * every iteration, a chunk naming a step the network never had) would walk every step, once per
 * chunk. Past the walk, an index of the steps' keys answers in O(1): built on first need, kept in
 * the reducer's working memory per network run, and brought up to date by reading the steps
 * appended since (steps are appended, or replaced by one of the same kind and id).
 */

/** How many of the last steps are walked before the index is asked. */
const WALK = 8;

/** The latest position of each key of a network's steps. */
interface StepIndex {
  /** How many steps have been read into the index. */
  read: number;
  readonly at: Map<string, number>;
}

/** A key a step is found by. */
export type StepKey =
  | { readonly routing: string | undefined }
  | { readonly execution: string }
  | { readonly primitive: string; readonly type?: string };

const keyOf = (key: StepKey): string =>
  'routing' in key
    ? key.routing === undefined
      ? 'R'
      : `r\0${key.routing}`
    : 'execution' in key
      ? `e\0${key.execution}`
      : `p\0${key.type ?? ''}\0${key.primitive}`;

/** Whether `step` has `key`. */
function has(step: NetworkStep, key: StepKey): boolean {
  if ('routing' in key) {
    return step.kind === 'routing' && (key.routing === undefined || step.id === key.routing);
  }
  if (step.kind !== 'execution') return false;
  if ('execution' in key) return step.id === key.execution;
  return (
    step.primitive.id === key.primitive && (key.type ?? step.primitive.type) === step.primitive.type
  );
}

/** Records the keys of a step at `i`; a rollback takes them back. */
function add(ctx: Ctx, index: StepIndex, step: NetworkStep, i: number): void {
  const set = (key: string) => setUndoably(ctx.draft.undo, index.at, key, i);
  if (step.kind === 'routing') {
    set('R');
    set(keyOf({ routing: step.id }));
  } else if (step.kind === 'execution') {
    const { type, id } = step.primitive;
    set(keyOf({ execution: step.id }));
    set(keyOf({ primitive: id }));
    set(keyOf({ primitive: id, type }));
  }
}

/**
 * The position of the latest step of the network of run `runId` that has `key`, or -1. A routing
 * key without an id finds the latest routing step; a primitive key without a type, the latest
 * execution of that primitive id of any type.
 */
export function findStep(ctx: Ctx, runId: string, network: NetworkState, key: StepKey): number {
  const count = countOf(network, 'steps');
  const stop = Math.max(0, count - WALK);
  for (let i = count - 1; i >= stop; i--) {
    if (has(itemAt(network, 'steps', i)!, key)) return i;
  }
  if (stop === 0) return -1;
  const name = `network\0${runId}`;
  let index = ctx.scratch.indexes.get(name) as StepIndex | undefined;
  if (index === undefined || count < index.read) {
    index = { read: 0, at: new Map() };
    setUndoably(ctx.draft.undo, ctx.scratch.indexes, name, index);
  }
  const { read } = index;
  if (read < count) {
    // What it reads a rollback takes back, as it takes back the steps.
    for (let i = read; i < count; i++) add(ctx, index, itemAt(network, 'steps', i)!, i);
    assignUndoably(ctx.draft.undo, index, { read: count });
  }
  // The walk looked at the last steps already: a match there would have been found.
  const at = index.at.get(keyOf(key)) ?? -1;
  return at < stop ? at : -1;
}
