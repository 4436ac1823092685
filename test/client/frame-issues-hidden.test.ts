import { createToolpaneStore, type ToolpaneState, type WireFormat } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { consumeStream } from '@toolpane/client/stream';
import { describe, expect, it } from 'vitest';
import { byteStream, loadFixture } from '../utils/fixtures';
import { everythingShown } from '../utils/shown';

/*
 * A frame that is not valid JSON may belong to a call whose display transform hides its values,
 * and nothing says whether it does: its issue names the problem without quoting the frame (text
 * that is not JSON may hold values unquoted, which no redaction tells from the rest). The recordings hide `apiKey: 'sk-secret-123'` (native, and the
 * AI SDK stream whose `tool-input-available` carries it raw); the broken frame is the chunk that
 * carries the secret, written by a writer that does not quote it, or spread over SSE lines
 * without `data:`.
 */

const SECRET = 'sk-secret-123';
/** What a quoted stretch of the frame would show, cut anywhere after its start. */
const LEAK = /sk-sec/;

const RECORDINGS = [
  { name: 'transform-input-whole', options: {} },
  { name: 'transform-input-streamed-aisdk', options: { formats: [aiSdk] } },
] as const;

type Breakage = { readonly name: string; readonly formats: readonly WireFormat[] };

/** Each way the frame breaks, with the formats it applies to, and its text as framed. */
const BREAKAGES: readonly (Breakage & { frame(format: WireFormat, json: string): string })[] = [
  {
    // V8 quotes the text around an unexpected token in its message.
    name: 'an unquoted value',
    formats: ['sse', 'jsonl', 'record-separated'],
    frame: (format, json) => framed(format, json.replace(`"${SECRET}"`, SECRET)),
  },
  {
    name: 'a single-quoted value',
    formats: ['sse', 'jsonl', 'record-separated'],
    frame: (format, json) => framed(format, json.replace(`"${SECRET}"`, `'${SECRET}'`)),
  },
  {
    // Lines after the first lack `data:`: the SSE parser reports each as an unknown field.
    name: 'pretty-printed JSON whose later lines lack data:',
    formats: ['sse'],
    frame: (_, json) =>
      `data: ${JSON.stringify(JSON.parse(json.replace(`"${SECRET}"`, `["${SECRET}"]`)), null, 1)}\n\n`,
  },
  {
    name: 'a retry field holding the value',
    formats: ['sse'],
    frame: (_, json) => `retry: ${SECRET}\ndata: ${json}\n\n`,
  },
];

function framed(format: WireFormat, text: string): string {
  if (format === 'sse') return `data: ${text}\n\n`;
  return format === 'jsonl' ? `${text}\n` : `${text}\x1e`;
}

async function consume(
  chunks: readonly unknown[],
  format: WireFormat,
  broken: (json: string) => string,
  options: { readonly formats?: readonly (typeof aiSdk)[] },
): Promise<ToolpaneState> {
  const text = chunks
    .map((chunk) => {
      const json = JSON.stringify(chunk);
      return json.includes(SECRET) && !json.includes('tool-result')
        ? broken(json)
        : framed(format, json);
    })
    .join('');
  const store = createToolpaneStore(options);
  const result = await consumeStream(store, byteStream(text, 64), { format });
  expect(result.status).toBe('done');
  return store.getState();
}

describe.each(RECORDINGS)('$name: a broken frame carrying a hidden value', ({ name, options }) => {
  const chunks = loadFixture(name);

  it('is in the recording', () => {
    expect(JSON.stringify(chunks)).toContain(SECRET);
  });

  for (const breakage of BREAKAGES) {
    it.each(breakage.formats)(
      `${breakage.name} (%s): an issue that quotes none of it`,
      async (format) => {
        const state = await consume(
          chunks,
          format,
          (json) => breakage.frame(format, json),
          options,
        );
        expect(state.issues.length).toBeGreaterThan(0);
        for (const issue of state.issues) expect(issue.message).not.toBe('');
        expect(everythingShown(state)).not.toMatch(LEAK);
        expect(JSON.stringify(state.issues)).not.toMatch(LEAK);
        expect(state.issues.every((issue) => issue.excerpt === undefined)).toBe(true);
        // The frames around it still applied: the run ended with its text.
        expect([...state.runs.values()].some((run) => run.status === 'finished')).toBe(true);
      },
    );
  }
});
