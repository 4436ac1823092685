/**
 * A real Mastra server for integration tests: `@mastra/hono` routes served by `@hono/node-server`
 * on 127.0.0.1 with an ephemeral port. A middleware in front of Mastra's routes logs every
 * request and can inject faults (an HTTP error, a delay, a reset connection, a connection dropped
 * mid-stream, slow events, an empty stream, any other answer), so tests can count requests and break the transport
 * on purpose.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Mastra } from '@mastra/core/mastra';
import { MastraServer } from '@mastra/hono';
import { type Context, Hono } from 'hono';

/** One request the server received, before any fault was applied. */
export interface LoggedRequest {
  readonly method: string;
  /** The path, e.g. `/api/agents/ops-agent/approve-tool-call`. */
  readonly path: string;
  /** The request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, or the text when it is not JSON. */
  readonly body: unknown;
  /** The fault applied to it, if any. */
  readonly fault?: FaultAction['kind'];
}

/** What a fault does to a matching request. */
export type FaultAction =
  /** Answer with this status and a JSON `{ error }` body; Mastra never sees the request. */
  | { readonly kind: 'fail'; readonly status: number; readonly message?: string }
  /** Hold the request this long before Mastra sees it; a client that gives up first leaves it unhandled. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** Hold the request until `until` settles, then let Mastra answer it (unless the client left). */
  | { readonly kind: 'hold'; readonly until: Promise<unknown> }
  /** Destroy the socket without answering (a network error for the client). */
  | { readonly kind: 'reset' }
  /** Let Mastra answer, then destroy the socket after this many SSE events. */
  | { readonly kind: 'drop'; readonly afterEvents: number }
  /** Let Mastra answer, writing its SSE events one at a time, each `ms` after the one before. */
  | { readonly kind: 'slow'; readonly ms: number }
  /** Answer 200 with an SSE stream that holds only `data: [DONE]`; Mastra never sees the request. */
  | { readonly kind: 'empty' }
  /**
   * Answer with this status, content type and body (a proxy's HTML page, say); Mastra never sees
   * the request. Without a body the response has none.
   */
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly contentType: string;
      readonly body?: string;
    };

/** A fault for the next `times` requests whose path ends with `route` (e.g. `approve-tool-call`). */
export interface Fault {
  readonly route: string;
  /** How many matching requests it applies to (default 1). */
  readonly times?: number;
  readonly action: FaultAction;
}

