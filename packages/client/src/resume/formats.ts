import { isValidBase64, isValidCIDRv6, isValidIPv6, regexes } from 'zod/v4/core';

/*
 * What zod writes for its string formats, read as zod checks them (loaded with the validator).
 * zod's JSON Schema conversion reads a `format` the JSON Schema way: a `time` needs seconds and an
 * offset, a `date-time` an offset, a `uuid` a version and a variant. The schemas zod writes mean
 * more: zod's `time()` and `datetime({ local: true })` take no offset (zod 3 writes no pattern to
 * say so), zod 3's `uuid()` and zod 4's `guid()` take any hex digits, zod 3's `duration()` signs
 * and fractions, its `ip()` a zone. So these formats are checked here, each taking what any of
 * them accepts; a pattern zod 4 writes beside the format narrows it again.
 */

type Check = (text: string) => boolean;

const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-]\\d\\d:?\\d\\d)?$';
const time = new RegExp(`^${TIME}`);
const dateTime = new RegExp(`${regexes.date.source.slice(0, -1)}T${TIME}`);
const emoji = /^[\p{Extended_Pictographic}\p{Emoji_Component}]+$/u;

/** zod 3 writes a link-local IPv6 address with its zone (`fe80::1%eth0`); zod 4 without. */
const ipv6 = (text: string) => isValidIPv6(text.replace(/^(fe80:[\d:a-f]*)%[\da-z]+$/i, '$1'));

/** The formats checked here rather than by zod's conversion, with their checks. */
export const FORMATS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['time', (text) => time.test(text)],
  ['date-time', (text) => dateTime.test(text)],
  ['duration', (text) => regexes.extendedDuration.test(text)],
  ['uuid', (text) => regexes.guid.test(text)],
  ['ipv4', (text) => regexes.ipv4.test(text)],
  ['ipv6', ipv6],
  ['emoji', (text) => emoji.test(text)],
  ['base64', isValidBase64],
]);

/** The start of every IPv6 pattern zod 4 writes (`ipv6()`, `cidrv6()`); zod 3's reads `{7,7}`. */
const IPV6_PATTERN = '^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|';
/** How zod ends a pattern for an IPv6 network; zod 3 ends one for an IPv4 network the other way. */
const V6_PREFIX = '\\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$';
const V4_PREFIX = '\\/(3[0-2]|[12]?[0-9])$';

/**
 * How to check text against a pattern zod writes but does not check by, or undefined: zod 4's
 * pattern for IPv6 addresses and networks misses many (`2001:db8::1`, `::ffff:192.0.2.1`), and
 * zod parses the address instead, as this does.
 */
export function zodAddress(pattern: string): Check | undefined {
  if (!pattern.startsWith(IPV6_PATTERN)) return undefined;
  if (pattern.endsWith(`)${V6_PREFIX}`)) return isValidCIDRv6;
  return pattern.endsWith(')$') ? isValidIPv6 : undefined;
}

/**
 * zod's own test for a pattern of zod's that uses lookahead, which the linear-time matcher cannot
 * run (zod 4's ISO duration), or undefined.
 */
export const zodRegex = (pattern: string): Check | undefined =>
  pattern === regexes.duration.source ? (text) => regexes.duration.test(text) : undefined;

/**
 * zod 3 writes `cidr()` of no version as both its IPv4 and its IPv6 network patterns in one
 * `allOf`, which no text matches: either is meant. The two, when `branches` has them.
 */
export function eitherNetwork(
  branches: readonly Readonly<Record<string, unknown>>[],
): [v4: object, v6: object] | undefined {
  const ending = (end: string) =>
    branches.find((branch) => typeof branch.pattern === 'string' && branch.pattern.endsWith(end));
  const v4 = ending(V4_PREFIX);
  const v6 = ending(V6_PREFIX);
  return v4 && v6 && [v4, v6];
}
