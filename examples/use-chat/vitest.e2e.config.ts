import { defineConfig } from 'vitest/config';

/**
 * The `useChat` example end to end: it builds the page, starts the example server on a free port
 * and drives Debian's Chromium (or CHROMIUM_PATH) through playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e-use-chat',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['examples/use-chat/e2e/**/*.test.ts'],
    env: { MASTRA_TELEMETRY_DISABLED: '1' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
