import type { AppendList } from './append-list.js';
import { ChangeMap } from './change-map.js';
import type {
  ArrayKey,
  DraftChanges,
  ItemOf,
  Mutable,
  ObjectKey,
  Writable,
} from './draft-types.js';
import { NO_CHANGES } from './draft-types.js';
import { copyListed, isListKey, pushItems } from './list-fields.js';
import { PersistentMap } from './persistent-map.js';
import { RunRecord } from './run-record.js';
import { Stack } from './stack.js';
import type { RunPart, RunState, ToolCallState, ToolpaneState } from './state.js';
import {
  type Cursor,
  type ListKey,
  type Lists,
  listsOf,
  type SinceStop,
  StateRoot,
  sinceStopWith,
} from './state-root.js';
import type { CallChange } from './waiting.js';
import { WorkflowRecord } from './workflow-record.js';

export type * from './draft-types.js';
export { NO_CHANGES } from './draft-types.js';

function shallowCopy<T extends object>(value: T): T {
  if (value instanceof WorkflowRecord) return WorkflowRecord.copy(value) as T;
  if (value instanceof Map) return new Map(value) as T;
  if (Array.isArray(value)) return value.slice() as T;
  return copyListed(value);
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
  /** Other objects made or copied in this epoch than those the fields below tell; lazily made. */
  private owned: Set<object> | undefined;
  root: StateRoot;
  /** The root as of the last publish (or the start); `root` is writable while it differs. */
  private published: StateRoot;
  /** The lists copied in this epoch, if any (the root's lists, edited in place). */
  private ownedLists: Mutable<Lists> | undefined;
  /** Whether the cursor of {@link ownedLists} was copied in this epoch. */
  private cursorOwned = false;
  /** Calls set in the epoch, by key: each is new or copied in the epoch, so writable. */
  private calls: ChangeMap<CallChange> | undefined;
  /** Runs set in the epoch, by runId: each is new or copied in the epoch, so writable. */
  private runs: ChangeMap<RunRecord> | undefined;
  private lists: ListKey[] | undefined;
  private lastChanges: DraftChanges = NO_CHANGES;
  #epoch = 0;
  /** What the reducer applied since the last publish: it applies it again after a rollback. */
  readonly log = new Stack<unknown>();
  /** What takes back the epoch's writes in place to what versions share, run by a rollback. */
  readonly undo = new Stack<() => void>();
  /** The run returned last in this epoch: consecutive chunks nearly always share a run. */
  private lastRunId: string | undefined;
  private lastRun: RunRecord | undefined;
  /** The same for tool calls: argument deltas come in runs of one call. */
  private lastCallId: string | undefined;
  private lastCall: Mutable<ToolCallState> | undefined;

  constructor(root: ToolpaneState) {
    // A state from elsewhere (e.g. rebuilt from JSON) may hold plain Maps and arrays: adopt them.
    this.root =
      root.runs instanceof PersistentMap &&
      root.toolCalls instanceof PersistentMap &&
      root instanceof StateRoot
        ? root
        : new StateRoot(
            {
              format: root.format,
              runs: PersistentMap.from(root.runs),
              toolCalls: PersistentMap.from(root.toolCalls),
            },
            listsOf(root),
          );
    this.published = this.root;
  }

  /** Ends the epoch: what `root` reaches is immutable; {@link changes} tells what changed. */
  publish(): StateRoot {
    const before = this.published;
    const root = this.root;
    if (root === before) this.lastChanges = NO_CHANGES;
    else {
      const calls = this.calls ?? NO_CHANGES.calls;
      if (calls.size > 0) StateRoot.reindex(root, calls);
      this.lastChanges = {
        calls,
        runs: this.runs ?? NO_CHANGES.runs,
        lists: this.lists ?? NO_CHANGES.lists,
        format: root.format !== before.format,
      };
    }
    this.published = root;
    this.undo.clear();
    this.rollback();
    return root;
  }

  /** Undoes every write since the last publish (writes copy: what it published is as it was). */
  rollback(): void {
    while (this.undo.size > 0) this.undo.pop()!();
    this.root = this.published;
    this.#epoch++;
    this.log.clear();
    this.owned = this.ownedLists = this.calls = this.runs = this.lists = undefined;
    this.cursorOwned = false;
    this.forgetLast();
  }

  /** The number of the epoch (publishes and rollbacks so far): what it copied is edited in place. */
  get epoch(): number {
    return this.#epoch;
  }

  /** The calls set in this epoch (since the last publish or rollback), by key. */
  callsWritten(): ChangeMap<CallChange> {
    return this.calls ?? NO_CHANGES.calls;
  }

  /** What the epoch ended by the last {@link publish} changed. */
  changes(): DraftChanges {
    return this.lastChanges;
  }

  /** `value` writable: itself when made or copied in this epoch, else a copy made writable. */
  own<T extends object>(value: T): T {
    if (this.owned?.has(value) === true) return value;
    return this.adopt(shallowCopy(value));
  }

  /** A writable root. */
  state(): Mutable<ToolpaneState> {
    const root = this.root;
    // Only this method replaces the root, always with a copy of its own.
    if (root === this.published) this.root = StateRoot.copy(root);
    return this.root as Mutable<ToolpaneState>;
  }

  /**
   * Appends to one of the root's growing lists: `runs` (`runOrder`), `calls` (`toolCallOrder`),
   * `issues` or `unknown` (`unknownChunks`).
   */
  append<K extends ListKey>(key: K, item: Lists[K] extends AppendList<infer T> ? T : never): void {
    const lists = this.writableLists();
    if (this.lists === undefined) this.lists = [key];
    else if (!this.lists.includes(key)) this.lists.push(key);
    const list = lists[key] as AppendList<typeof item>;
    lists[key] = list.append(item, this.undo) as Lists[K];
  }

  /** The writable lists of the writable root: copied once per epoch, then edited in place. */
  private writableLists(): Mutable<Lists> {
    if (this.ownedLists !== undefined) return this.ownedLists;
    const root = this.state() as StateRoot;
    const copy: Mutable<Lists> = { ...StateRoot.lists(root) };
    this.ownedLists = copy;
    StateRoot.setLists(root, copy);
    return copy;
  }

  /** Where the stream stands (see {@link Cursor}). */
  cursor(): Cursor {
    return StateRoot.lists(this.root).cursor;
  }

  /** Moves one field of the cursor; the root is copied only when the field changes. */
  moveCursor<K extends keyof Cursor>(field: K, value: Cursor[K]): void {
    if (this.cursor()[field] === value) return;
    const lists = this.writableLists();
    if (this.cursorOwned) (lists.cursor as Mutable<Cursor>)[field] = value;
    else {
      // A spread, then a write: V8 takes a slow path for a spread with a field after it.
      const cursor: Mutable<Cursor> = { ...lists.cursor };
      cursor[field] = value;
      lists.cursor = cursor;
      this.cursorOwned = true;
    }
  }

  /** Replaces an index: the repeats (`draft-repeats.ts`), the witnesses of waiting, the names. */
  setIndex<K extends 'repeats' | 'witnesses' | 'names'>(key: K, index: Lists[K]): void {
    (this.writableLists() as Mutable<Pick<Lists, K>>)[key] = index;
  }

  /**
   * A writable field of an object that is already writable: a copy the first time in an epoch.
   * The field must hold a value (an optional one is set before it is edited). A run's lists are
   * persistent, not arrays: {@link push}, {@link pushPart}, {@link setPart}, {@link setStep} and
   * {@link pushToolCallId} edit them; so are a call's `progress` and `childRunIds` and a
   * network's `steps` (`state/list-fields.ts`): {@link push} appends to them.
   */
  field<P extends object, K extends ObjectKey<P>>(parent: P, key: K): Writable<NonNullable<P[K]>> {
    if (parent instanceof RunRecord ? RunRecord.isList(key) : isListKey(key)) {
      throw new TypeError(`The list ${String(key)} is edited through the draft's list methods`);
    }
    const current: P[K] = parent[key];
    const next = this.own(current as P[K] & object);
    if (next !== current) parent[key] = next;
    return next as Writable<NonNullable<P[K]>>;
  }

  /** Marks a new object writable for {@link field} and {@link own} (runs and calls need not). */
  adopt<T extends object>(value: T): T {
    this.owned ??= new Set();
    this.owned.add(value);
    return value;
  }

  /** Sets a run: a new one or a writable copy made in this epoch (edited in place till publish). */
  setRun(runId: string, run: RunState): void {
    const state = this.state();
    state.runs = (state.runs as PersistentMap<RunState>).set(runId, run, this.undo);
    this.runs ??= new ChangeMap();
    this.runs.set(runId, record(run));
    this.touch('runs', runId);
  }

  /** Sets a call: a new one or a writable copy made in this epoch (edited in place to publish). */
  setToolCall(toolCallId: string, call: ToolCallState): void {
    const noted = this.calls?.get(toolCallId);
    const before = noted === undefined ? this.published.toolCalls.get(toolCallId) : noted.before;
    this.putCall(toolCallId, call, before);
  }

  private putCall(key: string, call: ToolCallState, before: ToolCallState | undefined): void {
    const state = this.state();
    state.toolCalls = (state.toolCalls as PersistentMap<ToolCallState>).set(key, call, this.undo);
    this.calls ??= new ChangeMap();
    this.calls.set(key, { key, before, after: call });
    this.touch('calls', key);
  }

  /** Notes a run or a call written since the stream last stopped (see {@link SinceStop}). */
  private touch(field: 'runs' | 'calls', id: string): void {
    this.onWrite?.(field, id);
    const since = StateRoot.lists(this.root).sinceStop;
    if (since === undefined || since[field].at(-1) === id) return;
    this.writableLists().sinceStop = { ...since, [field]: since[field].append(id, this.undo) };
  }

  /**
   * The stream stopped, leaving the calls `open` (by key) not terminal and `hiding` hiding a
   * value: what is written next is noted again, even in the run or call the draft returned last.
   */
  stopped(open: SinceStop['open'], hiding: SinceStop['hiding']): void {
    this.writableLists().sinceStop = sinceStopWith(open, hiding);
    this.forgetLast();
  }

  /** Forgets the run and the call returned last. */
  private forgetLast(): void {
    this.lastRunId = this.lastCallId = this.lastRun = this.lastCall = undefined;
  }

  /** Told of every run and call handed out to be written, before it is (the last one again). */
  onWrite: ((field: 'runs' | 'calls', id: string) => void) | undefined;

  /** A writable run, or undefined when the run is unknown. */
  run(runId: string): Mutable<RunState> | undefined {
    if (this.lastRunId === runId) {
      this.onWrite?.('runs', runId);
      return this.lastRun;
    }
    // A run set in this epoch is writable; any other is copied once.
    let run = this.runs?.get(runId);
    if (run === undefined) {
      const current = this.root.runs.get(runId);
      if (current === undefined) return undefined;
      run = RunRecord.copy(current);
      this.setRun(runId, run);
    } else this.touch('runs', runId);
    this.lastRunId = runId;
    this.lastRun = run;
    return run;
  }

  /** A writable tool call, or undefined when the call is unknown. */
  toolCall(toolCallId: string): Mutable<ToolCallState> | undefined {
    if (this.lastCallId === toolCallId) {
      this.onWrite?.('calls', toolCallId);
      return this.lastCall;
    }
    // A call set in this epoch is writable; any other is copied once.
    let call = this.calls?.get(toolCallId)?.after as Mutable<ToolCallState> | undefined;
    if (call === undefined) {
      const current = this.root.toolCalls.get(toolCallId);
      if (current === undefined) return undefined;
      call = copyListed(current);
      // Not set in this epoch: `current` is the call as last published.
      this.putCall(toolCallId, call, current);
    } else this.touch('calls', toolCallId);
    this.lastCallId = toolCallId;
    this.lastCall = call;
    return call;
  }

  /** Appends a part to a writable run. */
  pushPart(run: Mutable<RunState>, part: RunPart): void {
    RunRecord.pushPart(record(run), part);
  }

  /** Replaces the part at `index` of a writable run. */
  setPart(run: Mutable<RunState>, index: number, part: RunPart): void {
    RunRecord.setPart(record(run), index, part);
  }

  /** Appends a tool call id to a writable run. */
  pushToolCallId(run: Mutable<RunState>, toolCallId: string): void {
    RunRecord.pushToolCallId(record(run), toolCallId, this.undo);
  }

  /** Replaces the step at `index` of a writable run (append with {@link push}). */
  setStep(run: Mutable<RunState>, index: number, step: RunState['steps'][number]): void {
    RunRecord.setStep(record(run), index, step);
  }

  /** Appends to an array field of a writable object; the items must fit the array. */
  push<P extends object, K extends ArrayKey<P> & ObjectKey<P>>(
    parent: P,
    key: K,
    ...items: ItemOf<P, K>[]
  ): void {
    if (parent instanceof RunRecord && RunRecord.isList(key)) RunRecord.pushTo(parent, key, items);
    else if (isListKey(key)) pushItems(parent, key, items);
    else (this.field(parent, key) as ItemOf<P, K>[]).push(...items);
  }
}

/** A writable run is always a record: `Draft.run` and `ensureRun` make nothing else. */
function record(run: Mutable<RunState>): RunRecord {
  if (run instanceof RunRecord) return run;
  throw new Error('A writable run comes from the draft');
}
