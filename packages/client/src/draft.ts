import type { RunState, ToolCallState, ToolpaneState } from './state.js';

/** Removes `readonly` from the top level of a type. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function shallowCopy<T extends object>(value: T): T {
  if (value instanceof Map) return new Map(value) as T;
  if (Array.isArray(value)) return value.slice() as T;
  return { ...value };
}

/**
 * Copy-on-write editing of a {@link ToolpaneState}.
 *
 * Published snapshots are immutable. Within one epoch (between two `publish()` calls) an object is
 * copied the first time it is written and then edited in place, so a burst of chunks costs
 * amortised O(chunk size) however large the state is, and entities nobody touched keep their
 * identity. A pure `reduce` uses a fresh draft per call; the store keeps one draft and publishes
 * it when it notifies, which is what makes ingest linear in stream size.
 */
export class Draft {
  private owned = new WeakSet<object>();
  root: ToolpaneState;

  constructor(root: ToolpaneState) {
    this.root = root;
  }

  /** Ends the epoch: everything reachable from `root` becomes immutable. */
  publish(): ToolpaneState {
    this.owned = new WeakSet();
    return this.root;
  }

  private own<T extends object>(value: T): T {
    if (this.owned.has(value)) return value;
    const copy = shallowCopy(value);
    this.owned.add(copy);
    return copy;
  }

  /** A writable root. */
  state(): Mutable<ToolpaneState> {
    this.root = this.own(this.root);
    return this.root as Mutable<ToolpaneState>;
  }

  /** A writable field of an object that is already writable. */
  field<P extends object, K extends keyof P>(parent: P, key: K): Mutable<P[K] & object> {
    const current = parent[key] as P[K] & object;
    const next = this.own(current);
    if (next !== current) (parent as Mutable<P>)[key] = next;
    return next as Mutable<P[K] & object>;
  }

  /** A writable entry of a map that is already writable. */
  entry<V extends object>(map: Map<string, V>, key: string): Mutable<V> | undefined {
    const current = map.get(key);
    if (current === undefined) return undefined;
    const next = this.own(current);
    if (next !== current) map.set(key, next);
    return next as Mutable<V>;
  }

  /** Marks a freshly created object as writable in this epoch. */
  adopt<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }

  /** A writable run, or undefined when the run is unknown. */
  run(runId: string): Mutable<RunState> | undefined {
    if (!this.root.runs.has(runId)) return undefined;
    const runs = this.field(this.state(), 'runs') as Map<string, RunState>;
    return this.entry(runs, runId);
  }

  /** A writable tool call, or undefined when the call is unknown. */
  toolCall(toolCallId: string): Mutable<ToolCallState> | undefined {
    if (!this.root.toolCalls.has(toolCallId)) return undefined;
    const calls = this.field(this.state(), 'toolCalls') as Map<string, ToolCallState>;
    return this.entry(calls, toolCallId);
  }

  /** Appends to an array field of a writable object. */
  push<P extends object, K extends keyof P>(parent: P, key: K, ...items: unknown[]): void {
    const list = this.field(parent, key) as unknown as unknown[];
    list.push(...items);
  }
}
