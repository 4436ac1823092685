import { RE2JS } from 're2js';
import { resolveRef, subschemas } from './guard.js';
import { formatResumeIssue, type ResumeIssue } from './issues.js';
import type { FieldError, JsonSchema } from './types.js';

/*
 * The `pattern`s of a resume schema, matched in linear time. JavaScript's RegExp backtracks: a
 * pattern such as `^(a+)+$` against 30 characters blocks the page for seconds, and no check of the
 * pattern's shape catches every such case. RE2JS (a port of Google's RE2) matches any pattern it
 * accepts in time linear in the input, so no schema can freeze the page; a pattern it does not
 * accept (lookaround, backreferences) is reported as one the form cannot check.
 */

type Node = Readonly<Record<string, unknown>>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Matcher = (text: string) => boolean;

const compiled = new Map<string, Matcher | null>();

/** A linear-time test for `pattern`, or null when it cannot have one. */
export function patternMatcher(pattern: string): Matcher | null {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    try {
      const re = RE2JS.compile(pattern);
      matcher = (text) => re.matcher(text).find();
    } catch {
      matcher = null;
    }
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** A field error for an issue, worded by default. */
export function fieldError(path: string, issue: ResumeIssue): FieldError {
  return { path, message: formatResumeIssue(issue), issue };
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
 * The pattern errors of `data` against `schema`, which zod checks apart, without its patterns;
 * data of any shape is fine (only strings are matched, where the schema has a pattern). Follows `properties`, `items`, `prefixItems`, `additionalProperties`, `allOf` and
 * `$ref`; a value under `anyOf` / `oneOf` passes when a branch of its type passes. An explicit
 * stack, so deep data cannot overflow the call stack.
 *
 * @example
 * patternErrors({ type: 'string', pattern: '^[0-9]{5}$' }, 'abc'); // [{ path: '', message: … }]
 */
export function patternErrors(
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
    if (typeof node.pattern === 'string' && typeof value === 'string') {
      const pattern = node.pattern;
      const matcher = patternMatcher(pattern);
      if (matcher === null) errors.push(fieldError(path, { kind: 'unchecked-pattern', pattern }));
      else if (!matcher(value)) errors.push(fieldError(path, { kind: 'pattern', pattern }));
    }
    if (Array.isArray(node.allOf))
      for (const branch of node.allOf)
        if (isNode(branch)) stack.push({ node: branch, value, path });
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      const fitting = branches.filter((b): b is Node => isNode(b) && accepts(b, value));
      const failures = fitting.map((branch) => patternErrors(branch, value, root));
      if (failures.length > 0 && failures.every((f) => f.length > 0)) {
        errors.push(...failures[0]!.map((e) => ({ ...e, path: `${path}${e.path}` })));
      }
    }
    if (isNode(value)) {
      const properties = isNode(node.properties) ? node.properties : {};
      for (const [name, item] of Object.entries(value)) {
        const own = Object.hasOwn(properties, name) ? properties[name] : node.additionalProperties;
        if (isNode(own)) stack.push({ node: own, value: item, path: `${path}/${name}` });
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

/** The first pattern in the schema RE2 cannot run, to refuse the schema before any data comes. */
export function unsafePattern(schema: JsonSchema): string | undefined {
  const stack: Node[] = [schema];
  const seen = new Set<Node>();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (typeof node.pattern === 'string' && patternMatcher(node.pattern) === null)
      return node.pattern;
    for (const [, child] of subschemas(node)) stack.push(child);
  }
  return undefined;
}
