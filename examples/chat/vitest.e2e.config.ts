import { defineConfig } from 'vitest/config';

/**
 * The demo's end-to-end test: it builds the page, starts the demo server on a free port and
 * drives Debian's Chromium (or CHROMIUM_PATH) through playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['examples/chat/e2e/**/*.test.ts'],
    env: { MASTRA_TELEMETRY_DISABLED: '1' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
