// @vitest-environment node
import { standardSchemaToJSONSchema, toStandardSchema } from '@mastra/core/schema';
import { validateResumeData } from '@toolpane/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import { z as z4 } from 'zod/v4';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

/*
 * Every zod 3 and zod 4 string format, as Mastra 1.71 writes it into a resume schema, checked
 * against zod itself: a value zod accepts for the tool's schema must pass, and a value zod refuses
 * must be refused, except where the JSON Schema Mastra writes cannot say so (zod 3 writes the same
 * `date-time` for every `datetime()` whatever its options, and no pattern beside it).
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

interface Field {
  safeParse(value: unknown): { success: boolean };
}

const ZOD3: [string, z3.ZodTypeAny][] = [
  ['email', z3.string().email()],
  ['url', z3.string().url()],
  ['emoji', z3.string().emoji()],
  ['uuid', z3.string().uuid()],
  ['nanoid', z3.string().nanoid()],
  ['cuid', z3.string().cuid()],
  ['cuid2', z3.string().cuid2()],
  ['ulid', z3.string().ulid()],
  ['datetime', z3.string().datetime()],
  ['datetime offset', z3.string().datetime({ offset: true })],
  ['datetime local', z3.string().datetime({ local: true })],
  ['datetime precision 0', z3.string().datetime({ precision: 0 })],
  ['date', z3.string().date()],
  ['time', z3.string().time()],
  ['time precision 0', z3.string().time({ precision: 0 })],
  ['time precision 3', z3.string().time({ precision: 3 })],
  ['duration', z3.string().duration()],
  ['ip', z3.string().ip()],
  ['ip v4', z3.string().ip({ version: 'v4' })],
  ['ip v6', z3.string().ip({ version: 'v6' })],
  ['cidr', z3.string().cidr()],
  ['cidr v4', z3.string().cidr({ version: 'v4' })],
  ['cidr v6', z3.string().cidr({ version: 'v6' })],
  ['base64', z3.string().base64()],
  ['base64url', z3.string().base64url()],
  ['jwt', z3.string().jwt()],
];

const ZOD4: [string, z4.ZodType][] = [
  ['email', z4.email()],
  ['url', z4.url()],
  ['emoji', z4.emoji()],
  ['uuid', z4.uuid()],
  ['uuidv4', z4.uuidv4()],
  ['uuidv6', z4.uuidv6()],
  ['uuidv7', z4.uuidv7()],
  ['guid', z4.guid()],
  ['nanoid', z4.nanoid()],
  ['cuid', z4.cuid()],
  ['cuid2', z4.cuid2()],
  ['ulid', z4.ulid()],
  ['xid', z4.xid()],
  ['ksuid', z4.ksuid()],
  ['ipv4', z4.ipv4()],
  ['ipv6', z4.ipv6()],
  ['cidrv4', z4.cidrv4()],
  ['cidrv6', z4.cidrv6()],
  ['base64', z4.base64()],
  ['base64url', z4.base64url()],
  ['e164', z4.e164()],
  ['jwt', z4.jwt()],
  ['iso.datetime', z4.iso.datetime()],
  ['iso.datetime offset', z4.iso.datetime({ offset: true })],
  ['iso.datetime local', z4.iso.datetime({ local: true })],
  ['iso.datetime precision 0', z4.iso.datetime({ precision: 0 })],
  ['iso.datetime precision -1', z4.iso.datetime({ precision: -1 })],
  ['iso.date', z4.iso.date()],
  ['iso.time', z4.iso.time()],
  ['iso.time precision 0', z4.iso.time({ precision: 0 })],
  ['iso.time precision -1', z4.iso.time({ precision: -1 })],
  ['iso.duration', z4.iso.duration()],
];

/** Each format as `name`, its zod field, and the resume schema Mastra makes with it as `v`. */
const FORMATS: [name: string, field: Field, schema: object][] = [
  ...ZOD3.map(([name, field]): [string, Field, object] => [
    `zod 3 ${name}`,
    field,
    mastraSchema(z3.object({ v: field })),
  ]),
  ...ZOD4.map(([name, field]): [string, Field, object] => [
    `zod 4 ${name}`,
    field,
    mastraSchema(z4.object({ v: field })),
  ]),
];

