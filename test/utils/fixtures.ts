import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The names of every recorded stream in test/fixtures (without `.jsonl`), sorted. */
export function fixtureNames(): string[] {
  return readdirSync(join(process.cwd(), 'test', 'fixtures'))
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => file.slice(0, -'.jsonl'.length))
    .sort();
}

/** Reads a recorded stream from test/fixtures as chunk objects. */
export function loadFixture(name: string): unknown[] {
  // Tests run from the repository root.
  const path = join(process.cwd(), 'test', 'fixtures', `${name}.jsonl`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** The SSE bytes a Mastra server sends for these chunks, `[DONE]` included. */
export function toSse(chunks: readonly unknown[]): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

/** A byte stream that delivers `input` (text as UTF-8, or raw bytes) in pieces of `size` bytes. */
export function byteStream(input: string | Uint8Array, size = 64): ReadableStream<Uint8Array> {
  // Raw bytes pass through as they are, so tests can send bytes that are not valid UTF-8.
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** What a Mastra server answers a stream or decision request with: the recording as SSE. */
export function recordedResponse(name: string): Response {
  return new Response(byteStream(toSse(loadFixture(name))), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The recording as run `n` of a conversation: what Mastra makes afresh for each run (message,
 * run, subagent run and thread ids, all UUIDs) gets `~n`; the model's toolCallIds stay as they are.
 */
export function fixtureAsRun(name: string, n: number): unknown[] {
  return JSON.parse(JSON.stringify(loadFixture(name)).replace(UUID, (id) => `${id}~${n}`));
}

/**
 * What `chatRoute` answers once the page gave the `client-tool-aisdk` recording's call its output
 * (`{ city: 'Oslo' }`): the `client-tool-aisdk-continued` recording, the model's answer naming the
 * city, continuing the assistant message. Its `start` names `messageId`, the message the test's
 * first stream made (the recorded id is another run's).
 */
export function clientToolContinuation(messageId: string): unknown[] {
  return loadFixture('client-tool-aisdk-continued').map((chunk) =>
    (chunk as { type?: unknown }).type === 'start' ? { ...(chunk as object), messageId } : chunk,
  );
}
