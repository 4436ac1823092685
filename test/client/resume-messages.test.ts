import {
  type ResumeIssue,
  type ResumeIssueKind,
  type ResumeIssueOf,
  validateResumeData,
} from '@toolpane/client';
import {
  formatResumeIssue,
  patternExample,
  resumeMessages,
} from '@toolpane/client/resume-messages';
import { describe, expect, it } from 'vitest';

/** One object schema with a property for every constraint the validator checks. */
const schema = {
  type: 'object',
  properties: {
    guests: { type: 'integer', minimum: 1, maximum: 10 },
    budget: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 500, multipleOf: 5 },
    postcode: { type: 'string', pattern: '^[0-9]{5}$' },
    code: { type: 'string', pattern: '^(a|b)+x?$' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    seating: { type: 'string', enum: ['inside', 'terrace'] },
    kind: { const: 'booking' },
    note: { type: 'string', minLength: 2, maxLength: 4 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2, uniqueItems: true },
    extras: { type: 'object', minProperties: 1, maxProperties: 1 },
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    confirmed: { type: 'boolean' },
  },
  required: ['guests', 'confirmed'],
  additionalProperties: false,
};

/** The issue and message the validator reports at `path` for `data`. */
async function reported(data: object, path: string) {
  const result = await validateResumeData(schema, { guests: 2, confirmed: false, ...data });
  if (result.ok) throw new Error(`${JSON.stringify(data)} was accepted`);
  const found = result.errors.filter((error) => error.path === path);
  expect(found, JSON.stringify(result.errors)).toHaveLength(1);
  return found[0]!;
}

