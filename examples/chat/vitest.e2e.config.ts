import { defineConfig } from 'vitest/config';

/**
 * The demo's end-to-end tests: the page is built once (global-setup.ts), each file starts the
 * demo server on a free port and drives Debian's Chromium (or CHROMIUM_PATH) through
 * playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['examples/chat/e2e/**/*.test.ts'],
    globalSetup: ['examples/chat/e2e/global-setup.ts'],
    env: { MASTRA_TELEMETRY_DISABLED: '1' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
