import { z } from 'zod';

/** A JSON Schema document as Mastra sends it (draft-07, parsed). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * Parses the `resumeSchema` Mastra attaches to approvals and suspensions. Mastra sends it as a
 * JSON string; a missing or unparseable schema gives undefined.
 */
export function parseResumeSchema(value: unknown): JsonSchema | undefined {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as JsonSchema)
        : undefined;
    } catch {
      return undefined;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as JsonSchema;
  return undefined;
}

/** One problem with resume data: where (`/confirmed`, or '' for the root) and what. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** What {@link validateResumeData} returns. */
export type ResumeValidation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

const cache = new WeakMap<object, z.ZodType>();

function compile(schema: JsonSchema): z.ZodType {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    // zod converts JSON Schema itself, so the check matches what Mastra's zod schema accepts.
    compiled = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    cache.set(schema, compiled);
  }
  return compiled;
}

/**
 * Checks resume data against a call's `resumeSchema` before it is sent. Without a schema any data
 * passes.
 *
 * @example
 * const check = validateResumeData(call.suspension?.resumeSchema, { confirmed: true });
 * if (!check.ok) console.log(check.errors); // [{ path: '/confirmed', message: '…' }]
 */
export function validateResumeData(schema: unknown, data: unknown): ResumeValidation {
  if (schema === undefined || schema === null || typeof schema !== 'object')
    return { ok: true, value: data };
  let compiled: z.ZodType;
  try {
    compiled = compile(schema as JsonSchema);
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
