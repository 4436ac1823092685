import {
  createToolpaneStore,
  type StreamIssue,
  selectRunText,
  type ToolpaneState,
  type WireFormat,
} from '@toolpane/client';
import { consumeStream } from '@toolpane/client/stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { byteStream, loadFixture } from '../utils/fixtures';

/**
 * A corpus of malformed input, each case fed through the real byte path (`consumeStream` over a
 * byte stream, framing sniffed as it would be for a response without a content type) in the
 * middle of a real recording. Each case checks the issue it must give, that the recording's
 * chunks before and after it still applied, and that no prototype was polluted.
 */

const CHUNKS = loadFixture('tool-call-then-text');
const RUN = (CHUNKS[0] as { runId: string }).runId;
// The bad frame arrives between the tool call and its result: both sides must still apply.
const CUT = CHUNKS.findIndex((chunk) => (chunk as { type: string }).type === 'tool-call') + 1;
const BEFORE = CHUNKS.slice(0, CUT);
const AFTER = CHUNKS.slice(CUT);

const FORMATS: readonly WireFormat[] = ['sse', 'jsonl', 'record-separated'];

/** Frames the text of one frame's payload as the wire format carries it. */
function frame(format: WireFormat, text: string): string {
  if (format === 'sse') return `data: ${text}\n\n`;
  return format === 'jsonl' ? `${text}\n` : `${text}\x1e`;
}

const frames = (format: WireFormat, chunks: readonly unknown[]) =>
  chunks.map((chunk) => frame(format, JSON.stringify(chunk))).join('');

function concat(...parts: (string | Uint8Array)[]): Uint8Array {
  const encoded = parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : part,
  );
  const out = new Uint8Array(encoded.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of encoded) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function consume(input: string | Uint8Array, size = 64): Promise<ToolpaneState> {
  const store = createToolpaneStore();
  const result = await consumeStream(store, byteStream(input, size));
  expect(result.status).toBe('done');
  return store.getState();
}

/** What the recording leaves behind: its run and call, compared by id. */
function summary(state: ToolpaneState) {
  const run = state.runs.get(RUN);
  const call = state.toolCalls.get('call-1');
  return {
    run: run && { status: run.status, text: selectRunText(state, RUN), steps: run.steps.length },
    call: call && { status: call.status, input: call.input, output: call.output },
  };
}

const CLEAN = {
  run: { status: 'finished', text: 'It is 21°C and sunny in Paris.', steps: 2 },
  call: {
    status: 'output-available',
    input: { kind: 'raw', value: { city: 'Paris' } },
    output: { kind: 'raw', value: { city: 'Paris', tempC: 21, sky: 'sunny' } },
  },
};

const issue = (kind: StreamIssue['kind'], message: string) =>
  expect.objectContaining({ kind, message: expect.stringContaining(message) });

const prototypeKeys = () => ({
  object: Object.getOwnPropertyNames(Object.prototype),
  array: Object.getOwnPropertyNames(Array.prototype),
  fn: Object.getOwnPropertyNames(Function.prototype),
});