/** Values of every format, valid and not, each tried against every format. */
const SAMPLES = [
  '',
  'ada@example.com',
  "o'hara@ex-ample.co.uk",
  'ada@localhost',
  'a..b@example.com',
  'https://example.com',
  'mailto:a@b.c',
  'example.com',
  '😀',
  '👍🏽',
  'a😀',
  '123e4567-e89b-12d3-a456-426614174000',
  '123e4567-e89b-02d3-a456-426614174000',
  '123e4567-e89b-42d3-0456-426614174000',
  '123e4567-e89b-92d3-a456-426614174000',
  '00000000-0000-0000-0000-000000000000',
  '9b2a6f52-3c1d-4e8f-9a7b-2c3d4e5f6a7b',
  '1ef21d2f-1207-6660-8c4f-419efbd44d48',
  '01890a5d-ac96-774b-bcce-b302099a8057',
  '123e4567-e89b-12d3-a456-42661417400',
  'V1StGXR8_Z5jdHi6B-myT',
  'cjld2cjxh0000qzrmn831i7rn',
  'tz4a98xxat96iws9zmbrgj3a',
  '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  '9m4e2mr0ui3e8a215n4g',
  '0ujtsYcgvSTl8PAuAdqWYSMnLOv',
  '2026-01-31T19:30:00Z',
  '2026-01-31T19:30:00.123Z',
  '2026-01-31T19:30Z',
  '2026-01-31T19:30:00+01:00',
  '2026-01-31T19:30:00+0100',
  '2026-01-31T19:30:00',
  '2026-01-31T19:30',
  '2026-01-31T19:30:00.5',
  '2026-02-30T19:30:00Z',
  '2026-01-31T24:00:00Z',
  '2024-02-29',
  '2026-01-31',
  '2026-02-29',
  '19:30:00',
  '19:30',
  '19:30:00.123',
  '19:30:00Z',
  '19:30:00+01:00',
  '25:00:00',
  '19:60',
  '7:30',
  'P3DT4H',
  'P1W',
  'PT0.5S',
  'P1.5D',
  '-P3D',
  'P1W2D',
  'P',
  'PT',
  '192.0.2.1',
  '256.0.0.1',
  '01.2.3.4',
  '::1',
  '::',
  '2001:db8::1',
  '2001:0db8:0000:0000:0000:ff00:0042:8329',
  '::ffff:192.0.2.1',
  'fe80::1%eth0',
  'fe80::1',
  '1::2::3',
  '1:2:3:4:5:6:7::',
  '1:2:3:4:5:6:1.2.3.4',
  '2001:db8::g',
  '192.0.2.0/24',
  '192.0.2.0/33',
  '::1/128',
  '::1/129',
  '2001:db8::/32',
  'fe80::/10',
  '::ffff:192.0.2.1/96',
  '1:2:3:4:5:6:7::/64',
  '2001:db8::/032',
  'aGVsbG8=',
  'aGVsbG8',
  'aGVsbA==',
  'aGVs bA==',
  'a-_b',
  'a+/b',
  'YQ',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
  'a.b.c',
  '+33123456789',
  '33123456789',
];

/**
 * The samples zod refuses that pass all the same: the schema Mastra writes does not tell them
 * apart from values zod accepts. zod 3 writes every `datetime()` and `time()` as the same format,
 * whatever its options, with no pattern; its `ip()` as IPv4 or IPv6, where Node's URL parser
 * (which zod 4 uses) reads more IPv6 forms than zod 3's pattern; its `jwt()` as a pattern of
 * three parts, without the header zod decodes.
 */
const LENIENT: Readonly<Record<string, readonly string[]>> = {
  'zod 3 datetime': [
    '2026-01-31T19:30:00+01:00',
    '2026-01-31T19:30:00+0100',
    '2026-01-31T19:30:00',
    '2026-01-31T19:30',
    '2026-01-31T19:30:00.5',
  ],
  'zod 3 datetime offset': ['2026-01-31T19:30:00', '2026-01-31T19:30', '2026-01-31T19:30:00.5'],
  'zod 3 datetime local': ['2026-01-31T19:30:00+01:00', '2026-01-31T19:30:00+0100'],
  'zod 3 datetime precision 0': [
    '2026-01-31T19:30:00.123Z',
    '2026-01-31T19:30:00+01:00',
    '2026-01-31T19:30:00+0100',
    '2026-01-31T19:30:00',
    '2026-01-31T19:30',
    '2026-01-31T19:30:00.5',
  ],
  'zod 3 time': ['19:30:00Z', '19:30:00+01:00'],
  'zod 3 time precision 0': ['19:30:00.123', '19:30:00Z', '19:30:00+01:00'],
  'zod 3 time precision 3': ['19:30:00', '19:30', '19:30:00Z', '19:30:00+01:00'],
  'zod 3 ip': ['1:2:3:4:5:6:1.2.3.4'],
  'zod 3 ip v6': ['1:2:3:4:5:6:1.2.3.4'],
  'zod 3 jwt': ['a.b.c'],
};

