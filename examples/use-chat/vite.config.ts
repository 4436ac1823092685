import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packages = (path: string) =>
  fileURLToPath(new URL(`../../packages/${path}`, import.meta.url));

/**
 * The page imports the Toolpane packages by name; they resolve to their sources, so the example
 * needs no package build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@toolpane\/ui\/styles\.css$/, replacement: packages('ui/src/styles.css') },
      {
        find: /^@toolpane\/client\/(ai-sdk|history|network|resume-messages|session|stream)$/,
        replacement: packages('client/src/$1.ts'),
      },
      {
        find: /^@toolpane\/react\/registry$/,
        replacement: packages('react/src/registry-entry.ts'),
      },
      { find: /^@toolpane\/react\/ai-sdk$/, replacement: packages('react/src/ai-sdk-entry.ts') },
      { find: /^@toolpane\/(client|react|ui)$/, replacement: packages('$1/src/index.ts') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
  logLevel: 'warn',
});
