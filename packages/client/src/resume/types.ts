/*
 * The types of resume validation, shared by the check that loads the validator (schema.ts) and the
 * validator itself (validate.ts).
 */

/** A JSON Schema document as Mastra sends it (draft-07, parsed). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One problem with resume data: where (`/confirmed`, or '' for the root) and what. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** What `validateResumeData` returns. */
export type ResumeValidation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly errors: readonly FieldError[] };
