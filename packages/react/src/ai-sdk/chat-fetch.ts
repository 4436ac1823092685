import type { ConsumeResult, ToolpaneStore } from '@toolpane/client';
import { consumeStream } from '@toolpane/client/stream';

/** A fetch as a chat transport calls it (`DefaultChatTransport`'s `fetch` option). */
export type ChatFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Hears of each request a chat makes as it starts: its body, and the outcome of reading it. */
export type OnRequest = (done: Promise<ConsumeResult>, body: unknown) => void;

/**
 * The fetch a chat's transport uses: every response the chat reads is also read into `store`.
 * `onRequest` hears of each request as it starts, before anything of it is read.
 */
export function teeFetch(
  store: ToolpaneStore,
  base: ChatFetch | undefined,
  onRequest: OnRequest,
): ChatFetch {
  return (input, init) => {
    const response = (base ?? globalThis.fetch)(input, init);
    const signal = init?.signal ?? undefined;
    onRequest(
      response.then(
        (answer) => consumeStream(store, answer.clone(), signal === undefined ? {} : { signal }),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          store.dispatch({ type: 'toolpane/issue', issue: { kind: 'transport', message } });
          return { status: signal?.aborted ? 'aborted' : 'error', error: message } as const;
        },
      ),
      init?.body,
    );
    return response;
  };
}
