import { excerpt } from '../reducer/context.js';
import type { StreamIssue } from '../state/state.js';
import type { ToolpaneStore } from '../store/store.js';
import { isToolpaneEvent } from './events.js';
import {
  type ChunkSource,
  createFrameDecoder,
  createSniffer,
  type FrameSink,
  isResponse,
  sniffFormat,
  type WireFormat,
} from './sources.js';

/** How a consumed stream ended. */
export interface ConsumeResult {
  readonly status: 'done' | 'error' | 'aborted';
  /** What went wrong, for `error`. */
  readonly error?: string;
  /** The HTTP status, when the source was a `Response`. */
  readonly httpStatus?: number;
}

/** Options of {@link consumeStream}. */
export interface ConsumeOptions {
  /** Stops reading; open runs end as aborted. */
  readonly signal?: AbortSignal;
  /** The framing of a byte stream; detected from the content type or the first bytes otherwise. */
  readonly format?: WireFormat;
}

// Byte chunks may come from another realm (a worker, jsdom), where `instanceof Uint8Array` fails.
const isBytes = (value: unknown): value is Uint8Array =>
  ArrayBuffer.isView(value) && (value as Uint8Array).BYTES_PER_ELEMENT === 1;

const abortReason = (signal: AbortSignal | undefined): string => {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return typeof reason === 'string' ? reason : 'The run was aborted';
};

