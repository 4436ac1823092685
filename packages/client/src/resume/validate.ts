import { fromJSONSchema, type z } from 'zod';
import { schemaProblem, withoutPatterns } from './guard.js';
import { patternErrors, unsafePattern } from './patterns.js';
import type { JsonSchema, ResumeValidation } from './types.js';

/*
 * The zod half of resume validation, loaded by `validateResumeData` on first use (see
 * schema.ts): zod converts JSON Schema itself, so the check matches what Mastra's zod
 * schema accepts on the server.
 */

const cache = new WeakMap<object, z.ZodType>();

/** A schema zod can run safely, or why there is none: see guard.ts and patterns.ts. */
function compile(schema: JsonSchema): z.ZodType {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    const problem = schemaProblem(schema) ?? unsafePattern(schema);
    if (problem !== undefined) throw new Error(problem);
    compiled = fromJSONSchema(withoutPatterns(schema) as Parameters<typeof fromJSONSchema>[0]);
    cache.set(schema, compiled);
  }
  return compiled;
}

/** Validates `data` against a JSON Schema with zod; the paths are JSON Pointers. */
export function validateWithZod(schema: JsonSchema, data: unknown): ResumeValidation {
  let compiled: z.ZodType;
  try {
    compiled = compile(schema);
  } catch (error) {
    return {
      ok: false,
      errors: [
        {
          path: '',
          message: `The resume schema cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        },
      ],
    };
  }
  const result = compiled.safeParse(data);
  if (result.success) {
    const patterns = patternErrors(schema, data);
    // The data as given, not zod's copy: zod builds its output by assignment.
    return patterns.length === 0 ? { ok: true, value: data } : { ok: false, errors: patterns };
  }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      path: issue.path.length === 0 ? '' : `/${issue.path.map(String).join('/')}`,
      message: issue.message,
    })),
  };
}
