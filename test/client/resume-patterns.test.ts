// @vitest-environment node
import { standardSchemaToJSONSchema, toStandardSchema } from '@mastra/core/schema';
import { type FieldError, validateResumeData } from '@toolpane/client';
import { jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import { z as z4 } from 'zod/v4';

/*
 * Resume schemas as Mastra 1.71 sends them: a tool's zod `resumeSchema` (zod 3 or zod 4) or its
 * JSON Schema (`jsonSchema` from `ai`), turned into JSON Schema by Mastra itself.
 */

/** The JSON Schema Mastra sends for a tool's resume schema, parsed. */
const mastraSchema = (schema: unknown): object =>
  JSON.parse(
    JSON.stringify(
      standardSchemaToJSONSchema(
        toStandardSchema(schema as Parameters<typeof toStandardSchema>[0]),
      ),
    ),
  ) as object;

const kinds = (errors: readonly FieldError[]) => errors.map((e) => `${e.path} ${e.issue.kind}`);

/** Every zod string format, with a value both zod and the pattern Mastra sends for it accept. */
const FORMATS: [name: string, field: unknown, valid: string][] = [
  ['zod 3 email', z3.string().email(), 'ada@example.com'],
  ['zod 3 url', z3.string().url(), 'https://example.com'],
  ['zod 3 emoji', z3.string().emoji(), '😀'],
  ['zod 3 uuid', z3.string().uuid(), '123e4567-e89b-12d3-a456-426614174000'],
  ['zod 3 nanoid', z3.string().nanoid(), 'V1StGXR8_Z5jdHi6B-myT'],
  ['zod 3 cuid', z3.string().cuid(), 'cjld2cjxh0000qzrmn831i7rn'],
  ['zod 3 cuid2', z3.string().cuid2(), 'tz4a98xxat96iws9zmbrgj3a'],
  ['zod 3 ulid', z3.string().ulid(), '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  ['zod 3 datetime', z3.string().datetime(), '2026-01-31T19:30:00Z'],
  ['zod 3 date', z3.string().date(), '2026-01-31'],
  ['zod 3 duration', z3.string().duration(), 'P3DT4H'],
  ['zod 3 ip', z3.string().ip(), '192.0.2.1'],
  ['zod 3 base64', z3.string().base64(), 'aGVsbG8='],
  ['zod 3 base64url', z3.string().base64url(), 'aGVsbG8'],
  ['zod 3 jwt', z3.string().jwt(), 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
  ['zod 4 email', z4.email(), 'ada@example.com'],
  ['zod 4 url', z4.url(), 'https://example.com'],
  ['zod 4 emoji', z4.emoji(), '😀'],
  ['zod 4 uuid', z4.uuid(), '123e4567-e89b-12d3-a456-426614174000'],
  ['zod 4 guid', z4.guid(), '123e4567-e89b-12d3-a456-426614174000'],
  ['zod 4 nanoid', z4.nanoid(), 'V1StGXR8_Z5jdHi6B-myT'],
  ['zod 4 cuid', z4.cuid(), 'cjld2cjxh0000qzrmn831i7rn'],
  ['zod 4 cuid2', z4.cuid2(), 'tz4a98xxat96iws9zmbrgj3a'],
  ['zod 4 ulid', z4.ulid(), '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  ['zod 4 xid', z4.xid(), '9m4e2mr0ui3e8a215n4g'],
  ['zod 4 ksuid', z4.ksuid(), '0ujtsYcgvSTl8PAuAdqWYSMnLOv'],
  ['zod 4 ipv4', z4.ipv4(), '192.0.2.1'],
  ['zod 4 ipv6', z4.ipv6(), '::1'],
  ['zod 4 cidrv4', z4.cidrv4(), '192.0.2.0/24'],
  ['zod 4 cidrv6', z4.cidrv6(), '::1/128'],
  ['zod 4 base64', z4.base64(), 'aGVsbG8='],
  ['zod 4 base64url', z4.base64url(), 'aGVsbG8'],
  ['zod 4 e164', z4.e164(), '+33123456789'],
  ['zod 4 jwt', z4.jwt(), 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
  ['zod 4 iso.datetime', z4.iso.datetime(), '2026-01-31T19:30:00Z'],
  ['zod 4 iso.date', z4.iso.date(), '2026-01-31'],
  ['zod 4 iso.duration', z4.iso.duration(), 'P3DT4H'],
];

/** A resume schema with the format as `contact` beside a number `guests` of at most 10. */
function withFormat(name: string, field: unknown): object {
  return name.startsWith('zod 3')
    ? mastraSchema(z3.object({ contact: field as z3.ZodTypeAny, guests: z3.number().max(10) }))
    : mastraSchema(z4.object({ contact: field as z4.ZodType, guests: z4.number().max(10) }));
}

describe('resume schemas Mastra makes from zod string formats', () => {
  it.each(FORMATS)('%s: a valid value passes', async (name, field, valid) => {
    const result = await validateResumeData(withFormat(name, field), { contact: valid, guests: 2 });
    expect(result).toEqual({ ok: true, value: { contact: valid, guests: 2 } });
  });

  it.each(FORMATS)(
    '%s: the schema is never refused, and every field is checked',
    async (name, field, valid) => {
      const result = await validateResumeData(withFormat(name, field), {
        contact: valid,
        guests: 11,
      });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(kinds(result.errors)).toEqual(['/guests too-big']);
    },
  );

  it.each([
    ['zod 3', mastraSchema(z3.object({ email: z3.string().email().optional(), n: z3.number() }))],
    ['zod 4', mastraSchema(z4.object({ email: z4.email().optional(), n: z4.number() }))],
  ])('%s: an email that is not one is still refused, by its format', async (_, schema) => {
    for (const email of ['ada', 'ada@', '.ada@example.com', 'a..b@example.com']) {
      const result = await validateResumeData(schema, { email, n: 1 });
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.errors.map((e) => [e.path, e.issue, e.message])).toEqual([
          ['/email', { kind: 'format', format: 'email' }, expect.stringMatching(/email address/)],
        ]);
    }
    await expect(validateResumeData(schema, { n: 1 })).resolves.toMatchObject({ ok: true });
  });

  it('skips only the pattern it cannot run: the other patterns of the schema are checked', async () => {
    const schema = mastraSchema(
      z4.object({
        code: z4.string().regex(/^(?=\d)\d{4}(?!\d)/),
        again: z4.string().regex(/^(a)\1$/),
        zip: z4.string().regex(/^[0-9]{5}$/),
        nested: z4.object({ zip: z4.string().regex(/^[0-9]{5}$/) }),
      }),
    );
    const ok = { code: '1234', again: 'aa', zip: '75011', nested: { zip: '75011' } };
    await expect(validateResumeData(schema, ok)).resolves.toEqual({ ok: true, value: ok });
    const result = await validateResumeData(schema, {
      code: 'x',
      again: 'ab',
      zip: '7501',
      nested: { zip: 'x' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(kinds(result.errors).sort()).toEqual(['/nested/zip pattern', '/zip pattern']);
  });
});

describe('enum and const of objects and arrays', () => {
  const slots = [
    { at: '19:00', room: ['main'] },
    { at: '20:00', room: ['terrace', 'bar'] },
  ];
  const schema = mastraSchema(
    jsonSchema({
      type: 'object',
      properties: {
        slot: { enum: slots },
        ack: { const: { ok: true, by: [1, 2] } },
        list: { type: 'array', items: { enum: [[1, 2], [3]] } },
        either: { anyOf: [{ type: 'string' }, { const: { kind: 'none' } }] },
        extra: { type: 'object', additionalProperties: { const: [null, { a: {} }] } },
        defined: { $ref: '#/definitions/pick' },
      },
      definitions: { pick: { enum: [{ id: 1 }, 'none'] } },
      required: ['slot'],
    }),
  );

  it('accepts values equal to an option, whatever their key order', async () => {
    const data = {
      slot: { room: ['terrace', 'bar'], at: '20:00' },
      ack: { by: [1, 2], ok: true },
      list: [[3], [1, 2]],
      either: { kind: 'none' },
      extra: { x: [null, { a: {} }] },
      defined: { id: 1 },
    };
    await expect(validateResumeData(schema, data)).resolves.toEqual({ ok: true, value: data });
    await expect(
      validateResumeData(schema, { slot: slots[0], defined: 'none' }),
    ).resolves.toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['a missing key', { slot: { at: '20:00' } }, ['/slot enum']],
    ['an extra key', { slot: { ...slots[0], note: 'x' } }, ['/slot enum']],
    ['another item order', { slot: { at: '20:00', room: ['bar', 'terrace'] } }, ['/slot enum']],
    ['a string for an object', { slot: '19:00' }, ['/slot enum']],
    [
      'an object for a list',
      { slot: slots[0], ack: { 0: 1, 1: 2 }, list: [{ 0: 3 }] },
      ['/ack const', '/list/0 enum'],
    ],
    [
      'a number of another value',
      { slot: slots[0], ack: { ok: true, by: [1, 3] } },
      ['/ack const'],
    ],
    [
      'an additional property',
      { slot: slots[0], extra: { x: [null, { a: [] }] } },
      ['/extra/x const'],
    ],
    ['a referenced enum', { slot: slots[0], defined: { id: 2 } }, ['/defined enum']],
  ])('refuses %s, on its field, naming the allowed values', async (_, data, expected) => {
    const result = await validateResumeData(schema, data);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(kinds(result.errors).sort()).toEqual(expected);
      const slot = result.errors.find((e) => e.path === '/slot');
      if (slot !== undefined) expect(slot.message).toContain('{"at":"19:00","room":["main"]}');
    }
  });

  it('compares values nested far deeper than the call stack allows without overflowing it', async () => {
    const nested = (bottom: number) => {
      let value: unknown = bottom;
      for (let i = 0; i < 50_000; i++) value = [value];
      return value;
    };
    const schema = { type: 'object', properties: { deep: { const: nested(1) } } };
    await expect(validateResumeData(schema, { deep: nested(1) })).resolves.toMatchObject({
      ok: true,
    });
    const result = await validateResumeData(schema, { deep: nested(2) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(kinds(result.errors)).toEqual(['/deep const']);
  });
});

describe('paths of field errors', () => {
  it('are JSON Pointers: "~" reads ~0 and "/" reads ~1, from zod and from patterns alike', async () => {
    const schema = mastraSchema(
      z4.object({
        'a/b': z4.number(),
        'm~n': z4.string().regex(/^[0-9]+$/),
        'delivery time': z4.object({ 'x/~y': z4.boolean() }),
      }),
    );
    const result = await validateResumeData(schema, {
      'a/b': 'one',
      'm~n': 'x',
      'delivery time': { 'x/~y': 'yes' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(kinds(result.errors).sort()).toEqual([
        '/a~1b type',
        '/delivery time/x~1~0y type',
        '/m~0n pattern',
      ]);
  });
});

describe('required names', () => {
  it.each([
    [
      'beside other properties',
      { type: 'object', properties: { note: { type: 'string' } }, required: ['approved', 'note'] },
    ],
    ['with no properties', { type: 'object', required: ['approved', 'note'] }],
  ])('are required %s', async (_, json) => {
    const schema = mastraSchema(jsonSchema(json as Parameters<typeof jsonSchema>[0]));
    const result = await validateResumeData(schema, { note: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(kinds(result.errors)).toEqual(['/approved required']);
    await expect(validateResumeData(schema, { note: 'x', approved: false })).resolves.toMatchObject(
      {
        ok: true,
      },
    );
  });
});