let before: ReturnType<typeof prototypeKeys>;
beforeEach(() => {
  before = prototypeKeys();
});
afterEach(() => {
  expect(prototypeKeys()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

/** JSON text nested `depth` levels deep, built without recursion. */
const deep = (depth: number, open: string, leaf: string, close: string) =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

const TEN_MB = 'x'.repeat(10 * 1024 * 1024);

interface Case {
  readonly name: string;
  /** The text of the bad frame's payload. */
  readonly text: string;
  /** The issues it must give, in order; none when the frame is valid and must simply apply. */
  readonly issues: readonly unknown[];
  /** More about what the frame must (not) leave behind. */
  readonly check?: (state: ToolpaneState) => void;
  /** Bytes per piece of the byte stream. */
  readonly size?: number;
}

const R = JSON.stringify(RUN);

const CASES: readonly Case[] = [
  {
    name: 'invalid JSON',
    text: `{"type":"text-delta","runId":${R},"payload":{"id":"t1",`,
    issues: [issue('invalid-chunk', 'frame is not valid JSON')],
  },
  {
    name: 'JSON followed by garbage',
    text: `{"type":"text-delta","runId":${R},"payload":{"id":"t1","text":"x"}} trailing`,
    issues: [issue('invalid-chunk', 'frame is not valid JSON')],
  },
  {
    name: 'a raw control character inside a string',
    text: `{"type":"text-delta","runId":${R},"payload":{"id":"t1","text":"a\u0000b"}}`,
    issues: [issue('invalid-chunk', 'frame is not valid JSON')],
  },
  {
    name: 'a NaN literal',
    text: `{"type":"step-start","runId":${R},"payload":{"startedAt":NaN}}`,
    issues: [issue('invalid-chunk', 'frame is not valid JSON')],
  },
  {
    name: 'a JSON array instead of an object',
    text: '[{"type":"start"}]',
    issues: [issue('invalid-chunk', 'A chunk must be a JSON object')],
  },
  {
    name: 'a JSON string instead of an object',
    text: '"text-delta"',
    issues: [issue('invalid-chunk', 'A chunk must be a JSON object')],
  },
  {
    name: 'null instead of an object',
    text: 'null',
    issues: [issue('invalid-chunk', 'A chunk must be a JSON object')],
  },
  {
    name: 'a type that is not a string',
    text: `{"type":5,"runId":${R},"payload":{}}`,
    issues: [issue('invalid-chunk', 'A chunk needs a string "type"')],
  },
  {
    name: 'an unknown chunk type',
    text: `{"type":"made-up-chunk","runId":${R},"payload":{"n":1}}`,
    issues: [
      expect.objectContaining({
        kind: 'unknown-chunk',
        message: 'Unknown chunk type "made-up-chunk" kept as received',
        chunkType: 'made-up-chunk',
      }),
    ],
    check: (state) =>
      expect(state.unknownChunks).toEqual([
        { type: 'made-up-chunk', runId: RUN, payload: { n: 1 } },
      ]),
  },
  {
    name: 'a field of the wrong type',
    text: `{"type":"text-delta","runId":${R},"payload":{"id":"t1","text":42}}`,
    issues: [
      expect.objectContaining({
        kind: 'invalid-chunk',
        message: expect.stringContaining('payload.text'),
        chunkType: 'text-delta',
      }),
    ],
  },
  {
    name: 'a payload that is not an object',
    text: `{"type":"tool-result","runId":${R},"payload":"done"}`,
    issues: [issue('invalid-chunk', 'payload: expected object, received string')],
  },
  {
    name: 'a missing toolCallId',
    text: `{"type":"tool-result","runId":${R},"payload":{"toolName":"weatherTool","result":1}}`,
    issues: [issue('invalid-chunk', 'payload.toolCallId')],
  },
  {
    name: 'an empty toolCallId',
    text: `{"type":"tool-call","runId":${R},"payload":{"toolCallId":"","toolName":"weatherTool"}}`,
    issues: [issue('invalid-chunk', 'payload.toolCallId')],
  },
  {
    name: 'a missing runId',
    text: '{"type":"tool-result","payload":{"toolCallId":"call-1","toolName":"weatherTool"}}',
    issues: [issue('invalid-chunk', 'runId: a chunk needs a runId')],
  },
  {
    name: 'a chunk type named after a prototype member',
    text: `{"type":"constructor","runId":${R},"payload":{}}`,
    issues: [issue('unknown-chunk', 'Unknown chunk type "constructor"')],
  },
  {
    name: 'a chunk type named __proto__',
    text: `{"type":"__proto__","runId":${R},"payload":{"polluted":true}}`,
    issues: [issue('unknown-chunk', 'Unknown chunk type "__proto__"')],
  },
  {
    name: '__proto__ and constructor keys in a chunk and its payload',
    text: `{"__proto__":{"polluted":true},"type":"source","runId":${R},"payload":{"id":"s1","sourceType":"url","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}`,
    issues: [],
    check: (state) => {
      const part = state.runs.get(RUN)?.parts.find((p) => p.type === 'source');
      expect(part).toEqual({ type: 'source', id: 's1', sourceType: 'url' });
      expect((part as Record<string, unknown>).polluted).toBeUndefined();
    },
  },
  {
    name: '__proto__ keys in tool arguments',
    text: `{"type":"tool-call","runId":${R},"payload":{"toolCallId":"call-proto","toolName":"weatherTool","args":{"__proto__":{"polluted":true},"city":"Oslo"}}}`,
    issues: [],
    check: (state) => {
      const input = state.toolCalls.get('call-proto')?.raw.input as Record<string, unknown>;
      expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
      expect(input.polluted).toBeUndefined();
      expect(Object.keys(input)).toEqual(['__proto__', 'city']);
    },
  },
  {
    name: '__proto__ keys in streamed tool arguments',
    text: `{"type":"tool-call-delta","runId":${R},"payload":{"toolCallId":"call-streamed","toolName":"weatherTool","argsTextDelta":"{\\"__proto__\\":{\\"polluted\\":true},\\"constructor\\":{\\"prototype\\":{\\"polluted\\":true}},\\"city\\":\\"Oslo\\"}"}}`,
    issues: [],
    check: (state) => {
      const input = state.toolCalls.get('call-streamed')?.input;
      expect(input?.kind).toBe('raw');
      const value = (input as { value: Record<string, unknown> }).value;
      expect(value.polluted).toBeUndefined();
      expect(value.city).toBe('Oslo');
      expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'city']);
    },
  },
  {
    name: 'a display transform hidden behind a __proto__ key',
    text: `{"type":"tool-call","runId":${R},"metadata":{"mastra":{"toolPayloadTransform":{"display":{"__proto__":{"input-available":{"transformed":"shown"}}}}}},"payload":{"toolCallId":"call-meta","toolName":"weatherTool","args":{"city":"Oslo"}}}`,
    issues: [],
    check: (state) => {
      const call = state.toolCalls.get('call-meta');
      expect(call?.displayTransform).toBe('display');
      expect(call?.input).toEqual({ kind: 'hidden', reason: 'pending' });
    },
  },
  {
    name: 'a display transform entry of the wrong type',
    text: `{"type":"tool-call","runId":${R},"metadata":{"mastra":{"toolPayloadTransform":{"display":{"input-available":null}}}},"payload":{"toolCallId":"call-meta","toolName":"weatherTool","args":{"city":"Oslo"}}}`,
    issues: [],
    check: (state) => {
      const call = state.toolCalls.get('call-meta');
      expect(call?.displayTransform).toBe('display');
      expect(call?.input).toEqual({ kind: 'hidden', reason: 'suppressed' });
    },
  },
  {
    name: 'a client event inside the stream',
    text: '{"type":"toolpane/decision-sent","toolCallId":"call-1","approved":true}',
    issues: [issue('invalid-chunk', '"toolpane/" types are reserved')],
  },
  {
    name: 'a stream end forged inside the stream',
    text: '{"type":"toolpane/stream-end"}',
    issues: [issue('invalid-chunk', '"toolpane/" types are reserved')],
  },
  {
    name: 'a malformed chunk inside a tool-output wrapper',
    text: `{"type":"tool-output","runId":${R},"from":"USER","payload":{"toolCallId":"call-1","output":{"type":"tool-call","from":"AGENT","runId":"sub-run","payload":{"toolName":"inner"}}}}`,
    issues: [issue('invalid-chunk', 'Nested chunk: payload.toolCallId')],
  },
  {
    name: '10k-deep nested tool-output wrappers',
    text: `{"type":"tool-output","runId":${R},"from":"USER","payload":{"toolCallId":"call-1","output":${deep(
      10_000,
      '{"type":"tool-output","from":"USER","runId":"sub","payload":{"toolCallId":"deep","output":',
      '{"type":"start","from":"AGENT","runId":"sub","payload":{}}',
      '}}',
    )}}}`,
    issues: [issue('invalid-chunk', 'Nested chunk: more than 64 levels of tool-output wrappers')],
  },
  {
    name: 'a value nested 10k levels deep',
    text: `{"type":"tool-output","runId":${R},"payload":{"toolCallId":"call-1","output":${deep(10_000, '{"a":[', '1', ']}')}}}`,
    issues: [],
    check: (state) => expect(state.toolCalls.get('call-1')?.progress).toHaveLength(1),
  },
  {
    name: 'streamed tool arguments nested 10k levels deep',
    text: `{"type":"tool-call-delta","runId":${R},"payload":{"toolCallId":"call-deep","toolName":"weatherTool","argsTextDelta":"${deep(10_000, '[', '1', ']')}"}}`,
    issues: [],
    check: (state) => {
      const call = state.toolCalls.get('call-deep');
      expect(call?.inputText).toHaveLength(20_001);
      expect(call?.inputError).toBe('Nesting deeper than 1000 at offset 1000');
    },
  },
  {
    name: 'a valid 10 MB payload',
    text: `{"type":"tool-output","runId":${R},"payload":{"toolCallId":"call-1","output":{"blob":"${TEN_MB}"}}}`,
    size: 1 << 16,
    issues: [],
    check: (state) => {
      const progress = state.toolCalls.get('call-1')?.progress[0];
      expect((progress as { value: { blob: string } }).value.blob).toHaveLength(TEN_MB.length);
    },
  },
  {
    name: 'a 10 MB frame cut off inside a string',
    text: `{"type":"text-delta","runId":${R},"payload":{"id":"t1","text":"${TEN_MB}`,
    size: 1 << 16,
    issues: [issue('invalid-chunk', 'frame is not valid JSON')],
    check: (state) => {
      // Text that is not JSON is not quoted: its values cannot be told from the rest.
      expect(state.issues[0]?.excerpt).toBeUndefined();
      expect(state.issues[0]?.message.length).toBeLessThanOrEqual(501);
    },
  },
  {
    name: 'a 10 MB chunk type',
    text: `{"type":"${TEN_MB}","runId":${R},"payload":{}}`,
    size: 1 << 16,
    issues: [issue('unknown-chunk', 'Unknown chunk type "xxxx')],
    check: (state) => {
      expect(state.issues[0]?.message.length).toBeLessThanOrEqual(501);
      expect(state.issues[0]?.chunkType?.length).toBeLessThanOrEqual(101);
    },
  },
  {
    name: 'an escaped lone surrogate',
    text: '{"type":"text-delta","runId":"run-surrogate","payload":{"id":"s","text":"\\ud800"}}',
    issues: [],
    check: (state) => expect(selectRunText(state, 'run-surrogate')).toBe('\ud800'),
  },
];

describe.each(FORMATS)('a bad %s frame between recorded frames', (format) => {
  it.each(CASES)('$name', async ({ text, issues, check, size }) => {
    const state = await consume(
      frames(format, BEFORE) + frame(format, text) + frames(format, AFTER),
      size,
    );
    expect(state.issues).toEqual(issues);
    expect(summary(state)).toEqual(CLEAN);
    check?.(state);
  });
});

describe('SSE framing', () => {
  const sse = frames('sse', CHUNKS);

  it('applies the recording as sent', async () => {
    const state = await consume(sse);
    expect(state.issues).toEqual([]);
    expect(summary(state)).toEqual(CLEAN);
  });

  it.each([
    ['a byte order mark', `\uFEFF${sse}`, 64],
    ['a byte order mark split across pieces', `\uFEFF${sse}`, 1],
    ['CRLF line ends', sse.replace(/\n/g, '\r\n'), 64],
    ['CR line ends', sse.replace(/\n/g, '\r'), 64],
    ['comments between frames', sse.replace(/\n\n/g, '\n\n: keep-alive\n\n'), 64],
    ['a stream that starts with retry and id fields', `retry: 3000\nid: 7\n\n${sse}`, 64],
    ['event names on every frame', sse.replace(/data: /g, 'event: chunk\ndata: '), 64],
    ['data split over several lines', sse.replace(/,"/g, ',\ndata: "'), 64],
    ['no space after the colon', sse.replace(/data: /g, 'data:'), 64],
    ['empty keep-alive frames', sse.replace(/\n\n/g, '\n\ndata:\n\n'), 64],
    ['pieces of one byte', sse, 1],
    ['[DONE] at the end', `${sse}data: [DONE]\n\n`, 64],
    ['a last frame without its blank line', sse.slice(0, -2), 64],
  ])('applies every chunk with %s', async (_name, text, size) => {
    const state = await consume(text, size);
    expect(state.issues).toEqual([]);
    expect(summary(state)).toEqual(CLEAN);
  });

  it('notifies subscribers once per read, however many chunks it holds', async () => {
    const store = createToolpaneStore();
    let notified = 0;
    store.subscribe(() => notified++);
    const reads = Math.ceil(new TextEncoder().encode(sse).length / 4096);
    await consumeStream(store, byteStream(sse, 4096));
    expect(summary(store.getState())).toEqual(CLEAN);
    // One notification per read plus the stream end, not one per chunk.
    expect(CHUNKS.length).toBeGreaterThan(reads + 1);
    expect(notified).toBeLessThanOrEqual(reads + 1);
    expect(notified).toBeGreaterThan(0);
  });

  it('reports an unknown field and applies the rest', async () => {
    const state = await consume(`${frames('sse', BEFORE)}foo: bar\n${frames('sse', AFTER)}`);
    expect(state.issues).toEqual([issue('invalid-chunk', 'SSE framing: unknown-field')]);
    expect(summary(state)).toEqual(CLEAN);
  });

  it('reports a frame the connection cut off, keeping what came before', async () => {
    const cut = frames('sse', AFTER.slice(0, -1));
    const last = `data: ${JSON.stringify(AFTER[AFTER.length - 1])}`.slice(0, 40);
    const state = await consume(frames('sse', BEFORE) + cut + last);
    expect(state.issues).toEqual([issue('invalid-chunk', 'sse frame is not valid JSON')]);
    expect(summary(state)).toEqual({
      ...CLEAN,
      run: { ...CLEAN.run, status: 'interrupted' },
    });
    expect(state.runs.get(RUN)?.error).toBe('The stream ended before the run finished');
  });
});

describe('JSON lines and record-separated framing', () => {
  it.each([
    ['JSON lines', frames('jsonl', CHUNKS), 64],
    [
      'JSON lines with CRLF and blank lines',
      frames('jsonl', CHUNKS).replace(/\n/g, '\r\n\r\n'),
      64,
    ],
    ['JSON lines with a byte order mark', `\uFEFF${frames('jsonl', CHUNKS)}`, 1],
    ['JSON lines without a last newline', frames('jsonl', CHUNKS).slice(0, -1), 64],
    ['records longer than the first piece', frames('record-separated', CHUNKS), 16],
    [
      'a first record of 10 MB',
      frames('record-separated', [{ ...(CHUNKS[0] as object), pad: TEN_MB }, ...CHUNKS.slice(1)]),
      1 << 16,
    ],
    ['records with a leading separator', `\x1e${frames('record-separated', CHUNKS)}`, 64],
    [
      'records followed by newlines',
      frames('record-separated', CHUNKS).replaceAll('\x1e', '\x1e\n'),
      64,
    ],
  ])('applies every chunk of %s', async (_name, text, size) => {
    const state = await consume(text, size);
    expect(state.issues).toEqual([]);
    expect(summary(state)).toEqual(CLEAN);
  });
});

describe('invalid UTF-8', () => {
  const source = (title: Uint8Array) =>
    concat(
      `data: {"type":"source","runId":${R},"payload":{"id":"s1","sourceType":"url","title":"a`,
      title,
      'b"}}\n\n',
    );

  it.each([
    ['a stray continuation byte', [0x80]],
    ['a byte that never occurs in UTF-8', [0xff]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a sequence cut short by the next character', [0xe2, 0x82]],
  ])('reports %s once and applies the frame with a replacement character', async (_name, bad) => {
    for (const size of [1, 64]) {
      const state = await consume(
        concat(frames('sse', BEFORE), source(Uint8Array.from(bad)), frames('sse', AFTER)),
        size,
      );
      expect(state.issues).toEqual([issue('invalid-chunk', 'The stream is not valid UTF-8')]);
      expect(summary(state)).toEqual(CLEAN);
      const part = state.runs.get(RUN)?.parts.find((p) => p.type === 'source');
      expect(part).toMatchObject({ title: expect.stringMatching(/^a\uFFFD+b$/) });
    }
  });

  it('does not report a U+FFFD the stream really carries', async () => {
    for (const size of [1, 2, 64]) {
      const state = await consume(
        concat(
          frames('sse', BEFORE),
          source(Uint8Array.from([0xef, 0xbf, 0xbd])),
          frames('sse', AFTER),
        ),
        size,
      );
      expect(state.issues).toEqual([]);
      const part = state.runs.get(RUN)?.parts.find((p) => p.type === 'source');
      expect(part).toMatchObject({ title: 'a\uFFFDb' });
    }
  });

  it('reports a stream that ends inside a character', async () => {
    const state = await consume(concat(frames('jsonl', CHUNKS), Uint8Array.from([0xe2, 0x82])));
    expect(state.issues).toEqual([
      issue('invalid-chunk', 'The stream is not valid UTF-8'),
      issue('invalid-chunk', 'jsonl frame is not valid JSON'),
    ]);
    expect(summary(state)).toEqual(CLEAN);
  });

  it('keeps multi-byte characters split across pieces intact', async () => {
    const state = await consume(frames('jsonl', CHUNKS), 1);
    expect(state.issues).toEqual([]);
    expect(selectRunText(state, RUN)).toBe(CLEAN.run.text);
  });
});

describe('client events dispatched with missing fields', () => {
  it.each([
    [{ type: 'toolpane/stream-error' }, 'message'],
    [{ type: 'toolpane/issue', issue: null }, 'issue'],
    [{ type: 'toolpane/decision-sent', approved: true }, 'toolCallId'],
    [{ type: 'toolpane/decision-failed', toolCallId: 'call-1' }, 'error'],
    [{ type: 'toolpane/made-up' }, 'type'],
  ])('reports %j as a malformed client event', (event, field) => {
    const store = createToolpaneStore();
    store.dispatchMany(BEFORE);
    store.dispatch(event);
    store.dispatchMany(AFTER);
    const state = store.getState();
    expect(state.issues).toEqual([issue('invalid-chunk', `Malformed client event: ${field}`)]);
    expect(summary(state)).toEqual(CLEAN);
  });
});
