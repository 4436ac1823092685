/*
 * Chunks that throw part way: copies of recorded chunks whose objects throw when read at a chosen
 * read, as values an app dispatches from JavaScript may (a getter, a proxy's trap).
 */
import type { StreamIssue, ToolpaneState } from '@toolpane/client';
import { expect } from 'vitest';

/** A small seeded generator (mulberry32): the reads the hostile copies throw at. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A copy of `chunk` whose every object is a proxy that counts the reads made of it (a property
 * read, a key listing, an `in`), and throws at read `at` and every read after it: a getter that
 * throws, put wherever the reducer reads at that moment.
 */
export function hostile(chunk: unknown, at: number, reads = { count: 0 }): unknown {
  const read = () => {
    reads.count++;
    if (reads.count >= at) throw new Error(`hostile read ${reads.count}`);
  };
  const wrap = (value: unknown): unknown =>
    typeof value === 'object' && value !== null ? new Proxy(value, handler) : value;
  const handler: ProxyHandler<object> = {
    get(target, key) {
      read();
      return wrap(Reflect.get(target, key));
    },
    has(target, key) {
      read();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      read();
      return Reflect.ownKeys(target);
    },
  };
  return wrap(structuredClone(chunk));
}

const COULD_NOT = /^(Chunk could not be applied|The chunk could not be validated): /;

/** A state as JSON without its issues, and its issues as JSON. */
function parts(state: ToolpaneState): { rest: string; issues: string[] } {
  const { issues, ...rest } = JSON.parse(JSON.stringify(state)) as { issues: StreamIssue[] };
  return { rest: JSON.stringify(rest), issues: issues.map((issue) => JSON.stringify(issue)) };
}

/**
 * Expects `state` to be `expected` with `extra` issues more, each saying a chunk could not be
 * applied: what throwing chunks may leave of themselves.
 */
export function expectSame(
  state: ToolpaneState,
  expected: ToolpaneState,
  extra: number,
  what: string,
): void {
  const a = parts(state);
  const b = parts(expected);
  expect(a.rest, what).toBe(b.rest);
  // The issues of `expected`, in order, with the extra ones among them.
  const added: string[] = [];
  let j = 0;
  for (const issue of a.issues) {
    if (issue === b.issues[j]) j++;
    else added.push(issue);
  }
  expect(j, `${what}: issues of the state without the throwing chunks`).toBe(b.issues.length);
  expect(added, what).toHaveLength(extra);
  for (const issue of added) expect(JSON.parse(issue).message, what).toMatch(COULD_NOT);
}
