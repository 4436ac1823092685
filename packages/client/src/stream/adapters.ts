/**
 * Adapters from what Mastra users already hold to a chunk source for `consumeStream`: a
 * `@mastra/client-js` streaming response, or a server-side `fullStream`.
 */

/** A `@mastra/client-js` streaming response (`agent.stream()`, `approveToolCall()`, …). */
export interface ClientJsStreamResponse {
  processDataStream(options: { onChunk: (chunk: unknown) => Promise<void> }): Promise<void>;
}

/** A server-side agent output (`await agent.stream(…)`) or its `fullStream`. */
export type FullStreamSource =
  | { readonly fullStream: ReadableStream<unknown> | AsyncIterable<unknown> }
  | ReadableStream<unknown>
  | AsyncIterable<unknown>;

/** Options of the adapters. */
export interface AdapterOptions {
  /**
   * Stops reading when aborted, even while no chunk arrives. It does not stop the run on the
   * server: pass the same signal as `abortSignal` to Mastra for that.
   */
  readonly signal?: AbortSignal;
}

const aborted = (signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/**
 * The chunks of a `@mastra/client-js` streaming response, read with its own `processDataStream`.
 * client-js logs a dropped connection and ends its stream normally; `consumeStream` then marks
 * runs that never finished as interrupted. client-js retries failed POSTs by default, so create
 * the `MastraClient` with `retries: 0` when sending approvals through it.
 *
 * @example
 * const response = await new MastraClient({ baseUrl }).getAgent('ops-agent').stream('Hi');
 * await consumeStream(store, fromClientJs(response));
 */
export function fromClientJs(
  response: ClientJsStreamResponse,
  options: AdapterOptions = {},
): AsyncIterable<unknown> {
  return {
    async *[Symbol.asyncIterator]() {
      const queue: unknown[] = [];
      let finished = false;
      let failure: { error: unknown } | undefined;
      let stopped = false;
      let wake: (() => void) | undefined;
      const signalled = () => {
        wake?.();
        wake = undefined;
      };
      void response
        .processDataStream({
          onChunk: async (chunk) => {
            if (stopped) return;
            queue.push(chunk);
            signalled();
          },
        })
        .then(
          () => {
            finished = true;
            signalled();
          },
          (error: unknown) => {
            failure = { error };
            finished = true;
            signalled();
          },
        );
      void aborted(options.signal).then(signalled);
      try {
        for (;;) {
          if (options.signal?.aborted) return;
          const next = queue.shift();
          if (next !== undefined) {
            yield next;
            continue;
          }
          if (finished) {
            if (failure !== undefined) throw failure.error;
            return;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      } finally {
        // client-js offers no way to cancel its read from here; later chunks are dropped.
        stopped = true;
      }
    },
  };
}

function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  return typeof (value as ReadableStream | undefined)?.getReader === 'function';
}

/**
 * The chunks of a server-side agent stream: pass the output of `agent.stream()` (or its
 * `fullStream`). Stopping early cancels the read.
 *
 * @example
 * const output = await mastra.getAgent('opsAgent').stream('Delete record abc-123');
 * await consumeStream(store, fromFullStream(output));
 */
export function fromFullStream(
  source: FullStreamSource,
  options: AdapterOptions = {},
): AsyncIterable<unknown> {
  const stream = 'fullStream' in source ? source.fullStream : source;
  return {
    async *[Symbol.asyncIterator]() {
      if (!isReadableStream(stream)) {
        for await (const chunk of stream) {
          if (options.signal?.aborted) return;
          yield chunk;
        }
        return;
      }
      const reader = stream.getReader();
      const cancel = () => void reader.cancel(options.signal?.reason).catch(() => undefined);
      options.signal?.addEventListener('abort', cancel, { once: true });
      let done = false;
      try {
        while (!options.signal?.aborted) {
          const read = await reader.read();
          if (read.done) {
            done = true;
            return;
          }
          yield read.value;
        }
      } finally {
        options.signal?.removeEventListener('abort', cancel);
        if (!done) await reader.cancel().catch(() => undefined);
        reader.releaseLock();
      }
    },
  };
}
