import { parseResumeSchema, type ResumeIssue } from '@toolpane/client';
import { jsonText } from '../utils/values.js';

/** One input the resume form renders, derived from a JSON Schema property. */
export type ResumeField =
  | { readonly kind: 'string'; readonly path: string; readonly meta: FieldMeta }
  | {
      readonly kind: 'number';
      readonly path: string;
      readonly meta: FieldMeta;
      readonly integer: boolean;
    }
  | { readonly kind: 'boolean'; readonly path: string; readonly meta: FieldMeta }
  | {
      readonly kind: 'enum';
      readonly path: string;
      readonly meta: FieldMeta;
      readonly options: readonly unknown[];
    }
  | {
      readonly kind: 'object';
      readonly path: string;
      readonly meta: FieldMeta;
      readonly fields: readonly ResumeField[];
    }
  /** Anything the form cannot build an input for is edited as JSON text. */
  | { readonly kind: 'json'; readonly path: string; readonly meta: FieldMeta };

/** What every field knows about itself. */
export interface FieldMeta {
  readonly name: string;
  readonly label: string;
  readonly description: string | undefined;
  readonly required: boolean;
  readonly default: unknown;
  /**
   * Whether the field also takes null (`type: ['integer', 'null']`, or zod's `.nullable()` as
   * `anyOf: [{ type: 'integer' }, { type: 'null' }]`): the form offers "No value" beside it.
   */
  readonly nullable: boolean;
}

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "deliveryTime" and "delivery_time" both read "Delivery time"; "" reads "(empty name)". */
export function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  if (words) return words[0]!.toUpperCase() + words.slice(1);
  return name.trim() ? name : name ? JSON.stringify(name) : '(empty name)';
}

