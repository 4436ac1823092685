'use client';
import { forwardRef, type ReactNode, useState } from 'react';
import { escapeFormat } from '../exact-value/exact-value.js';
import { formatCount } from '../utils/format.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { scalarText } from '../utils/values.js';

/** Limits that keep {@link JsonView} fast and readable on huge or deep values. */
export interface JsonViewLimits {
  /** Levels shown before deeper values become a one-line summary. */
  readonly maxDepth?: number;
  /** Levels open when the view first renders; deeper branches start collapsed. */
  readonly defaultExpandDepth?: number;
  /** Characters of a string shown before the rest is cut off. */
  readonly maxStringLength?: number;
  /** Entries of an object or array shown before the rest are only counted. */
  readonly maxEntries?: number;
}

/** Props of {@link JsonView}. */
export interface JsonViewProps extends HostProps<'div'>, JsonViewLimits {
  /**
   * Any value; it is shown as text and never interpreted as markup, the invisible and
   * direction-changing characters of its strings and keys as `\uXXXX` (see `escapeFormat`).
   */
  readonly value: unknown;
}

type Limits = Required<JsonViewLimits>;

const DEFAULT_LIMITS: Limits = {
  maxDepth: 8,
  defaultExpandDepth: 2,
  maxStringLength: 400,
  maxEntries: 50,
};

/**
 * `value` as JSON carries it, at its own level: what its `toJSON` returns (a `Date`'s ISO text), a
 * `bigint` as its digits, and undefined for what JSON leaves out (`undefined`, a function, a
 * symbol); a `toJSON` that throws gives the text a snapshot writes. A value a server read in
 * process (a `fullStream` on the server) then shows as the same value read over HTTP, or from
 * the server's snapshot (`serializeState`), shows: the markup a server renders hydrates.
 */
function asJson(value: unknown, key: string): unknown {
  for (let turn = 0; turn < 8 && typeof value === 'object' && value !== null; turn++) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON !== 'function') break;
    try {
      value = toJSON.call(value, key);
    } catch {
      return '[value that could not be read]';
    }
  }
  if (typeof value === 'bigint') return value.toString();
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}

/**
 * The first `limit` entries of an object or array as JSON writes them (see {@link asJson}: an
 * object's keys whose values JSON leaves out are left out, an array's such items are `null`), and
 * how many it has in all. Only the entries shown are built.
 */
function jsonEntries(value: object, limit: number): { shown: [string, unknown][]; size: number } {
  if (Array.isArray(value)) {
    const shown = value
      .slice(0, limit)
      .map((item, index): [string, unknown] => [
        String(index),
        asJson(item, String(index)) ?? null,
      ]);
    return { shown, size: value.length };
  }
  const shown: [string, unknown][] = [];
  let size = 0;
  for (const key of Object.keys(value)) {
    const item = asJson((value as Record<string, unknown>)[key], key);
    if (item === undefined) continue;
    if (size++ < limit) shown.push([key, item]);
  }
  return { shown, size };
}

const sizeOf = (value: object): number => jsonEntries(value, 0).size;

type ValueType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'other';

function typeOf(value: unknown): ValueType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return value instanceof Date ? 'other' : 'object';
    default:
      return 'other';
  }
}

/** The text up to `limit` characters, its invisible and direction-changing ones escaped. */
function Truncated({ text, limit }: { text: string; limit: number }) {
  if (text.length <= limit) return escapeFormat(text);
  return (
    <>
      {escapeFormat(text.slice(0, limit))}
      <span {...partProps('json-truncated')}>
        … {formatCount(text.length - limit)} more characters
      </span>
    </>
  );
}

function Leaf({ value, limits, quote }: { value: unknown; limits: Limits; quote: boolean }) {
  const type = typeOf(value);
  const text = scalarText(value);
  return (
    <span {...partProps('json-value')} data-type={type}>
      {quote && type === 'string' ? '"' : null}
      <Truncated text={text} limit={limits.maxStringLength} />
      {quote && type === 'string' ? '"' : null}
    </span>
  );
}

function summary(value: object): string {
  if (Array.isArray(value))
    return value.length === 1 ? '1 item' : `${formatCount(value.length)} items`;
  const count = sizeOf(value);
  return count === 1 ? '1 key' : `${formatCount(count)} keys`;
}

interface NodeProps {
  readonly name: string | undefined;
  readonly value: unknown;
  readonly depth: number;
  readonly limits: Limits;
  readonly ancestors: ReadonlySet<object>;
}

function Key({ name, limits }: { name: string | undefined; limits: Limits }) {
  if (name === undefined) return null;
  return (
    <span {...partProps('json-key')}>
      <Truncated text={name} limit={limits.maxStringLength} />
      {': '}
    </span>
  );
}

