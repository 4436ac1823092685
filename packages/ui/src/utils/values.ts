// What JsonView and ExactValue both show of a value.

/** A scalar's text: `12n`, an ISO date, `undefined`, `[function]`; a string as it is. */
export function scalarText(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  }
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  return String(value);
}

/**
 * A value as JSON text (`space` as `JSON.stringify` takes it). A value JSON cannot write (nested
 * deeper than the call stack allows, a cycle, a BigInt) gives a short note instead of throwing.
 */
export function jsonText(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space) ?? String(value);
  } catch {
    return '(a value JSON cannot write)';
  }
}

/** How many items or keys a value has, without building its entries. */
export function sizeOf(value: object): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** The first `limit` entries; only those are built, so a huge array costs what it shows. */
export function firstEntries(value: object, limit: number): Array<[string, unknown]> {
  return Array.isArray(value)
    ? value.slice(0, limit).map((item, index) => [String(index), item])
    : Object.entries(value).slice(0, limit);
}
