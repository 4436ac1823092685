/**
 * `@toolpane/client/stream`: reads a stream into a store. `consumeStream` takes a fetch `Response`,
 * a byte stream or an async iterable of chunks (Mastra's SSE, JSON lines or record-separated
 * framing, detected); `createFrameDecoder` frames bytes yourself; `fromClientJs` and
 * `fromFullStream` adapt `@mastra/client-js` responses and a server-side `agent.stream()`. A
 * separate entry point, so apps that get their chunks another way (`createAgentSession`, the AI
 * SDK's `useChat`, `store.dispatch`) do not ship it. Its types are exported from
 * `@toolpane/client` too.
 *
 * @example
 * import { createToolpaneStore } from '@toolpane/client';
 * import { consumeStream } from '@toolpane/client/stream';
 *
 * const store = createToolpaneStore();
 * const result = await consumeStream(store, await fetch('/chat', { method: 'POST' }));
 */

export {
  type AdapterOptions,
  type ClientJsStreamResponse,
  type FullStreamSource,
  fromClientJs,
  fromFullStream,
} from './stream/adapters.js';
export {
  type ConsumeOptions,
  type ConsumeResult,
  consumeStream,
  httpErrorMessage,
} from './stream/consume.js';
export {
  type ChunkSource,
  createFrameDecoder,
  type FrameDecoder,
  type FrameSink,
  sniffFormat,
  type WireFormat,
} from './stream/sources.js';
