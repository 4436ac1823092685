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
