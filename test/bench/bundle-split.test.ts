// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleEntry } from '../../bench/bundle.ts';

/**
 * What an app ships, file by file: each case bundles a few imports the way `pnpm bench` measures
 * bundles (esbuild, code splitting) and names the repository files in the code that loads with the
 * page and in the code that loads on first use.
 */
async function shipped(source: string) {
  const { eager, lazy } = await bundleEntry({ name: source, source });
  const files = (outputs: typeof eager) => new Set(outputs.flatMap((o) => Object.keys(o.inputs)));
  return { eager: files(eager), lazy: files(lazy) };
}

// esbuild takes about a second per bundle; a loaded machine may take longer.
const SLOW = { timeout: 60_000 };

describe('what an app ships', SLOW, () => {
  it('a session loads the reader of memory messages on its first restore, not with the page', async () => {
    const app = await shipped("export { createAgentSession } from '@toolpane/client';");
    const reader = 'packages/client/src/history/mastra-chunks.ts';
    expect(app.eager.has(reader)).toBe(false);
    expect(app.lazy.has(reader)).toBe(true);
    // The reducer that applies what the reader produces is already loaded.
    expect(app.eager.has('packages/client/src/reducer/reduce.ts')).toBe(true);
  });

  it('a UI that gets its store from elsewhere ships neither the reducer nor the session', async () => {
    const app = await shipped(
      [
        "export { ToolpaneProvider } from '@toolpane/react';",
        "export { Transcript } from '@toolpane/ui';",
      ].join('\n'),
    );
    expect(app.eager.size).toBeGreaterThan(10);
    const client = [...app.eager].filter((file) => file.startsWith('packages/client/'));
    expect(client.filter((file) => /\/(reducer|session|history|mastra)\//.test(file))).toEqual([]);
  });
});
