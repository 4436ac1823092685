import { fromJSONSchema, type z } from 'zod';
import type { JsonSchema, ResumeValidation } from './types.js';

/*
 * The zod half of resume validation, loaded by `validateResumeData` on first use (see
 * schema.ts): zod converts JSON Schema itself, so the check matches what Mastra's zod
 * schema accepts on the server.
 */

const cache = new WeakMap<object, z.ZodType>();

function compile(schema: JsonSchema): z.ZodType {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    compiled = fromJSONSchema(schema as Parameters<typeof fromJSONSchema>[0]);
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
      errors: [{ path: '', message: `The resume schema cannot be used: ${String(error)}` }],
    };
  }
  const result = compiled.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      path: issue.path.length === 0 ? '' : `/${issue.path.map(String).join('/')}`,
      message: issue.message,
    })),
  };
}