/** Options of {@link startMastraServer}. */
export interface MastraServerOptions {
  /** Faults armed from the start. */
  readonly faults?: readonly Fault[];
}

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>`, without the `/api` prefix. */
  readonly baseUrl: string;
  /** Every request received so far, in order. */
  readonly requests: readonly LoggedRequest[];
  /** Requests whose path ends with `route`. */
  requestsTo(route: string): LoggedRequest[];
  /** Arms a fault for the next matching requests. */
  inject(fault: Fault): void;
  /** Resolves when the next request whose path ends with `route` arrives. */
  nextRequest(route: string): Promise<LoggedRequest>;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

interface ArmedFault {
  route: string;
  remaining: number;
  action: FaultAction;
}

interface NodeBindings {
  incoming: IncomingMessage;
}

function takeFault(faults: ArmedFault[], path: string): FaultAction | undefined {
  const index = faults.findIndex((fault) => path.endsWith(`/${fault.route}`));
  if (index === -1) return undefined;
  const fault = faults[index]!;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults.splice(index, 1);
  return fault.action;
}

function socketOf(c: Context): NodeBindings['incoming']['socket'] {
  return (c.env as NodeBindings).incoming.socket;
}

function waitOrAbort(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    // Node would turn an endless timeout into 1 ms.
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Passes the body through and destroys the socket once `afterEvents` SSE events were written. */
function dropAfter(body: ReadableStream<Uint8Array>, afterEvents: number, c: Context) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let events = 0;
  let dropped = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (events >= afterEvents) {
        if (!dropped) {
          dropped = true;
          await reader.cancel().catch(() => undefined);
          const socket = socketOf(c);
          // Wait until what was already written reached the socket, then cut it mid-response.
          setImmediate(() => socket.write(new Uint8Array(0), () => socket.destroy()));
        }
        return;
      }
      const { value, done } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      events += decoder.decode(value, { stream: true }).split('\n\n').length - 1;
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Passes the body through one SSE event at a time, each written `ms` after the one before. */
function slowEvents(body: ReadableStream<Uint8Array>, ms: number, signal: AbortSignal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let ended = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const end = pending.indexOf('\n\n');
        if (end !== -1 || (ended && pending !== '')) {
          const event = end === -1 ? pending : pending.slice(0, end + 2);
          pending = pending.slice(event.length);
          await waitOrAbort(ms, signal);
          // The client left: write nothing more.
          if (signal.aborted) return reader.cancel().catch(() => undefined);
          controller.enqueue(encoder.encode(event));
          return;
        }
        if (ended) {
          controller.close();
          return;
        }
        const { value, done } = await reader.read();
        if (done) ended = true;
        pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Serves a Mastra instance on 127.0.0.1 with an ephemeral port.
 *
 * @example
 * const server = await startMastraServer(mastra, {
 *   faults: [{ route: 'approve-tool-call', action: { kind: 'fail', status: 500 } }],
 * });
 * await fetch(`${server.baseUrl}/api/agents/ops-agent/stream`, { method: 'POST', body });
 * await server.close();
 */
export async function startMastraServer(
  mastra: Mastra,
  options: MastraServerOptions = {},
): Promise<TestServer> {
  const requests: LoggedRequest[] = [];
  const faults: ArmedFault[] = [];
  const waiters: { route: string; resolve: (request: LoggedRequest) => void }[] = [];
  const inject = (fault: Fault) => {
    faults.push({ route: fault.route, remaining: fault.times ?? 1, action: fault.action });
  };
  for (const fault of options.faults ?? []) inject(fault);

  const app = new Hono();
  app.use('*', async (c, next) => {
    const text = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Keep the text.
    }
    const action = takeFault(faults, c.req.path);
    const logged: LoggedRequest = {
      method: c.req.method,
      path: c.req.path,
      headers: c.req.header(),
      body,
      ...(action === undefined ? {} : { fault: action.kind }),
    };
    requests.push(logged);
    for (const waiter of waiters.filter((w) => logged.path.endsWith(`/${w.route}`))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(logged);
    }
    if (action === undefined) return next();
    switch (action.kind) {
      case 'fail': {
        return c.json(
          { error: action.message ?? 'Injected failure' },
          action.status as Parameters<typeof c.json>[1],
        );
      }
      case 'delay': {
        const signal = c.req.raw.signal;
        await waitOrAbort(action.ms, signal);
        if (signal.aborted) return c.body(null, 499 as Parameters<typeof c.body>[1]);
        return next();
      }
      case 'hold': {
        const signal = c.req.raw.signal;
        await Promise.race([action.until, waitOrAbort(Number.POSITIVE_INFINITY, signal)]);
        if (signal.aborted) return c.body(null, 499 as Parameters<typeof c.body>[1]);
        return next();
      }
      case 'reset': {
        socketOf(c).destroy();
        return c.body(null);
      }
      case 'drop': {
        await next();
        if (c.res.body !== null) {
          c.res = new Response(dropAfter(c.res.body, action.afterEvents, c), c.res);
        }
        return;
      }
      case 'slow': {
        await next();
        if (c.res.body !== null) {
          c.res = new Response(slowEvents(c.res.body, action.ms, c.req.raw.signal), c.res);
        }
        return;
      }
      case 'empty': {
        return c.body('data: [DONE]\n\n', 200, { 'content-type': 'text/event-stream' });
      }
      case 'answer': {
        return new Response(action.body ?? null, {
          status: action.status,
          headers: { 'content-type': action.contentType },
        });
      }
      default: {
        action satisfies never;
      }
    }
  });
  await new MastraServer({ app, mastra }).init();

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (route) => requests.filter((request) => request.path.endsWith(`/${route}`)),
    inject,
    nextRequest: (route) => new Promise((resolve) => waiters.push({ route, resolve })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
