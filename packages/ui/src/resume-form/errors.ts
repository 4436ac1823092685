import type { FieldError, ResumeIssue } from '@toolpane/client';
import type { DraftErrors, ResumeField } from './schema-fields.js';

/** Every field path of the form, nested fields included. */
function knownPaths(fields: readonly ResumeField[]): Set<string> {
  const known = new Set<string>();
  const visit = (field: ResumeField) => {
    known.add(field.path);
    if (field.kind === 'object') for (const inner of field.fields) visit(inner);
  };
  for (const field of fields) visit(field);
  return known;
}

/**
 * The words for each field's first problem, by field path, and the first problem that belongs
 * to no field (`rest`). Problems found in the draft come before the validator's. An issue deeper
 * than any field (a missing key of an object edited as JSON, an item of a list) shows on the
 * deepest field that holds it.
 */
export function errorsByPath(
  fieldErrors: readonly FieldError[],
  draftErrors: DraftErrors,
  fields: readonly ResumeField[],
  format: (issue: ResumeIssue) => string,
): { byPath: Record<string, string>; rest: string | undefined } {
  const known = knownPaths(fields);
  const byPath: Record<string, string> = {};
  for (const [path, issue] of Object.entries(draftErrors)) byPath[path] = format(issue);
  let rest: string | undefined;
  for (const error of fieldErrors) {
    let path = error.path;
    while (path !== '' && !known.has(path)) path = path.slice(0, path.lastIndexOf('/'));
    if (known.has(path)) byPath[path] ??= format(error.issue);
    else rest ??= format(error.issue);
  }
  return { byPath, rest };
}