/** Reads the JSON error body Mastra returns before a stream starts (`{"error": "…"}`). */
export async function httpErrorMessage(response: Response): Promise<string> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // The body is optional for the message.
  }
  let detail = body.trim();
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const error = parsed.error ?? parsed.message;
    if (typeof error === 'string') detail = error;
    else if (
      typeof error === 'object' &&
      error !== null &&
      typeof (error as { message?: unknown }).message === 'string'
    ) {
      detail = (error as { message: string }).message;
    }
  } catch {
    // Not JSON: keep the text.
  }
  if (detail.length > 500) detail = `${detail.slice(0, 500)}…`;
  return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${detail ? `: ${detail}` : ''}`;
}

function formatFromContentType(response: Response): WireFormat | undefined {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) return 'sse';
  if (type.includes('ndjson') || type.includes('jsonl')) return 'jsonl';
  return undefined;
}

/** Where the character that `bytes` ends inside starts, or `bytes.length` when none is cut off. */
function incompleteTail(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let i = end - 1; i >= 0 && i >= end - 3; i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return end - i < size ? i : end;
  }
  return end;
}

/**
 * Where decoded frames go: values to `apply`, problems as `toolpane/issue` events. Client events
 * are the client's to dispatch: a stream (or a file) that carries one is not believed, and the
 * value becomes an issue instead.
 *
 * @example
 * const decoder = createFrameDecoder('sse', chunkSink((value) => store.dispatch(value)));
 */
export function chunkSink(apply: (value: unknown) => void): FrameSink {
  const issue = (issue: StreamIssue) => apply({ type: 'toolpane/issue', issue });
  return {
    issue,
    value: (value) => {
      if (isToolpaneEvent(value)) {
        issue({
          kind: 'invalid-chunk',
          message: 'A stream may not carry client events: "toolpane/" types are reserved',
          chunkType: value.type.slice(0, 100),
          excerpt: excerpt(value),
        });
      } else {
        apply(value);
      }
    },
  };
}

async function readAll(
  store: ToolpaneStore,
  source: ReadableStream<unknown> | AsyncIterable<unknown> | Iterable<unknown>,
  options: ConsumeOptions,
): Promise<void> {
  // Everything decoded from one read is applied as one batch, so subscribers hear about a read
  // once rather than once per chunk: a 64 KiB read holds about 150 chunks.
  let batch: unknown[] | undefined;
  const apply = (value: unknown) => {
    if (batch === undefined) store.dispatch(value);
    else batch.push(value);
  };
  const sink = chunkSink(apply);
  const { issue } = sink;
  let frames: ReturnType<typeof createFrameDecoder> | undefined;
  // Text before the framing is known: the first frame must end before it can be told.
  let head = '';
  const canSniff = createSniffer();
  const decoder = new TextDecoder();
  // Invalid UTF-8 shows up as U+FFFD in `decoder`'s output. Only a piece whose text holds U+FFFD
  // is decoded again strictly, to tell replaced bytes from a U+FFFD the stream really carries;
  // `pending` is the start of a character the previous piece cut off.
  let reported = false;
  let pending: Uint8Array = new Uint8Array(0);
  const reportUtf8 = () => {
    if (reported) return;
    reported = true;
    issue({
      kind: 'invalid-chunk',
      message: 'The stream is not valid UTF-8: invalid bytes were replaced with U+FFFD',
    });
  };
  const withPending = (bytes: Uint8Array): Uint8Array => {
    if (pending.length === 0) return bytes;
    const joined = new Uint8Array(pending.length + bytes.length);
    joined.set(pending);
    joined.set(bytes, pending.length);
    return joined;
  };
  const decodePiece = (bytes: Uint8Array): string => {
    const text = decoder.decode(bytes, { stream: true });
    if (!reported && text.includes('\uFFFD')) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(withPending(bytes), { stream: true });
      } catch {
        reportUtf8();
      }
    }
    // A character cut off at the end starts in the last three bytes: with three or more, they are
    // all in this piece, and only a shorter piece needs the bytes before it.
    const tail = bytes.length >= 3 ? bytes : withPending(bytes);
    pending = tail.subarray(incompleteTail(tail));
    return text;
  };
  const feed = (text: string, last: boolean) => {
    if (frames === undefined) {
      head += text;
      // The sniffer looks at each piece once, remembering what came before it.
      if (!last && options.format === undefined && !canSniff(text)) return;
      frames = createFrameDecoder(options.format ?? sniffFormat(head), sink);
      text = head;
      head = '';
    }
    if (text !== '') frames.feed(text);
  };
  // Everything is read to the end: frames after an SSE `[DONE]` apply too (see FrameDecoder).
  const onValue = (value: unknown): void => {
    if (!isBytes(value)) {
      sink.value(value);
      return;
    }
    batch = [];
    try {
      feed(decodePiece(value), false);
    } finally {
      const values = batch;
      batch = undefined;
      if (values.length > 0) store.dispatchMany(values);
    }
  };
  if (typeof (source as ReadableStream).getReader === 'function') {
    const reader = (source as ReadableStream<unknown>).getReader();
    const cancel = () => void reader.cancel(options.signal?.reason).catch(() => undefined);
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      while (!options.signal?.aborted) {
        const { value, done } = await reader.read();
        if (done) break;
        onValue(value);
      }
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      if (options.signal?.aborted) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  } else if (Symbol.asyncIterator in source) {
    for await (const value of source as AsyncIterable<unknown>) {
      if (options.signal?.aborted) break;
      onValue(value);
    }
  } else {
    for (const value of source as Iterable<unknown>) {
      if (options.signal?.aborted) break;
      onValue(value);
    }
  }
  if (!options.signal?.aborted && (frames !== undefined || head !== '')) {
    const rest = decoder.decode();
    // A stream that ends inside a character.
    if (rest.includes('\uFFFD')) reportUtf8();
    feed(rest, true);
    frames?.end();
  }
}

/**
 * Feeds a stream into a store: a fetch `Response` (SSE, JSON lines or record-separated bytes; a
 * JSON error body becomes an issue), a byte `ReadableStream`, a server-side `fullStream`, or any
 * (async) iterable of chunk objects. When the stream ends, open runs that wait for an approval or
 * a resume become `waiting` and others `interrupted`; a dropped connection keeps everything
 * received and marks open runs interrupted; an abort ends them as aborted. Never rejects.
 *
 * @example
 * const store = createToolpaneStore();
 * const result = await consumeStream(store, await fetch(url, { method: 'POST', body }));
 * if (result.status === 'error') console.error(result.error);
 */
export async function consumeStream(
  store: ToolpaneStore,
  source: ChunkSource,
  options: ConsumeOptions = {},
): Promise<ConsumeResult> {
  let httpStatus: number | undefined;
  try {
    let input: ReadableStream<unknown> | AsyncIterable<unknown> | Iterable<unknown>;
    let format = options.format;
    if (isResponse(source)) {
      httpStatus = source.status;
      if (!source.ok) {
        const message = await httpErrorMessage(source);
        store.dispatch({ type: 'toolpane/issue', issue: { kind: 'transport', message } });
        return { status: 'error', error: message, httpStatus };
      }
      if (source.body === null) {
        const message = `HTTP ${source.status}: the response has no body`;
        store.dispatch({ type: 'toolpane/stream-error', message });
        return { status: 'error', error: message, httpStatus };
      }
      format ??= formatFromContentType(source);
      input = source.body;
    } else {
      input = source;
    }
    await readAll(store, input, format === undefined ? options : { ...options, format });
    if (options.signal?.aborted) {
      store.dispatch({ type: 'toolpane/abort', reason: abortReason(options.signal) });
      return { status: 'aborted', ...(httpStatus === undefined ? {} : { httpStatus }) };
    }
    store.dispatch({ type: 'toolpane/stream-end' });
    return { status: 'done', ...(httpStatus === undefined ? {} : { httpStatus }) };
  } catch (error) {
    if (options.signal?.aborted) {
      store.dispatch({ type: 'toolpane/abort', reason: abortReason(options.signal) });
      return { status: 'aborted', ...(httpStatus === undefined ? {} : { httpStatus }) };
    }
    const message = `The connection failed mid-stream: ${error instanceof Error ? error.message : String(error)}`;
    store.dispatch({ type: 'toolpane/stream-error', message });
    return { status: 'error', error: message, ...(httpStatus === undefined ? {} : { httpStatus }) };
  }
}
