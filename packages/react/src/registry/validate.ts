import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { DisplayValue } from '@toolpane/client';
import type { CheckedValue, SchemaMismatch } from './types.js';

function pointer(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path.length === 0) return '';
  return path
    .map((segment) => `/${String(typeof segment === 'object' ? segment.key : segment)}`)
    .join('');
}

function check(schema: StandardSchemaV1, value: unknown): StandardSchemaV1.Result<unknown> {
  try {
    const result = schema['~standard'].validate(value);
    if (result instanceof Promise) {
      // Rendering cannot wait; the promise is dropped, and handled so it cannot go unhandled.
      result.catch(() => {});
      return {
        issues: [
          { message: 'The schema validates asynchronously; only synchronous schemas work.' },
        ],
      };
    }
    return result;
  } catch (error) {
    return { issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
}

const NONE: CheckedValue = Object.freeze({ kind: 'none' });
const UNCHECKED = {};
const PARTIAL = {};
const cache = new WeakMap<DisplayValue, WeakMap<object, CheckedValue>>();

function compute(
  display: DisplayValue,
  schema: StandardSchemaV1 | undefined,
  displaySchema: StandardSchemaV1 | undefined,
  partial: boolean,
): CheckedValue {
  switch (display.kind) {
    case 'none': {
      return NONE;
    }
    case 'hidden': {
      return display;
    }
    case 'raw': {
      if (partial) return { kind: 'partial', value: display.value };
      if (schema === undefined) return { kind: 'valid', value: display.value };
      const result = check(schema, display.value);
      if (result.issues === undefined) return { kind: 'valid', value: result.value };
      return mismatch(display.value, result.issues, false);
    }
    case 'transformed': {
      if (displaySchema === undefined) return { kind: 'transformed', value: display.value };
      const result = check(displaySchema, display.value);
      if (result.issues === undefined) return { kind: 'transformed', value: result.value };
      return mismatch(display.value, result.issues, true);
    }
    default: {
      display satisfies never;
      return NONE;
    }
  }
}

function mismatch(
  value: unknown,
  issues: readonly StandardSchemaV1.Issue[],
  transformed: boolean,
): SchemaMismatch {
  return {
    kind: 'mismatch',
    transformed,
    value,
    issues: issues.map((issue) => ({ path: pointer(issue.path), message: issue.message })),
  };
}

/** Options of {@link validateDisplayValue}. */
export interface ValidateDisplayOptions {
  /** Checks raw values. */
  readonly schema?: StandardSchemaV1 | undefined;
  /** Checks values a display transform produced. */
  readonly displaySchema?: StandardSchemaV1 | undefined;
  /** The value is a streaming input: pass it on as `partial`, unchecked. */
  readonly partial?: boolean;
}

/**
 * Checks a display value against the tool's schema (raw values) or the display schema
 * (transformed values). Never throws: a failing, throwing or asynchronous schema gives a
 * `mismatch`. Results are cached per display value and schema, so calling it on every render is
 * cheap and returns the same object.
 *
 * @example
 * const output = validateDisplayValue(call.output, { schema: weatherTool.outputSchema });
 * if (output.kind === 'mismatch') console.warn(output.issues);
 */
export function validateDisplayValue(
  display: DisplayValue,
  options: ValidateDisplayOptions = {},
): CheckedValue {
  const partial = options.partial === true && display.kind === 'raw';
  const key = partial
    ? PARTIAL
    : display.kind === 'transformed'
      ? (options.displaySchema ?? UNCHECKED)
      : (options.schema ?? UNCHECKED);
  let byKey = cache.get(display);
  const cached = byKey?.get(key);
  if (cached !== undefined) return cached;
  const value = compute(display, options.schema, options.displaySchema, partial);
  if (byKey === undefined) {
    byKey = new WeakMap();
    cache.set(display, byKey);
  }
  byKey.set(key, value);
  return value;
}
