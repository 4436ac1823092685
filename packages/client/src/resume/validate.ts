import { fromJSONSchema, type z } from 'zod';
import { forZod, schemaProblem } from './guard.js';
import type { ResumeIssue } from './issues.js';
import { apartErrors, fieldError, pointerToken } from './patterns.js';
import type { FieldError, JsonSchema, ResumeValidation } from './types.js';
import { issueFromZod } from './zod-issues.js';

/*
 * The zod half of resume validation, loaded by `validateResumeData` on first use (see
 * schema.ts): zod converts JSON Schema itself, so the check matches what Mastra's zod
 * schema accepts on the server.
 */

const cache = new WeakMap<object, z.ZodType>();

/** Why a schema cannot be used: the issue that says so. */
class SchemaRefused extends Error {
  constructor(readonly issue: ResumeIssue) {
    super('The resume schema cannot be used');
  }
}

/**
 * A schema zod can run safely, or why there is none: see guard.ts. What zod cannot check safely
 * or rightly (patterns, enums of objects) is checked by patterns.ts instead.
 */
function compile(schema: JsonSchema): z.ZodType {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    const problem = schemaProblem(schema);
    if (problem !== undefined)
      throw new SchemaRefused({ kind: 'unusable-schema', reason: problem });
    compiled = fromJSONSchema(forZod(schema) as Parameters<typeof fromJSONSchema>[0]);
    cache.set(schema, compiled);
  }
  return compiled;
}

/** A zod issue as a field error; a duplicate item is reported on its list, not on the item. */
function fromZod(issue: z.core.$ZodIssue): FieldError {
  const resumeIssue = issueFromZod(issue);
  const path = resumeIssue.kind === 'unique-items' ? issue.path.slice(0, -1) : issue.path;
  return fieldError(path.map((key) => `/${pointerToken(key)}`).join(''), resumeIssue);
}

/** Validates `data` against a JSON Schema with zod; the paths are JSON Pointers (`/a~1b`). */
export function validateWithZod(schema: JsonSchema, data: unknown): ResumeValidation {
  let compiled: z.ZodType;
  try {
    compiled = compile(schema);
  } catch (error) {
    const issue: ResumeIssue =
      error instanceof SchemaRefused
        ? error.issue
        : {
            kind: 'unusable-schema',
            reason: error instanceof Error ? error.message : String(error),
          };
    return { ok: false, errors: [fieldError('', issue)] };
  }
  // `reportInput` tells a missing value (no input) from a value of the wrong type.
  const result = compiled.safeParse(data, { reportInput: true });
  // The rest is checked whatever zod found, so every problem shows at once.
  const patterns = apartErrors(schema, data);
  if (result.success && patterns.length === 0) {
    // The data as given, not zod's copy: zod builds its output by assignment.
    return { ok: true, value: data };
  }
  return {
    ok: false,
    errors: [...(result.success ? [] : result.error.issues.map(fromZod)), ...patterns],
  };
}
