import type { JsonSchema, ResumeValidation } from './types.js';

export type {
  ResumeIssue,
  ResumeIssueKind,
  ResumeIssueOf,
  ResumeLimit,
  ResumeLimitSubject,
} from './issues.js';
export type { FieldError, JsonSchema, ResumeValidation } from './types.js';

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

type Validator = (schema: JsonSchema, data: unknown) => ResumeValidation;

let loading: Promise<Validator> | undefined;

/** Loads the validator on first use: it brings zod, which nothing else on the client needs. */
function loadValidator(): Promise<Validator> {
  loading ??= import('./validate.js').then(
    (module) => module.validateWithZod,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Checks resume data against a call's `resumeSchema` before it is sent. Without a schema any data
 * passes. The validator (zod's JSON Schema conversion) is loaded on first use, so an app that
 * never resumes a call with a schema does not download it.
 *
 * @example
 * const check = await validateResumeData(call.suspension?.resumeSchema, { confirmed: true });
 * if (!check.ok) console.log(check.errors); // [{ path: '/confirmed', message: '…' }]
 */
export async function validateResumeData(
  schema: unknown,
  data: unknown,
): Promise<ResumeValidation> {
  if (schema === undefined || schema === null || typeof schema !== 'object')
    return { ok: true, value: data };
  let validate: Validator;
  try {
    validate = await loadValidator();
  } catch (error) {
    const detail = `The resume schema validator could not be loaded: ${String(error)}`;
    return { ok: false, errors: [{ path: '', message: detail, issue: { kind: 'other', detail } }] };
  }
  return validate(schema as JsonSchema, data);
}
