/**
 * Builds the example's page with Vite's JavaScript API.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds the page into `outDir` (default `examples/use-chat/dist`) and returns that folder.
 *
 * @example
 * const dir = await buildPage();
 */
export async function buildPage(outDir = fileURLToPath(new URL('../dist', import.meta.url))) {
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
  return outDir;
}