/** The path of property `name` under `path`, a JSON Pointer: `~` as `~0`, `/` as `~1`. */
const childPath = (path: string, name: string) =>
  `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  // ["string", "null"] is how optional fields often arrive from zod.
  if (Array.isArray(type))
    return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function fieldFor(name: string, path: string, given: Schema, required: boolean): ResumeField {
  // zod's `.nullable()`: `anyOf` (or `oneOf`) of the schema and `{ type: 'null' }`, read as the
  // schema, with the title, description and default given beside them.
  const list = given.anyOf ?? given.oneOf;
  const [a, b, more] = (Array.isArray(list) ? list : []) as (Schema | undefined)[];
  const other = more === undefined && (a?.type === 'null' ? b : b?.type === 'null' && a);
  const schema = isSchema(other) ? { ...other, ...given } : given;
  const meta: FieldMeta = {
    name,
    label: (typeof schema.title === 'string' && schema.title) || humanize(name),
    description: typeof schema.description === 'string' ? schema.description : undefined,
    required,
    default: schema.default,
    nullable: schema !== given || [given.type].flat().includes('null'),
  };
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return { kind: 'enum', path, meta, options: schema.enum };
  if ('const' in schema) return { kind: 'enum', path, meta, options: [schema.const] };
  const type = typeOf(schema);
  if (type === 'object' && isSchema(schema.properties))
    return { kind: 'object', path, meta, fields: fieldsOf(schema, path) };
  if (type === 'number' || type === 'integer')
    return { kind: 'number', path, meta, integer: type === 'integer' };
  // An object without properties, a list, or no type at all is edited as JSON.
  return { kind: type === 'string' || type === 'boolean' ? type : 'json', path, meta };
}

function fieldsOf(schema: Schema, path: string): ResumeField[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  return Object.entries(properties)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(([name, property]) => fieldFor(name, childPath(path, name), property, required.has(name)));
}

/**
 * The fields of a form for a resume schema (a parsed object or Mastra's JSON string). An object
 * schema gives one field per property, at its JSON Pointer (`/contact/name`, `/a~1b` for "a/b");
 * any other schema gives a single field at the root ('').
 */
export function resumeFields(resumeSchema: unknown): readonly ResumeField[] {
  const schema = parseResumeSchema(resumeSchema);
  if (schema === undefined) return [{ kind: 'json', path: '', meta: rootMeta() }];
  if (typeOf(schema) === 'object' && isSchema(schema.properties)) return fieldsOf(schema, '');
  return [fieldFor('value', '', schema, true)];
}

function rootMeta(): FieldMeta {
  return {
    name: 'value',
    label: 'Data',
    description: undefined,
    required: false,
    default: undefined,
    nullable: false,
  };
}

/**
 * What the person typed or chose, by field path: strings for text inputs (a number input whose
 * text the browser cannot read holds {@link NOT_A_NUMBER}), the chosen option as JSON for an enum
 * (so a choice stays the same value whatever options a new schema brings, and `"1"`, `1` and
 * `true` stay apart), booleans for checkboxes, and null for a field set to "No value".
 */
export type ResumeDraft = Readonly<Record<string, string | boolean | null>>;

/** `value[name]` when `value` is an object that has it, for defaults given on a parent object. */
function defaultOf(parent: unknown, name: string): unknown {
  if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) return undefined;
  return Object.hasOwn(parent, name) ? (parent as Record<string, unknown>)[name] : undefined;
}

/** What the draft holds for a number input whose text the browser cannot read as a number. */
export const NOT_A_NUMBER = 'NaN';

/**
 * The starting draft: schema defaults where there are any, else empty (a number field with a
 * default that is not a number, or an enum whose default is not an option, starts empty; a field
 * that takes null with a null default starts as "No value"). A field without a default of its own
 * takes it from a default its parent object gives (`{ default: { guests: 2 } }`).
 */
export function initialDraft(
  fields: readonly ResumeField[],
): Record<string, string | boolean | null> {
  const draft: Record<string, string | boolean | null> = {};
  const visit = (field: ResumeField, inherited: unknown) => {
    const value = field.meta.default === undefined ? inherited : field.meta.default;
    if (field.meta.nullable && value === null) {
      draft[field.path] = null;
      return;
    }
    switch (field.kind) {
      case 'object': {
        for (const inner of field.fields) visit(inner, defaultOf(value, inner.meta.name));
        return;
      }
      case 'boolean': {
        draft[field.path] = value === true;
        return;
      }
      case 'enum': {
        const key = jsonText(value);
        draft[field.path] = field.options.some((option) => jsonText(option) === key) ? key : '';
        return;
      }
      case 'json': {
        draft[field.path] = value === undefined ? '' : jsonText(value, 2);
        return;
      }
      case 'number': {
        draft[field.path] = typeof value === 'number' ? String(value) : '';
        return;
      }
      default: {
        draft[field.path] =
          value === undefined || value === null
            ? ''
            : typeof value === 'object'
              ? jsonText(value)
              : String(value);
      }
    }
  };
  for (const field of fields) visit(field, undefined);
  return draft;
}

/**
 * Adds a field as an own property. Plain assignment of a field named `__proto__` would set the
 * object's prototype instead; the client refuses such schemas, and the form never relies on it.
 */
function setField(data: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(data, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Problems turning the draft into data, before schema validation (e.g. unparseable JSON). */
export type DraftErrors = Record<string, ResumeIssue>;

const REQUIRED: ResumeIssue = { kind: 'required' };

function fieldValue(field: ResumeField, draft: ResumeDraft, errors: DraftErrors): unknown {
  const raw = draft[field.path];
  if (raw === null) return null;
  switch (field.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const inner of field.fields) {
        const value = fieldValue(inner, draft, errors);
        if (value !== undefined) setField(out, inner.meta.name, value);
      }
      return out;
    }
    case 'boolean':
      // An unticked box is a legitimate `false`, never a missing value.
      return raw === true;
    case 'enum': {
      // A choice counts only while its value is one of the options: a new schema may offer others.
      const index = field.options.findIndex((option) => jsonText(option) === raw);
      if (index !== -1) return field.options[index];
      if (field.meta.required) errors[field.path] = REQUIRED;
      return undefined;
    }
    case 'number': {
      if (typeof raw !== 'string' || raw.trim() === '') {
        if (field.meta.required) errors[field.path] = REQUIRED;
        return undefined;
      }
      const value = Number(raw);
      if (Number.isNaN(value)) errors[field.path] = { kind: 'not-a-number' };
      return value;
    }
    case 'json': {
      if (typeof raw !== 'string' || raw.trim() === '') {
        if (field.meta.required) errors[field.path] = REQUIRED;
        return undefined;
      }
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        errors[field.path] = { kind: 'invalid-json' };
        return undefined;
      }
    }
    default: {
      // An empty text box means "not given", not "the empty string".
      if (typeof raw === 'string' && raw !== '') return raw;
      if (field.meta.required) errors[field.path] = REQUIRED;
      return undefined;
    }
  }
}

/** Builds the resume data from the draft; root-level fields ('' path) stand for the whole value. */
export function draftToData(
  fields: readonly ResumeField[],
  draft: ResumeDraft,
): { data: unknown; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const root: ResumeField =
    fields.length === 1 && fields[0]!.path === ''
      ? fields[0]!
      : { kind: 'object', path: '', meta: rootMeta(), fields };
  return { data: fieldValue(root, draft, errors), errors };
}
