/*
 * What can be wrong with resume data, as data (`ResumeIssue`), and the words a person reads for
 * each kind (`resumeMessages`). The validator reports issues; a form turns them into text with
 * `formatResumeIssue`, and may replace the words for any kind.
 */

/** What a `too-small` / `too-big` limit counts. */
export type ResumeLimitSubject = 'number' | 'length' | 'items' | 'properties';

/** The limit a value passed: `limit` counts `subject`; `inclusive` when the limit itself is allowed. */
export interface ResumeLimit {
  readonly subject: ResumeLimitSubject;
  readonly limit: number;
  readonly inclusive: boolean;
}

/**
 * One problem with resume data, by kind. Every issue the resume validator or a resume form can
 * report is one of these, so a mapping over `kind` covers them all.
 * - `required`: a required value is missing.
 * - `type`: a value of the wrong JSON type (`expected`: string, number, integer, boolean, array,
 *   object or null).
 * - `too-small` / `too-big`: a number, a length, an item count or a property count past its
 *   limit; `inclusive` says whether the limit itself is allowed.
 * - `multiple-of`: a number that is not a multiple of `divisor`.
 * - `pattern`: text that does not match the schema's `pattern`.
 * - `format`: text that is not a valid `format` (email, url, date, date-time, uuid…).
 * - `enum` / `const`: a value that is not one of the allowed ones.
 * - `additional-properties`: keys the schema does not allow.
 * - `unique-items`: a list with a duplicate item.
 * - `union`: a value that fits none of the allowed shapes (`anyOf` / `oneOf`).
 * - `not-a-number` / `invalid-json`: what was typed cannot be read as a number / as JSON.
 * - `unusable-schema`: the schema itself cannot be used (`reason` says why).
 * - `too-large`: the data is too large to check.
 * - `other`: anything else the validator reports, with its own `detail`.
 */
export type ResumeIssue =
  | { readonly kind: 'required' }
  | { readonly kind: 'type'; readonly expected: string }
  | ({ readonly kind: 'too-small' } & ResumeLimit)
  | ({ readonly kind: 'too-big' } & ResumeLimit)
  | { readonly kind: 'multiple-of'; readonly divisor: number }
  | { readonly kind: 'pattern'; readonly pattern: string }
  | { readonly kind: 'format'; readonly format: string }
  | { readonly kind: 'enum'; readonly options: readonly unknown[] }
  | { readonly kind: 'const'; readonly value: unknown }
  | { readonly kind: 'additional-properties'; readonly keys: readonly string[] }
  | { readonly kind: 'unique-items' }
  | { readonly kind: 'union' }
  | { readonly kind: 'not-a-number' }
  | { readonly kind: 'invalid-json' }
  | { readonly kind: 'unusable-schema'; readonly reason: string }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'other'; readonly detail: string };

/** The kinds of {@link ResumeIssue}. */
export type ResumeIssueKind = ResumeIssue['kind'];

/** The issue of one kind. */
export type ResumeIssueOf<K extends ResumeIssueKind> = Extract<ResumeIssue, { kind: K }>;

/** The words for every kind of issue: a function from the issue to the sentence a person reads. */
export type ResumeMessages = {
  readonly [K in ResumeIssueKind]: (issue: ResumeIssueOf<K>) => string;
};

/**
 * An example of the text a simple pattern accepts (`^[0-9]{5}$` gives `00000`, `^[A-Z]{2}-\d{4}$`
 * gives `AA-0000`), or undefined when the pattern is more than literal characters, digits and
 * letters with exact counts.
 *
 * @example
 * patternExample('^[0-9]{5}$'); // '00000'
 */
