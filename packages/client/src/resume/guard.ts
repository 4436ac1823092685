import { FORMATS } from './formats.js';
import type { JsonSchema } from './types.js';

/*
 * What makes a resume schema safe to use: a resume schema comes from the server, and a hostile or
 * broken one must give a clear error, never a crash, a frozen page or a polluted object.
 * - No recursion: `{"$ref":"#"}` (or any cycle of references) would send zod's conversion into
 *   endless recursion. Every reference is followed with an explicit stack, never by recursion.
 * - No property named `__proto__`, `constructor` or `prototype`: data built for such a property
 *   by plain assignment changes the object's prototype instead of adding a field.
 * - Patterns stay out of zod (it would run them with the backtracking `RegExp`); `patterns.ts`
 *   checks them with a linear-time matcher instead, and skips one that matcher cannot run.
 */

/** Property names that plain assignment on an object would not store as data. */
export const UNSAFE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** More subschemas than this is not a form a person fills in: refused rather than walked. */
const MAX_NODES = 5_000;

const ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
const MAPS = ['properties', '$defs', 'definitions', 'dependentSchemas'] as const;
/** Keywords under which a pattern cannot be checked as a plain constraint on a string. */
const NO_PATTERN_UNDER = new Set(['not', 'if', 'then', 'else', 'contains', 'propertyNames']);

type Node = Readonly<Record<string, unknown>>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subschemas of a schema node, with the keyword each sits under. */
export function subschemas(node: Node): [keyword: string, schema: Node][] {
  const out: [string, Node][] = [];
  for (const key of ONE) if (isNode(node[key])) out.push([key, node[key]]);
  for (const key of LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) if (isNode(item)) out.push([key, item]);
  }
  for (const key of MAPS) {
    const map = node[key];
    if (isNode(map))
      for (const value of Object.values(map)) if (isNode(value)) out.push([key, value]);
  }
  return out;
}

/** The node a local `$ref` (`#`, `#/$defs/a`, `#/properties/x`) points at, if any. */
export function resolveRef(root: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isNode(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return isNode(node) ? node : undefined;
}

function ownProblem(node: Node, root: Node): string | undefined {
  if (isNode(node.properties)) {
    for (const name of Object.keys(node.properties)) {
      if (UNSAFE_NAMES.has(name)) return `it names a property "${name}", which cannot be data`;
    }
  }
  if (Array.isArray(node.required)) {
    for (const name of node.required) {
      if (typeof name === 'string' && UNSAFE_NAMES.has(name))
        return `it names a property "${name}", which cannot be data`;
    }
  }
  if (node.patternProperties !== undefined) return 'patternProperties is not supported';
  if (node.$ref !== undefined) {
    if (typeof node.$ref !== 'string') return '$ref must be a string';
    if (resolveRef(root, node.$ref) === undefined)
      return `$ref "${node.$ref.slice(0, 100)}" does not point into the schema`;
  }
  return undefined;
}

/**
 * Why a resume schema cannot be used safely, or undefined when it can: a reference cycle (a
 * recursive schema), a property named `__proto__` / `constructor` / `prototype`, a reference
 * outside the schema, a pattern under `not`, `if`, `then`, `else`, `contains` or `propertyNames`,
 * or a schema too large for a form.
 * Walks the schema with an explicit stack, so no schema can overflow the call stack.
 *
 * @example
 * schemaProblem({ $ref: '#' }); // 'it refers to itself ($ref "#"): recursive schemas are not supported'
 */
export function schemaProblem(root: JsonSchema): string | undefined {
  // 1 while on the path being walked, 2 once everything under it was walked.
  const state = new Map<Node, 1 | 2>();
  interface Frame {
    readonly node: Node;
    readonly next: [string, Node][];
    i: number;
  }
  const enter = (node: Node): Frame | string => {
    if (state.size >= MAX_NODES) return `it has more than ${MAX_NODES} subschemas`;
    const problem = ownProblem(node, root);
    if (problem !== undefined) return problem;
    state.set(node, 1);
    const next = subschemas(node);
    if (typeof node.pattern === 'string') next.push(['pattern', node]);
    if (typeof node.$ref === 'string')
      next.push([`$ref ${node.$ref}`, resolveRef(root, node.$ref)!]);
    return { node, next, i: 0 };
  };
  const first = enter(root);
  if (typeof first === 'string') return first;
  const stack: Frame[] = [first];
  const under: string[] = [];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.i === frame.next.length) {
      state.set(frame.node, 2);
      stack.pop();
      under.pop();
      continue;
    }
    const [keyword, child] = frame.next[frame.i++]!;
    if (keyword === 'pattern') {
      const outer = under.find((key) => NO_PATTERN_UNDER.has(key));
      if (outer !== undefined) return `a pattern under "${outer}" is not supported`;
      continue;
    }
    const seen = state.get(child);
    if (seen === 1) {
      const ref = keyword.startsWith('$ref ') ? keyword.slice(5) : keyword;
      return `it refers to itself ($ref "${ref.slice(0, 100)}"): recursive schemas are not supported`;
    }
    if (seen === 2) continue;
    const entered = enter(child);
    if (typeof entered === 'string') return entered;
    stack.push(entered);
    under.push(keyword);
  }
  return undefined;
}

/** Whether a JSON value is an object or an array, which zod compares by identity. */
export const isComposite = (value: unknown): value is object =>
  typeof value === 'object' && value !== null;

/** Keywords whose subschemas `patterns.ts` checks data against (`$defs` through `$ref`). */
const CHECKED = new Set([
  'items',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
  'properties',
  '$defs',
  'definitions',
]);

/**
 * A copy of the schema for zod, without what `patterns.ts` checks instead: `pattern` keywords
 * (only where they are keywords, not property names; patterns are checked apart, in linear time)
 * and, where that check reaches, an `enum` or `const` with an object or array value (zod compares
 * those by identity, so equal data would never match) and the `format`s of formats.ts (zod reads
 * them more strictly than it writes them). The schema was checked by
 * {@link schemaProblem} first, so it has no cycles; references are copied as they are.
 */
export function forZod(root: JsonSchema): JsonSchema {
  // Built with Object.fromEntries, which defines own properties: a key "__proto__" stays a key.
  const copy = (node: Node, checked: boolean): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).filter(([key, value]) =>
        key === 'pattern'
          ? typeof value !== 'string'
          : !checked ||
            (key === 'enum'
              ? !(Array.isArray(value) && value.some(isComposite))
              : key === 'format'
                ? !FORMATS.has(value as string)
                : key !== 'const' || !isComposite(value)),
      ),
    );
  const rootCopy = copy(root, true);
  const stack: [Record<string, unknown>, boolean][] = [[rootCopy, true]];
  const inner = (item: unknown, checked: boolean): unknown => {
    if (!isNode(item)) return item;
    const out = copy(item, checked);
    stack.push([out, checked]);
    return out;
  };
  while (stack.length > 0) {
    const [out, parent] = stack.pop()!;
    const under = (key: string) => parent && CHECKED.has(key);
    for (const key of ONE) if (isNode(out[key])) out[key] = inner(out[key], under(key));
    for (const key of LISTS) {
      const list = out[key];
      if (Array.isArray(list)) out[key] = list.map((item) => inner(item, under(key)));
    }
    for (const key of MAPS) {
      const map = out[key];
      if (isNode(map))
        out[key] = Object.fromEntries(
          Object.entries(map).map(([name, item]) => [name, inner(item, under(key))]),
        );
    }
  }
  return rootCopy;
}
