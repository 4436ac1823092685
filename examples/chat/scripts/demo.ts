/**
 * `pnpm demo`: builds the chat page, then serves it and a real Mastra agent from one process on
 * 127.0.0.1. Ctrl-C stops it.
 */
import { modelFromEnv } from '../server/agents.ts';
import { type DemoServer, startDemoServer } from '../server/server.ts';
import { buildPage } from './build-page.ts';

// The demo runs offline; Mastra's usage telemetry would try to reach the network.
process.env.MASTRA_TELEMETRY_DISABLED ??= '1';

const model = modelFromEnv(process.env);
const port = process.env.PORT === undefined ? 4111 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(1);
}

let server: DemoServer | undefined;
let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping the demo.`);
  // An open stream that does not close promptly must not keep the process alive.
  const timer = setTimeout(() => process.exit(0), 3000);
  timer.unref();
  await server?.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));

console.log('Building the page…');
const staticDir = await buildPage();
server = await startDemoServer({ port, staticDir, model });

if (server.requestedPortBusy) console.log(`Port ${port} is busy; using ${server.port} instead.`);
console.log(
  model.kind === 'real'
    ? `Model: ${model.id}`
    : 'Model: scripted (offline; set OPENAI_API_KEY to use openai/gpt-4o-mini)',
);
console.log(`\nToolpane demo: ${server.url}\n\nPress Ctrl-C to stop.`);
