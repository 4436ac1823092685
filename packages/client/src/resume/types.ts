/*
 * The types of resume validation, shared by the check that loads the validator (schema.ts) and the
 * validator itself (validate.ts).
 */

/** A JSON Schema document as Mastra sends it (draft-07, parsed). */
export type JsonSchema = Readonly<Record<string, unknown>>;

import type { ResumeIssue } from './issues.js';

/**
 * One problem with resume data: where (`/confirmed`, or '' for the root), what (`issue`, to word
 * it your own way with `formatResumeIssue`) and the default words for it (`message`).
 */
export interface FieldError {
  readonly path: string;
  readonly message: string;
  readonly issue: ResumeIssue;
}

/** What `validateResumeData` returns. */
export type ResumeValidation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly errors: readonly FieldError[] };