function Entries({ value, depth, limits, ancestors }: Omit<NodeProps, 'name'> & { value: object }) {
  const { shown, size } = jsonEntries(value, limits.maxEntries);
  const inner = new Set(ancestors).add(value);
  const rest = size - shown.length;
  return (
    <ul {...partProps('json-entries')}>
      {shown.map(([key, item]) => (
        <li key={key} {...partProps('json-entry')}>
          <JsonNode name={key} value={item} depth={depth + 1} limits={limits} ancestors={inner} />
        </li>
      ))}
      {rest > 0 ? (
        <li {...partProps('json-more')}>
          … {formatCount(rest)} more {Array.isArray(value) ? 'items' : 'keys'}
        </li>
      ) : null}
    </ul>
  );
}

function JsonNode({ name, value, depth, limits, ancestors }: NodeProps): ReactNode {
  if (typeof value !== 'object' || value === null || value instanceof Date) {
    return (
      <span {...partProps('json-line')}>
        <Key name={name} limits={limits} />
        <Leaf value={value} limits={limits} quote />
      </span>
    );
  }
  const brackets = Array.isArray(value) ? '[…]' : '{…}';
  const empty = sizeOf(value) === 0;
  if (ancestors.has(value) || depth >= limits.maxDepth || empty) {
    return (
      <span {...partProps('json-line')}>
        <Key name={name} limits={limits} />
        <span {...partProps('json-summary')} data-type={typeOf(value)}>
          {empty
            ? Array.isArray(value)
              ? '[]'
              : '{}'
            : ancestors.has(value)
              ? `${brackets} circular`
              : `${brackets} ${summary(value)}, not shown`}
        </span>
      </span>
    );
  }
  return (
    <Branch
      name={name}
      value={value}
      depth={depth}
      limits={limits}
      ancestors={ancestors}
      label={`${brackets} ${summary(value)}`}
    />
  );
}

/**
 * An object or array that opens and closes: a button that says whether it is expanded, and the
 * entries while it is. A plain disclosure rather than a Radix Collapsible: a branch has no open
 * animation to measure for, so mounting one reads no layout (a view of a streaming value mounts
 * branches often).
 */
function Branch({
  label,
  ...node
}: NodeProps & { readonly value: object; readonly label: string }) {
  const { name, value, depth, limits, ancestors } = node;
  const [open, setOpen] = useState(depth < limits.defaultExpandDepth);
  const state = open ? 'open' : 'closed';
  return (
    <div {...partProps('json-branch')} data-state={state}>
      <button
        type="button"
        {...partProps('json-toggle')}
        data-state={state}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Key name={name} limits={limits} />
        <span {...partProps('json-summary')} data-type={typeOf(value)}>
          {label}
        </span>
      </button>
      {open ? (
        <div {...partProps('json-branch-content')}>
          <Entries value={value} depth={depth} limits={limits} ancestors={ancestors} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Shows any value as collapsible, text-only JSON. Long strings are cut, long lists are counted
 * rather than rendered, and values deeper than `maxDepth` collapse into a summary, so a huge tool
 * result cannot freeze the page. Values show as JSON carries them (a `Date` as its ISO text, a
 * `bigint` as its digits, `undefined` entries left out), whether read over HTTP or in process.
 *
 * @example
 * <JsonView value={{ city: 'Paris', tempC: 21 }} maxStringLength={200} />
 */
export const JsonView = forwardRef<HTMLDivElement, JsonViewProps>(function JsonView(
  {
    value: given,
    maxDepth = DEFAULT_LIMITS.maxDepth,
    defaultExpandDepth = DEFAULT_LIMITS.defaultExpandDepth,
    maxStringLength = DEFAULT_LIMITS.maxStringLength,
    maxEntries = DEFAULT_LIMITS.maxEntries,
    asChild,
    children,
    ...props
  },
  ref,
) {
  const limits: Limits = { maxDepth, defaultExpandDepth, maxStringLength, maxEntries };
  const value = asJson(given, '') ?? given;
  const type = typeOf(value);
  // A top-level string is usually prose (a text result), so it reads better without quotes; a
  // non-empty array or object shows its entries at once.
  const body =
    typeof value === 'string' ? (
      <Leaf value={value} limits={limits} quote={false} />
    ) : (type === 'array' || type === 'object') && sizeOf(value as object) > 0 ? (
      <Entries value={value as object} depth={0} limits={limits} ancestors={new Set()} />
    ) : (
      <JsonNode name={undefined} value={value} depth={0} limits={limits} ancestors={new Set()} />
    );
  return (
    <PartElement
      tag="div"
      ref={ref}
      asChild={asChild}
      host={children}
      data-type={type}
      {...partProps('json-view', props)}
    >
      {body}
    </PartElement>
  );
});