async function verdicts(field: Field, schema: object, values: readonly string[]) {
  const out: { value: string; zod: boolean; ours: boolean }[] = [];
  for (const value of values) {
    const result = await validateResumeData(schema, { v: value });
    if (!result.ok) for (const error of result.errors) expect(error.path).toBe('/v');
    out.push({ value, zod: field.safeParse(value).success, ours: result.ok });
  }
  return out;
}

describe('string formats in resume schemas, against zod', () => {
  it.each(FORMATS)(
    '%s: every sample zod accepts passes, and the others are refused',
    async (name, field, schema) => {
      const seen = await verdicts(field, schema, SAMPLES);
      expect(seen.filter((s) => s.zod && !s.ours).map((s) => s.value)).toEqual([]);
      expect(seen.filter((s) => !s.zod && s.ours).map((s) => s.value)).toEqual(LENIENT[name] ?? []);
      // The samples hold values of each format, and values that are not.
      expect(seen.some((s) => s.zod)).toBe(true);
    },
  );
});

const two = (n: number) => String(n).padStart(2, '0');
/** Times, in range and out of it, with and without seconds, fractions and offsets. */
const times = fc
  .tuple(
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.integer({ min: 0, max: 61 })),
    fc.option(fc.stringMatching(/^\.\d{1,4}$/)),
    fc.constantFrom('', 'Z', '+01:00', '-05:30', '+0100', '+01', 'z'),
  )
  .map(
    ([h, m, s, fraction, offset]) =>
      `${two(h)}:${two(m)}${s === null ? '' : `:${two(s)}${fraction ?? ''}`}${offset}`,
  );
const dates = fc
  .tuple(
    fc.integer({ min: 1896, max: 2104 }),
    fc.integer({ min: 1, max: 13 }),
    fc.integer({ min: 1, max: 32 }),
  )
  .map(([y, m, d]) => `${y}-${two(m)}-${two(d)}`);
const ip = fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended());
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${n}}$`));
const durationPart = (unit: string) =>
  fc.option(
    fc
      .tuple(fc.constantFrom('', '-', '+'), fc.nat(99), fc.constantFrom('', '.5', ',25'))
      .map(([sign, n, fraction]) => `${sign}${n}${fraction}${unit}`),
  );

/** Values for each kind of format, most of them in the format's shape, valid or not. */
const ARBITRARIES: [kind: RegExp, values: fc.Arbitrary<string>][] = [
  [/date ?time/, fc.tuple(dates, times).map(([date, time]) => `${date}T${time}`)],
  [/time/, times],
  [/date/, dates],
  [
    /uuid|guid/,
    fc.oneof(
      fc.uuid(),
      fc.tuple(hex(8), hex(4), hex(4), hex(4), hex(12)).map((parts) => parts.join('-')),
    ),
  ],
  [/ip/, ip],
  [
    /cidr/,
    fc.tuple(ip, fc.integer({ min: 0, max: 130 })).map(([address, bits]) => `${address}/${bits}`),
  ],
  [
    /duration/,
    fc
      .tuple(
        fc.constantFrom('', '-'),
        durationPart('Y'),
        durationPart('M'),
        durationPart('W'),
        durationPart('D'),
        fc.option(fc.tuple(durationPart('H'), durationPart('M'), durationPart('S'))),
      )
      .map(
        ([sign, y, mo, w, d, t]) =>
          `${sign}P${y ?? ''}${mo ?? ''}${w ?? ''}${d ?? ''}${t === null ? '' : `T${t.map((p) => p ?? '').join('')}`}`,
      ),
  ],
  [
    /base64/,
    fc.oneof(
      fc.base64String(),
      fc.string({ unit: fc.constantFrom('a', 'Q', '-', '_', '=', '+', '/') }),
    ),
  ],
  [/emoji/, fc.string({ unit: 'grapheme', maxLength: 4 })],
  [/email/, fc.emailAddress()],
  [/url/, fc.webUrl()],
];

describe('string formats in resume schemas, against zod, on generated values', () => {
  const cases = FORMATS.flatMap(([name, field, schema]) => {
    const found = ARBITRARIES.find(([kind]) => kind.test(name.replace(/^zod \d /, '')));
    return found === undefined ? [] : [[name, field, schema, found[1]] as const];
  });

  it.each(cases)('%s: whatever zod accepts passes', async (name, field, schema, values) => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        const [seen] = await verdicts(field, schema, [value]);
        if (seen!.zod) expect(seen!.ours, JSON.stringify(value)).toBe(true);
        // zod 4 writes a pattern beside the format that says the rest.
        else if (name.startsWith('zod 4')) expect(seen!.ours, JSON.stringify(value)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