describe('resume validation reports each problem as an issue with human words', () => {
  it.each<[string, object, string, ResumeIssue, string]>([
    ['required', { guests: undefined }, '/guests', { kind: 'required' }, 'Fill in this field.'],
    [
      'type',
      { guests: 'four' },
      '/guests',
      { kind: 'type', expected: 'number' },
      'Enter a number.',
    ],
    [
      'max (number)',
      { guests: 11 },
      '/guests',
      { kind: 'too-big', subject: 'number', limit: 10, inclusive: true },
      'Enter a number no larger than 10.',
    ],
    [
      'min (number)',
      { guests: 0 },
      '/guests',
      { kind: 'too-small', subject: 'number', limit: 1, inclusive: true },
      'Enter a number of at least 1.',
    ],
    [
      'exclusive max',
      { budget: 500 },
      '/budget',
      { kind: 'too-big', subject: 'number', limit: 500, inclusive: false },
      'Enter a number smaller than 500.',
    ],
    [
      'multiple of',
      { budget: 12 },
      '/budget',
      { kind: 'multiple-of', divisor: 5 },
      'Enter a multiple of 5.',
    ],
    [
      'min length',
      { note: 'a' },
      '/note',
      { kind: 'too-small', subject: 'length', limit: 2, inclusive: true },
      'Use at least 2 characters.',
    ],
    [
      'max length',
      { note: 'abcdef' },
      '/note',
      { kind: 'too-big', subject: 'length', limit: 4, inclusive: true },
      'Use at most 4 characters.',
    ],
    [
      'min items',
      { tags: [] },
      '/tags',
      { kind: 'too-small', subject: 'items', limit: 1, inclusive: true },
      'Add at least 1 item.',
    ],
    [
      'max items',
      { tags: ['a', 'b', 'c'] },
      '/tags',
      { kind: 'too-big', subject: 'items', limit: 2, inclusive: true },
      'Add at most 2 items.',
    ],
    [
      'unique items',
      { tags: ['a', 'a'] },
      '/tags',
      { kind: 'unique-items' },
      'Remove the duplicate items.',
    ],
    [
      'max properties',
      { extras: { a: 1, b: 2 } },
      '/extras',
      { kind: 'too-big', subject: 'properties', limit: 1, inclusive: true },
      'Give at most 1 field.',
    ],
    [
      'pattern with an example',
      { postcode: '1234' },
      '/postcode',
      { kind: 'pattern', pattern: '^[0-9]{5}$' },
      'Must match the format 00000.',
    ],
    [
      'pattern without an example',
      { code: 'abc' },
      '/code',
      { kind: 'pattern', pattern: '^(a|b)+x?$' },
      "Doesn't match the expected format.",
    ],
    [
      'format email',
      { email: 'ada' },
      '/email',
      { kind: 'format', format: 'email' },
      'Enter an email address, like name@example.com.',
    ],
    [
      'format uri',
      { site: 'nope' },
      '/site',
      { kind: 'format', format: 'uri' },
      'Enter a web address, like https://example.com.',
    ],
    [
      'format date',
      { day: 'monday' },
      '/day',
      { kind: 'format', format: 'date' },
      'Enter a date, like 2026-01-31.',
    ],
    [
      'format date-time',
      { at: 'tonight' },
      '/at',
      { kind: 'format', format: 'date-time' },
      'Enter a date and time, like 2026-01-31T19:30:00Z.',
    ],
    [
      'enum',
      { seating: 'roof' },
      '/seating',
      { kind: 'enum', options: ['inside', 'terrace'] },
      'Choose one of "inside", "terrace".',
    ],
    [
      'const',
      { kind: 'order' },
      '/kind',
      { kind: 'const', value: 'booking' },
      'Must be "booking".',
    ],
    [
      'additional properties',
      { extra: 1 },
      '',
      { kind: 'additional-properties', keys: ['extra'] },
      'Remove the field "extra": it is not expected.',
    ],
    [
      'union',
      { either: true },
      '/either',
      { kind: 'union' },
      "Doesn't match any of the allowed kinds of value.",
    ],
  ])('%s', async (_, data, path, issue, message) => {
    const error = await reported(data, path);
    expect(error.issue).toEqual(issue);
    expect(error.message).toBe(message);
  });

  it('reports a pattern problem together with the other problems, not after them', async () => {
    const result = await validateResumeData(schema, {
      guests: 11,
      confirmed: false,
      postcode: '1',
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.map((error) => [error.path, error.issue.kind])).toEqual([
        ['/guests', 'too-big'],
        ['/postcode', 'pattern'],
      ]);
  });

  it('never repeats the value it refused', async () => {
    const result = await validateResumeData(schema, {
      guests: 'sk-secret-123',
      confirmed: 'sk-secret-123',
      postcode: 'sk-secret-123',
      seating: 'sk-secret-123',
    });
    expect(JSON.stringify(result)).not.toContain('sk-secret-123');
  });

  it('reports a schema it cannot use as an issue, and skips a pattern it cannot check', async () => {
    expect((await reportedFor({ $ref: '#' }, {})).issue).toMatchObject({ kind: 'unusable-schema' });
    await expect(validateResumeData({ type: 'string', pattern: '^(?=a)a$' }, 'b')).resolves.toEqual(
      { ok: true, value: 'b' },
    );
  });
});

async function reportedFor(s: object, data: unknown) {
  const result = await validateResumeData(s, data);
  if (result.ok) throw new Error('accepted');
  return result.errors[0]!;
}

/** A sample of every kind: adding a kind without a sample here fails to compile. */
const samples = {
  required: { kind: 'required' },
  type: { kind: 'type', expected: 'integer' },
  'too-small': { kind: 'too-small', subject: 'number', limit: 3, inclusive: false },
  'too-big': { kind: 'too-big', subject: 'length', limit: 4, inclusive: false },
  'multiple-of': { kind: 'multiple-of', divisor: 0.5 },
  pattern: { kind: 'pattern', pattern: '^[A-Z]{2}-\\d{4}$' },
  format: { kind: 'format', format: 'hostname' },
  enum: { kind: 'enum', options: [1, 2, 3, 4, 5, 6, 7] },
  const: { kind: 'const', value: true },
  'additional-properties': { kind: 'additional-properties', keys: ['a', 'b'] },
  'unique-items': { kind: 'unique-items' },
  union: { kind: 'union' },
  'not-a-number': { kind: 'not-a-number' },
  'invalid-json': { kind: 'invalid-json' },
  'unusable-schema': { kind: 'unusable-schema', reason: 'it is too large' },
  'too-large': { kind: 'too-large' },
  other: { kind: 'other', detail: 'Array must contain at least 1 matching item; found 0' },
} satisfies { [K in ResumeIssueKind]: ResumeIssueOf<K> };

describe('formatResumeIssue', () => {
  it('words every kind of issue as a sentence', () => {
    const words = Object.fromEntries(
      Object.entries(samples).map(([kind, issue]) => [kind, formatResumeIssue(issue)]),
    );
    expect(words).toEqual({
      required: 'Fill in this field.',
      type: 'Enter a whole number.',
      'too-small': 'Enter a number larger than 3.',
      'too-big': 'Use at most 3 characters.',
      'multiple-of': 'Enter a multiple of 0.5.',
      pattern: 'Must match the format AA-0000.',
      format: 'Enter a valid hostname.',
      enum: 'Choose one of 1, 2, 3, 4, 5, 6 or another allowed value.',
      const: 'Must be true.',
      'additional-properties': 'Remove the fields "a", "b": they are not expected.',
      'unique-items': 'Remove the duplicate items.',
      union: "Doesn't match any of the allowed kinds of value.",
      'not-a-number': 'Enter a number.',
      'invalid-json': 'Enter valid JSON.',
      'unusable-schema': 'The resume schema cannot be used: it is too large',
      'too-large': 'The data is too large to check against the schema.',
      other: 'Array must contain at least 1 matching item; found 0',
    });
    for (const [kind, issue] of Object.entries(samples))
      expect(resumeMessages[kind as ResumeIssueKind](issue as never)).toBe(words[kind]);
  });

  it('takes the words of a kind from the given messages, and the rest from the defaults', () => {
    const messages = {
      'too-big': ({ limit }: ResumeIssueOf<'too-big'>) => `Höchstens ${limit}`,
      required: () => 'Pflichtfeld',
    };
    expect(formatResumeIssue(samples['too-big'], messages)).toBe('Höchstens 4');
    expect(formatResumeIssue(samples.required, messages)).toBe('Pflichtfeld');
    expect(formatResumeIssue(samples.union, messages)).toBe(resumeMessages.union(samples.union));
  });
});

describe('patternExample', () => {
  it.each([
    ['^[0-9]{5}$', '00000'],
    ['^\\d{3}-\\d{2}$', '000-00'],
    ['^[A-Z]{2}[0-9]{4}$', 'AA0000'],
    ['^[a-z]{3}$', 'aaa'],
    ['^v\\.[0-9]$', 'v.0'],
  ])('gives an example for %s', (pattern, example) => {
    expect(patternExample(pattern)).toBe(example);
  });

  it.each(['[0-9]{5}', '^[0-9]+$', '^(a|b)$', '^.{3}$', '^[0-9]{2,4}$', '^\\w{3}$'])(
    'gives none for %s, where an example would mislead',
    (pattern) => {
      expect(patternExample(pattern)).toBeUndefined();
    },
  );
});
