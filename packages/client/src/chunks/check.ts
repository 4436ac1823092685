/**
 * Structural checks for the shapes Toolpane reads on every chunk: a few typed fields per object,
 * unknown fields kept.
 *
 * Written here rather than with zod because these checks run once per chunk and once per chunk
 * nested inside it. With zod they took 45% of the reduce time and 90 KB of the client bundle (see
 * BENCHMARKS.md); the shapes need nothing beyond `typeof` tests, and a passing value is returned
 * as is instead of being copied. zod stays where it earns its place: checking resume data against
 * a call's resume schema (`resume/validate.ts`), loaded on first use.
 */

/** Where a value failed a check, and why. */
export interface CheckIssue {
  /** Keys from the checked value down to the failing field. */
  readonly path: string[];
  readonly message: string;
}

/** A check of one value; `test` returns an issue, or undefined when the value passes. */
export interface Check<T> {
  readonly test: (value: unknown) => CheckIssue | undefined;
  /** Whether an object may lack the field. */
  readonly optional: boolean;
  /** The checked type; only for inference, never set. */
  readonly type?: T;
}

/** The type a check accepts. */
export type Checked<C> = C extends Check<infer T> ? T : never;

type Shape = Readonly<Record<string, Check<unknown>>>;

type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K]['optional'] extends true ? K : never;
}[keyof S];

/** The type an {@link object} check of `S` accepts: its fields, and any others kept as unknown. */
export type ShapeOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Checked<S[K]>;
} & { [K in OptionalKeys<S>]?: Checked<S[K]> } & { [key: string]: unknown };

/** Names a value's type for messages: `null`, `array` and byte arrays are told apart. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Uint8Array) return 'Uint8Array';
  return typeof value;
}

function simple<T>(expected: string, ok: (value: unknown) => boolean): Check<T> {
  return {
    optional: false,
    test: (value) =>
      ok(value)
        ? undefined
        : { path: [], message: `expected ${expected}, received ${describeValue(value)}` },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any string. */
export const string: Check<string> = simple('string', (v) => typeof v === 'string');
/** A non-empty string, such as an id. */
export const nonEmpty: Check<string> = simple(
  'a non-empty string',
  (v) => typeof v === 'string' && v !== '',
);
/** A number. */
export const number: Check<number> = simple('number', (v) => typeof v === 'number');
/** A boolean. */
export const boolean: Check<boolean> = simple('boolean', (v) => typeof v === 'boolean');
/** Anything, including a missing field. */
export const unknown: Check<unknown> = { optional: false, test: () => undefined };
/** An object with any fields (not null, not an array). */
export const record: Check<Record<string, unknown>> = simple('object', isObject);
/** An array of strings. */
export const stringArray: Check<string[]> = simple(
  'array of strings',
  (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'),
);
/** A string or bytes (a file's data). */
export const stringOrBytes: Check<string | Uint8Array> = simple(
  'string or Uint8Array',
  (v) => typeof v === 'string' || v instanceof Uint8Array,
);

/** The same check, also passing when the value is `undefined`. */
export function optional<T>(check: Check<T>): Check<T | undefined> & { readonly optional: true } {
  return {
    optional: true,
    test: (value) => (value === undefined ? undefined : check.test(value)),
  };
}

/**
 * An object whose listed fields pass their checks; fields not listed are kept, unchecked.
 *
 * @example
 * const toolRef = object({ toolCallId: nonEmpty, args: optional(unknown) });
 * toolRef.test({ toolCallId: '' }); // { path: ['toolCallId'], message: 'expected a non-empty string, received string' }
 */
export function object<S extends Shape>(shape: S): Check<ShapeOf<S>> {
  const keys = Object.keys(shape);
  const checks = keys.map((key) => shape[key]!);
  return {
    optional: false,
    test(value) {
      if (!isObject(value)) {
        return { path: [], message: `expected object, received ${describeValue(value)}` };
      }
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const issue = checks[i]!.test(value[key]);
        if (issue !== undefined) {
          issue.path.unshift(key);
          return issue;
        }
      }
      return undefined;
    },
  };
}

/** Formats an issue as `path: message` (`(root)` for the value itself). */
export function formatIssue(issue: CheckIssue, prefix = ''): string {
  const path = [prefix, ...issue.path].filter((part) => part !== '').join('.');
  return `${path || '(root)'}: ${issue.message}`;
}
