import { parseResumeSchema, validateResumeData } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

/** The resume schema Mastra sent with the recorded suspension (a JSON string). */
function recordedSchema(): unknown {
  const chunk = loadFixture('suspend-request').find(
    (c) => (c as { type?: string }).type === 'tool-call-suspended',
  ) as { payload: { resumeSchema: unknown } } | undefined;
  if (chunk === undefined) throw new Error('the recording has no tool-call-suspended chunk');
  return chunk.payload.resumeSchema;
}

describe('parseResumeSchema', () => {
  it('parses the JSON string Mastra sends, and passes objects through', () => {
    const schema = parseResumeSchema(recordedSchema());
    expect(schema).toMatchObject({ type: 'object' });
    expect(parseResumeSchema(schema)).toBe(schema);
  });

  it('gives undefined for what is not a schema', () => {
    expect([parseResumeSchema('not json'), parseResumeSchema('[1]'), parseResumeSchema(3)]).toEqual(
      [undefined, undefined, undefined],
    );
  });
});

describe('validateResumeData', () => {
  const schema = parseResumeSchema(recordedSchema());

  it('resolves with field errors as JSON Pointers for data that does not fit', async () => {
    const result = await validateResumeData(schema, { confirmed: 'yes' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((error) => error.path)).toContain('/confirmed');
  });

  it('resolves with the value for data that fits, and for any data without a schema', async () => {
    await expect(validateResumeData(schema, { confirmed: true })).resolves.toMatchObject({
      ok: true,
      value: { confirmed: true },
    });
    await expect(validateResumeData(undefined, 'anything')).resolves.toEqual({
      ok: true,
      value: 'anything',
    });
  });

  it('reports a schema zod cannot use instead of letting the data through', async () => {
    const result = await validateResumeData({ type: 'no-such-type' }, {});
    expect(result.ok).toBe(false);
  });
});

describe('hostile resume schemas', () => {
  const refused = (message: RegExp) => ({
    ok: false,
    errors: [
      {
        path: '',
        message: expect.stringMatching(message),
        issue: expect.objectContaining({ kind: 'unusable-schema' }),
      },
    ],
  });

  it.each([
    ['the root', { $ref: '#' }, {}],
    ['a property', { type: 'object', properties: { next: { $ref: '#' } } }, { next: {} }],
    [
      'a cycle of definitions',
      { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
      {},
    ],
    [
      'an item three levels down',
      {
        type: 'object',
        properties: {
          a: { type: 'array', items: { anyOf: [{ type: 'null' }, { $ref: '#/properties/a' }] } },
        },
      },
      { a: [] },
    ],
  ])(
    'refuses a schema that refers to itself from %s, without overflowing the stack',
    async (_, schema, data) => {
      await expect(validateResumeData(schema, data)).resolves.toEqual(
        refused(/^The resume schema cannot be used: it refers to itself \(\$ref ".*"\): recursive/),
      );
    },
  );

  it('refuses a reference that points nowhere, or outside the schema', async () => {
    await expect(validateResumeData({ $ref: '#/$defs/missing' }, {})).resolves.toEqual(
      refused(/does not point into the schema/),
    );
    await expect(validateResumeData({ $ref: 'https://example.com/s.json' }, {})).resolves.toEqual(
      refused(/does not point into the schema/),
    );
  });

  it('walks a schema nested 20 000 levels deep without overflowing the stack', async () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20_000; i++) schema = { type: 'object', properties: { a: schema } };
    await expect(validateResumeData(schema, {})).resolves.toEqual(
      refused(/more than \d+ subschemas/),
    );
  });

  it('matches a catastrophic pattern in linear time instead of blocking the thread', async () => {
    // With a backtracking RegExp, ^(a+)+$ against these 5 001 characters would never finish.
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };
    await expect(validateResumeData(schema, { code: `${'a'.repeat(5000)}!` })).resolves.toEqual({
      ok: false,
      errors: [
        {
          path: '/code',
          message: "Doesn't match the expected format.",
          issue: { kind: 'pattern', pattern: '^(a+)+$' },
        },
      ],
    });
    await expect(validateResumeData(schema, { code: 'a'.repeat(5000) })).resolves.toMatchObject({
      ok: true,
    });
    const either = { anyOf: [{ type: 'string', pattern: '^(x|x)*$' }, { type: 'null' }] };
    await expect(validateResumeData(either, `${'x'.repeat(5000)}y`)).resolves.toMatchObject({
      ok: false,
    });
    await expect(validateResumeData(either, null)).resolves.toMatchObject({ ok: true });
  });

  it('still checks ordinary patterns, and skips one it cannot run in linear time', async () => {
    const zip = { type: 'string', pattern: '^[0-9]{5}$' };
    await expect(validateResumeData(zip, '1234')).resolves.toMatchObject({ ok: false });
    await expect(validateResumeData(zip, '12345')).resolves.toEqual({ ok: true, value: '12345' });
    await expect(
      validateResumeData({ type: 'string', pattern: '^(?=a)(a+)+\\1$' }, 'a'),
    ).resolves.toEqual({ ok: true, value: 'a' });
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a schema with a property named %s, and never returns data with another prototype',
    async (name) => {
      const schema = JSON.parse(
        `{"type":"object","properties":{"${name}":{"type":"object","properties":{"isAdmin":{"type":"boolean"}}}},"required":["${name}"]}`,
      ) as object;
      const data = JSON.parse(`{"${name}":{"isAdmin":true}}`) as object;
      const result = await validateResumeData(schema, data);
      expect(result).toEqual(refused(new RegExp(`names a property "${name}"`)));
      expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    },
  );

  it('gives back the data it was given, with its own prototype', async () => {
    const data = { confirmed: true };
    const result = await validateResumeData(
      { type: 'object', properties: { confirmed: { type: 'boolean' } } },
      data,
    );
    expect(result).toEqual({ ok: true, value: data });
    if (result.ok) expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
  });
});
