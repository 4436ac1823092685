/**
 * What a recorded scenario returns, and the checks the recorder runs on it.
 */

/** One chunk as the wire carries it. */
export type Chunk = Record<string, unknown>;

export interface Recording {
  file: string;
  chunks: Chunk[];
  /** Chunk types that must appear somewhere (also inside nested tool-output wrappers). */
  expect: string[];
  /** Further shape checks; returns the problems found. */
  check?: (chunks: Chunk[]) => string[];
}

/** `value[path[0]][path[1]]…`, or undefined. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export const ofType = (chunks: Chunk[], type: string) => chunks.filter((c) => c.type === type);
export const displayOf = (chunk: Chunk | undefined, phase: string) =>
  at(chunk, 'metadata', 'mastra', 'toolPayloadTransform', 'display', phase);
export const problem = (ok: boolean, message: string) => (ok ? [] : [message]);

/** Every chunk at any depth of `tool-output` wrappers, in stream order. */
export function nested(chunks: Chunk[]): Chunk[] {
  const out: Chunk[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    out.push(value as Chunk);
    if (at(value, 'type') === 'tool-output') visit(at(value, 'payload', 'output'));
  };
  for (const chunk of chunks) visit(chunk);
  return out;
}

/** A stream that stops to wait for a human: ends on `type`, with no `finish`. */
export const endsAwaiting = (type: string) => (chunks: Chunk[]) => [
  ...problem(chunks.at(-1)?.type === type, `last chunk is not ${type}`),
  ...problem(ofType(chunks, 'finish').length === 0, 'has a finish chunk'),
];
/** A continuation stream: no `start`, ends with `finish`. */
export const continuation = (chunks: Chunk[]) => [
  ...problem(ofType(chunks, 'start').length === 0, 'continuation has a start chunk'),
  ...problem(chunks.at(-1)?.type === 'finish', 'last chunk is not finish'),
];

/** Reads a stream to its end, each chunk as JSON on the wire renders it. */
export async function collect(
  stream: ReadableStream<unknown> | AsyncIterable<unknown>,
  onChunk?: (chunk: Chunk, all: Chunk[]) => void,
): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for await (const chunk of stream as AsyncIterable<unknown>) {
    // What the wire carries: Dates become ISO strings, undefined fields disappear.
    const wire = JSON.parse(JSON.stringify(chunk)) as Chunk;
    chunks.push(wire);
    onChunk?.(wire, chunks);
  }
  return chunks;
}

/** A scenario: runs agents and returns the recordings to write. */
export type Scenario = () => Promise<Recording[]>;
