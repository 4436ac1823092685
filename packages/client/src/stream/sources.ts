import { createParser } from 'eventsource-parser';
import type { StreamIssue } from '../state/state.js';

/** How the bytes of a stream are framed. */
export type WireFormat = 'sse' | 'jsonl' | 'record-separated';

/** Receives what a byte stream carries: chunk objects, or problems with single frames. */
export interface FrameSink {
  value(value: unknown): void;
  issue(issue: StreamIssue): void;
}

const RECORD_SEPARATOR = '\x1e';

function parseFrame(text: string, sink: FrameSink, format: WireFormat): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Neither the engine's message (V8 quotes the text around an unexpected token) nor an
    // excerpt: text that is not JSON may hold values unquoted (`{"apiKey":sk-1}`), which no
    // redaction can tell from the rest, and they may be values a display transform hides.
    sink.issue({
      kind: 'invalid-chunk',
      message: `A ${format} frame is not valid JSON`,
    });
    return;
  }
  sink.value(value);
}

/**
 * Splits text on a one-character separator, keeping the unterminated rest for the next call. Only
 * new text is searched and the pieces of a long frame are joined once, so a frame that arrives in
 * many pieces costs time linear in its size.
 */
function createSplitter(separator: string, onFrame: (frame: string) => void) {
  let pending: string[] = [];
  return {
    feed(text: string) {
      let start = 0;
      let index = text.indexOf(separator);
      while (index !== -1) {
        pending.push(text.slice(start, index));
        const frame = pending.join('');
        pending = [];
        onFrame(frame);
        start = index + separator.length;
        index = text.indexOf(separator, start);
      }
      if (start < text.length) pending.push(start === 0 ? text : text.slice(start));
    },
    end() {
      const rest = pending.join('');
      pending = [];
      if (rest.trim() !== '') onFrame(rest);
    },
  };
}

const SSE_START = /^(?:data|event|id|retry)?:/;

/** Guesses the framing from the first bytes when no content type tells. */
export function sniffFormat(firstText: string): WireFormat {
  const text = firstText.replace(/^\uFEFF/, '').trimStart();
  if (SSE_START.test(text)) return 'sse';
  if (text.includes(RECORD_SEPARATOR)) return 'record-separated';
  return 'jsonl';
}

/**
 * Tells when the text seen so far is enough for {@link sniffFormat}: once something other than
 * blank lines (and a BOM) has been followed by a line end or a record separator. Each call is
 * given only the new text and looks only at it, remembering what it saw, so the answer is the
 * same however the bytes were split (a line end alone at the start of a read ends a frame too).
 */
export function createSniffer(): (text: string) => boolean {
  let content = false;
  return (text) => {
    if (!content) {
      // `trimStart` also drops a BOM: U+FEFF is white space to JavaScript.
      text = text.trimStart();
      if (text === '') return false;
      content = true;
    }
    return text.includes('\n') || text.includes('\r') || text.includes(RECORD_SEPARATOR);
  };
}

/** Decodes one framing into values. */
export interface FrameDecoder {
  feed(text: string): void;
  end(): void;
  /**
   * True once an SSE `[DONE]` arrived. It ends nothing: frames after it (two responses joined,
   * a server that sent it early) are still delivered, as the AI SDK's reader does.
   */
  readonly done: boolean;
}

/**
 * Creates a decoder for one framing. SSE framing (comments, LF, CRLF or CR line ends, multi-line
 * `data:`, a BOM) is handled by `eventsource-parser`, which implements the WHATWG algorithm, in
 * time linear in the text however it is split; `[DONE]` is skipped and what follows it still
 * delivered. JSON lines and Mastra's record-separated workflow format are split here, as they are
 * one `indexOf` each.
 */
export function createFrameDecoder(format: WireFormat, sink: FrameSink): FrameDecoder {
  if (format === 'sse') {
    let done = false;
    const parser = createParser({
      onEvent(event) {
        if (event.data === '[DONE]') {
          done = true;
          return;
        }
        // An event without data (e.g. a bare `data:` keep-alive) carries no chunk.
        if (event.data.trim() === '') return;
        parseFrame(event.data, sink, 'sse');
      },
      onError(error) {
        // Its type, not its message: the parser quotes the line of an unknown field or a bad
        // retry, which may be a value.
        sink.issue({ kind: 'invalid-chunk', message: `SSE framing: ${error.type}` });
      },
    });
    // Every line end becomes a line feed before the parser sees it: its CR path looks for the
    // next '\n' and the next '\r' from each line to the end of the text, which is quadratic in
    // the size of a read of CR-only lines (or of LF lines with one CR far on). A CR that ends a
    // piece ends its line at once; a line feed that starts the next piece is then its CRLF's.
    let afterCr = false;
    const normalise = (text: string): string => {
      if (text === '') return text;
      if (afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
      afterCr = false;
      if (!text.includes('\r')) return text;
      afterCr = text.charCodeAt(text.length - 1) === 13;
      return text.replace(/\r\n?/g, '\n');
    };
    // The parser is fastest on text that ends at a line end: a piece that ends mid-line makes it
    // join the rest of that line with the whole next piece. So each piece is cut after its last
    // line feed, and the rest (part of one line) goes out with the start of the next piece; a
    // piece without a line feed goes to the parser as it is.
    let tail = '';
    const feed = (raw: string) => {
      const text = normalise(raw);
      const first = text.indexOf('\n');
      if (first === -1) {
        if (tail !== '') parser.feed(tail);
        tail = '';
        if (text !== '') parser.feed(text);
        return;
      }
      const last = text.lastIndexOf('\n');
      parser.feed(tail + text.slice(0, first + 1));
      if (last > first) parser.feed(text.slice(first + 1, last + 1));
      tail = text.slice(last + 1);
    };
    return {
      feed,
      // A last frame without its blank line is still delivered: whole JSON applies, a frame the
      // connection cut off becomes an issue, so nothing received goes unnoticed.
      end: () => {
        if (tail !== '') parser.feed(tail);
        tail = '';
        parser.feed('\n\n');
      },
      get done() {
        return done;
      },
    };
  }
  const separator = format === 'jsonl' ? '\n' : RECORD_SEPARATOR;
  let first = true;
  const splitter = createSplitter(separator, (frame) => {
    let text = frame.endsWith('\r') ? frame.slice(0, -1) : frame;
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    if (text.trim() !== '') parseFrame(text, sink, format);
  });
  return { feed: splitter.feed, end: splitter.end, done: false };
}

/** A source of chunks Toolpane can read. */
export type ChunkSource =
  | Response
  | ReadableStream<Uint8Array>
  | ReadableStream<unknown>
  | AsyncIterable<unknown>
  | Iterable<unknown>;

/** Whether `value` is a fetch `Response`. */
export const isResponse = (value: unknown): value is Response =>
  typeof Response !== 'undefined' && value instanceof Response;
