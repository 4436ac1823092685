import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

/** Workspace packages resolve to their sources, so tests never need a build. */
export const alias = {
  '@toolpane/client': src('client'),
  '@toolpane/react': src('react'),
  '@toolpane/ui': src('ui'),
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/server/**', 'test/e2e/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          env: { MASTRA_TELEMETRY_DISABLED: '1' },
          testTimeout: 30_000,
        },
      },
      './vitest.storybook.config.ts',
    ],
  },
});
