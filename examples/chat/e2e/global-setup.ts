/**
 * Builds the chat page once for every end-to-end test file, into a temporary folder that is
 * removed after the run. Each file starts its own server on that folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPage } from '../scripts/build-page.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the built chat page. */
    readonly chatPageDir: string;
  }
}

/** Builds the page and provides its folder as `chatPageDir`; returns the teardown. */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'toolpane-demo-'));
  await buildPage(outDir);
  project.provide('chatPageDir', outDir);
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
