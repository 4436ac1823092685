import { RE2JS } from 're2js';
import { eitherNetwork, FORMATS, zodAddress, zodRegex } from './formats.js';
import { isComposite, resolveRef } from './guard.js';
import { formatResumeIssue, type ResumeIssue } from './issues.js';
import type { FieldError, JsonSchema } from './types.js';

/*
 * What zod does not check in a resume schema (see `forZod` in guard.ts):
 * - `pattern`s, matched in linear time. JavaScript's RegExp backtracks: a pattern such as
 *   `^(a+)+$` against 30 characters blocks the page for seconds, and no check of the pattern's
 *   shape catches every such case. RE2JS (a port of Google's RE2) matches any pattern it accepts in
 *   time linear in the input, so no schema can freeze the page. A pattern it does not accept
 *   (lookaround, backreferences: zod's email pattern, as Mastra sends it) is skipped: the rest of
 *   the field is still checked (its `format`, by zod), and the data can still be sent. A pattern
 *   zod writes but does not check by (zod 4's for IPv6) is checked as zod checks it (formats.ts).
 * - The `format`s zod's conversion reads more strictly than zod writes them (formats.ts).
 * - `enum` / `const` with object or array values, compared as JSON values (key order aside).
 * - `required` names that `properties` does not list.
 */

type Node = Readonly<Record<string, unknown>>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Matcher = (text: string) => boolean;

const compiled = new Map<string, Matcher | null>();

/**
 * A linear-time test for `pattern` (zod's own test where zod wrote it, see formats.ts), or null
 * when it cannot have one (it is skipped then).
 */
export function patternMatcher(pattern: string): Matcher | null {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    matcher = zodAddress(pattern) ?? null;
    if (matcher === null)
      try {
        const re = RE2JS.compile(pattern);
        matcher = (text) => re.matcher(text).find();
      } catch {
        matcher = zodRegex(pattern) ?? null;
      }
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** A field error for an issue, worded by default. */
export function fieldError(path: string, issue: ResumeIssue): FieldError {
  return { path, message: formatResumeIssue(issue), issue };
}

/** A property name or index as a JSON Pointer token: `~` as `~0`, `/` as `~1`. */
export const pointerToken = (key: PropertyKey): string =>
  String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Whether two JSON values are equal: the same keys and values, in any key order. No recursion. */
function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (!isComposite(x) || !isComposite(y) || Array.isArray(x) !== Array.isArray(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

/** Whether a branch of `anyOf` / `oneOf` can describe `value` at all, by its `type`. */
function accepts(node: Node, value: unknown): boolean {
  const type = node.type;
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  const actual = jsonType(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

interface Task {
  readonly node: Node;
  readonly value: unknown;
  readonly path: string;
}

/**
 * The errors zod does not find in `data` against `schema` (it checks a copy without patterns and
 * without enums of objects): patterns that fail, values that equal no object `enum` option or
 * `const`, and missing `required` keys that `properties` does not list. Data of any shape is fine. Follows `properties`, `items`, `prefixItems`,
 * `additionalProperties`, `allOf` and `$ref`; a value under `anyOf` / `oneOf` passes when a branch
 * of its type passes. An explicit stack, so deep data cannot overflow the call stack.
 *
 * @example
 * apartErrors({ type: 'string', pattern: '^[0-9]{5}$' }, 'abc'); // [{ path: '', message: … }]
 */
export function apartErrors(
  schema: JsonSchema,
  data: unknown,
  root: JsonSchema = schema,
): FieldError[] {
  const errors: FieldError[] = [];
  const stack: Task[] = [{ node: schema, value: data, path: '' }];
  let steps = 0;
  while (stack.length > 0) {
    const { node, value, path } = stack.pop()!;
    steps += 1;
    if (steps > 100_000) {
      errors.push(fieldError(path, { kind: 'too-large' }));
      break;
    }
    if (typeof node.$ref === 'string') {
      const target = resolveRef(root, node.$ref);
      if (target !== undefined) stack.push({ node: target, value, path });
    }
    if (typeof value === 'string') {
      const { pattern, format } = node;
      const name = format ?? (node.contentEncoding === 'base64' ? 'base64' : undefined);
      // One problem per value: a pattern zod writes beside a format says the same again.
      if (typeof name === 'string' && FORMATS.get(name)?.(value) === false)
        errors.push(fieldError(path, { kind: 'format', format: name }));
      else if (typeof pattern === 'string' && patternMatcher(pattern)?.(value) === false)
        errors.push(fieldError(path, { kind: 'pattern', pattern }));
    }
    const options = node.enum;
    if (
      Array.isArray(options) &&
      options.some(isComposite) &&
      !options.some((option) => sameJson(option, value))
    )
      errors.push(fieldError(path, { kind: 'enum', options }));
    if (isComposite(node.const) && !sameJson(node.const, value))
      errors.push(fieldError(path, { kind: 'const', value: node.const }));
    if (Array.isArray(node.allOf)) {
      const branches = node.allOf.filter(isNode);
      const either = eitherNetwork(branches);
      if (either !== undefined) stack.push({ node: { anyOf: either }, value, path });
      for (const branch of branches)
        if (!either?.includes(branch)) stack.push({ node: branch, value, path });
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      const fitting = branches.filter((b): b is Node => isNode(b) && accepts(b, value));
      const failures = fitting.map((branch) => apartErrors(branch, value, root));
      if (failures.length > 0 && failures.every((f) => f.length > 0)) {
        errors.push(...failures[0]!.map((e) => ({ ...e, path: `${path}${e.path}` })));
      }
    }
    if (isNode(value)) {
      const properties = isNode(node.properties) ? node.properties : {};
      // zod enforces `required` only for the names `properties` lists.
      if (Array.isArray(node.required))
        for (const name of node.required)
          if (
            typeof name === 'string' &&
            !Object.hasOwn(properties, name) &&
            !Object.hasOwn(value, name)
          )
            errors.push(fieldError(`${path}/${pointerToken(name)}`, { kind: 'required' }));
      for (const [name, item] of Object.entries(value)) {
        const own = Object.hasOwn(properties, name) ? properties[name] : node.additionalProperties;
        if (isNode(own))
          stack.push({ node: own, value: item, path: `${path}/${pointerToken(name)}` });
      }
    } else if (Array.isArray(value)) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      value.forEach((item, index) => {
        const own = index < prefix.length ? prefix[index] : node.items;
        if (isNode(own)) stack.push({ node: own, value: item, path: `${path}/${index}` });
      });
    }
  }
  return errors;
}
