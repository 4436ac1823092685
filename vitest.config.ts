import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = (pkg: string, file = 'index.ts') =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${file}`, import.meta.url));

/** Workspace packages resolve to their sources, so tests never need a build. */
export const alias = {
  // Subpaths before their package: a string alias also matches the subpaths of its name.
  '@toolpane/client/ai-sdk': src('client', 'ai-sdk.ts'),
  '@toolpane/client/history': src('client', 'history.ts'),
  '@toolpane/client/network': src('client', 'network.ts'),
  '@toolpane/client/session': src('client', 'session.ts'),
  '@toolpane/client/stream': src('client', 'stream.ts'),
  '@toolpane/client/inspect': src('client', 'inspect-entry.ts'),
  '@toolpane/client/resume-messages': src('client', 'resume-messages.ts'),
  '@toolpane/client': src('client'),
  // Before '@toolpane/react': a string alias also matches the subpaths of its name.
  '@toolpane/react/ai-sdk': src('react', 'ai-sdk-entry.ts'),
  '@toolpane/react/registry': src('react', 'registry-entry.ts'),
  '@toolpane/react': src('react'),
  '@toolpane/ui/inspector': src('ui', 'inspector-entry.ts'),
  '@toolpane/ui': src('ui'),
};

const require = createRequire(import.meta.url);

/**
 * React 18 is installed beside React 19 as `react18` / `react-dom18`; the `react18` project maps
 * every React entry point the tests and @testing-library/react import onto it.
 */
const react18 = [
  ['react', 'react18'],
  ['react/jsx-runtime', 'react18/jsx-runtime'],
  ['react/jsx-dev-runtime', 'react18/jsx-dev-runtime'],
  ['react-dom', 'react-dom18'],
  ['react-dom/client', 'react-dom18/client'],
  ['react-dom/server', 'react-dom18/server'],
  ['react-dom/test-utils', 'react-dom18/test-utils'],
].map(([find, target]) => ({
  find: new RegExp(`^${find}$`),
  replacement: require.resolve(target as string),
}));

/**
 * The ES module build of @testing-library/react: Vite rewrites its imports through the aliases
 * above, which it cannot do for the `require` calls of the CommonJS build that Node would load.
 */
const testingLibraryEsm = {
  find: /^@testing-library\/react$/,
  replacement: join(
    dirname(require.resolve('@testing-library/react/package.json')),
    'dist/@testing-library/react.esm.js',
  ),
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
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.test.json',
          },
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            ...react18,
            testingLibraryEsm,
          ],
        },
        test: {
          name: 'react18',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          include: ['test/react/**/*.test.tsx', 'test/ui/**/*.test.tsx'],
          // Radix (under @toolpane/ui) and @ai-sdk/react (a real useChat) must import the aliased
          // React 18 too.
          server: {
            deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /@ai-sdk\/react/] },
          },
          // The same type tests, against React 18's types.
          typecheck: {
            enabled: true,
            include: ['test/react/*.test-d.ts'],
            tsconfig: './test/react/tsconfig.react18.json',
          },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.{ts,tsx}'],
          env: { MASTRA_TELEMETRY_DISABLED: '1' },
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            ...react18,
            testingLibraryEsm,
          ],
        },
        test: {
          // The browser-side server tests (useChat against chatRoute, a session's UI recovering
          // from faults) again under React 18, which @ai-sdk/react 3 and 4 support.
          name: 'server-react18',
          environment: 'node',
          include: [
            'test/server/use-chat.test.tsx',
            'test/server/use-chat-replace.test.tsx',
            'test/server/use-chat-decision-once.test.tsx',
            'test/server/ui-recovery.test.tsx',
          ],
          env: { MASTRA_TELEMETRY_DISABLED: '1', TOOLPANE_REACT_MAJOR: '18' },
          testTimeout: 30_000,
          server: {
            deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /@ai-sdk\/react/] },
          },
        },
      },
      './vitest.storybook.config.ts',
      './examples/chat/vitest.e2e.config.ts',
      './examples/use-chat/vitest.e2e.config.ts',
    ],
  },
});
