/**
 * Incremental parser for the partial JSON of streamed tool-call arguments.
 *
 * Why hand-written: the popular partial-JSON libraries (partial-json, best-effort-json-parser)
 * re-parse the whole prefix on every delta, which is quadratic in the argument size, and
 * @streamparser/json mutates its values in place and reports neither per-path completion nor
 * structural sharing. This is one character-level state machine that never re-reads input.
 *
 * Cost model:
 * - `push(delta)` costs O(delta.length) to advance the state machine (string runs are sliced in
 *   one go) plus O(depth) to capture the snapshot: one (builder, member count, open key) triple
 *   per open container. Nothing is copied then. A container is materialized (copied into a frozen
 *   plain value) once when it closes, O(its members), so O(input) over the whole document.
 * - `snapshot.value` is materialized on first read and cached in that snapshot. A read costs
 *   O(depth) plus O(members) for each open container whose visible content changed since it was
 *   last materialized: that container gets one new frozen copy; every other container, i.e. all
 *   complete subtrees and unchanged open ones, keeps its identity.
 * - Trade-off: a fresh immutable plain array of n members cannot be made in less than O(n), so a
 *   consumer that reads `.value` after every push into one huge open container pays O(n) per read
 *   (quadratic for one-character deltas into a flat array). Reading is lazy, so parsing alone stays
 *   linear, and a UI that reads once per frame pays O(n) per frame. Persistent structures or Proxy
 *   views would avoid the copy but are not plain JSON values (structuredClone, deep-equality helpers
 *   and devtools all treat them differently), which is what consumers of tool arguments expect.
 */
import { NONE } from './builder.js';
import type { MachineState } from './capture.js';
import { JsonMachine } from './machine.js';

/**
 * An immutable view of a partially received JSON document.
 *
 * @example
 * const snap = parsePartialJson('{"city":"Par');
 * snap.value; // { city: 'Par' }
 * snap.isComplete('/city'); // false
 */
export interface PartialJsonSnapshot {
  /** Best current value: complete parts as parsed, open strings as their prefix, open objects/arrays with what is complete so far. undefined before any value starts. */
  readonly value: unknown;
  /** True once the whole document is complete and valid. */
  readonly complete: boolean;
  /** JSON-pointer-like paths ('' for the root, '/city', '/items/0') of values that are complete. */
  isComplete(path: string): boolean;
  /** Set when the text is not valid JSON; parsing stops there. */
  readonly error: { message: string; offset: number } | undefined;
}

/**
 * Parses one JSON document that arrives as text deltas, in time linear in the text.
 *
 * @example
 * const parser = createPartialJsonParser();
 * parser.push('{"city":"Pa');
 * parser.push('ris"}').value; // { city: 'Paris' }
 */
export interface PartialJsonParser {
  /**
   * Feeds the next delta and returns the new snapshot; after an error it is ignored.
   *
   * @example
   * parser.push('"ab').value; // 'ab'
   */
  push(delta: string): PartialJsonSnapshot;
  /**
   * The snapshot returned by the last `push` (an empty one before the first).
   *
   * @example
   * parser.snapshot.complete; // false
   */
  readonly snapshot: PartialJsonSnapshot;
  /**
   * All text pushed so far, up to and including the delta that caused an error.
   *
   * @example
   * parser.text; // '{"city":"Pa'
   */
  readonly text: string;
}

const INDEX = /^(?:0|[1-9][0-9]*)$/;

function parsePointer(path: string): string[] | undefined {
  if (path === '') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolves(value: unknown, segments: readonly string[]): boolean {
  if (value === undefined) return false;
  let current: unknown = value;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!INDEX.test(segment) || Number(segment) >= current.length) return false;
      current = current[Number(segment)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return false;
    }
  }
  return true;
}

class Snapshot implements PartialJsonSnapshot {
  readonly complete: boolean;
  readonly error: PartialJsonSnapshot['error'];
  readonly #state: MachineState;
  #value: unknown;
  #built = false;

  constructor(state: MachineState) {
    this.#state = state;
    this.complete = state.complete;
    this.error = state.error;
    Object.freeze(this);
  }

  /** Whether `value` is defined, told without building it. */
  get started(): boolean {
    const { frames, scalar, root } = this.#state;
    return root !== NONE || frames.length > 0 || scalar !== undefined;
  }

  get value(): unknown {
    if (!this.#built) {
      this.#value = this.#build();
      this.#built = true;
    }
    return this.#value;
  }

  isComplete(path: string): boolean {
    const segments = parsePointer(path);
    if (segments === undefined || !resolves(this.value, segments)) return false;
    const { frames, scalar, root } = this.#state;
    if (root !== NONE) return true;
    // The open values are the root and the open member of each open container down to the open
    // scalar, i.e. exactly the prefixes of one path. Anything else that exists is complete.
    const openDepth = scalar === undefined ? frames.length - 1 : frames.length;
    if (segments.length > openDepth) return true;
    return segments.some((segment, i) => {
      const frame = frames[i]!;
      return segment !== (frame.builder.isArray ? String(frame.count) : frame.key);
    });
  }

  #build(): unknown {
    const { frames, scalar, root } = this.#state;
    if (root !== NONE) return root;
    let child: unknown = NONE;
    if (scalar?.kind === 'string') child = scalar.text;
    else if (scalar?.kind === 'number') child = Number(scalar.text.slice(0, scalar.length));
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i]!;
      child = frame.builder.materialize(frame.count, frame.key, child);
    }
    return child === NONE ? undefined : child;
  }
}

class Parser implements PartialJsonParser {
  private readonly machine = new JsonMachine();
  private current = new Snapshot(this.machine.capture());
  private allText = '';

  get snapshot(): PartialJsonSnapshot {
    return this.current;
  }

  get text(): string {
    return this.allText;
  }

  push(delta: string): PartialJsonSnapshot {
    if (this.machine.failed || delta === '') return this.current;
    this.allText += delta;
    this.machine.feed(delta);
    this.current = new Snapshot(this.machine.capture());
    return this.current;
  }
}

/**
 * Whether a snapshot's `value` is defined (a value has started), in O(1): reading `value` builds
 * the open containers, O(their members).
 *
 * @example
 * hasValue(parsePartialJson(' ')); // false
 * hasValue(parsePartialJson('[1,')); // true
 */
export function hasValue(snapshot: PartialJsonSnapshot): boolean {
  return snapshot instanceof Snapshot ? snapshot.started : snapshot.value !== undefined;
}

/**
 * Creates a parser that turns text deltas of one JSON document into immutable snapshots.
 *
 * @example
 * const parser = createPartialJsonParser();
 * for (const delta of ['{"items":[1,', '2]}']) parser.push(delta);
 * parser.snapshot.value; // { items: [1, 2] }
 */
export function createPartialJsonParser(): PartialJsonParser {
  return new Parser();
}

/**
 * Parses a whole or partial JSON text in one go, like a fresh parser given it as one delta.
 *
 * @example
 * parsePartialJson('{"items":[1,2').value; // { items: [1, 2] }
 */
export function parsePartialJson(text: string): PartialJsonSnapshot {
  return createPartialJsonParser().push(text);
}
