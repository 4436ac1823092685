/**
 * One Node HTTP server for the demo: Mastra's routes under `/api` (through `@mastra/hono`), a
 * small `/demo/config` route telling the page which model runs, and the built page as static
 * files. It listens on 127.0.0.1 only.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Mastra } from '@mastra/core/mastra';
import { MastraServer } from '@mastra/hono';
import { Hono } from 'hono';
import { SUPERVISOR_ID } from '../shared.ts';
import { createDemoMastra, type DemoModel } from './agents.ts';

/** What the page learns from `GET /demo/config`. */
export interface DemoConfig {
  readonly agentId: string;
  /** `scripted`, or the Mastra model string of the real model. */
  readonly model: string;
}

/** Options of {@link startDemoServer}. */
export interface DemoServerOptions {
  /** The port to try first (default 4111); 0 picks a free one. */
  readonly port?: number;
  /** Defaults to 127.0.0.1. */
  readonly host?: string;
  /** The folder of the built page; without it only the API is served. */
  readonly staticDir?: string;
  /** Which model the agents use (default: scripted). */
  readonly model?: DemoModel;
  /** A Mastra instance to serve instead of the demo's own. */
  readonly mastra?: Mastra;
}

/** A running demo server. */
export interface DemoServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Set when the requested port was busy and another one was taken. */
  readonly requestedPortBusy: boolean;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the demo server. When the port is taken it listens on a free one instead and says so
 * through `requestedPortBusy`.
 *
 * @example
 * const server = await startDemoServer({ port: 4111, staticDir: 'examples/chat/dist' });
 * console.log(server.url);
 * await server.close();
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const model = options.model ?? { kind: 'scripted' };
  const mastra = options.mastra ?? createDemoMastra(model);
  const config: DemoConfig = {
    agentId: SUPERVISOR_ID,
    model: model.kind === 'real' ? model.id : 'scripted',
  };

  const app = new Hono();
  app.get('/demo/config', (c) => c.json(config));
  await new MastraServer({ app, mastra }).init();
  const { staticDir } = options;
  if (staticDir !== undefined) {
    if (!existsSync(staticDir)) throw new Error(`The page is not built: ${staticDir} is missing`);
    app.use('/*', serveStatic({ root: staticDir }));
  }

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const requested = options.port ?? 4111;
  let requestedPortBusy = false;
  try {
    await listen(server, requested, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || requested === 0) throw error;
    requestedPortBusy = true;
    await listen(server, 0, host);
  }
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    port,
    requestedPortBusy,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
