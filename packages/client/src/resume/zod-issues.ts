import type { z } from 'zod';
import type { ResumeIssue, ResumeLimitSubject } from './issues.js';

/*
 * zod's issues (what `fromJSONSchema` schemas report) as resume issues. Loaded with the validator.
 * The data itself is never copied into an issue: a message names limits and allowed values from
 * the schema, never what was received.
 */

type ZodIssue = z.core.$ZodIssue;

const SUBJECTS: Readonly<Record<string, ResumeLimitSubject>> = {
  number: 'number',
  int: 'number',
  bigint: 'number',
  string: 'length',
  array: 'items',
  set: 'items',
  object: 'properties',
};

const UNIQUE = 'Array items must be unique';

/** zod's `format` names, as JSON Schema spells them where they differ. */
const FORMATS: Readonly<Record<string, string>> = { url: 'uri', datetime: 'date-time' };

/** The resume issue a zod issue stands for. */
export function issueFromZod(issue: ZodIssue): ResumeIssue {
  switch (issue.code) {
    case 'invalid_type':
      // A missing key (or one set to undefined) is a value the person has yet to give.
      return issue.input === undefined
        ? { kind: 'required' }
        : { kind: 'type', expected: String(issue.expected) };
    case 'too_small':
    case 'too_big': {
      const limit = {
        subject: SUBJECTS[issue.origin] ?? 'number',
        limit: Number(issue.code === 'too_small' ? issue.minimum : issue.maximum),
        inclusive: issue.inclusive ?? true,
      } as const;
      return issue.code === 'too_small'
        ? { kind: 'too-small', ...limit }
        : { kind: 'too-big', ...limit };
    }
    case 'not_multiple_of':
      return { kind: 'multiple-of', divisor: Number(issue.divisor) };
    case 'invalid_format':
      // A regex of zod's own (its `time` under `not`, say, see formats.ts): its text means nothing
      // to a person.
      if (
        issue.format === 'regex' ||
        issue.format === 'starts_with' ||
        issue.format === 'ends_with'
      )
        return { kind: 'pattern', pattern: '' };
      return { kind: 'format', format: FORMATS[issue.format] ?? issue.format };
    case 'invalid_value':
      return issue.values.length === 1
        ? { kind: 'const', value: issue.values[0] }
        : { kind: 'enum', options: issue.values };
    case 'unrecognized_keys':
      return { kind: 'additional-properties', keys: issue.keys };
    case 'invalid_union':
      return { kind: 'union' };
    case 'custom':
      if (issue.message.startsWith(UNIQUE)) return { kind: 'unique-items' };
      return { kind: 'other', detail: issue.message };
    default:
      return { kind: 'other', detail: issue.message };
  }
}