export function patternExample(pattern: string): string | undefined {
  const body = /^\^(.*)\$$/s.exec(pattern)?.[1];
  if (body === undefined || body.length > 80) return undefined;
  const token =
    /(\\d|\[0-9\]|\[a-z\]|\[A-Z\]|\[A-Za-z\]|\\[-./:_ ]|[A-Za-z0-9 \-:/_.,@#])(?:\{(\d{1,2})\})?/y;
  let out = '';
  while (token.lastIndex < body.length) {
    const at = token.lastIndex;
    const match = token.exec(body);
    if (match === null || match.index !== at) return undefined;
    const unit = match[1]!;
    const sample =
      unit === '\\d' || unit === '[0-9]'
        ? '0'
        : unit === '[a-z]'
          ? 'a'
          : unit.startsWith('[')
            ? 'A'
            : unit.startsWith('\\')
              ? unit.slice(1)
              : unit === '.'
                ? undefined
                : unit;
    if (sample === undefined) return undefined;
    out += sample.repeat(match[2] === undefined ? 1 : Number(match[2]));
  }
  return out === '' ? undefined : out;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  integer: 'Enter a whole number.',
  boolean: 'Choose yes or no.',
  array: 'Enter a list.',
  object: 'Enter a group of fields.',
  null: 'Leave this empty.',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'Enter an email address, like name@example.com.',
  url: 'Enter a web address, like https://example.com.',
  uri: 'Enter a web address, like https://example.com.',
  datetime: 'Enter a date and time, like 2026-01-31T19:30:00Z.',
  'date-time': 'Enter a date and time, like 2026-01-31T19:30:00Z.',
  date: 'Enter a date, like 2026-01-31.',
  time: 'Enter a time, like 19:30:00.',
  duration: 'Enter a duration, like PT30M.',
  uuid: 'Enter an id in UUID form, like 123e4567-e89b-12d3-a456-426614174000.',
  ipv4: 'Enter an IPv4 address, like 192.0.2.1.',
  ipv6: 'Enter an IPv6 address, like 2001:db8::1.',
};

/** A value as a person reads it in a message: text as it is, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Nested deeper than the call stack allows, a cycle or a BigInt.
    return 'a value JSON cannot write';
  }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const COUNTED: Readonly<Record<Exclude<ResumeLimitSubject, 'number'>, [string, string]>> = {
  length: ['Use', 'character'],
  items: ['Add', 'item'],
  properties: ['Give', 'field'],
};

const listed = (values: readonly unknown[], max = 6) =>
  values.length > max
    ? `${values.slice(0, max).map(shown).join(', ')} or another allowed value`
    : values.map(shown).join(', ');

/**
 * The default words for every kind of resume issue. Spread it to change a few:
 *
 * @example
 * const messages: ResumeMessages = { ...resumeMessages, required: () => 'Required' };
 */
export const resumeMessages: ResumeMessages = {
  required: () => 'Fill in this field.',
  type: ({ expected }) => TYPE_WORDS[expected] ?? `Enter a value of type ${expected}.`,
  'too-small': ({ subject, limit, inclusive }) => {
    if (subject === 'number')
      return inclusive
        ? `Enter a number of at least ${limit}.`
        : `Enter a number larger than ${limit}.`;
    const [verb, unit] = COUNTED[subject];
    return `${verb} at least ${plural(inclusive ? limit : limit + 1, unit)}.`;
  },
  'too-big': ({ subject, limit, inclusive }) => {
    if (subject === 'number')
      return inclusive
        ? `Enter a number no larger than ${limit}.`
        : `Enter a number smaller than ${limit}.`;
    const [verb, unit] = COUNTED[subject];
    return `${verb} at most ${plural(inclusive ? limit : limit - 1, unit)}.`;
  },
  'multiple-of': ({ divisor }) => `Enter a multiple of ${divisor}.`,
  pattern: ({ pattern }) => {
    const example = patternExample(pattern);
    return example === undefined
      ? "Doesn't match the expected format."
      : `Must match the format ${example}.`;
  },
  format: ({ format }) => FORMAT_WORDS[format] ?? `Enter a valid ${format}.`,
  enum: ({ options }) =>
    options.length === 1 ? `Must be ${shown(options[0])}.` : `Choose one of ${listed(options)}.`,
  const: ({ value }) => `Must be ${shown(value)}.`,
  'additional-properties': ({ keys }) =>
    keys.length === 1
      ? `Remove the field ${shown(keys[0])}: it is not expected.`
      : `Remove the fields ${listed(keys)}: they are not expected.`,
  'unique-items': () => 'Remove the duplicate items.',
  union: () => "Doesn't match any of the allowed kinds of value.",
  'not-a-number': () => 'Enter a number.',
  'invalid-json': () => 'Enter valid JSON.',
  'unusable-schema': ({ reason }) => `The resume schema cannot be used: ${reason}`,
  'too-large': () => 'The data is too large to check against the schema.',
  other: ({ detail }) => detail,
};

/**
 * The sentence for an issue: from `messages` where it has the issue's kind, else the default.
 *
 * @example
 * formatResumeIssue({ kind: 'too-big', subject: 'number', limit: 10, inclusive: true });
 * // 'Enter a number no larger than 10.'
 */
export function formatResumeIssue(
  issue: ResumeIssue,
  messages: Partial<ResumeMessages> = resumeMessages,
): string {
  const own = messages[issue.kind] as ((issue: ResumeIssue) => string) | undefined;
  const fallback = resumeMessages[issue.kind] as (issue: ResumeIssue) => string;
  return (own ?? fallback)(issue);
}
